// Every job kind this service runs and the shape of its payload, in one registry: services enqueue
// through enqueueJob (the payload is typed by its kind) and handlers receive the payload parsed by the
// same schema (parsePayload in src/jobs/handlers), so no handler casts what it reads from the jobs table.
import { z } from 'zod';
import type { Executor } from '../db/client.js';
import { enqueue, type EnqueueOptions } from './queue.js';
import { PermanentJobError, type JobContext } from './worker.js';

export const INGEST_JOB = 'ingest-financials';
export const COMPUTE_JOB = 'compute-valuation';
export const RENDER_JOB = 'render-report';
export const DISPATCH_OUTBOX_JOB = 'dispatch-outbox';
export const DELIVER_WEBHOOK_JOB = 'deliver-webhook';

const id = z.string().min(1);
/** The request that caused the job, carried into its audit entries (null for system work). */
const requestId = z.string().nullish();

export const JOB_PAYLOADS = {
  [INGEST_JOB]: z.object({ firmId: id, engagementId: id, documentId: id, requestId }),
  [COMPUTE_JOB]: z.object({ firmId: id, engagementId: id, requestId }),
  [RENDER_JOB]: z.object({ firmId: id, engagementId: id, reportId: id, kind: z.enum(['DRAFT', 'FINAL']) }),
  [DISPATCH_OUTBOX_JOB]: z.object({ sweep: z.boolean().optional() }),
  [DELIVER_WEBHOOK_JOB]: z.object({ deliveryId: id, firmId: id }),
};

export type JobKind = keyof typeof JOB_PAYLOADS;
export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_PAYLOADS)[K]>;

/** Enqueues a job of a registered kind; the payload is checked against the registry before it is stored. */
export function enqueueJob<K extends JobKind>(tx: Executor, kind: K, payload: JobPayload<K>, options?: EnqueueOptions): Promise<string | null> {
  return enqueue(tx, kind, JOB_PAYLOADS[kind].parse(payload), options);
}

/** A job's stored payload parsed by its kind's schema; a malformed one fails the job for good. */
export function parsePayload<S extends z.ZodType>(kind: JobKind, schema: S, job: JobContext): z.output<S> {
  const parsed = schema.safeParse(job.job.payload);
  if (!parsed.success) throw new PermanentJobError(`malformed ${kind} payload: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data;
}
