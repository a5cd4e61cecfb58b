// Secrets kept in the database encrypted at rest (webhook signing secrets), with the secret that
// encrypts the report signing key (REPORT_KEY_SECRET; docs/decisions.md, Webhook secrets at rest).
// AES-256-GCM with a key derived by scrypt, as for the report key; the key is derived once per process
// (a fixed, purpose-bound salt) because these secrets are opened on every webhook delivery. Each blob is
// bound to where it is stored (`context`, e.g. the endpoint id) as additional authenticated data, so a
// ciphertext copied into another row does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';

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
