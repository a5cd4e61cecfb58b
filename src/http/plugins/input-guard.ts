// Refuses, for every route and before validation, what PostgreSQL cannot store or the service never
// issues: strings holding NUL or an unpaired UTF-16 surrogate anywhere in the body, query or path are
// 400 with a JSON Pointer to the field; a path id that is not of the service's id shape (prefix_ULID)
// is 404, exactly as an id that does not exist.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, type FieldError } from '../../lib/errors.js';

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ID_SHAPE = /^[a-z]{2,5}_[0-9A-HJKMNP-TV-Z]{26}$/;
const ID_PARAMS = new Set(['id', 'docId', 'tokenId', 'webhookId', 'deliveryId', 'userId', 'invitationId']);
const escapePointer = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Pointers to every string (or key) that cannot be stored, at most 20. */
export function unstorableStrings(value: unknown, path = '', found: FieldError[] = [], depth = 0): FieldError[] {
  if (found.length >= 20 || depth > 64) return found;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value))
      found.push({ path: path || '/', message: 'must not contain NUL characters or unpaired surrogates' });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unstorableStrings(v, `${path}/${i}`, found, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (UNSTORABLE.test(k))
        found.push({
          path: `${path}/${escapePointer(k)}`,
          message: 'field names must not contain NUL characters or unpaired surrogates',
        });
      unstorableStrings(v, `${path}/${escapePointer(k)}`, found, depth + 1);
    }
  }
  return found;
}

export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const params = (request.params ?? {}) as Record<string, string>;
      for (const [name, value] of Object.entries(params)) {
        if (UNSTORABLE.test(value) || (ID_PARAMS.has(name) && !ID_SHAPE.test(value))) throw notFound();
      }
      const errors = [
        ...unstorableStrings(request.query, '/query'),
        ...(request.isMultipart?.() ? [] : unstorableStrings(request.body)),
      ];
      if (errors.length) {
        throw new AppError('validation_failed', errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
      }
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
