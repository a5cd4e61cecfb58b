// A durable job queue in PostgreSQL (both engines). Jobs are claimed with
// FOR UPDATE SKIP LOCKED and hold a lease; a worker that dies loses its lease and the job
// is claimed again. Completion is guarded by the lease holder and attempt number, so a
// late worker can never complete (or commit the effects of) a job someone else now owns.
import type { Executor } from '../../db/client.js';
import { newId } from '../../lib/ids.js';

export const JOBS_CHANNEL = 'jobs_ready';

export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one queued or running job per key. */
  dedupeKey?: string;
}

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`lease on job ${jobId} was lost; another worker owns it now`);
  }
}

export async function enqueue(
  tx: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const id = newId('job');
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO jobs (id, kind, payload, max_attempts, run_at, dedupe_key)
     VALUES ($1, $2, $3, $4, COALESCE($5, now()), $6)
     ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running') DO NOTHING
     RETURNING id`,
    [id, kind, JSON.stringify(payload), options.maxAttempts ?? 5, options.runAt ?? null, options.dedupeKey ?? null],
  );
  // Delivered on commit: wakes idle workers at once instead of at the next poll.
  await tx.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, kind]);
  return rows[0]?.id ?? null;
}

/**
 * Claims one due job (or one whose lease expired) for `workerId`. A job of a kind in `onePerFirm` waits while
 * another job of that kind runs for the same firm (payload.firmId), so one firm's queue cannot take every slot.
 */
export async function claimJob(
  tx: Executor,
  workerId: string,
  leaseSeconds: number,
  kinds?: readonly string[],
  onePerFirm: readonly string[] = [],
): Promise<Job | null> {
  const rows = await tx.query<{
    id: string;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
  }>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $1,
            lease_expires_at = now() + make_interval(secs => $2), updated_at = now()
      WHERE id = (
        SELECT id FROM jobs
         WHERE ((status = 'queued' AND run_at <= now())
             OR (status = 'running' AND lease_expires_at < now() AND attempts < max_attempts))
           AND ($3::text[] IS NULL OR kind = ANY($3::text[]))
           AND NOT (kind = ANY($4::text[]) AND EXISTS (
                 SELECT 1 FROM jobs AS busy
                  WHERE busy.status = 'running' AND busy.lease_expires_at >= now() AND busy.kind = jobs.kind
                    AND busy.payload->>'firmId' = jobs.payload->>'firmId'))
         ORDER BY run_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts`,
    [workerId, leaseSeconds, kinds ?? null, onePerFirm],
  );
  const r = rows[0];
  return r
    ? {
        id: r.id,
        kind: r.kind,
        payload: r.payload,
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        lockedBy: workerId,
      }
    : null;
}

/** Marks jobs dead whose last attempt's lease ran out (their worker died on the final try). */
export async function buryAbandoned(tx: Executor): Promise<number> {
  const rows = await tx.query(
    `UPDATE jobs SET status = 'dead', last_error = COALESCE(last_error, 'lease expired on the last attempt'),
            finished_at = now(), updated_at = now()
      WHERE status = 'running' AND lease_expires_at < now() AND attempts >= max_attempts
      RETURNING id`,
  );
  return rows.length;
}

/** Completes the job inside `tx` (so a handler's effects and the completion commit together). */
export async function completeJob(tx: Executor, job: Job): Promise<void> {
  const rows = await tx.query(
    `UPDATE jobs SET status = 'succeeded', finished_at = now(), updated_at = now(), lease_expires_at = NULL
      WHERE id = $1 AND status = 'running' AND locked_by = $2 AND attempts = $3
      RETURNING id`,
    [job.id, job.lockedBy, job.attempts],
  );
  if (rows.length === 0) throw new LeaseLostError(job.id);
}

/**
 * Extends a running job's lease (the worker's heartbeat while its handler runs), guarded like completion:
 * false when the job is no longer this attempt's (claimed again, or finished), so the run must not complete.
 */
export async function extendLease(tx: Executor, job: Job, leaseSeconds: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE jobs SET lease_expires_at = now() + make_interval(secs => $4), updated_at = now()
      WHERE id = $1 AND status = 'running' AND locked_by = $2 AND attempts = $3
      RETURNING id`,
    [job.id, job.lockedBy, job.attempts, leaseSeconds],
  );
  return rows.length > 0;
}

/** Exponential backoff with a cap: 2s, 4s, 8s … at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 2 ** Math.max(1, attempts));
}

export async function failJob(
  tx: Executor,
  job: Job,
  error: string,
  options: { permanent?: boolean } = {},
): Promise<'retry' | 'dead'> {
  const dead = options.permanent === true || job.attempts >= job.maxAttempts;
  const rows = await tx.query(
    `UPDATE jobs SET status = $4, last_error = $5, lease_expires_at = NULL, updated_at = now(),
            run_at = now() + make_interval(secs => $6), finished_at = CASE WHEN $4 = 'dead' THEN now() END
      WHERE id = $1 AND status = 'running' AND locked_by = $2 AND attempts = $3 RETURNING id`,
    [job.id, job.lockedBy, job.attempts, dead ? 'dead' : 'queued', error.slice(0, 2000), backoffSeconds(job.attempts)],
  );
  if (rows.length === 0) throw new LeaseLostError(job.id);
  return dead ? 'dead' : 'retry';
}

/** Deletes finished (succeeded) jobs of one kind older than `olderThanSeconds`: housekeeping for recurring jobs. */
export async function deleteFinishedJobs(tx: Executor, kind: string, olderThanSeconds: number): Promise<number> {
  const rows = await tx.query(
    `DELETE FROM jobs WHERE kind = $1 AND status = 'succeeded' AND finished_at < now() - make_interval(secs => $2) RETURNING id`,
    [kind, olderThanSeconds],
  );
  return rows.length;
}
