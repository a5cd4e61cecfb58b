import type { Executor } from '../../db/client.js';

export interface IdempotencyRow {
  fingerprint: string;
  response_status: number;
  response_body: string;
  created_at: Date;
}

/** The stored response for a key, unless it is older than 24 h (docs/decisions.md, Idempotency: then the key is forgotten). */
export async function findIdempotencyRecord(
  tx: Executor,
  principalId: string,
  key: string,
): Promise<IdempotencyRow | null> {
  const rows = await tx.query<IdempotencyRow>(
    `SELECT fingerprint, response_status, response_body, created_at FROM idempotency_keys
      WHERE principal_id = $1 AND key = $2 AND status = 'done' AND created_at >= now() - interval '24 hours'`,
    [principalId, key],
  );
  return rows[0] ?? null;
}

/**
 * Stores the response in the business write's own transaction. false when the key is taken: a request
 * with the same key committed first (a concurrent one waits here on the unique index until that commits).
 */
export async function insertIdempotencyRecord(
  tx: Executor,
  r: { firmId: string; principalId: string; key: string; fingerprint: string; status: number; body: string },
): Promise<boolean> {
  await tx.query(
    `DELETE FROM idempotency_keys WHERE principal_id = $1 AND key = $2 AND created_at < now() - interval '24 hours'`,
    [r.principalId, r.key],
  );
  const inserted = await tx.query(
    `INSERT INTO idempotency_keys (firm_id, principal_id, key, fingerprint, status, response_status, response_body)
     VALUES ($1, $2, $3, $4, 'done', $5, $6) ON CONFLICT (principal_id, key) DO NOTHING RETURNING key`,
    [r.firmId, r.principalId, r.key, r.fingerprint, r.status, r.body],
  );
  return inserted.length > 0;
}
