import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOptions } from '../../../plugins/auth.js';
import { SESSION_COOKIE, type SessionGrant } from '../../../../services/identity.js';

/** Sets the session cookie; the CSRF token goes in the body for the client to echo in X-CSRF-Token. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, grant: SessionGrant) {
  reply.setCookie(SESSION_COOKIE, grant.cookie, sessionCookieOptions(request.protocol === 'https', grant.expiresAt));
}
