import type { Executor } from '../client.js';

export interface IdempotencyRow {
  fingerprint: string;
  status: 'in_progress' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: Date;
}

/** Claims the key; returns null when it was free (now ours), or the existing record. */
export async function claimIdempotencyKey(
  tx: Executor,
  r: { firmId: string; principalId: string; key: string; fingerprint: string },
): Promise<IdempotencyRow | null> {
  // Keys older than 24 h are forgotten (DESIGN §2).
  await tx.query(`DELETE FROM idempotency_keys WHERE principal_id = $1 AND key = $2 AND created_at < now() - interval '24 hours'`, [r.principalId, r.key]);
  const inserted = await tx.query(
    `INSERT INTO idempotency_keys (firm_id, principal_id, key, fingerprint, status) VALUES ($1, $2, $3, $4, 'in_progress')
     ON CONFLICT (principal_id, key) DO NOTHING RETURNING key`,
    [r.firmId, r.principalId, r.key, r.fingerprint],
  );
  if (inserted.length > 0) return null;
  const rows = await tx.query<IdempotencyRow>(
    'SELECT fingerprint, status, response_status, response_body, created_at FROM idempotency_keys WHERE principal_id = $1 AND key = $2',
    [r.principalId, r.key],
  );
  return rows[0] ?? null;
}

export async function completeIdempotencyKey(tx: Executor, principalId: string, key: string, status: number, body: string): Promise<void> {
  await tx.query(
    `UPDATE idempotency_keys SET status = 'done', response_status = $3, response_body = $4 WHERE principal_id = $1 AND key = $2`,
    [principalId, key, status, body],
  );
}

export async function releaseIdempotencyKey(tx: Executor, principalId: string, key: string): Promise<void> {
  await tx.query(`DELETE FROM idempotency_keys WHERE principal_id = $1 AND key = $2 AND status = 'in_progress'`, [principalId, key]);
}
