// Minimal HS256 JWT for the session cookie: the cookie carries only ids; the session row decides validity.
import { createHmac } from 'node:crypto';
import { safeEqual } from './crypto.js';

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', secret).update(`${HEADER}.${body}`).digest('base64url');
  return `${HEADER}.${body}.${sig}`;
}

/** Returns the payload when the signature is right and `exp` (seconds) is in the future; otherwise null. */
export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest('base64url');
  if (!safeEqual(expected, parts[2])) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (typeof payload !== 'object' || payload === null || typeof payload.exp !== 'number' || payload.exp <= nowSeconds)
      return null;
    return payload;
  } catch {
    return null;
  }
}
