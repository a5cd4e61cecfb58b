import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOptions } from '../../../plugins/auth.js';
import type { SessionGrant } from '../../../../features/identity/identity.service.js';
import type { SessionCookies } from '../../../cookies.js';
import { DEVICE_TOKEN_MAX_AGE_SECONDS } from '../../../../lib/device-token.js';

/**
 * Sets the HttpOnly session cookie. The CSRF token goes in the body, and also in a cookie the page's
 * own script can read (double submit): the console survives a reload without storing it anywhere
 * else, and another site can neither read the cookie nor set the X-CSRF-Token header.
 */
export function setSessionCookie(
  cookies: SessionCookies,
  request: FastifyRequest,
  reply: FastifyReply,
  grant: SessionGrant,
) {
  const secure = cookies.secure(request);
  reply.setCookie(cookies.session, grant.cookie, sessionCookieOptions(secure, grant.expiresAt));
  reply.setCookie(cookies.csrf, grant.csrfToken, {
    ...sessionCookieOptions(secure, grant.expiresAt),
    httpOnly: false,
    sameSite: 'strict',
  });
}

/** The known-browser cookie: HttpOnly, for the API's paths only, kept across logouts (it grants nothing alone). */
export function setKnownBrowserCookie(
  cookies: SessionCookies,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  reply.setCookie(cookies.device, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: cookies.secure(request),
    maxAge: DEVICE_TOKEN_MAX_AGE_SECONDS,
  });
}
