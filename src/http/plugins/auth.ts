// One authorisation layer. Every route declares `config.auth`: 'public', or its minimum role and
// whether only a signed-in person may call it. Authentication runs in onRequest, before the body is
// parsed or validated, so a caller without valid credentials gets 401 whatever it sent.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAllowed, type AccessRule, type Principal } from '../../domain/identity/roles.js';
import { AppError, forbidden, unauthorized } from '../../lib/errors.js';
import { authenticateSession, authenticateToken, csrfMatches } from '../../features/identity/identity.service.js';
import { sessionCookies } from '../cookies.js';
import type { ServiceContext } from '../../features/platform/service-context.js';
import { withReadRetry } from './read-retry.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'public' | AccessRule;
    idempotent?: boolean;
    /** Media types of non-JSON success answers, per status, for the OpenAPI document. */
    produces?: import('../openapi-document.js').Produces;
    /**
     * The error codes the route's service refuses with (its operation's `x-error-codes` in the OpenAPI
     * document, with those its access rule and input imply: unauthorized, validation_failed, …).
     */
    errorCodes?: readonly import('../../contract/errors.js').ErrorCode[];
    /**
     * A body field's own refusal code, by JSON Pointer prefix: a request refused by the schema only under fields
     * of one code answers that code (the lock's `/marketApproach` → invalid_market_approach) rather than
     * validation_failed, as the documents promise. Each code must be one of `errorCodes`.
     */
    fieldCodes?: Readonly<Record<string, import('../../contract/errors.js').ErrorCode>>;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', expires };
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * For long-lived responses (the event stream): checks again, without side effects, that the credential
 * the request came with still authenticates and still carries the route's role.
 */
export function credentialRecheck(ctx: ServiceContext, request: FastifyRequest): () => Promise<boolean> {
  const rule = request.routeOptions.config?.auth;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  const cookie = request.cookies?.[sessionCookies(ctx.config).session];
  return async () => {
    const principal = bearer
      ? await authenticateToken(ctx, bearer)
      : cookie
        ? ((await authenticateSession(ctx, cookie))?.principal ?? null)
        : null;
    return principal !== null && (rule === undefined || rule === 'public' || isAllowed(principal, rule));
  };
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { services: ServiceContext }) {
    const ctx = opts.services;
    const cookies = sessionCookies(ctx.config);

    // Every /api route must declare its rule; the OpenAPI security follows from it (and its 401/403 responses, from
    // the error codes it implies: plugins/openapi.ts).
    app.addHook('onRoute', (route) => {
      const url = route.url ?? '';
      const schema = route.schema as { hide?: boolean; security?: unknown } | undefined;
      if (!url.startsWith('/api/') || schema?.hide) return;
      const rule = route.config?.auth;
      if (rule === undefined) throw new Error(`route ${route.method} ${url} declares no config.auth`);
      if (rule === 'public') {
        route.schema = { ...schema, security: [] };
        return;
      }
      route.schema = {
        ...schema,
        security: rule.userOnly || rule.person ? [{ cookieAuth: [] }] : [{ bearerAuth: [] }, { cookieAuth: [] }],
      };
    });

    async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<Principal | null> {
      const header = request.headers.authorization;
      if (header !== undefined) {
        // A bearer header that does not authenticate is a 401, never a fall-back to the cookie.
        const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
        if (!m) throw unauthorized('Authorization must be "Bearer <token>"');
        const principal = await authenticateToken(ctx, m[1]);
        if (!principal) throw unauthorized('The API token is invalid, expired or revoked');
        return principal;
      }
      const cookie = request.cookies?.[cookies.session];
      if (!cookie) return null;
      const session = await authenticateSession(ctx, cookie);
      if (!session) throw unauthorized('The session is invalid or has expired; log in again');
      if (
        !SAFE_METHODS.has(request.method) &&
        !csrfMatches(session.csrfTokenHash, request.headers['x-csrf-token'] as string | undefined)
      ) {
        throw new AppError(
          'csrf_failed',
          'Cookie-authenticated requests that change state need the X-CSRF-Token header from login',
        );
      }
      if (session.renewed) {
        const secure = cookies.secure(request);
        reply.setCookie(
          cookies.session,
          session.renewed.cookie,
          sessionCookieOptions(secure, session.renewed.expiresAt),
        );
        // The readable CSRF cookie lives as long as the session, when the browser still holds the right one.
        const csrf = request.cookies?.[cookies.csrf];
        if (csrf && csrfMatches(session.csrfTokenHash, csrf)) {
          reply.setCookie(cookies.csrf, csrf, {
            ...sessionCookieOptions(secure, session.renewed.expiresAt),
            httpOnly: false,
            sameSite: 'strict',
          });
        }
      }
      return session.principal;
    }

    app.addHook('onRequest', async (request, reply) => {
      const rule = request.routeOptions.config?.auth;
      if (rule === undefined || rule === 'public') return;
      // A read whose database connection fails here is retried once, like its handler (read-retry.ts).
      const principal = await withReadRetry(request, reply, () => authenticate(request, reply));
      if (!principal) throw unauthorized();
      if (!isAllowed(principal, rule)) {
        if (rule.person && principal.kind === 'token') {
          throw new AppError(
            'person_required',
            'Review gates are decided by people: sign in to decide a gate; API tokens may not',
          );
        }
        throw forbidden(
          rule.userOnly && principal.kind === 'token'
            ? 'This action needs a signed-in user; API tokens may not do it'
            : `This action needs the ${rule.role} role`,
        );
      }
      request.principal = principal;
      request.log = request.log.child({
        firmId: principal.firmId,
        principalId: principal.kind === 'user' ? principal.userId : principal.tokenId,
      });
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie', 'errors'] },
);
