/**
 * Report certification: an Ed25519 signature over a canonical JSON statement that binds the
 * report ID and engagement to the SHA-256 of the PDF bytes served. The private key is kept
 * encrypted by src/lib/secrets.ts.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

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
