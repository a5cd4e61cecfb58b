/**
 * Report certification: an Ed25519 signature over a canonical JSON statement that binds the
 * report ID and engagement to the SHA-256 of the PDF bytes served. The private key is kept
 * encrypted (AES-256-GCM, key derived by scrypt from a service secret) so a database dump
 * alone cannot forge certificates.
 */
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  scrypt as scryptCallback,
  type ScryptOptions,
  sign,
  verify,
} from 'node:crypto';
import { promisify } from 'node:util';

export interface CertificatePayload {
  reportId: string;
  engagementId: string;
  /** Lower-case hex SHA-256 of the PDF file. */
  sha256: string;
  firm: string;
  signedBy: string;
  signedAt: string;
  kind: 'DRAFT' | 'FINAL';
  /** The signatory's designation, and the registration(s) that qualify them for the statute. */
  designation?: string;
  registration?: string;
  /** The firm's IBBI registered-valuer-entity number, where it has one. */
  firmRegistration?: string;
  /** Where the report was signed, and the chartered-accountant signatory's UDIN. */
  place?: string;
  udin?: string;
}

const FIELDS = ['reportId', 'engagementId', 'sha256', 'firm', 'signedBy', 'signedAt', 'kind'] as const;
/** Signed when present (certificates issued before signatory credentials existed have none of them). */
const OPTIONAL_FIELDS = ['designation', 'registration', 'firmRegistration', 'place', 'udin'] as const;

/**
 * Canonical JSON: keys sorted, no whitespace, only the certificate's fields. Extra properties
 * are dropped so that what is signed never depends on how the caller built the object.
 */
export function canonicalCertificate(payload: CertificatePayload): string {
  const keys = [...FIELDS, ...OPTIONAL_FIELDS.filter((k) => payload[k] !== undefined)].sort();
  const parts = keys.map((k) => {
    const value = payload[k];
    if (typeof value !== 'string') throw new TypeError(`certificate field ${k} must be a string`);
    return `${JSON.stringify(k)}:${JSON.stringify(value)}`;
  });
  return `{${parts.join(',')}}`;
}

/** The rule behind canonicalCertificate, stated for anyone checking a certificate offline. */
export const CANONICALIZATION_RULE =
  'UTF-8 bytes of a JSON object holding only the certificate fields present, keys sorted by code point, values as JSON strings, no whitespace';
export const SIGNATURE_ALGORITHM = 'Ed25519' as const;

export function signCertificate(payload: CertificatePayload, privateKeyPem: string): string {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('signing key is not an Ed25519 key');
  // Ed25519 hashes internally, hence the null algorithm.
  return sign(null, Buffer.from(canonicalCertificate(payload), 'utf8'), key).toString('base64');
}

/** False (never a throw) for a bad signature, a wrong key or malformed input: callers show "invalid". */
export function verifyCertificate(payload: CertificatePayload, signatureB64: string, publicKeyPem: string): boolean {
  try {
    const key = createPublicKey(publicKeyPem);
    if (key.asymmetricKeyType !== 'ed25519') return false;
    const signature = Buffer.from(signatureB64, 'base64');
    // Buffer.from ignores invalid base64 characters; require the exact round trip.
    if (signature.length !== 64 || signature.toString('base64') !== signatureB64) return false;
    return verify(null, Buffer.from(canonicalCertificate(payload), 'utf8'), key, signature);
  } catch {
    return false;
  }
}

export function generateSigningKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

// Blob layout: "v1." + base64(salt[16] | iv[12] | tag[16] | ciphertext). The version prefix
// leaves room to change the KDF parameters without guessing at old blobs.
const VERSION = 'v1';
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
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
  return scrypt(secret, salt, 32, SCRYPT);
}

export async function encryptPrivateKey(pem: string, secret: string): Promise<string> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(secret, salt), iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${VERSION}.${Buffer.concat([salt, iv, tag, ciphertext]).toString('base64')}`;
}

/** Throws when the secret is wrong or the blob was altered (GCM authentication fails). */
export async function decryptPrivateKey(blob: string, secret: string): Promise<string> {
  const [version, body] = blob.split('.', 2);
  if (version !== VERSION || !body) throw new Error('unrecognised encrypted key format');
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
