// Uploads: stored with their SHA-256 in one transaction with the status change and the ingestion job.
import type { RecordResponse } from '../platform/idempotency.service.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { createHash } from 'node:crypto';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf, requestIdOf } from '../platform/service-context.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { unstorableTextReason } from '../../domain/financials/storable-text.js';
import { bidiControlReason } from '../../domain/documents/shown-text.js';
import { newId } from '../../lib/ids.js';
import type { Principal } from '../../domain/identity/roles.js';
import { uploadRefusal } from '../review/review-rights.service.js';
import { CONTENT_TYPES, FINANCIALS_FORMATS } from '../../domain/documents/sniff.js';
import type { DocumentKind } from '../../contract/document-kinds.js';
import { todayInIndia } from '../../contract/today.js';
import { evidenceDescriptionErrors, type EvidenceDescription } from '../../domain/documents/evidence.js';
import { checkUploadOffThread } from './upload-checks.service.js';
import * as docs from './documents.repository.js';
import { getBlob, putBlob } from '../platform/blobs.repository.js';
import { insertAudit } from '../platform/audit.repository.js';
import { INGEST_JOB, enqueueJob } from '../platform/job-queue.service.js';
import { applyTransition } from './engagement-transitions.service.js';
import { requireEngagement } from './engagement-reads.service.js';
import { documentFileName, shownInBrowser } from '../../contract/file-names.js';

export function publicDocument(d: docs.DocumentRow) {
  return {
    id: d.id,
    engagementId: d.engagement_id,
    kind: d.kind,
    fileName: d.file_name,
    contentType: d.content_type,
    sizeBytes: d.size_bytes,
    sha256: d.sha256,
    status: d.status,
    ...(d.kind === 'EVIDENCE' && {
      title: d.title ?? '',
      documentDate: d.document_date ?? '',
      providedBy: d.provided_by ?? '',
    }),
    ...(d.errors ? { errors: d.errors } : {}),
    createdAt: d.created_at.toISOString(),
  };
}

/** The longest file name stored, in UTF-8 bytes (what common file systems allow). */
export const MAX_FILE_NAME_BYTES = 255;

export async function uploadDocument(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  input: { kind: DocumentKind; fileName: string; data: Buffer; evidence?: Partial<EvidenceDescription> },
  requestId?: RequestTag,
  record?: RecordResponse<ReturnType<typeof publicDocument>>,
) {
  // The name is stored and shown: no control characters (a NUL cannot be stored at all), no broken text, no
  // bidirectional controls that would show it reordered (docs/decisions.md, Names and titles as shown), and no
  // more than a file system's 255 bytes (refused rather than cut, so what is stored is what was sent).
  const nameBytes = Buffer.byteLength(input.fileName, 'utf8');
  const nameProblem = /[\u0000-\u001f\u007f]/.test(input.fileName)
    ? 'contains a control character; rename the file'
    : nameBytes > MAX_FILE_NAME_BYTES
      ? `is ${nameBytes} bytes long; a file name may be at most ${MAX_FILE_NAME_BYTES} bytes; rename the file`
      : (unstorableTextReason(input.fileName) ?? bidiControlReason(input.fileName));
  if (nameProblem) throw validationFailed([{ path: '/file', message: `the file name ${nameProblem}` }]);
  const described = evidenceDescriptionErrors(input.kind, input.evidence ?? {}, todayInIndia());
  if (described.length > 0) throw validationFailed(described);
  // Judged by its content and, for financials, bounded before anything parses it (upload-checks.ts): a file that
  // would take the service's memory or time is refused here. A large file is judged on a thread.
  const checked = await checkUploadOffThread(input.kind, input.data);
  const format = checked.format;
  if (!format)
    throw new AppError(
      'unsupported_media_type',
      'The file is not a PDF, XLSX, CSV, JSON, DOCX, PNG or JPEG document (judged by its content)',
    );
  if (input.kind === 'FINANCIALS' && !FINANCIALS_FORMATS.includes(format)) {
    throw new AppError(
      'unsupported_media_type',
      'FINANCIALS must be a JSON, CSV or XLSX file in the template layout; upload other files as EVIDENCE',
    );
  }
  // 413 for a financials file larger than its format's bound (a workbook by what it inflates to), 400 for JSON
  // nested too deep.
  if (checked.tooLarge) throw new AppError('payload_too_large', checked.tooLarge);
  if (checked.tooDeep) throw validationFailed([{ path: '/file', message: checked.tooDeep }]);
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  return ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, principal.firmId, engagementId, true);
    const refused = uploadRefusal(principal, engagement.status, input.kind);
    if (refused) throw refused;
    const blobKey = newId('blob');
    await putBlob(tx, principal.firmId, blobKey, input.data);
    const doc = await docs.insertDocument(tx, {
      id: newId('doc'),
      firmId: principal.firmId,
      engagementId,
      kind: input.kind,
      file_name: input.fileName,
      content_type: CONTENT_TYPES[format],
      format,
      size_bytes: input.data.length,
      sha256,
      blob_key: blobKey,
      status: input.kind === 'FINANCIALS' ? 'PARSING' : 'STORED',
      created_by: actorOf(principal).id!,
      title: input.kind === 'EVIDENCE' ? input.evidence!.title!.trim() : null,
      document_date: input.kind === 'EVIDENCE' ? input.evidence!.documentDate! : null,
      provided_by: input.kind === 'EVIDENCE' ? input.evidence!.providedBy!.trim() : null,
    });
    const actor = actorOf(principal, requestId);
    await insertAudit(tx, principal.firmId, actor, {
      action: AUDIT.documentUploaded,
      engagementId,
      details: { documentId: doc.id, kind: doc.kind, sha256 },
    });
    if (input.kind === 'FINANCIALS') {
      await applyTransition(tx, principal.firmId, engagementId, 'UPLOAD_FINANCIALS', actor, {
        details: { documentId: doc.id },
      });
      await enqueueJob(tx, INGEST_JOB, {
        firmId: principal.firmId,
        engagementId,
        documentId: doc.id,
        requestId: requestIdOf(requestId),
      });
    }
    const stored = publicDocument(doc);
    await record?.(tx, stored);
    return stored;
  });
}

export async function listDocuments(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  limit: number,
  beforeId?: string,
) {
  await requireEngagement(ctx.db, principal.firmId, engagementId);
  return (await docs.listDocuments(ctx.db, principal.firmId, engagementId, limit, beforeId)).map(publicDocument);
}

export async function getDocument(ctx: ServiceContext, principal: Principal, engagementId: string, documentId: string) {
  const doc = await docs.getDocument(ctx.db, principal.firmId, engagementId, documentId);
  if (!doc) throw notFound('Document');
  return doc;
}

export async function getDocumentContent(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  documentId: string,
) {
  // Read as the engagement is read: another firm's engagement or document is not found (404).
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const doc = await getDocument(ctx, principal, engagementId, documentId);
  const data = await getBlob(ctx.db, principal.firmId, doc.blob_key);
  if (!data) throw notFound('Document content');
  const fileName = documentFileName({
    targetEntity: engagement.target_entity,
    kind: doc.kind,
    contentType: doc.content_type,
    fileName: doc.file_name,
    createdAt: doc.created_at,
    title: doc.title,
    documentDate: doc.document_date,
  });
  return { doc, data, fileName, inline: shownInBrowser(doc.content_type) };
}
