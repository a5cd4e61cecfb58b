import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOptions } from '../../../plugins/auth.js';
import type { SessionGrant } from '../../../../services/identity.js';
import type { SessionCookies } from '../../../cookies.js';

/**
 * Sets the HttpOnly session cookie. The CSRF token goes in the body, and also in a cookie the page's
 * own script can read (double submit): the console survives a reload without storing it anywhere
 * else, and another site can neither read the cookie nor set the X-CSRF-Token header.
 */
export function setSessionCookie(cookies: SessionCookies, request: FastifyRequest, reply: FastifyReply, grant: SessionGrant) {
  const secure = cookies.secure(request);
  reply.setCookie(cookies.session, grant.cookie, sessionCookieOptions(secure, grant.expiresAt));
  reply.setCookie(cookies.csrf, grant.csrfToken, { ...sessionCookieOptions(secure, grant.expiresAt), httpOnly: false, sameSite: 'strict' });
}
