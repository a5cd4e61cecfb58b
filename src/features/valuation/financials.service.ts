// Financials ingestion (a job): parse the uploaded file into the canonical document, validate it,
// and move the engagement to DATA_READY — or reject the file with precise errors and move it back.
import type { ServiceContext } from '../platform/service-context.js';
import type { Executor } from '../../db/client.js';
import {
  PermanentJobError,
  attemptOrRelease,
  type INGEST_JOB,
  type JobPayload,
  type JobAttempt,
} from '../platform/job-queue.service.js';
import { conflict } from '../../lib/errors.js';
import type { Principal } from '../../domain/identity/roles.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import { printable } from '../../domain/financials/storable-text.js';
import type { DocumentError } from '../../integrations/spreadsheets/parse-financials-file.js';
import { parseFinancialsOffThread } from '../../integrations/spreadsheets/reader-thread.js';
import * as docs from '../engagements/documents.repository.js';
import { getBlob } from '../platform/blobs.repository.js';
import { getAssumptions, getFinancials, upsertFinancials } from './valuation-data.repository.js';
import { SYSTEM_ACTOR, type Actor } from '../platform/audit.repository.js';
import { applyTransition } from '../engagements/engagement-transitions.service.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { startComputationIfReady, statuteMissingInputs } from './readiness.service.js';

/** At most this many errors are stored with a rejected document; a last entry counts the rest. */
export const MAX_STORED_ERRORS = 200;

export function capErrors(errors: DocumentError[]): DocumentError[] {
  if (errors.length <= MAX_STORED_ERRORS) return errors;
  return [
    ...errors.slice(0, MAX_STORED_ERRORS),
    { path: '/', message: `and ${errors.length - MAX_STORED_ERRORS} more errors not listed: correct these first` },
  ];
}

/**
 * The ingest-financials job. Idempotent: a document already parsed or rejected is left alone. An
 * attempt that fails for good (its last retry, or a failure no retry can mend) rejects the document
 * with the reason and releases the engagement for a corrected upload, so no file can hold it in
 * DATA_INGESTING for ever.
 */
export async function ingestFinancials(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof INGEST_JOB>,
): Promise<void> {
  await attemptOrRelease(job, {
    timer: ctx.metrics?.timer(ctx.metrics.ingestionDuration),
    attempt: async () => {
      const outcome = await ingestFinancialsAttempt(ctx, job, payload);
      return outcome ? { outcome } : null;
    },
    errorLabels: { outcome: 'error' },
    release: (message) => {
      const reason = printable(message).slice(0, 500);
      return ctx.db.transaction((tx) =>
        rejectDocument(tx, payload, [
          { path: '/', message: `the file could not be processed (${reason}); upload a corrected file` },
        ]),
      );
    },
  });
}

async function rejectDocument(
  tx: Executor,
  payload: JobPayload<typeof INGEST_JOB>,
  errors: DocumentError[],
): Promise<void> {
  const { firmId, engagementId, documentId, requestId } = payload;
  const current = await docs.getDocument(tx, firmId, engagementId, documentId);
  if (current?.status !== 'PARSING') return;
  const stored = capErrors(errors);
  await docs.setDocumentStatus(tx, firmId, documentId, 'REJECTED', stored);
  await applyTransition(
    tx,
    firmId,
    engagementId,
    'INGEST_REJECTED',
    { ...SYSTEM_ACTOR, requestId: requestId ?? null },
    {
      details: { documentId, errors: stored.slice(0, 20), errorCount: errors.length },
    },
  );
}

/** Returns whether the file was accepted or rejected, or nothing when it had already been dealt with. */
async function ingestFinancialsAttempt(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof INGEST_JOB>,
): Promise<'accepted' | 'rejected' | undefined> {
  const { firmId, engagementId, documentId, requestId } = payload;
  const doc = await docs.getDocument(ctx.db, firmId, engagementId, documentId);
  if (!doc) throw new PermanentJobError(`document ${documentId} not found`);
  if (doc.status !== 'PARSING') return undefined;
  const data = await getBlob(ctx.db, firmId, doc.blob_key);
  if (!data) throw new PermanentJobError(`blob of ${documentId} missing`);
  const outcome = await parseFinancialsOffThread(doc.format, data);
  const actor: Actor = { ...SYSTEM_ACTOR, requestId: requestId ?? null };
  return ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, firmId, engagementId, true);
    const current = await docs.getDocument(tx, firmId, engagementId, documentId);
    if (current?.status !== 'PARSING') {
      await job.complete(tx);
      return undefined;
    }
    if (outcome.ok) {
      await upsertFinancials(tx, firmId, engagementId, documentId, outcome.financials);
      await docs.setDocumentStatus(tx, firmId, documentId, 'PARSED');
      // Statute readiness is checked here too: the file is valid, but what the statute still lacks is
      // recorded (and shown with the financials) so the valuer learns it before the lock.
      const locked = await getAssumptions(tx, firmId, engagementId);
      const missing = statuteMissingInputs(
        engagement,
        outcome.financials,
        locked?.method_weights,
        locked?.market_approach,
      ).map((m) => ({ path: m.path, message: m.message }));
      await applyTransition(tx, firmId, engagementId, 'INGEST_SUCCEEDED', actor, {
        details: { documentId, ...(missing.length > 0 && { missingInputs: missing }) },
      });
      await startComputationIfReady(tx, firmId, engagementId, actor);
    } else {
      await rejectDocument(tx, payload, outcome.errors);
    }
    await job.complete(tx);
    return outcome.ok ? 'accepted' : 'rejected';
  });
}

export async function getNormalisedFinancials(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const row = await getFinancials<NormalisedFinancials>(ctx.db, principal.firmId, engagementId);
  if (!row) throw conflict('financials_not_ready', 'No financials have been accepted for this engagement yet');
  const locked = await getAssumptions(ctx.db, principal.firmId, engagementId);
  const missingInputs = statuteMissingInputs(engagement, row.data, locked?.method_weights, locked?.market_approach).map(
    (m) => ({ path: m.path, message: m.message }),
  );
  return {
    engagementId,
    documentId: row.document_id,
    acceptedAt: row.created_at.toISOString(),
    financials: row.data,
    missingInputs,
  };
}
