// One-use password reset links (migration 0111_password_resets): only the SHA-256 of each link's secret.
import { countRecentLinks, useLink } from './emailed-links.repository.js';
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
export const countRecentPasswordResets = (tx: Executor, userId: string, since: Date) =>
  countRecentLinks(tx, 'password_resets', userId, since);

export async function usePasswordReset(tx: Executor, tokenHash: string): Promise<string | null> {
  const userId = await useLink(tx, 'password_resets', tokenHash);
  if (!userId) return null;
  await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return userId;
}
