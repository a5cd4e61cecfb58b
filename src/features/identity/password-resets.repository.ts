// One-use password reset links (migration 0111_password_resets): only the SHA-256 of each link's secret.
import type { Executor } from '../../db/client.js';

export async function insertPasswordReset(
  tx: Executor,
  link: { tokenHash: string; userId: string; sentBy: string | null; minutes: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO password_resets (token_hash, user_id, sent_by, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4::int))`,
    [link.tokenHash, link.userId, link.sentBy, link.minutes],
  );
}

/** Links made for the account since `since` (a few per window are mailed; the rest are dropped). */
export async function countRecentPasswordResets(tx: Executor, userId: string, since: Date): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND created_at > $2',
    [userId, since],
  );
  return rows[0]!.n;
}

/**
 * Uses a link: when it exists, is unused and has not expired, it and every other open link of its account are
 * marked used (a reset ends them all), and its account is returned; otherwise null.
 */
export async function usePasswordReset(tx: Executor, tokenHash: string): Promise<string | null> {
  const rows = await tx.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [tokenHash],
  );
  const userId = rows[0]?.user_id;
  if (!userId) return null;
  await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return userId;
}
