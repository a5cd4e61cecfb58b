// Public verification of a report: by its SHA-256 (a FINAL this service certified, or a signed copy it
// accepted) and by the file itself (docs/report-signatures.md, Verification).
import type { ServiceContext } from '../platform/service-context.js';
import {
  CANONICALIZATION_RULE,
  SIGNATURE_ALGORITHM,
  canonicalCertificate,
  verifyCertificate,
  type CertificatePayload,
} from '../../reports/certificate.js';
import * as reports from './reports.repository.js';
import { CA_CERTIFICATE_PATH } from './signing-certificates.service.js';
import type { ReportSeal } from './reports.repository.js';
import { findSignedCopiesBySha256 } from './pdf-signatures.repository.js';
import { publicSignature, signatureFacts } from './signed-copies.service.js';
import { publicSigningKey } from './signing-key.service.js';
import { getValuation } from '../valuation/valuation-data.repository.js';
import { concludedValue } from '../../domain/valuation/concluded.js';
import type { ValuationResult } from '../../domain/valuation/types.js';
import { createHash } from 'node:crypto';
import type { PdfSignatureInfo } from '../../reports/pdf-signature/signatures.js';
import { PdfSyntaxError } from '../../reports/pdf-signature/objects.js';
import { PdfLimitExceeded } from '../../reports/pdf-signature/limits.js';
import { inspectSignedCopyIsolated, readSignaturesIsolated } from '../../reports/pdf-signature/isolated.js';
import { SignedCopyRefusal } from '../../reports/pdf-signature/inspect.js';
import { AppError } from '../../lib/errors.js';

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
    // An IBC valuation's values are confidential (CIRP Reg 35(2); docs/ibc-valuation.md): the public answer confirms
    // the file, never its figures.
    ...(valuation && valuation.result.statute !== 'IBC_LIQUIDATION'
      ? { conclusion: concludedValue(valuation.result) }
      : {}),
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

// Verification of a file the service does not know by its SHA-256: which of its PDF signatures a change
// breaks, or what was added after the last one (docs/report-signatures.md, Verification). The file is read,
// never stored.
const who = (s: PdfSignatureInfo) =>
  `${s.commonName ?? s.name ?? 'an unnamed signer'}${s.fieldName ? ` (field ${s.fieldName})` : ''}`;

export async function verifyFile(ctx: ServiceContext, data: Buffer) {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const known = await verifyReport(ctx, sha256);
  if (known.valid || ('reason' in known && /DRAFT/.test(known.reason ?? ''))) return known;
  let signatures: PdfSignatureInfo[];
  try {
    signatures = data.subarray(0, 5).toString('latin1') === '%PDF-' ? await readSignaturesIsolated(data) : [];
  } catch (err) {
    if (err instanceof PdfLimitExceeded)
      throw new AppError('file_over_limit', `The file cannot be examined: ${err.message}.`, [
        { path: '/file', message: err.message },
      ]);
    if (!(err instanceof PdfSyntaxError)) throw err;
    signatures = [];
  }
  const pdfSignatures = [];
  for (const s of signatures) {
    pdfSignatures.push(await publicSignature(ctx, signatureFacts(s), 'ADDED'));
  }
  // The longest start of the file that is a file the service knows: what the file was before the change.
  let knownPrefix: { sha256: string; copy?: 'SEALED' | 'SIGNED_COPY'; end: number } | undefined;
  for (const s of [...signatures].reverse()) {
    const end = (s.byteRange[2] ?? 0) + (s.byteRange[3] ?? 0);
    if (end <= 0 || end >= data.length) continue;
    const prefixSha = createHash('sha256').update(data.subarray(0, end)).digest('hex');
    const prefix = await verifyReport(ctx, prefixSha);
    if (prefix.valid) {
      knownPrefix = { sha256: prefixSha, copy: prefix.copy, end };
      break;
    }
  }
  // A file that begins with a FINAL the service sealed gets the proof an uploaded signed copy must pass.
  let changesFinal: string | undefined;
  const broken = signatures.filter((s) => !s.valid);
  const last = signatures.at(-1);
  if (knownPrefix?.copy === 'SEALED' && broken.length === 0 && last?.coversWholeFile) {
    try {
      await inspectSignedCopyIsolated(data.subarray(0, knownPrefix.end), data);
    } catch (err) {
      if (!(err instanceof SignedCopyRefusal)) throw err;
      changesFinal = err.message;
    }
  }
  let reason: string;
  if (broken.length > 0) {
    reason = `The file was changed after it was signed: the signature of ${broken.map(who).join(' and of ')} no longer verifies over the bytes it covers.`;
  } else if (last && !last.coversWholeFile) {
    reason = `Bytes were added after the last signature, of ${who(last)}: no signature covers them.${knownPrefix ? ' Before those bytes the file is one this service issued or accepted.' : ''}`;
  } else if (changesFinal) {
    reason = `The file begins with a FINAL report this service issued, but it is not that report plus signatures: ${changesFinal}`;
  } else if (signatures.length > 0) {
    reason =
      "The file's PDF signatures verify, but this service never issued nor accepted this file: a signed copy must be uploaded to the service before it verifies here.";
  } else {
    reason = 'No certified report or accepted signed copy has this SHA-256, and the file carries no PDF signature.';
  }
  return {
    valid: false as const,
    sha256,
    reason,
    pdfSignatures,
    brokenSignatures: broken.map(who),
    ...(knownPrefix ? { originalSha256: knownPrefix.sha256 } : {}),
  };
}
