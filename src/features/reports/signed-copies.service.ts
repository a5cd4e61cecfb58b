// The partner's own DSC on top of the sealed FINAL (docs/report-signatures.md): the signatory (or an
// ADMIN) uploads the copy their signing software saved; it is accepted only as the FINAL's exact bytes
// plus an incremental update that adds valid signatures and changes no page. The accepted copy becomes the
// one issued to the client; the sealed original stays available to the firm.
import { createHash } from 'node:crypto';
import { AUDIT } from '../../contract/audit-actions.js';
import { readFileSync } from 'node:fs';
import type { X509Certificate } from 'node:crypto';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf } from '../platform/service-context.js';
import type { Principal } from '../../domain/identity/roles.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { issueSealedRefusal, signedCopyUploadRefusal } from '../review/review-rights.service.js';
import { reportSigners } from '../../domain/engagement/rights.js';
import { newId } from '../../lib/ids.js';
import * as reports from './reports.repository.js';
import * as repo from './pdf-signatures.repository.js';
import { getBlob, putBlob } from '../platform/blobs.repository.js';
import { getUser } from '../identity/users.repository.js';
import { insertAudit } from '../platform/audit.repository.js';
import { publicEngagement, requireEngagement } from '../engagements/engagement-reads.service.js';
import { writeEngagementEvent } from '../engagements/engagement-transitions.service.js';
import type { Executor } from '../../db/client.js';
import { SignedCopyRefusal } from '../../reports/pdf-signature/inspect.js';
import { inspectSignedCopyIsolated } from '../../reports/pdf-signature/isolated.js';
import type { PdfSignatureInfo } from '../../reports/pdf-signature/signatures.js';
import { pemCertificates, signatureTrust, type SignatureTrust } from '../../reports/pdf-signature/trust.js';
import { deploymentCa } from './signing-certificates.service.js';
import { trustRootFiles, type Config } from '../../config.js';

const REFUSAL_CODE = {
  not_of_this_report: 'signed_copy_not_of_this_report',
  changes_report: 'signed_copy_changes_report',
  signature_invalid: 'signed_copy_signature_invalid',
} as const;

let rootsCache: { key: string; roots: X509Certificate[] } | null = null;
/** The configured trust roots (PDF_TRUST_ROOTS), read once per configuration. */
export function trustRoots(config: Pick<Config, 'PDF_TRUST_ROOTS'>): X509Certificate[] {
  const key = config.PDF_TRUST_ROOTS ?? '';
  if (rootsCache?.key !== key)
    rootsCache = { key, roots: trustRootFiles(config).flatMap((f) => pemCertificates(readFileSync(f, 'utf8'))) };
  return rootsCache.roots;
}

export async function trustOf(
  ctx: ServiceContext,
  s: Pick<repo.PdfSignatureFacts, 'certificatePem' | 'chainPem' | 'signingTime'>,
): Promise<SignatureTrust> {
  const ca = await deploymentCa(ctx);
  return signatureTrust(
    s.certificatePem ?? '',
    s.chainPem ?? [],
    ca.pem,
    trustRoots(ctx.config),
    s.signingTime ? new Date(s.signingTime) : new Date(),
  );
}

/** A PDF signature's facts as they are shown: everything read of it but its certificates. */
function shownFacts(s: repo.PdfSignatureFacts) {
  return {
    fieldName: s.fieldName,
    subject: s.subject,
    commonName: s.commonName,
    issuer: s.issuer,
    serialNumber: s.serialNumber,
    notBefore: s.notBefore,
    notAfter: s.notAfter,
    sha256Fingerprint: s.sha256Fingerprint,
    signingTime: s.signingTime,
    subFilter: s.subFilter,
    byteRange: s.byteRange,
    valid: s.valid,
  };
}

/** What the service keeps of a PDF signature it read. */
export function signatureFacts(s: PdfSignatureInfo): repo.PdfSignatureFacts {
  return { ...shownFacts(s), certificatePem: s.certificatePem, chainPem: s.chainPem };
}

/** Names compared as people write them: case, dots, commas and spacing aside, the same words in any order. */
export function sameName(a: string, b: string): boolean {
  const words = (s: string) =>
    s
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}\s]/gu, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .sort()
      .join(' ');
  return words(a) === words(b);
}

export async function publicSignedCopy(ctx: ServiceContext, c: repo.SignedCopyRow) {
  const signatures = [];
  for (const s of c.signatures) signatures.push(await publicSignature(ctx, s, 'ADDED'));
  return {
    id: c.id,
    engagementId: c.engagement_id,
    reportId: c.report_id,
    sha256: c.sha256,
    sizeBytes: c.size_bytes,
    signatures,
    warnings: c.warnings,
    uploadedBy: c.uploaded_by,
    uploadedAt: c.created_at.toISOString(),
    downloadUrl: `/api/v1/engagements/${c.engagement_id}/report/signed-copies/${c.id}`,
  };
}

export async function publicSignature(ctx: ServiceContext, s: repo.PdfSignatureFacts, role: 'SEAL' | 'ADDED') {
  return { ...shownFacts(s), trust: await trustOf(ctx, s), role };
}

/** Upload a signed copy of the engagement's FINAL: 422 with the precise reason when refused, nothing stored then. */
export async function uploadSignedCopy(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  data: Buffer,
  request?: RequestTag,
) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const signatoryId = await repo.signatoryUserId(ctx.db, principal.firmId, engagementId);
  const signerIds = reportSigners(signatoryId, engagement.class_signatories);
  const refused = signedCopyUploadRefusal(principal, signerIds);
  if (refused) throw refused;
  const final = await reports.currentReport(ctx.db, principal.firmId, engagementId);
  if (!final || final.kind !== 'FINAL' || final.status !== 'READY')
    throw conflict(
      'no_final_report',
      'The engagement has no FINAL report yet: a signed copy can be uploaded once the FINAL is ready',
    );
  const original = (await getBlob(ctx.db, principal.firmId, final.blob_key!))!;
  let inspected: Awaited<ReturnType<typeof inspectSignedCopyIsolated>>;
  try {
    inspected = await inspectSignedCopyIsolated(original, data);
  } catch (err) {
    if (err instanceof SignedCopyRefusal)
      throw new AppError(REFUSAL_CODE[err.reason], err.message, [{ path: '/file', message: err.message }]);
    throw err;
  }
  const signers: string[] = [];
  for (const signerId of signerIds) {
    const user = await getUser(ctx.db, principal.firmId, signerId);
    if (user) signers.push(user.name);
  }
  const warnings = inspected.added
    .filter((s) => signers.length > 0 && !signers.some((name) => sameName(s.commonName ?? s.name ?? '', name)))
    .map(
      (s) =>
        `The certificate of the signature added (${s.commonName ?? s.subject}) names none of the report's signatories (${signers.join(', ')}).`,
    );
  const sha256 = createHash('sha256').update(data).digest('hex');
  const id = newId('scp');
  const row = await ctx.db.transaction(async (tx) => {
    await requireEngagement(tx, principal.firmId, engagementId, true);
    const blobKey = newId('blob');
    await putBlob(tx, principal.firmId, blobKey, data);
    const signatures = inspected.added.map(signatureFacts);
    await repo.insertSignedCopy(tx, {
      id,
      firmId: principal.firmId,
      engagementId,
      reportId: final.id,
      sha256,
      blobKey,
      sizeBytes: data.length,
      signatures,
      warnings,
      uploadedBy: actorOf(principal).id!,
    });
    const wasIssued = (await repo.issuedCopy(tx, principal.firmId, engagementId))?.issued_copy ?? null;
    await repo.setIssuedCopy(tx, principal.firmId, engagementId, 'SIGNED_COPY', id);
    const actor = actorOf(principal, request);
    await insertAudit(tx, principal.firmId, actor, {
      action: AUDIT.reportSignedCopyUploaded,
      engagementId,
      details: {
        reportId: final.id,
        signedCopyId: id,
        sha256,
        signers: signatures.map((s) => ({
          subject: s.subject,
          issuer: s.issuer,
          serialNumber: s.serialNumber,
          signingTime: s.signingTime,
        })),
        warnings,
      },
    });
    if (wasIssued === null)
      await writeEngagementEvent(
        tx,
        principal.firmId,
        engagementId,
        'engagement.completed',
        await completedData(tx, principal.firmId, engagement.id, final.id, 'SIGNED_COPY', sha256, original),
      );
    return (await repo.getSignedCopy(tx, principal.firmId, id))!;
  });
  return publicSignedCopy(ctx, row);
}

/** The engagement.completed event: the engagement, and which copy of the FINAL was issued (with both files' SHA-256). */
async function completedData(
  tx: Executor,
  firmId: string,
  engagementId: string,
  reportId: string,
  issuedCopy: 'SEALED' | 'SIGNED_COPY',
  sha256: string,
  original: Buffer,
) {
  const engagement = publicEngagement(await requireEngagement(tx, firmId, engagementId));
  return {
    engagement,
    previousStatus: engagement.status,
    report: { id: reportId, issuedCopy, sha256, sealedSha256: createHash('sha256').update(original).digest('hex') },
  };
}

export async function listSignedCopies(ctx: ServiceContext, principal: Principal, engagementId: string) {
  await requireEngagement(ctx.db, principal.firmId, engagementId);
  const rows = await repo.listSignedCopies(ctx.db, principal.firmId, engagementId);
  const out = [];
  for (const r of rows) out.push(await publicSignedCopy(ctx, r));
  return out;
}

export async function signedCopyContent(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  copyId: string,
) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const row = await repo.getSignedCopy(ctx.db, principal.firmId, copyId);
  if (!row || row.engagement_id !== engagementId) throw notFound('Signed copy');
  const data = (await getBlob(ctx.db, principal.firmId, row.blob_key))!;
  return {
    data,
    sha256: row.sha256,
    fileName: `valuation-report-${
      engagement.target_entity
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'engagement'
    }-signed.pdf`,
  };
}

/** The ADMIN issues the sealed FINAL as it is, without the partner's DSC. */
export async function issueSealedCopy(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  request?: RequestTag,
) {
  const early = issueSealedRefusal(principal);
  if (early) throw early;
  const final = await reports.currentReport(ctx.db, principal.firmId, engagementId);
  if (final === null) await requireEngagement(ctx.db, principal.firmId, engagementId);
  if (!final || final.kind !== 'FINAL' || final.status !== 'READY')
    throw conflict('no_final_report', 'The engagement has no FINAL report yet');
  const original = (await getBlob(ctx.db, principal.firmId, final.blob_key!))!;
  await ctx.db.transaction(async (tx) => {
    await requireEngagement(tx, principal.firmId, engagementId, true);
    const was = (await repo.issuedCopy(tx, principal.firmId, engagementId))?.issued_copy ?? null;
    const refused = issueSealedRefusal(principal, was);
    if (refused) throw refused;
    await repo.setIssuedCopy(tx, principal.firmId, engagementId, 'SEALED', null);
    await insertAudit(tx, principal.firmId, actorOf(principal, request), {
      action: AUDIT.reportSealedCopyIssued,
      engagementId,
      details: { reportId: final.id, sha256: final.sha256 },
    });
    await writeEngagementEvent(
      tx,
      principal.firmId,
      engagementId,
      'engagement.completed',
      await completedData(tx, principal.firmId, engagementId, final.id, 'SEALED', final.sha256!, original),
    );
  });
  return { engagementId, issuedCopy: 'SEALED' as const };
}
