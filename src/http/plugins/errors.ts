// Maps every error to application/problem+json. No stack traces leave the process;
// every 5xx is logged with its request id.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../../lib/errors.js';
import { problem } from '../problem.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../../contract/errors.js';

/** Answers a problem with the catalogue's status for its code: no error, the framework's included, picks its own. */
function send(
  reply: import('fastify').FastifyReply,
  code: ErrorCode,
  detail: string,
  rid: string,
  errors?: FieldError[],
) {
  const status = ERROR_CATALOGUE[code].status;
  return reply
    .status(status)
    .type('application/problem+json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(problem(status, code, detail, rid, errors));
}

/**
 * The code of an error the framework or a plugin raised (a body parser, @fastify/multipart): by its kind, never
 * by the status it came with, which the catalogue then gives (a JSON field of a multipart body that does not
 * parse is 406 in @fastify/multipart and 400 malformed_json here).
 */
export function frameworkErrorCode(error: Pick<FastifyError, 'code' | 'message' | 'statusCode'>): ErrorCode {
  const status = error.statusCode ?? 500;
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal_error';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/i.test(error.message ?? '')) return 'malformed_json';
  if (status === 404) return 'not_found';
  return 'bad_request';
}

function validationErrors(error: FastifyError & { validation?: unknown[] }): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const part = (error as { validationContext?: string }).validationContext;
  return error.validation.flatMap((v) => {
    const base = v.instancePath === '/' ? '' : v.instancePath;
    const prefix = part && part !== 'body' ? `/${part}` : '';
    const keys = (v.params as { keys?: string[] }).keys;
    if (v.keyword === 'unrecognized_keys' && keys) {
      return keys.map((k) => ({ path: `${prefix}${base}/${k}`, message: 'unknown field' }));
    }
    return [{ path: `${prefix}${base}` || '/', message: v.message ?? 'invalid' }];
  });
}

/**
 * The code of a schema refusal: the route's code for its fields (config.fieldCodes, by JSON Pointer prefix) when
 * every field refused has the same one, else validation_failed.
 */
export function fieldCode(
  errors: readonly FieldError[],
  fieldCodes: Readonly<Record<string, ErrorCode>> | undefined,
): ErrorCode {
  if (!fieldCodes || errors.length === 0) return 'validation_failed';
  const prefixes = Object.keys(fieldCodes).sort((a, b) => b.length - a.length);
  const codes = new Set(
    errors.map((e) => {
      const prefix = prefixes.find((p) => e.path === p || e.path.startsWith(`${p}/`));
      return prefix ? fieldCodes[prefix] : 'validation_failed';
    }),
  );
  return codes.size === 1 ? [...codes][0] : 'validation_failed';
}

/**
 * Connection-level failures of the database (refused, reset, server shutting down or not accepting
 * connections, pool time-out): the request can succeed later, so 503 with Retry-After, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(e.code ?? ''))
    return true;
  // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 08xxx connection exceptions, 53300 too many connections.
  if (/^(57P0[123]|08\d\d\d|53300)$/.test(e.code ?? '')) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connection is not open|not currently accepting connections|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

/** Errors of the multipart parser (busboy) on a body it cannot read: missing boundary, truncated body. */
function isMalformedMultipart(error: FastifyError): boolean {
  return (
    /Multipart: Boundary not found|Unexpected end of (form|multipart)|Malformed part header|Missing boundary/i.test(
      error.message ?? '',
    ) || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
  );
}

const bytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MiB` : `${n.toLocaleString('en-IN')} bytes`;

/** What was too large, and the bound it passed: the uploaded file, or the request body of this operation. */
function tooLargeDetail(error: FastifyError, request: FastifyRequest): string {
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    const limit = (request.server as { services?: { config: { UPLOAD_LIMIT_BYTES: number } } }).services?.config
      .UPLOAD_LIMIT_BYTES;
    return `The uploaded file is larger than ${limit ? `the ${bytes(limit)}` : 'what'} an upload may be`;
  }
  const limit = request.routeOptions?.bodyLimit;
  return `The request body is larger than ${limit ? `the ${bytes(limit)}` : 'what'} this operation accepts`;
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const rid = String(request.id);
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return send(reply, error.code, error.message, rid, error.errors);
      }
      if (error.validation) {
        const errors = validationErrors(error);
        const detail = errors.length ? errors.map((e) => `${e.path}: ${e.message}`).join('; ') : error.message;
        return send(reply, fieldCode(errors, request.routeOptions.config?.fieldCodes), detail, rid, errors);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error.message, requestId: rid }, 'database unavailable');
        reply.header('retry-after', '5');
        return send(reply, 'database_unavailable', 'The database cannot be reached just now; retry shortly', rid);
      }
      if (isMalformedMultipart(error)) {
        return send(reply, 'invalid_multipart', `The multipart/form-data body is malformed: ${error.message}`, rid);
      }
      const code = frameworkErrorCode(error);
      if (code === 'internal_error') {
        request.log.error({ err: error, requestId: rid }, 'unhandled error');
        return send(reply, code, 'An unexpected error occurred; quote the request id to support', rid);
      }
      const detail =
        code === 'rate_limited'
          ? 'Too many requests; retry later'
          : code === 'malformed_json'
            ? 'The request body is not valid JSON'
            : code === 'payload_too_large'
              ? tooLargeDetail(error, request)
              : code === 'unsupported_media_type'
                ? `Content-Type ${request.headers['content-type'] ?? '(none)'} is not supported here`
                : error.message;
      return send(reply, code, detail, rid);
    });

    app.setNotFoundHandler((request, reply) =>
      send(reply, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}`, String(request.id)),
    );
  },
  { name: 'errors', dependencies: [] },
);
