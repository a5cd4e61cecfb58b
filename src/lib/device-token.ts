// The known-browser cookie: a browser in which an account has logged in successfully carries a token naming that
// account, signed with the session secret. A login from it is not slowed by failures elsewhere on the account
// (docs/decisions.md, Login throttling and known browsers). It grants nothing by itself: the password is still needed.
import { createHmac } from 'node:crypto';
import { safeEqual } from './crypto.js';

/** How long a browser stays known after its last successful login. */
export const DEVICE_TOKEN_MAX_AGE_SECONDS = 180 * 24 * 3600;

const mac = (secret: string, userId: string, issuedAt: number) =>
  createHmac('sha256', secret).update(`known-browser:v1:${userId}:${issuedAt}`).digest('base64url');

export function issueDeviceToken(secret: string, userId: string, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `v1.${userId}.${issuedAt}.${mac(secret, userId, issuedAt)}`;
}

/** The account a token names, when its signature holds and it has not expired; otherwise null. */
export function deviceTokenUser(secret: string, token: string | undefined, now = Date.now()): string | null {
  const parts = token?.split('.');
  if (!parts || parts.length !== 4 || parts[0] !== 'v1') return null;
  const [, userId, issued, signature] = parts as [string, string, string, string];
  const issuedAt = Number(issued);
  if (!Number.isInteger(issuedAt) || now / 1000 - issuedAt > DEVICE_TOKEN_MAX_AGE_SECONDS || issuedAt > now / 1000 + 60)
    return null;
  return safeEqual(signature, mac(secret, userId, issuedAt)) ? userId : null;
}
