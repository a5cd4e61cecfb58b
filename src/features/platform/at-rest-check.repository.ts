// The sealed check value of the at-rest secret (migration 0101_at_rest_check).
import type { Executor } from '../../db/client.js';

export async function readAtRestCheck(tx: Executor): Promise<string | null> {
  const rows = await tx.query<{ sealed: string }>('SELECT sealed FROM at_rest_check WHERE id = 1');
  return rows[0]?.sealed ?? null;
}

/** Stores the check value unless one is there already (two processes starting at once keep the first). */
export async function insertAtRestCheck(tx: Executor, sealed: string): Promise<void> {
  await tx.query('INSERT INTO at_rest_check (id, sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [sealed]);
}
