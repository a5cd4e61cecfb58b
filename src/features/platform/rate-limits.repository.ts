// Fixed-window counters in PostgreSQL, shared by every API process (migration 0090).
import type { Executor } from '../../db/client.js';

export interface Counter {
  count: number;
  resetAt: Date;
  lastAt: Date;
}

/** Adds one to `key`'s counter, starting a new window of `windowSeconds` when the last one has run out. */
export async function incrementCounter(tx: Executor, key: string, windowSeconds: number): Promise<Counter> {
  const rows = await tx.query<{ count: number; reset_at: Date; last_at: Date }>(
    `INSERT INTO rate_limits (key, count, reset_at, last_at) VALUES ($1, 1, now() + make_interval(secs => $2), now())
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END,
       last_at = now()
     RETURNING count, reset_at, last_at`,
    [key, windowSeconds],
  );
  const r = rows[0]!;
  return { count: r.count, resetAt: r.reset_at, lastAt: r.last_at };
}

/** The live counters of `keys` (an expired window counts as none). */
export async function readCounters(tx: Executor, keys: string[]): Promise<Map<string, Counter>> {
  const rows = await tx.query<{ key: string; count: number; reset_at: Date; last_at: Date }>(
    'SELECT key, count, reset_at, last_at FROM rate_limits WHERE key = ANY($1::text[]) AND reset_at > now()',
    [keys],
  );
  return new Map(rows.map((r) => [r.key, { count: r.count, resetAt: r.reset_at, lastAt: r.last_at }]));
}

export async function deleteCounter(tx: Executor, key: string): Promise<void> {
  await tx.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/** Removes counters whose window has run out. */
export async function sweepCounters(tx: Executor): Promise<number> {
  const rows = await tx.query('DELETE FROM rate_limits WHERE reset_at <= now() RETURNING key');
  return rows.length;
}
