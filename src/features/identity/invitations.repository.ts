import type { Executor } from '../../db/client.js';

export interface InvitationRow {
  id: string;
  firm_id: string;
  user_id: string;
  /** Who sent it (a user, or an API token). */
  created_by: string;
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
    'SELECT id, firm_id, user_id, created_by, expires_at, used_at FROM invitations WHERE token_hash = $1 FOR UPDATE',
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markInvitationUsed(tx: Executor, id: string): Promise<void> {
  await tx.query('UPDATE invitations SET used_at = now() WHERE id = $1', [id]);
}

export interface PendingInvitationRow {
  id: string;
  user_id: string;
  email: string;
  name: string;
  role: string;
  created_at: Date;
  expires_at: Date;
  resent_at: Date | null;
}

/** The firm's invitations not yet accepted (expired ones included, so they can be resent), newest first. */
export async function listPendingInvitations(
  tx: Executor,
  firmId: string,
  limit: number,
): Promise<PendingInvitationRow[]> {
  return tx.query<PendingInvitationRow>(
    `SELECT i.id, i.user_id, u.email, u.name, u.role, i.created_at, i.expires_at, i.resent_at
       FROM invitations i JOIN users u ON u.id = i.user_id AND u.firm_id = i.firm_id
      WHERE i.firm_id = $1 AND i.used_at IS NULL AND u.status = 'INVITED'
      ORDER BY i.id DESC LIMIT $2`,
    [firmId, limit],
  );
}

export async function getPendingInvitationForUpdate(
  tx: Executor,
  firmId: string,
  id: string,
): Promise<PendingInvitationRow | null> {
  const rows = await tx.query<PendingInvitationRow>(
    `SELECT i.id, i.user_id, u.email, u.name, u.role, i.created_at, i.expires_at, i.resent_at
       FROM invitations i JOIN users u ON u.id = i.user_id AND u.firm_id = i.firm_id
      WHERE i.firm_id = $1 AND i.id = $2 AND i.used_at IS NULL AND u.status = 'INVITED'
      FOR UPDATE OF i`,
    [firmId, id],
  );
  return rows[0] ?? null;
}

/** A new secret and expiry: the old link stops working. */
export async function renewInvitation(
  tx: Executor,
  firmId: string,
  id: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await tx.query(
    'UPDATE invitations SET token_hash = $3, expires_at = $4, resent_at = now() WHERE firm_id = $1 AND id = $2',
    [firmId, id, tokenHash, expiresAt],
  );
}

export interface InvitationPreviewRow {
  firm: string;
  role: string;
  name: string;
  expires_at: Date;
  used_at: Date | null;
}

/** What an invitation is for (the firm's legal name where set, the role, the person), by its token's hash. */
export async function findInvitationPreview(tx: Executor, tokenHash: string): Promise<InvitationPreviewRow | null> {
  const rows = await tx.query<InvitationPreviewRow>(
    `SELECT coalesce(f.legal_name, f.name) AS firm, u.role, u.name, i.expires_at, i.used_at
       FROM invitations i JOIN users u ON u.id = i.user_id AND u.firm_id = i.firm_id JOIN firms f ON f.id = i.firm_id
      WHERE i.token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}
