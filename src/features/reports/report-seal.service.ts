// A report's render, second and third steps: render the PDF (a FINAL sealed with the firm's certificate and
// certified with the service's Ed25519 key over the sealed bytes), then store it with its audit entry.
import { firmNumberFor } from '../../reports/report-input.js';
import { createHash } from 'node:crypto';
import { AUDIT } from '../../contract/audit-actions.js';
import type { ServiceContext } from '../platform/service-context.js';
import { RENDER_JOB, type JobPayload, type JobAttempt } from '../platform/job-queue.service.js';
import { newId } from '../../lib/ids.js';
import { renderReportInThread } from '../../reports/render-thread.js';
import { signCertificate, type CertificatePayload } from '../../reports/certificate.js';
import * as reports from './reports.repository.js';
import { putBlob } from '../platform/blobs.repository.js';
import { insertAudit, SYSTEM_ACTOR } from '../platform/audit.repository.js';
import { sealPdf } from '../../reports/pdf-signature/seal.js';
import { readSignatures } from '../../reports/pdf-signature/signatures.js';
import { statuteShort } from '../../reports/format.js';
import type { ReportSeal } from './reports.repository.js';
import { privateSigningKey } from './signing-key.service.js';
import type { gatherReportInput } from './report-gather.service.js';

export type GatheredReport = Awaited<ReturnType<typeof gatherReportInput>>;

/** Renders the PDF; a FINAL is sealed with the firm's certificate and checked as a reader would check it. */
export async function renderAndSeal(gathered: GatheredReport): Promise<{ pdf: Buffer; seal: ReportSeal | null }> {
  const { input, engagement, firmLegalName, signedBy, signedAt, sealKey, valuation } = gathered;
  // A FINAL carries the PDF seal made with the firm's certificate (docs/report-signatures.md); the Ed25519
  // certificate below then signs the SHA-256 of the sealed file, the bytes the firm downloads.
  let pdf: Buffer;
  let seal: ReportSeal | null = null;
  if (sealKey) {
    const key = sealKey;
    const signingTime = new Date(signedAt);
    const reason = `Valuation report under ${statuteShort(input.engagement.statute, valuation.result.legalBasis)}`;
    const placeholder = await renderReportInThread(input, {
      seal: { name: signedBy, reason, location: engagement.signing_place, contactInfo: firmLegalName, signingTime },
    });
    pdf = await sealPdf(placeholder, key, signingTime);
    // The seal is checked as any reader would check it before the file is stored.
    const [own] = await readSignatures(pdf);
    if (!own?.valid || !own.coversWholeFile) throw new Error('the PDF seal did not verify over the sealed file');
    seal = {
      source: key.source,
      ...key.facts,
      signingTime: signedAt,
      reason,
      name: signedBy,
      certificatePem: key.certificatePem,
      chainPem: key.chainPem,
      fieldName: own.fieldName,
      byteRange: own.byteRange,
      valid: own.valid,
    };
  } else {
    pdf = await renderReportInThread(input);
  }
  return { pdf, seal };
}

/** A FINAL's certificate: the service's Ed25519 signature over what the report is and the SHA-256 of its bytes. */
export async function certify(
  ctx: ServiceContext,
  payload: JobPayload<typeof RENDER_JOB>,
  gathered: GatheredReport,
  pdf: Buffer,
) {
  const { engagementId, reportId, kind } = payload;
  const { engagement, firmLegalName, signatory, signedBy, signedAt } = gathered;
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  let certificate: CertificatePayload | null = null;
  let signature: string | null = null;
  let keyId: string | null = null;
  if (kind === 'FINAL') {
    const key = await privateSigningKey(ctx);
    const firmNumber = firmNumberFor(gathered.input);
    certificate = {
      reportId,
      engagementId,
      sha256,
      firm: firmLegalName,
      signedBy,
      signedAt,
      kind,
      ...(signatory?.designation ? { designation: signatory.designation } : {}),
      ...(signatory?.registrations.length ? { registration: signatory.registrations.join('; ') } : {}),
      // The firm's number as the signatory's capacity calls for it: the ICAI FRN for a chartered accountant.
      ...(firmNumber ? { firmRegistration: firmNumber } : {}),
      ...(engagement.signing_place ? { place: engagement.signing_place } : {}),
      ...(engagement.udin ? { udin: engagement.udin } : {}),
    };
    signature = signCertificate(certificate, key.privateKeyPem);
    keyId = key.id;
  }
  return { sha256, certificate, signature, keyId };
}

/** Stores the rendered report, marks it READY, records it in the audit trail and completes the job: one transaction. */
export async function storeReport(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof RENDER_JOB>,
  pdf: Buffer,
  sealed: {
    seal: ReportSeal | null;
    sha256: string;
    certificate: CertificatePayload | null;
    signature: string | null;
    keyId: string | null;
  },
): Promise<void> {
  const { firmId, engagementId, reportId, kind } = payload;
  const { seal, sha256, certificate, signature, keyId } = sealed;
  await ctx.db.transaction(async (tx) => {
    const blobKey = newId('blob');
    await putBlob(tx, firmId, blobKey, pdf);
    await reports.markReportReady(tx, firmId, reportId, {
      sha256,
      blobKey,
      sizeBytes: pdf.length,
      certificate: certificate as Record<string, string> | null,
      signature,
      signingKeyId: keyId,
      seal,
    });
    await insertAudit(tx, firmId, SYSTEM_ACTOR, {
      action: AUDIT.reportGenerated,
      engagementId,
      details: { reportId, kind, sha256 },
    });
    await job.complete(tx);
  });
}
