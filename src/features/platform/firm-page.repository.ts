// One page of a firm's rows, newest first: the keyset pagination of the lists (tokens, members, webhook endpoints).
import type { Executor } from '../../db/client.js';

/** The firm's rows of `table` with an id before `beforeId` (all when none), newest id first, at most `limit`. */
export function firmPage<Row>(
  tx: Executor,
  table: string,
  columns: string,
  firmId: string,
  limit: number,
  beforeId?: string,
): Promise<Row[]> {
  return tx.query<Row>(
    `SELECT ${columns} FROM ${table} WHERE firm_id = $1 AND ($2::text IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
    [firmId, beforeId ?? null, limit],
  );
}
