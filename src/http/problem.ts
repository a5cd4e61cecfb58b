// RFC 9457 problem details: the one shape of every 4xx/5xx body (DESIGN §2).
import { z } from 'zod';

export const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 409: 'Conflict', 410: 'Gone', 413: 'Payload Too Large',
  415: 'Unsupported Media Type', 422: 'Unprocessable Content', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable snake_case error code, e.g. validation_failed, not_found, already_locked'),
    requestId: z.string(),
    errors: z
      .array(z.object({ path: z.string().describe('JSON Pointer into the request, e.g. /wacc'), message: z.string() }))
      .optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 application/problem+json error body' });

export type Problem = z.infer<typeof problemSchema>;

export function problem(status: number, code: string, detail: string, requestId: string, errors?: Problem['errors']): Problem {
  return {
    type: `https://docs.valuation.example/errors/${code}`,
    title: TITLES[status] ?? 'Error',
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
