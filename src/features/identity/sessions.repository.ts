import { prepared, type Executor } from '../../db/client.js';

export interface SessionRow {
  id: string;
  user_id: string;
  firm_id: string;
  csrf_token_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertSession(
  tx: Executor,
  s: { id: string; userId: string; firmId: string; csrfTokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.query(
    'INSERT INTO sessions (id, user_id, firm_id, csrf_token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [s.id, s.userId, s.firmId, s.csrfTokenHash, s.expiresAt],
  );
}

const FIND_LIVE_SESSION = prepared(
  'session_live_by_id',
  'SELECT id, user_id, firm_id, csrf_token_hash, expires_at, revoked_at FROM sessions WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()',
);

export async function findLiveSession(tx: Executor, sessionId: string): Promise<SessionRow | null> {
  const rows = await tx.query<SessionRow>(FIND_LIVE_SESSION, [sessionId]);
  return rows[0] ?? null;
}

export async function extendSession(tx: Executor, sessionId: string, expiresAt: Date): Promise<void> {
  await tx.query('UPDATE sessions SET expires_at = $2, last_seen_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    expiresAt,
  ]);
}

export async function revokeSession(tx: Executor, sessionId: string): Promise<void> {
  await tx.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeUserSessions(tx: Executor, firmId: string, userId: string): Promise<void> {
  await tx.query('UPDATE sessions SET revoked_at = now() WHERE firm_id = $1 AND user_id = $2 AND revoked_at IS NULL', [
    firmId,
    userId,
  ]);
}
