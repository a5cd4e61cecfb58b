// RFC 9457 problem details: the one shape of every 4xx/5xx body (docs/decisions.md, "Errors").
import { z } from 'zod';
import { ERROR_CATALOGUE, ERROR_CODES, errorTypeUri, type ErrorCode } from '../contract/errors.js';

export const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const problemSchema = z
  .object({
    type: z.string().describe("A URI reference to this code's entry in the error catalogue page, /docs/errors#<code>"),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z
      .enum(ERROR_CODES)
      .describe(
        'Stable snake_case error code from the error catalogue (GET /api/v1/errors), e.g. ' +
          'validation_failed, not_found, already_locked',
      ),
    requestId: z.string(),
    errors: z
      .array(z.object({ path: z.string().describe('JSON Pointer into the request, e.g. /wacc'), message: z.string() }))
      .optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 application/problem+json error body' });

export type Problem = z.infer<typeof problemSchema>;

export function problem(
  status: number,
  code: ErrorCode,
  detail: string,
  requestId: string,
  errors?: Problem['errors'],
): Problem {
  return {
    type: errorTypeUri(code),
    title: ERROR_CATALOGUE[code].title,
    status,
    detail,
    code,
    requestId,
    ...(errors && errors.length ? { errors } : {}),
  };
}

/** Response schemas for the error statuses a route can answer, for the OpenAPI document. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, problemSchema.describe(TITLES[s] ?? 'Error')]));
}
