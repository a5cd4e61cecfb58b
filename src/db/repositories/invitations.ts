import type { Executor } from '../client.js';

export interface InvitationRow {
  id: string;
  firm_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertInvitation(
  tx: Executor,
  i: { id: string; firmId: string; userId: string; tokenHash: string; createdBy: string; expiresAt: Date },
): Promise<void> {
  await tx.query(
    'INSERT INTO invitations (id, firm_id, user_id, token_hash, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [i.id, i.firmId, i.userId, i.tokenHash, i.createdBy, i.expiresAt],
  );
}

/** Locks the invitation row so two accepts of one link cannot both succeed. */
export async function findInvitationForUpdate(tx: Executor, tokenHash: string): Promise<InvitationRow | null> {
  const rows = await tx.query<InvitationRow>(
    'SELECT id, firm_id, user_id, expires_at, used_at FROM invitations WHERE token_hash = $1 FOR UPDATE',
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markInvitationUsed(tx: Executor, id: string): Promise<void> {
  await tx.query('UPDATE invitations SET used_at = now() WHERE id = $1', [id]);
}
