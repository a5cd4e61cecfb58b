// The session cookies' names and Secure flag (docs/decisions.md, Credentials). In production, or with
// SECURE_COOKIES=true, both cookies are always Secure and carry the `__Host-` prefix, which browsers
// accept only from a secure origin with Path=/ and no Domain: no sibling subdomain or plain-http page
// can set or shadow them. Elsewhere (development, tests over http) they are plain `vs_session` and
// `vs_csrf`, Secure when the request came over TLS.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

export interface SessionCookies {
  session: string;
  csrf: string;
  /** The known-browser cookie (src/lib/device-token.ts). */
  device: string;
  secure(request: FastifyRequest): boolean;
}

const HOST_PREFIXED: SessionCookies = {
  session: '__Host-vs_session',
  csrf: '__Host-vs_csrf',
  device: '__Host-vs_device',
  secure: () => true,
};
const PLAIN: SessionCookies = {
  session: 'vs_session',
  csrf: 'vs_csrf',
  device: 'vs_device',
  secure: (request) => request.protocol === 'https',
};

export function sessionCookies(config: Pick<Config, 'SECURE_COOKIES' | 'NODE_ENV'>): SessionCookies {
  return (config.SECURE_COOKIES ?? config.NODE_ENV === 'production') ? HOST_PREFIXED : PLAIN;
}
