// Secrets that every process of one deployment must share: from configuration when set, otherwise
// generated once into DATA_DIR (mode 0600). Several processes may start together on one DATA_DIR:
// each writes its candidate to a private temporary file and links it into place, which succeeds for
// exactly one of them (link fails with EEXIST, never overwrites); every process then uses the file's
// content, so they agree. A reader never sees a half-written file: the link appears complete.
// Across several hosts, configure them instead: SESSION_SECRET, GATEWAY_WEBHOOK_SECRET (sandbox
// gateway), REPORT_KEY_SECRET (report signing-key encryption).
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export function resolveSessionSecret(config: { SESSION_SECRET?: string; DATA_DIR: string }): string {
  return resolveSecret(config.SESSION_SECRET, config.DATA_DIR, 'session-secret');
}

/** A configured secret, or the one generated once into DATA_DIR/<fileName> (created atomically). */
export function resolveSecret(configured: string | undefined, dataDir: string, fileName: string): string {
  if (configured) return configured;
  const file = join(dataDir, fileName);
  const existing = readSecretFile(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(candidate, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(candidate, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another process won the race: use its secret.
  } finally {
    unlinkSync(candidate);
  }
  const secret = readSecretFile(file);
  if (!secret) throw new Error(`${file} is empty: remove it or set the secret in the configuration`);
  return secret;
}

function readSecretFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
