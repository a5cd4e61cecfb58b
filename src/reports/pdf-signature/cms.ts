/** Checking a detached CMS SignedData (PKCS #7) over the bytes it signs. */
import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { MAX_CERTIFICATE_BYTES } from './limits.js';

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto }));

/** Verifies a detached CMS SignedData over `data`. Never throws: an unreadable CMS is not valid. */
export async function verifyCms(
  cms: Buffer,
  data: Buffer,
): Promise<{
  valid: boolean;
  certificate: X509Certificate | null;
  chain: X509Certificate[];
  signingTime: Date | null;
  error?: string;
  /** A bound the CMS exceeds (it was not checked further). */
  overLimit?: string;
}> {
  let signed: pkijs.SignedData;
  try {
    const asn1 = asn1js.fromBER(new Uint8Array(cms).buffer);
    if (asn1.offset === -1)
      return { valid: false, certificate: null, chain: [], signingTime: null, error: 'the signature is not DER' };
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    signed = new pkijs.SignedData({ schema: info.content });
  } catch (err) {
    return {
      valid: false,
      certificate: null,
      chain: [],
      signingTime: null,
      error: `the signature is not a CMS SignedData (${err instanceof Error ? err.message : String(err)})`,
    };
  }
  const certs = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const oversized = certs.find((c) => c.toSchema().toBER(false).byteLength > MAX_CERTIFICATE_BYTES);
  if (oversized)
    return {
      valid: false,
      certificate: null,
      chain: [],
      signingTime: null,
      overLimit: `a certificate of ${oversized.toSchema().toBER(false).byteLength} bytes; the bound is ${MAX_CERTIFICATE_BYTES} bytes (16 KiB)`,
    };
  const x509 = certs.map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER(false))));
  const signer = signed.signerInfos[0];
  const timeAttr = signer?.signedAttrs?.attributes.find((a) => a.type === '1.2.840.113549.1.9.5');
  const timeValue = timeAttr?.values[0] as { toDate?: () => Date } | undefined;
  const signingTime = timeValue?.toDate ? timeValue.toDate() : null;
  try {
    const ab = new Uint8Array(data).buffer;
    const result = await signed.verify({ signer: 0, data: ab, checkChain: false, extendedMode: true });
    const certificate = result.signerCertificate
      ? new X509Certificate(Buffer.from(result.signerCertificate.toSchema().toBER(false)))
      : null;
    return {
      valid: result.signatureVerified === true,
      certificate,
      chain: x509.filter((c) => !certificate || c.fingerprint256 !== certificate.fingerprint256),
      signingTime,
    };
  } catch (err) {
    // pkijs rejects with a result object that still names the signer, when it found one.
    const r = err as { signerCertificate?: pkijs.Certificate | null; message?: string };
    const certificate = r?.signerCertificate
      ? new X509Certificate(Buffer.from(r.signerCertificate.toSchema().toBER(false)))
      : (x509[0] ?? null);
    return {
      valid: false,
      certificate,
      chain: x509.filter((c) => !certificate || c.fingerprint256 !== certificate.fingerprint256),
      signingTime,
      error: r?.message ?? String(err),
    };
  }
}
