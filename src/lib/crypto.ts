// Small crypto helpers shared by services: hashing secrets for storage, constant-time comparison, random secrets.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** One-shot `hash`, not a Hash object: the API hashes the bearer token on every request, and this is a third of the cost. */
export const sha256Hex = (data: string | Uint8Array): string => hash('sha256', data, 'hex');

/** Constant-time equality of two strings (false for different lengths, without early exit on content). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab); // spend comparable time
    return false;
  }
  return timingSafeEqual(ab, bb);
}

export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
