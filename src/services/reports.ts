// Reports: a DRAFT rendered when the engagement reaches GATE_1, the FINAL on COMPLETED, signed with
// the service's Ed25519 key. Anyone can verify a FINAL report from its SHA-256.
import { createHash } from 'node:crypto';
import { AUDIT } from '../contract/audit-actions.js';
import type { ServiceContext } from './context.js';
import type { NormalisedFinancials } from '../domain/financials/normalise.js';
import { RENDER_JOB, enqueueJob, failsForGood, type JobPayload, PermanentJobError, type JobAttempt } from './jobs.js';
import type { Executor } from '../db/client.js';
import { conflict, notFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { atRestSecret } from './webhook-secrets.js';
import type { Principal } from '../domain/identity/roles.js';
import type { ValuationResult } from '../domain/valuation/types.js';
import { renderReport, type ReportInput } from '../reports/render.js';
import { renderReviewRecord, type ReviewRecordInput } from '../reports/review-record.js';
import { CANONICALIZATION_RULE, SIGNATURE_ALGORITHM, canonicalCertificate, decryptPrivateKey, encryptPrivateKey, generateSigningKeyPair, signCertificate, verifyCertificate, type CertificatePayload } from '../reports/certificate.js';
import * as reports from '../db/repositories/reports.js';
import { getBlob, putBlob } from '../db/repositories/blobs.js';
import { getAssumptions, getFinancials, getValuation, listAssumptionVersions } from '../db/repositories/valuation-data.js';
import { listDocuments } from '../db/repositories/documents.js';
import { displayNameOf, getFirm, getUser } from '../db/repositories/users.js';
import { lastApproverOf, reviewHistory } from '../db/repositories/audit.js';
import { adoptedMethods, describeRegistration, qualifyingRegistrations, signatoryRequirement } from '../domain/identity/signatory.js';
import { insertAudit, SYSTEM_ACTOR } from '../db/repositories/audit.js';
import { requireEngagement } from './engagements.js';
import { CA_CERTIFICATE_PATH, firmSigningKey } from './signing-certificates.js';
import { sealPdf } from '../reports/pdf-signature/seal.js';
import { readSignatures } from '../reports/pdf-signature/inspect.js';
import { statuteShort } from '../reports/format.js';
import type { ReportSeal } from '../db/repositories/reports.js';
import { findSignedCopiesBySha256, getSignedCopy, issuedCopy } from '../db/repositories/pdf-signatures.js';
import { publicSignature } from './signed-copies.js';

const SIGNING_KEY_ID = 'key_ed25519_1';

export async function enqueueReport(tx: Executor, firmId: string, engagementId: string, kind: 'DRAFT' | 'FINAL'): Promise<string> {
  const reportId = newId('rpt');
  await reports.insertReport(tx, { id: reportId, firmId, engagementId, kind });
  await enqueueJob(tx, RENDER_JOB, { firmId, engagementId, reportId, kind });
  return reportId;
}

/** A gate approval that completes the engagement starts the FINAL report. */
export async function afterGateApproved(tx: Executor, firmId: string, engagementId: string, newStatus: string): Promise<void> {
  if (newStatus === 'COMPLETED') await enqueueReport(tx, firmId, engagementId, 'FINAL');
}

function keySecret(ctx: ServiceContext): string {
  return atRestSecret(ctx.config);
}

/** The stored signing key row, created on first use; the private half is kept encrypted. */
async function signingKeyRow(ctx: ServiceContext) {
  const existing = await reports.getSigningKey(ctx.db);
  if (existing) return existing;
  const pair = generateSigningKeyPair();
  await reports.insertSigningKey(ctx.db, {
    id: SIGNING_KEY_ID, publicKeyPem: pair.publicKeyPem, privateKeyEncrypted: await encryptPrivateKey(pair.privateKeyPem, keySecret(ctx)),
  });
  return (await reports.getSigningKey(ctx.db))!;
}

/** Decrypts the private key (scrypt): only when a FINAL report is signed, never for public look-ups. */
async function privateSigningKey(ctx: ServiceContext): Promise<{ id: string; privateKeyPem: string }> {
  const row = await signingKeyRow(ctx);
  return { id: row.id, privateKeyPem: await decryptPrivateKey(row.private_key_encrypted, keySecret(ctx)) };
}

export async function publicSigningKey(ctx: ServiceContext) {
  const row = await signingKeyRow(ctx);
  return { keyId: row.id, algorithm: 'Ed25519' as const, publicKeyPem: row.public_key_pem };
}

async function reviewTrail(tx: Executor, firmId: string, engagementId: string): Promise<ReportInput['reviewTrail']> {
  const rows = await reviewHistory(tx, firmId, engagementId);
  // Every return for revision closes a round; the decisions after it belong to the next.
  let round = 1;
  return rows.map((r) => {
    const entry = { round, gate: r.details.gate, decision: r.details.decision, by: r.details.by, at: r.created_at.toISOString(), comment: r.details.comment ?? r.details.reason };
    if (r.details.decision === 'RETURNED_FOR_REVISION') round += 1;
    return entry;
  });
}

/** The render-report job: gathers the engagement's facts, renders the PDF, signs a FINAL, stores both. */
/**
 * The person who signed off GATE_3 and the registrations that qualify them for this statute (the ones
 * the sign-off was checked against), as printed in the FINAL report and signed into its certificate.
 */
async function finalSignatory(db: Executor, firmId: string, engagementId: string, result: ValuationResult) {
  const approver = lastApproverOf(await reviewHistory(db, firmId, engagementId), 'GATE_3');
  const user = approver ? await getUser(db, firmId, approver) : null;
  if (!user) return null;
  const req = signatoryRequirement(result.statute, adoptedMethods(result));
  return { name: user.name, designation: user.designation, registrations: qualifyingRegistrations(req, user.registrations ?? []).map(describeRegistration) };
}

/** The render job: a report whose last attempt fails is marked FAILED with the reason, never left GENERATING. */
export async function renderReportJob(ctx: ServiceContext, job: JobAttempt, payload: JobPayload<typeof RENDER_JOB>): Promise<void> {
  const done = ctx.metrics?.timer(ctx.metrics.reportRenderDuration);
  try {
    if (await renderReportAttempt(ctx, job, payload)) done?.({ kind: payload.kind, outcome: 'rendered' });
  } catch (err) {
    done?.({ kind: payload.kind, outcome: 'error' });
    if (failsForGood(err, job)) {
      await reports.markReportFailed(ctx.db, payload.firmId, payload.reportId, err instanceof Error ? err.message : String(err)).catch(() => undefined);
    }
    throw err;
  }
}

/** True when it rendered the report; false when there was nothing to render. */
async function renderReportAttempt(ctx: ServiceContext, job: JobAttempt, payload: JobPayload<typeof RENDER_JOB>): Promise<boolean> {
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
  const documents = (await listDocuments(ctx.db, firmId, engagementId, 200)).filter((d) => d.status !== 'REJECTED');
  // The capital table and historical years, where the financials document gives them.
  const financials = (await getFinancials<NormalisedFinancials>(ctx.db, firmId, engagementId))?.data;
  const trail = await reviewTrail(ctx.db, firmId, engagementId);
  const signedAt = new Date().toISOString();
  const signatory = kind === 'FINAL' ? await finalSignatory(ctx.db, firmId, engagementId, valuation.result) : null;
  const signedBy = signatory?.name ?? trail.filter((r) => r.gate === 'GATE_3' && r.decision === 'APPROVED').at(-1)?.by ?? firm.name;
  const firmLegalName = firm.legal_name ?? firm.name;
  const base = (ctx.config.PUBLIC_BASE_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/+$/, '');
  const sealKey = kind === 'FINAL' ? await firmSigningKey(ctx, firmId) : null;
  const pdfSeal = sealKey ? { source: sealKey.source, subject: sealKey.facts.subject, issuer: sealKey.facts.issuer, caCertificateUrl: `${base}${CA_CERTIFICATE_PATH}` } : undefined;
  const input: ReportInput = {
    kind,
    reportId,
    firm: { name: firm.name, legalName: firmLegalName, registration: firm.ibbi_registration },
    engagement: {
      id: engagement.id, targetEntity: engagement.target_entity, cin: engagement.cin, statute: engagement.statute as ValuationResult['statute'],
      purpose: engagement.purpose, valuationDate: engagement.valuation_date, createdAt: engagement.created_at.toISOString(),
    },
    assumptions: {
      wacc: assumptions.wacc, terminalGrowthRate: assumptions.terminal_growth_rate, rationale: assumptions.rationale, midYear: assumptions.mid_year,
      lockedAt: assumptions.locked_at.toISOString(), lockedBy: await displayNameOf(ctx.db, firmId, assumptions.locked_by),
    },
    facts: {
      appointingAuthority: engagement.appointing_authority, appointmentDate: engagement.appointment_date, addressee: engagement.addressee,
      companyBackground: engagement.company_background, transactionDate: engagement.transaction_date ?? engagement.valuation_date,
    },
    company: {
      // The stored financials are normalised to rupees.
      unit: 'RUPEES',
      shareholding: financials?.shareholding,
      history: financials?.history,
    },
    documents: documents.map((d) => ({ fileName: d.file_name, kind: d.kind, sha256: d.sha256, sizeBytes: d.size_bytes, createdAt: d.created_at.toISOString() })),
    valuation: valuation.result,
    reviewTrail: trail,
    ...(kind === 'FINAL' ? { certificate: { signedBy, signedAt, verifyUrl: `${base}/verify`, pdfSeal, designation: signatory?.designation, registrations: signatory?.registrations, demo: firm.demo, place: engagement.signing_place, udin: engagement.udin, ...(engagement.class_signatories && { classSignatories: engagement.class_signatories }) } } : {}),
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
    const placeholder = await renderReport(input, { seal: { name: signedBy, reason, location: engagement.signing_place, contactInfo: firmLegalName, signingTime } });
    pdf = await sealPdf(placeholder, key, signingTime);
    // The seal is checked as any reader would check it before the file is stored.
    const [own] = await readSignatures(pdf);
    if (!own?.valid || !own.coversWholeFile) throw new Error('the PDF seal did not verify over the sealed file');
    seal = {
      source: key.source, ...key.facts, signingTime: signedAt, reason, name: signedBy,
      certificatePem: key.certificatePem, chainPem: key.chainPem, fieldName: own.fieldName, byteRange: own.byteRange, valid: own.valid,
    };
  } else {
    pdf = await renderReport(input);
  }
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  let certificate: CertificatePayload | null = null;
  let signature: string | null = null;
  let keyId: string | null = null;
  if (kind === 'FINAL') {
    const key = await privateSigningKey(ctx);
    certificate = {
      reportId, engagementId, sha256, firm: firmLegalName, signedBy, signedAt, kind,
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
      sha256, blobKey, sizeBytes: pdf.length, certificate: certificate as Record<string, string> | null, signature, signingKeyId: keyId, seal,
    });
    await insertAudit(tx, firmId, SYSTEM_ACTOR, { action: AUDIT.reportGenerated, engagementId, details: { reportId, kind, sha256 } });
    await job.complete(tx);
  });
  return true;
}

export async function reportStatus(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const r = await reports.currentReportOfEngagement(ctx.db, principal.firmId, engagementId);
  if (r === undefined) throw notFound('Engagement');
  if (!r) return { engagementId, status: 'NOT_STARTED' as const };
  return {
    engagementId,
    reportId: r.id,
    status: r.status,
    kind: r.kind,
    ...(r.status === 'READY' ? { downloadUrl: `/api/v1/engagements/${engagementId}/report`, sha256: r.sha256!, generatedAt: r.generated_at!.toISOString() } : {}),
    ...(r.error ? { error: r.error } : {}),
  };
}

/**
 * The report file: the FINAL when one is ready, else the newest DRAFT. Once the partner's signed copy is the
 * one issued, that copy is what the client-facing download gives; `copy: 'sealed'` gives the sealed
 * original, which stays available to the firm.
 */
export async function reportContent(ctx: ServiceContext, principal: Principal, engagementId: string, copy: 'issued' | 'sealed' = 'issued') {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const r = await reports.currentReport(ctx.db, principal.firmId, engagementId);
  if (!r || r.status !== 'READY') throw conflict('report_not_ready', 'No report is ready for this engagement yet');
  if (r.kind === 'FINAL' && copy === 'issued' && engagement.issued_copy === 'SIGNED_COPY') {
    const issued = await issuedCopy(ctx.db, principal.firmId, engagementId);
    const signed = issued?.issued_signed_copy_id ? await getSignedCopy(ctx.db, principal.firmId, issued.issued_signed_copy_id) : null;
    if (signed) {
      const data = (await getBlob(ctx.db, principal.firmId, signed.blob_key))!;
      return { data, sha256: signed.sha256, kind: r.kind, copy: 'SIGNED_COPY' as const, fileName: `valuation-report-${fileSafe(engagement.target_entity)}-final-signed.pdf` };
    }
  }
  const data = (await getBlob(ctx.db, principal.firmId, r.blob_key!))!;
  return { data, sha256: r.sha256!, kind: r.kind, copy: r.kind === 'FINAL' ? ('SEALED' as const) : ('DRAFT' as const), fileName: `valuation-report-${fileSafe(engagement.target_entity)}-${r.kind.toLowerCase()}.pdf` };
}

const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'engagement';

/**
 * The firm's own quality-control record of the engagement's reviews: every round and decision with its
 * comment or reason, and the assumptions of each version. Rendered on request, never signed, never sent
 * to the client (the report says only that the reviews took place).
 */
export async function reviewRecord(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const firm = (await getFirm(ctx.db, principal.firmId))!;
  const { firmId } = principal;
  const decisions = await reviewTrail(ctx.db, firmId, engagementId);
  const past = await listAssumptionVersions(ctx.db, firmId, engagementId);
  const current = await getAssumptions(ctx.db, firmId, engagementId);
  const currentValue = current ? (await getValuation<ValuationResult>(ctx.db, firmId, engagementId))?.result.conclusion?.valuePerShare ?? null : null;
  const versions: ReviewRecordInput['versions'] = [
    ...past.map((v) => ({
      version: v.version, status: 'SUPERSEDED' as const, wacc: Number(v.wacc), terminalGrowthRate: Number(v.terminal_growth_rate), rationale: v.rationale,
      lockedAt: v.locked_at.toISOString(), lockedBy: v.locked_by, valuePerShare: (v.valuation as ValuationResult | null)?.conclusion?.valuePerShare ?? null,
      revision: { gate: v.returned_at_gate, reason: v.revision_reason, by: v.returned_by, at: v.returned_at.toISOString() },
    })),
    ...(current ? [{
      version: current.version, status: 'CURRENT' as const, wacc: Number(current.wacc), terminalGrowthRate: Number(current.terminal_growth_rate), rationale: current.rationale,
      lockedAt: current.locked_at.toISOString(), lockedBy: current.locked_by, valuePerShare: currentValue, revision: null,
    }] : []),
  ];
  for (const v of versions) v.lockedBy = await displayNameOf(ctx.db, firmId, v.lockedBy);
  const data = await renderReviewRecord({
    firmName: firm.legal_name ?? firm.name,
    engagement: { id: engagement.id, targetEntity: engagement.target_entity, cin: engagement.cin, statute: engagement.statute as ValuationResult['statute'], status: engagement.status },
    generatedAt: new Date().toISOString(),
    decisions,
    versions,
  });
  return { data, fileName: `review-record-${fileSafe(engagement.target_entity)}.pdf` };
}

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
    return { valid: false as const, sha256, reason: draft ? 'This is a DRAFT report; drafts are not certified' : 'No certified report or accepted signed copy has this SHA-256' };
  }
  const key = await publicSigningKey(ctx);
  const cert = finalReport.certificate as unknown as CertificatePayload;
  // The Ed25519 certificate signs the sealed FINAL's SHA-256; a signed copy begins with exactly those bytes.
  const certificateValid = verifyCertificate(cert, finalReport.signature!, key.publicKeyPem) && cert.sha256 === (signedCopy ? finalReport.sha256 : sha256);
  const pdfSignatures = [];
  if (finalReport.seal) pdfSignatures.push(await sealSignature(ctx, finalReport.seal));
  for (const s of signedCopy?.signatures ?? []) pdfSignatures.push(await publicSignature(ctx, s, 'ADDED'));
  return {
    valid: certificateValid && pdfSignatures.every((s) => s.valid),
    sha256,
    copy: signedCopy ? ('SIGNED_COPY' as const) : ('SEALED' as const),
    ...(signedCopy ? { originalSha256: finalReport.sha256!, signedCopyId: signedCopy.id, signedCopyUploadedAt: signedCopy.created_at.toISOString() } : {}),
    pdfSignatures,
    reportId: finalReport.id,
    engagementId: finalReport.engagement_id,
    targetEntity: finalReport.target_entity,
    statute: finalReport.statute,
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
  return publicSignature(ctx, {
    fieldName: seal.fieldName ?? null, subject: seal.subject, commonName: seal.commonName, issuer: seal.issuer, serialNumber: seal.serialNumber,
    notBefore: seal.notBefore, notAfter: seal.notAfter, sha256Fingerprint: seal.sha256Fingerprint, signingTime: seal.signingTime,
    subFilter: 'adbe.pkcs7.detached', byteRange: seal.byteRange ?? [], valid: seal.valid ?? true, certificatePem: seal.certificatePem, chainPem: seal.chainPem,
  }, 'SEAL');
}
