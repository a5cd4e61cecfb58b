// Every secret the service keeps, in one place (docs/decisions.md, Webhook secrets at rest):
// - the deployment's shared secrets (the session secret and the master secret at rest), from configuration or
//   generated once into DATA_DIR;
// - sealed secrets (webhook signing secrets), opened on every delivery;
// - the encrypted report signing key, opened only when a FINAL is signed.
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt as scryptCallback,
  scryptSync,
  type ScryptOptions,
} from 'node:crypto';
import { promisify } from 'node:util';

// ---- shared secrets ----
// Secrets that every process of one deployment must share: from configuration when set, otherwise
// generated once into DATA_DIR (mode 0600). Several processes may start together on one DATA_DIR:
// each writes its candidate to a private temporary file and links it into place, which succeeds for
// exactly one of them (link fails with EEXIST, never overwrites); every process then uses the file's
// content, so they agree. A reader never sees a half-written file: the link appears complete.
// Across several hosts, configure them instead: SESSION_SECRET, GATEWAY_WEBHOOK_SECRET (sandbox
// gateway), REPORT_KEY_SECRET (report signing-key encryption).

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

/** The master secret at rest: it encrypts what the service keeps secret in the database (the report key, webhook secrets). */
export function atRestSecret(config: { REPORT_KEY_SECRET?: string; DATA_DIR: string }): string {
  return resolveSecret(config.REPORT_KEY_SECRET, config.DATA_DIR, 'report-key-secret');
}

// ---- sealed secrets ----
// Secrets kept in the database encrypted at rest (webhook signing secrets), with the secret that
// encrypts the report signing key (REPORT_KEY_SECRET; docs/decisions.md, Webhook secrets at rest).
// AES-256-GCM with a key derived by scrypt, as for the report key; the key is derived once per process
// (a fixed, purpose-bound salt) because these secrets are opened on every webhook delivery. Each blob is
// bound to where it is stored (`context`, e.g. the endpoint id) as additional authenticated data, so a
// ciphertext copied into another row does not open.

// Blob layout: "sb1." + base64(iv[12] | tag[16] | ciphertext).
const VERSION = 'sb1';
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const SALT = Buffer.from('valuation-service/secret-box/v1');
const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  if (secret.length === 0) throw new Error('encryption secret must not be empty');
  const id = createHash('sha256').update(secret).digest('hex');
  let key = keys.get(id);
  if (!key) {
    key = scryptSync(secret, SALT, 32, SCRYPT);
    keys.set(id, key);
  }
  return key;
}

const aad = (context: string) => Buffer.from(`valuation-service/secret-box/${context}`);

export const isSealed = (value: string): boolean => value.startsWith(`${VERSION}.`);

export function sealSecret(plaintext: string, secret: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(aad(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

/** Throws when the secret or context is wrong or the blob was altered (GCM authentication fails). */
export function openSecret(blob: string, secret: string, context: string): string {
  const [version, body] = blob.split('.', 2);
  if (version !== VERSION || !body) throw new Error('unrecognised sealed secret format');
  const raw = Buffer.from(body, 'base64');
  if (raw.length < 12 + 16 + 1) throw new Error('sealed secret is truncated');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), raw.subarray(0, 12));
  decipher.setAAD(aad(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('cannot open a sealed secret: wrong REPORT_KEY_SECRET or corrupted data');
  }
}

// ---- the report signing key ----
// AES-256-GCM with a key derived by scrypt from the master secret at rest and a salt of its own, so a database
// dump alone cannot forge certificates.
// Blob layout: "v1." + base64(salt[16] | iv[12] | tag[16] | ciphertext). The version prefix
// leaves room to change the KDF parameters without guessing at old blobs.
const KEY_VERSION = 'v1';
const KEY_SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const AAD = Buffer.from('valuation-service/report-signing-key/v1');

// scrypt on the libuv thread pool: at these parameters it takes 100–200 ms, which scryptSync spent holding the
// event loop (every API request waited while a FINAL report was signed, in the one-process layout).
const scrypt = promisify(scryptCallback) as (
  secret: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
) => Promise<Buffer>;

async function deriveKey(secret: string, salt: Buffer): Promise<Buffer> {
  if (secret.length === 0) throw new Error('encryption secret must not be empty');
  return scrypt(secret, salt, 32, KEY_SCRYPT);
}

export async function encryptPrivateKey(pem: string, secret: string): Promise<string> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(secret, salt), iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${KEY_VERSION}.${Buffer.concat([salt, iv, tag, ciphertext]).toString('base64')}`;
}

/** Throws when the secret is wrong or the blob was altered (GCM authentication fails). */
export async function decryptPrivateKey(blob: string, secret: string): Promise<string> {
  const [version, body] = blob.split('.', 2);
  if (version !== KEY_VERSION || !body) throw new Error('unrecognised encrypted key format');
  const raw = Buffer.from(body, 'base64');
  if (raw.length < 16 + 12 + 16 + 1) throw new Error('encrypted key is truncated');
  const salt = raw.subarray(0, 16);
  const iv = raw.subarray(16, 28);
  const tag = raw.subarray(28, 44);
  const ciphertext = raw.subarray(44);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(secret, salt), iv);
  decipher.setAAD(AAD);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('cannot decrypt the signing key: wrong secret or corrupted data');
  }
}
