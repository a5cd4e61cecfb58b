import type { Executor } from '../../src/db/client.js';

/** A job's row as the tests inspect it (the service reads jobs only through the worker). */
export async function getJob(db: Executor, id: string) {
  const rows = await db.query<{
    id: string;
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
    payload: Record<string, unknown>;
  }>('SELECT id, kind, status, attempts, last_error, payload FROM jobs WHERE id = $1', [id]);
  return rows[0] ?? null;
}
