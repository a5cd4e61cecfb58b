// Refuses, for every route and before validation, what PostgreSQL cannot store or the service never
// issues: a JSON body nested deeper than a document may (400 naming where, docs/decisions.md, Upload bounds per
// format); strings holding NUL or an unpaired UTF-16 surrogate anywhere in the body, query or path are
// 400 with a JSON Pointer to the field; a path id that is not of the service's id shape (prefix_ULID)
// is 404, exactly as an id that does not exist.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, type FieldError } from '../../lib/errors.js';
import { MAX_JSON_DEPTH, shortPointer } from '../../domain/documents/upload-bounds.js';

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

/** How deep a JSON request body may nest: the API's bodies nest a few levels; a JSON document as deep as a file. */
export const MAX_BODY_DEPTH = MAX_JSON_DEPTH;

/** The path to the first object or array nested deeper than `max` (the body itself is level 1), or null. */
export function tooDeepAt(body: unknown, max: number): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= max) return path;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
  }
  return null;
}

export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const params = (request.params ?? {}) as Record<string, string>;
      for (const [name, value] of Object.entries(params)) {
        if (UNSTORABLE.test(value) || (ID_PARAMS.has(name) && !ID_SHAPE.test(value))) throw notFound();
      }
      // Bounded before anything walks it further: say how deep, and where, rather than a bare "not valid".
      const deep = request.isMultipart?.() ? null : tooDeepAt(request.body, MAX_BODY_DEPTH);
      if (deep) {
        const at = shortPointer(deep);
        throw new AppError(
          'validation_failed',
          `The request body nests deeper than ${MAX_BODY_DEPTH} levels, at ${at}; a request body may nest at most ${MAX_BODY_DEPTH}`,
          [{ path: at, message: `nested deeper than ${MAX_BODY_DEPTH} levels` }],
        );
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
