// Readings for operators, taken at scrape time (docs/operations.md, Metrics). Both use partial indexes
// (jobs_due_idx, jobs_lease_idx, outbox_undispatched_idx), so a scrape stays cheap as history grows.
import type { Executor } from '../../db/client.js';

export interface QueueReading {
  kind: string;
  /** Queued jobs whose time has come, waiting for a worker. */
  due: number;
  /** Seconds since the longest-waiting due job became due (0 when none). */
  oldestDueSeconds: number;
  /** Queued jobs scheduled later (retries in backoff, the recurring sweep). */
  scheduled: number;
  running: number;
}

export async function queueReadings(db: Executor): Promise<QueueReading[]> {
  const rows = await db.query<{ kind: string; due: number; oldest: number; scheduled: number; running: number }>(
    `SELECT kind,
            count(*) FILTER (WHERE status = 'queued' AND run_at <= now())::int AS due,
            COALESCE(EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE status = 'queued' AND run_at <= now())), 0)::float8 AS oldest,
            count(*) FILTER (WHERE status = 'queued' AND run_at > now())::int AS scheduled,
            count(*) FILTER (WHERE status = 'running')::int AS running
       FROM jobs WHERE status IN ('queued', 'running')
      GROUP BY kind`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    due: r.due,
    oldestDueSeconds: r.oldest,
    scheduled: r.scheduled,
    running: r.running,
  }));
}

export interface OutboxReading {
  undispatched: number;
  /** Seconds since the oldest undispatched event was written (0 when none). */
  oldestSeconds: number;
}

export async function outboxReading(db: Executor): Promise<OutboxReading> {
  const rows = await db.query<{ n: number; oldest: number }>(
    `SELECT count(*)::int AS n, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest
       FROM outbox_events WHERE dispatched_at IS NULL`,
  );
  return { undispatched: rows[0]?.n ?? 0, oldestSeconds: rows[0]?.oldest ?? 0 };
}
