// SESSION_SECRET from the environment, or generated once and kept in DATA_DIR (mode 0600).
// Several API processes must share it: set SESSION_SECRET explicitly when scaling out.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export function resolveSessionSecret(config: { SESSION_SECRET?: string; DATA_DIR: string }): string {
  return resolveSecret(config.SESSION_SECRET, config.DATA_DIR, 'session-secret');
}

/** A configured secret, or one generated once into DATA_DIR/<fileName>. */
export function resolveSecret(configured: string | undefined, dataDir: string, fileName: string): string {
  if (configured) return configured;
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
