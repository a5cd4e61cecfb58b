import type { ServiceContext } from '../context.js';
import {
  CANONICALIZATION_RULE,
  SIGNATURE_ALGORITHM,
  canonicalCertificate,
  verifyCertificate,
  type CertificatePayload,
} from '../../reports/certificate.js';
import * as reports from '../../db/repositories/reports.js';
import { CA_CERTIFICATE_PATH } from '../signing-certificates.js';
import type { ReportSeal } from '../../db/repositories/reports.js';
import { findSignedCopiesBySha256 } from '../../db/repositories/pdf-signatures.js';
import { publicSignature } from '../signed-copies.js';
import { publicSigningKey } from './signing-key.js';
import { getValuation } from '../../db/repositories/valuation-data.js';
import { concludedValue } from '../../domain/valuation/concluded.js';
import type { ValuationResult } from '../../domain/valuation/types.js';

/**
 * Public: is this SHA-256 a FINAL report this service certified, or a copy of one that the partner signed
 * and the service accepted? A DRAFT never verifies. The answer lists the file's PDF signatures: the firm's
 * seal, and for a signed copy the signatures added to it, each with how far its certificate is trusted.
 */
export async function verifyReport(ctx: ServiceContext, sha256: string) {
  const wellFormed = /^[0-9a-f]{64}$/.test(sha256);
  const candidates = wellFormed ? await reports.findReportsBySha256(ctx.db, sha256) : [];
  let finalReport = candidates.find((r) => r.kind === 'FINAL' && r.certificate && r.signature);
  let signedCopy: Awaited<ReturnType<typeof findSignedCopiesBySha256>>[number] | undefined;
  if (!finalReport && wellFormed) {
    signedCopy = (await findSignedCopiesBySha256(ctx.db, sha256))[0];
    const original = signedCopy ? await reports.findReportById(ctx.db, signedCopy.report_id) : null;
    if (original?.kind === 'FINAL' && original.certificate && original.signature) finalReport = original;
  }
  if (!finalReport) {
    const draft = candidates.some((r) => r.kind === 'DRAFT');
    return {
      valid: false as const,
      sha256,
      reason: draft
        ? 'This is a DRAFT report; drafts are not certified'
        : 'No certified report or accepted signed copy has this SHA-256',
    };
  }
  const key = await publicSigningKey(ctx);
  const cert = finalReport.certificate as unknown as CertificatePayload;
  // The Ed25519 certificate signs the sealed FINAL's SHA-256; a signed copy begins with exactly those bytes.
  const certificateValid =
    verifyCertificate(cert, finalReport.signature!, key.publicKeyPem) &&
    cert.sha256 === (signedCopy ? finalReport.sha256 : sha256);
  // The value the report concludes, beside its hash: the engagement's valuation, which a FINAL ends (COMPLETED).
  const valuation = await getValuation<ValuationResult>(ctx.db, finalReport.firm_id, finalReport.engagement_id);
  const pdfSignatures = [];
  if (finalReport.seal) pdfSignatures.push(await sealSignature(ctx, finalReport.seal));
  for (const s of signedCopy?.signatures ?? []) pdfSignatures.push(await publicSignature(ctx, s, 'ADDED'));
  return {
    valid: certificateValid && pdfSignatures.every((s) => s.valid),
    sha256,
    copy: signedCopy ? ('SIGNED_COPY' as const) : ('SEALED' as const),
    ...(signedCopy
      ? {
          originalSha256: finalReport.sha256!,
          signedCopyId: signedCopy.id,
          signedCopyUploadedAt: signedCopy.created_at.toISOString(),
        }
      : {}),
    pdfSignatures,
    reportId: finalReport.id,
    engagementId: finalReport.engagement_id,
    targetEntity: finalReport.target_entity,
    statute: finalReport.statute,
    ...(valuation ? { conclusion: concludedValue(valuation.result) } : {}),
    firm: cert.firm,
    kind: 'FINAL' as const,
    signedBy: cert.signedBy,
    signedAt: cert.signedAt,
    ...(cert.designation ? { designation: cert.designation } : {}),
    ...(cert.registration ? { registration: cert.registration } : {}),
    ...(cert.firmRegistration ? { firmRegistration: cert.firmRegistration } : {}),
    ...(cert.place ? { place: cert.place } : {}),
    ...(cert.udin ? { udin: cert.udin } : {}),
    // The exact bytes that were signed, so the signature can be checked offline without re-deriving them.
    signedPayload: canonicalCertificate(cert),
    certificate: JSON.parse(canonicalCertificate(cert)) as Record<string, string>,
    canonicalization: CANONICALIZATION_RULE,
    signatureAlgorithm: SIGNATURE_ALGORITHM,
    signature: finalReport.signature!,
    keyId: key.keyId,
    caCertificateUrl: CA_CERTIFICATE_PATH,
  };
}

async function sealSignature(ctx: ServiceContext, seal: ReportSeal) {
  return publicSignature(
    ctx,
    {
      fieldName: seal.fieldName ?? null,
      subject: seal.subject,
      commonName: seal.commonName,
      issuer: seal.issuer,
      serialNumber: seal.serialNumber,
      notBefore: seal.notBefore,
      notAfter: seal.notAfter,
      sha256Fingerprint: seal.sha256Fingerprint,
      signingTime: seal.signingTime,
      subFilter: 'adbe.pkcs7.detached',
      byteRange: seal.byteRange ?? [],
      valid: seal.valid ?? true,
      certificatePem: seal.certificatePem,
      chainPem: seal.chainPem,
    },
    'SEAL',
  );
}
