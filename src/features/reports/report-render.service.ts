// Reports: a DRAFT rendered when the engagement reaches GATE_1, the FINAL on COMPLETED, sealed and signed with
// the service's Ed25519 key. This module enqueues and renders them (the render job).
import { createHash } from 'node:crypto';
import { AUDIT } from '../../contract/audit-actions.js';
import type { ServiceContext } from '../platform/service-context.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import {
  RENDER_JOB,
  attemptOrRelease,
  enqueueJob,
  type JobPayload,
  PermanentJobError,
  type JobAttempt,
} from '../platform/job-queue.service.js';
import type { Executor } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import type { Purpose, ValuationResult } from '../../domain/valuation/types.js';
import type { ReportInput } from '../../reports/render.js';
import { renderReportInThread } from '../../reports/render-thread.js';
import { signCertificate, type CertificatePayload } from '../../reports/certificate.js';
import * as reports from './reports.repository.js';
import { putBlob } from '../platform/blobs.repository.js';
import { getAssumptions, getFinancials, getValuation } from '../valuation/valuation-data.repository.js';
import { listEveryDocument } from '../engagements/documents.repository.js';
import { displayNameOf, getFirm, getUser } from '../identity/users.repository.js';
import { lastApproverOf, reviewHistory } from '../platform/audit.repository.js';
import {
  adoptedMethods,
  describeRegistration,
  signingCapacity,
  qualifyingRegistrations,
  signatoryRequirement,
} from '../../domain/identity/signatory.js';
import { insertAudit, SYSTEM_ACTOR } from '../platform/audit.repository.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { CA_CERTIFICATE_PATH, firmSigningKey } from './signing-certificates.service.js';
import { sealPdf } from '../../reports/pdf-signature/seal.js';
import { readSignatures } from '../../reports/pdf-signature/signatures.js';
import { statuteShort } from '../../reports/format.js';
import type { ReportSeal } from './reports.repository.js';
import { privateSigningKey } from './signing-key.service.js';
import { reviewTrail } from './review-trail.service.js';
import { sourcedParts } from '../../domain/valuation/sources.js';
import { firmInitials, reportReference } from '../../domain/reports/reference.js';
import { financialYearLabel } from '../../contract/gst.js';
import { todayInIndia } from '../../contract/today.js';

export async function enqueueReport(
  tx: Executor,
  firmId: string,
  engagementId: string,
  kind: 'DRAFT' | 'FINAL',
): Promise<string> {
  const reportId = newId('rpt');
  // A FINAL takes the firm's next reference in the same transaction as its row (docs/report-signatures.md).
  const reference = kind === 'FINAL' ? await nextReference(tx, firmId) : null;
  await reports.insertReport(tx, { id: reportId, firmId, engagementId, kind, reference });
  await enqueueJob(tx, RENDER_JOB, { firmId, engagementId, reportId, kind });
  return reportId;
}

/** The firm's next reference, "<prefix>/<financial year>/<serial>", the financial year the one of today in India. */
async function nextReference(tx: Executor, firmId: string): Promise<string> {
  const firm = await reports.firmForReference(tx, firmId);
  const year = financialYearLabel(todayInIndia());
  return reportReference(
    firm.prefix ?? firmInitials(firm.name),
    year,
    await reports.nextReportSerial(tx, firmId, year),
  );
}

/** A gate approval that completes the engagement starts the FINAL report. */
export async function afterGateApproved(
  tx: Executor,
  firmId: string,
  engagementId: string,
  newStatus: string,
): Promise<void> {
  if (newStatus === 'COMPLETED') await enqueueReport(tx, firmId, engagementId, 'FINAL');
}

/**
 * The person who signed off GATE_3 and the registrations that qualify them for this statute (the ones
 * the sign-off was checked against), as printed in the FINAL report and signed into its certificate.
 */
async function finalSignatory(db: Executor, firmId: string, engagementId: string, result: ValuationResult) {
  const approver = lastApproverOf(await reviewHistory(db, firmId, engagementId), 'GATE_3');
  const user = approver ? await getUser(db, firmId, approver) : null;
  if (!user) return null;
  const req = signatoryRequirement(result.statute, adoptedMethods(result));
  const qualifying = qualifyingRegistrations(req, user.registrations ?? []);
  return {
    name: user.name,
    designation: user.designation,
    registrations: qualifying.map(describeRegistration),
    ...(qualifying[0] && { capacity: signingCapacity(qualifying[0]) }),
  };
}

/** The render job: a report whose last attempt fails is marked FAILED with the reason, never left GENERATING. */
export async function renderReportJob(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof RENDER_JOB>,
): Promise<void> {
  await attemptOrRelease(job, {
    timer: ctx.metrics?.timer(ctx.metrics.reportRenderDuration),
    attempt: async () =>
      (await renderReportAttempt(ctx, job, payload)) ? { kind: payload.kind, outcome: 'rendered' } : null,
    errorLabels: { kind: payload.kind, outcome: 'error' },
    release: (message) => reports.markReportFailed(ctx.db, payload.firmId, payload.reportId, message),
  });
}

/** True when it rendered the report; false when there was nothing to render. */
async function renderReportAttempt(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof RENDER_JOB>,
): Promise<boolean> {
  const { firmId, engagementId, reportId, kind } = payload;
  const report = await reports.getReport(ctx.db, firmId, reportId);
  if (!report) throw new PermanentJobError(`report ${reportId} not found`);
  if (report.status === 'READY') return false;
  // Returned for revision before it was rendered: nothing to render (a new DRAFT follows the new lock).
  if (report.status === 'FAILED' && report.error?.startsWith('superseded')) return false;
  const engagement = await requireEngagement(ctx.db, firmId, engagementId);
  const firm = (await getFirm(ctx.db, firmId))!;
  const assumptions = await getAssumptions(ctx.db, firmId, engagementId);
  const valuation = await getValuation<ValuationResult>(ctx.db, firmId, engagementId);
  if (!assumptions || !valuation) throw new PermanentJobError('report needs locked assumptions and a stored valuation');
  const documents = (await listEveryDocument(ctx.db, firmId, engagementId)).filter((d) => d.status !== 'REJECTED');
  // The capital table and historical years, where the financials document gives them.
  const financials = (await getFinancials<NormalisedFinancials>(ctx.db, firmId, engagementId))?.data;
  const trail = await reviewTrail(ctx.db, firmId, engagementId);
  const signedAt = new Date().toISOString();
  const signatory = kind === 'FINAL' ? await finalSignatory(ctx.db, firmId, engagementId, valuation.result) : null;
  const signedBy =
    signatory?.name ?? trail.filter((r) => r.gate === 'GATE_3' && r.decision === 'APPROVED').at(-1)?.by ?? firm.name;
  const firmLegalName = firm.legal_name ?? firm.name;
  const base = (ctx.config.PUBLIC_BASE_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/+$/, '');
  const sealKey = kind === 'FINAL' ? await firmSigningKey(ctx, firmId) : null;
  const pdfSeal = sealKey
    ? {
        source: sealKey.source,
        subject: sealKey.facts.subject,
        issuer: sealKey.facts.issuer,
        caCertificateUrl: `${base}${CA_CERTIFICATE_PATH}`,
      }
    : undefined;
  const input: ReportInput = {
    kind,
    reportId,
    reference: report.reference,
    firm: {
      name: firm.name,
      legalName: firmLegalName,
      registration: firm.ibbi_registration,
      icaiFrn: firm.icai_firm_registration ?? null,
    },
    engagement: {
      id: engagement.id,
      targetEntity: engagement.target_entity,
      cin: engagement.cin,
      statute: engagement.statute as ValuationResult['statute'],
      purpose: engagement.purpose,
      valuationDate: engagement.valuation_date,
      createdAt: engagement.created_at.toISOString(),
    },
    assumptions: {
      wacc: assumptions.wacc,
      terminalGrowthRate: assumptions.terminal_growth_rate,
      rationale: assumptions.rationale,
      midYear: assumptions.mid_year,
      lockedAt: assumptions.locked_at.toISOString(),
      lockedBy: await displayNameOf(ctx.db, firmId, assumptions.locked_by),
    },
    facts: {
      appointingAuthority: engagement.appointing_authority,
      appointmentDate: engagement.appointment_date,
      addressee: engagement.addressee,
      companyBackground: engagement.company_background,
      transactionDate: engagement.transaction_date ?? engagement.valuation_date,
      issueAlreadyMadeReason: engagement.issue_already_made_reason,
      valuationDateReason: engagement.valuation_date_reason,
    },
    company: {
      // The stored financials are normalised to rupees.
      unit: 'RUPEES',
      shareholding: financials?.shareholding,
      history: financials?.history,
    },
    documents: documents.map((d) => ({
      fileName: d.file_name,
      kind: d.kind,
      sha256: d.sha256,
      sizeBytes: d.size_bytes,
      createdAt: d.created_at.toISOString(),
      ...(d.title && { title: d.title }),
      ...(d.document_date && { documentDate: d.document_date }),
      ...(d.provided_by && { providedBy: d.provided_by }),
    })),
    ...(financials && {
      figureSources: sourcedParts(
        financials,
        engagement.statute as ValuationResult['statute'],
        (engagement.purpose as Purpose | null) ?? null,
      ),
    }),
    valuation: valuation.result,
    reviewTrail: trail,
    ...(kind === 'FINAL'
      ? {
          certificate: {
            signedBy,
            signedAt,
            verifyUrl: `${base}/verify`,
            pdfSeal,
            designation: signatory?.designation,
            registrations: signatory?.registrations,
            capacity: signatory?.capacity,
            demo: firm.demo,
            place: engagement.signing_place,
            udin: engagement.udin,
            ...(engagement.class_signatories && { classSignatories: engagement.class_signatories }),
          },
        }
      : {}),
    generatedAt: signedAt,
  };
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
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  let certificate: CertificatePayload | null = null;
  let signature: string | null = null;
  let keyId: string | null = null;
  if (kind === 'FINAL') {
    const key = await privateSigningKey(ctx);
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
      ...(firm.ibbi_registration ? { firmRegistration: firm.ibbi_registration } : {}),
      ...(engagement.signing_place ? { place: engagement.signing_place } : {}),
      ...(engagement.udin ? { udin: engagement.udin } : {}),
    };
    signature = signCertificate(certificate, key.privateKeyPem);
    keyId = key.id;
  }
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
  return true;
}
