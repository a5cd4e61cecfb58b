// What the served OpenAPI document says beyond the zod schemas: the real media type of every answer
// (problem+json for errors, PDF/CSV/XLSX downloads, the event stream), the X-CSRF-Token header on
// cookie-authenticated writes and the tags with their descriptions.
// Pure functions over the document; the openapi plugin applies them once when the document is built.

import { ERROR_CATALOGUE, type ErrorCode } from '../contract/errors.js';

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A route declares the media types of its non-JSON success answers in `config.produces`, per status. */
export type Produces = Record<number, readonly string[]>;

export const TAGS: { name: string; description: string }[] = [
  { name: 'health', description: 'Liveness and database reachability, for load balancers and monitors.' },
  {
    name: 'auth',
    description: 'Sign-up, login, logout and invitations accepted: browser sessions (cookie + X-CSRF-Token).',
  },
  {
    name: 'api-tokens',
    description: 'Firm API tokens for machines: created once (the secret is shown only then), listed, revoked.',
  },
  { name: 'team', description: "The firm's members and their roles (ADMIN, VALUER, VIEWER); invitations." },
  {
    name: 'settings',
    description: "The signed-in person's profile and the firm's profile (legal name, IBBI registration).",
  },
  {
    name: 'engagements',
    description: 'A valuation engagement: one company, one statute, one valuation date, through its states.',
  },
  {
    name: 'documents',
    description: 'Financials (JSON, CSV, XLSX in the template layout) and supporting documents of an engagement.',
  },
  {
    name: 'assumptions',
    description:
      "The valuer's assumptions (WACC, terminal growth, weights, discounts) with their rationale, locked once.",
  },
  {
    name: 'valuation',
    description: "The engine's result: methods, figures in rupees as decimal strings, warnings and workpapers.",
  },
  {
    name: 'gates',
    description: 'The three human review gates: approve or reject, with the reviewer and reason recorded.',
  },
  {
    name: 'reports',
    description: 'The signed PDF report, its status, and public verification by the SHA-256 of the file.',
  },
  { name: 'payments', description: 'The engagement fee through the payment gateway: orders, verification, history.' },
  {
    name: 'webhooks',
    description: "Endpoints that receive the firm's events, signed (Standard Webhooks), with their delivery logs.",
  },
  { name: 'events', description: "The firm's engagement events as a Server-Sent Events stream, for live consoles." },
];

const CSRF_PARAMETER = {
  name: 'X-CSRF-Token',
  in: 'header',
  required: false,
  description:
    'Required when the request is authenticated by the session cookie (the `csrfToken` from ' +
    'login or signup, also in the readable `vs_csrf` cookie, `__Host-vs_csrf` with secure ' +
    'cookies); ' +
    'a cookie request that changes state without it is 403 `csrf_failed`. Not used with a bearer token.',
  schema: { type: 'string' },
};

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  description?: string;
  summary?: string;
  security?: Json[];
  parameters?: Json[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

// A downloaded JSON file is any JSON (the uploaded document, the template); other files are strings of their media type.
const fileSchema = (mediaType: string): Json =>
  mediaType === 'application/json'
    ? { description: 'A JSON file' }
    : mediaType.startsWith('text/')
      ? { type: 'string' }
      : { type: 'string', contentMediaType: mediaType };

/** What the error statuses every operation of a kind answers mean, beyond their titles: said once, here. */
const COMMON_ERRORS: Record<string, string> = {
  '413': 'Payload Too Large: the body is beyond BODY_LIMIT_BYTES (uploads: UPLOAD_LIMIT_BYTES)',
  '415': 'Unsupported Media Type: the body is not in a media type this operation accepts',
  '503': 'Service Unavailable: the database cannot be reached (database_unavailable, with Retry-After)',
};

/** Applies media types, the CSRF header, tags and descriptions to a built document (returns a new one). */
export function describeServedDocument<T extends Json>(doc: T, producesByOperation: ReadonlyMap<string, Produces>): T {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const out: Record<string, Record<string, Operation>> = {};
  for (const [path, ops] of Object.entries(paths)) {
    out[path] = {};
    for (const [method, op] of Object.entries(ops)) {
      const next: Operation = { ...op, responses: { ...op.responses } };
      for (const [status, response] of Object.entries(next.responses!)) {
        const json = response.content?.['application/json'];
        if (Number(status) >= 400 && json)
          next.responses![status] = { ...response, content: { 'application/problem+json': json } };
      }
      const produces = op.operationId ? producesByOperation.get(op.operationId) : undefined;
      for (const [status, mediaTypes] of Object.entries(produces ?? {})) {
        const response = next.responses![status] ?? {};
        const jsonSchema = response.content?.['application/json']?.schema as Json | undefined;
        next.responses![status] = {
          description: response.description ?? 'OK',
          content: Object.fromEntries(
            mediaTypes.map((t) => [
              t,
              {
                schema:
                  t === 'application/json' && jsonSchema && jsonSchema.format !== 'binary' ? jsonSchema : fileSchema(t),
              },
            ]),
          ),
        };
      }
      for (const [status, description] of Object.entries(COMMON_ERRORS)) {
        const response = next.responses![status];
        if (response?.content?.['application/problem+json']) next.responses![status] = { ...response, description };
      }
      if (WRITE_METHODS.has(method) && (op.security ?? []).some((s) => 'cookieAuth' in s)) {
        next.parameters = [...(op.parameters ?? []).filter((p) => p.name !== CSRF_PARAMETER.name), CSRF_PARAMETER];
      }
      out[path][method] = next;
    }
  }
  return { ...doc, tags: TAGS, paths: out };
}

/** An operation's error code and the status it answers with, as `x-error-codes` lists them. */
export interface OperationErrorCode {
  code: ErrorCode;
  status: number;
}

/** What an operation's error codes are derived from: its route's access rule, its schema, its own list. */
export interface ErrorCodeSources {
  method: string;
  auth: 'public' | { person?: boolean; userOnly?: boolean } | undefined;
  /** The route's own codes (config.errorCodes): what its service refuses with. */
  declared: readonly ErrorCode[];
  hasBody: boolean;
  hasInput: boolean;
}

/** A route as the onRoute hook and the document transform see it: what its error codes follow from. */
export interface RouteDefinition {
  method: string | string[];
  url?: string;
  config?: {
    auth?: ErrorCodeSources['auth'];
    errorCodes?: readonly ErrorCode[];
  };
  schema?: { body?: unknown; params?: unknown; querystring?: unknown };
}

/**
 * The error codes of a route (operationErrorCodes of its definition); a route that declares no
 * config.errorCodes is refused, by its method and path, so the app does not start with it.
 */
export function routeErrorCodes(route: RouteDefinition): OperationErrorCode[] {
  const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
  const declared = route.config?.errorCodes;
  if (!declared) throw new Error(`${method} ${route.url ?? ''}: the route file must declare config.errorCodes`);
  return operationErrorCodes({
    method,
    auth: route.config?.auth,
    declared,
    hasBody: route.schema?.body !== undefined,
    hasInput: route.schema?.params !== undefined || route.schema?.querystring !== undefined,
  });
}

/** The distinct statuses of a route's error codes: the error responses its operation documents. */
export const errorStatuses = (codes: readonly OperationErrorCode[]): number[] =>
  [...new Set(codes.map((c) => c.status))].sort((a, b) => a - b);

/**
 * Every error code an operation can answer: those that follow from the route's definition (its access
 * rule, its validated input, a body, the database) and the codes the route file declares for what its
 * service refuses. In the catalogue's order, each with the catalogue's status.
 */
export function operationErrorCodes(route: ErrorCodeSources): OperationErrorCode[] {
  const codes = new Set<ErrorCode>(route.declared);
  codes.add('internal_error');
  codes.add('database_unavailable');
  if (route.hasInput || route.hasBody) codes.add('validation_failed');
  if (route.hasBody)
    for (const c of ['malformed_json', 'payload_too_large', 'unsupported_media_type'] as const) codes.add(c);
  if (route.auth !== 'public') {
    codes.add('unauthorized');
    codes.add('forbidden');
    if (WRITE_METHODS.has(route.method.toLowerCase())) codes.add('csrf_failed');
    if (route.auth?.person) codes.add('person_required');
  }
  return (Object.keys(ERROR_CATALOGUE) as ErrorCode[])
    .filter((c) => codes.has(c))
    .map((code) => ({ code, status: ERROR_CATALOGUE[code].status }));
}
