// The background work services ask for, in one registry: every job kind and the shape of its payload.
// Services enqueue through enqueueJob (the payload is typed by its kind and checked before it is
// stored); the worker (src/jobs) parses the stored payload with the same schema before a handler runs.
//
// The worker depends on services, never the reverse: a service that runs as a job receives a
// JobAttempt, which the worker implements (docs/architecture.md, Jobs).
import { z } from 'zod';
import type { Logger } from 'pino';
import type { Executor } from '../../db/client.js';
import { enqueue, LeaseLostError, type EnqueueOptions } from './job-queue.repository.js';
import { NOTIFICATION_KINDS } from '../../contract/notifications.js';

export const INGEST_JOB = 'ingest-financials';
/** Kinds of which one runs at a time per firm: a firm's uploads cannot hold every worker slot (docs/decisions.md). */
export const ONE_PER_FIRM_JOBS: readonly string[] = [INGEST_JOB];
export const COMPUTE_JOB = 'compute-valuation';
export const RENDER_JOB = 'render-report';
export const DISPATCH_OUTBOX_JOB = 'dispatch-outbox';
export const DELIVER_WEBHOOK_JOB = 'deliver-webhook';
export const NOTIFY_MAIL_JOB = 'send-notification-mail';

const id = z.string().min(1);
/** The request that caused the job, carried into its audit entries (null for system work). */
const requestId = z.string().nullish();

export const JOB_PAYLOADS = {
  [INGEST_JOB]: z.object({ firmId: id, engagementId: id, documentId: id, requestId }),
  [COMPUTE_JOB]: z.object({ firmId: id, engagementId: id, requestId }),
  [RENDER_JOB]: z.object({ firmId: id, engagementId: id, reportId: id, kind: z.enum(['DRAFT', 'FINAL']) }),
  [DISPATCH_OUTBOX_JOB]: z.object({ sweep: z.boolean().optional() }),
  [DELIVER_WEBHOOK_JOB]: z.object({ deliveryId: id, firmId: id }),
  [NOTIFY_MAIL_JOB]: z.object({
    firmId: id,
    userId: id,
    engagementId: id.nullable(),
    dedupeKey: id,
    kind: z.enum(NOTIFICATION_KINDS),
    facts: z.record(z.string(), z.string()),
  }),
};

export type JobKind = keyof typeof JOB_PAYLOADS;
export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_PAYLOADS)[K]>;

/** Enqueues a job of a registered kind; the payload is checked against the registry before it is stored. */
export function enqueueJob<K extends JobKind>(
  tx: Executor,
  kind: K,
  payload: JobPayload<K>,
  options?: EnqueueOptions,
): Promise<string | null> {
  return enqueue(tx, kind, JOB_PAYLOADS[kind].parse(payload), options);
}

/**
 * One attempt at a job, as a service running it sees it. `complete(tx)` records the job as done inside
 * the service's own transaction, so its effects and the completion commit together or not at all (a
 * worker that lost its lease meanwhile gets LeaseLostError and its effects roll back). A service that
 * returns without calling it has the job completed by the worker; one that throws has it retried, or
 * failed for good on PermanentJobError.
 */
export interface JobAttempt {
  job: { id: string; attempts: number; maxAttempts: number };
  log: Logger;
  complete(tx: Executor): Promise<void>;
  /** Aborts when the worker finds its lease lost: the attempt may stop early; it can no longer complete. */
  signal?: AbortSignal;
}

/** Thrown to fail a job at once, without further attempts (retrying cannot help). */
export class PermanentJobError extends Error {}

/**
 * Whether `err` ends this job for good: no retry can mend it, or this was the last attempt. A lost
 * lease never does: the job's new owner carries on.
 */
export function failsForGood(err: unknown, attempt: JobAttempt): boolean {
  if (err instanceof LeaseLostError) return false;
  return err instanceof PermanentJobError || attempt.job.attempts >= attempt.job.maxAttempts;
}

/**
 * One attempt of a job that must not leave its subject half-done. `attempt` answers the labels to time the
 * success under (or null when there was nothing to do); on an error the timer gets `errorLabels`, and when
 * the error ends the job for good, `release` marks the subject failed so nothing waits on it for ever. A
 * failure to release is logged, never hides the job's own error, which goes back to the queue.
 */
export async function attemptOrRelease<L extends string>(
  job: JobAttempt,
  run: {
    timer: ((labels: Partial<Record<L, string>>) => void) | undefined;
    attempt: () => Promise<Partial<Record<L, string>> | null>;
    errorLabels: Partial<Record<L, string>>;
    release: (message: string) => Promise<unknown>;
  },
): Promise<void> {
  const { timer, attempt, errorLabels, release } = run;
  try {
    const labels = await attempt();
    if (labels) timer?.(labels);
  } catch (err) {
    timer?.(errorLabels);
    if (failsForGood(err, job)) {
      await release(err instanceof Error ? err.message : String(err)).catch((e: unknown) =>
        job.log.error({ err: e }, 'could not release the subject of a job that failed for good'),
      );
    }
    throw err;
  }
}
