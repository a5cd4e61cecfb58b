/**
 * How far a PDF signature's certificate is trusted, said honestly: issued by this service's own CA; chaining
 * to a root the operator configured (PDF_TRUST_ROOTS); or from an external authority this service was not
 * told to trust, whose chain it therefore does not vouch for.
 */
import { X509Certificate } from 'node:crypto';

export type SignatureTrust = 'SERVICE_CA' | 'CONFIGURED_ROOT' | 'EXTERNAL_UNVERIFIED';

const issuedBy = (cert: X509Certificate, issuer: X509Certificate) => {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
};

/** Splits PEM text into certificates (unreadable blocks are skipped). */
export function pemCertificates(text: string): X509Certificate[] {
  return (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).flatMap((pem) => {
    try {
      return [new X509Certificate(pem)];
    } catch {
      return [];
    }
  });
}

export function signatureTrust(
  certificatePem: string,
  chainPem: string[],
  serviceCaPem: string,
  roots: X509Certificate[],
  at: Date = new Date(),
): SignatureTrust {
  if (!certificatePem) return 'EXTERNAL_UNVERIFIED';
  const cert = new X509Certificate(certificatePem);
  if (issuedBy(cert, new X509Certificate(serviceCaPem))) return 'SERVICE_CA';
  // Walk up through the certificates the signature carries to a configured root.
  const pool = chainPem.map((p) => new X509Certificate(p));
  let current = cert;
  for (let depth = 0; depth < 8; depth++) {
    if (roots.some((r) => r.fingerprint256 === current.fingerprint256 || issuedBy(current, r))) {
      return withinValidity(cert, at) ? 'CONFIGURED_ROOT' : 'EXTERNAL_UNVERIFIED';
    }
    const parent = pool.find((p) => p.fingerprint256 !== current.fingerprint256 && issuedBy(current, p));
    if (!parent) break;
    current = parent;
  }
  return 'EXTERNAL_UNVERIFIED';
}

const withinValidity = (c: X509Certificate, at: Date) =>
  Date.parse(c.validFrom) <= at.getTime() && at.getTime() <= Date.parse(c.validTo);
