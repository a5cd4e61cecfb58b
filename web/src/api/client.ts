// The console's only way to the API: a typed client generated from the served OpenAPI document
// (schema.d.ts, by scripts/generate-client.ts). State-changing requests echo the session's CSRF token.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];

/** An API error as problem+json: the console shows `detail`, and `errors` next to the fields they name. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Partial<Problem> & { detail: string },
  ) {
    super(problem.detail);
  }
  /** The catalogue's code (typed by the generated client), for code that reacts to one kind of error. */
  get code(): Problem['code'] | undefined {
    return this.problem.code;
  }
  /** Field messages keyed by the last segment of each JSON Pointer (/cin → cin). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.problem.errors ?? []) out[e.path.split('/').filter(Boolean).join('.') || '_'] = e.message;
    return out;
  }
}

export function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The session's CSRF token: `__Host-vs_csrf` where the service sets secure cookies, `vs_csrf` elsewhere. */
export const csrfCookie = () => readCookie('__Host-vs_csrf') ?? readCookie('vs_csrf');

const csrf: Middleware = {
  onRequest({ request }) {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      const token = csrfCookie();
      if (token) request.headers.set('X-CSRF-Token', decodeURIComponent(token));
    }
    return request;
  },
};

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(csrf);

/** Unwraps an openapi-fetch result: the data, or an ApiError carrying the problem+json body. */
export async function call<T>(promise: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await promise;
  if (response.ok) return data as T;
  const body = (error ?? {}) as Partial<Problem>;
  throw new ApiError(response.status, { ...body, detail: body.detail ?? `${response.status} ${response.statusText}` });
}

/** The next-page cursor from an RFC 8288 Link header, if any. */
export function nextCursor(response: Response): string | undefined {
  const link = response.headers.get('link');
  const url = link && /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  return url ? (new URL(url, window.location.origin).searchParams.get('cursor') ?? undefined) : undefined;
}
