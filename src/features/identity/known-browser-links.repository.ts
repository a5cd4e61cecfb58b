// One-time links that make a browser known to an account (migration 0102_known_browser_links).
import type { Executor } from '../../db/client.js';

export async function insertKnownBrowserLink(
  tx: Executor,
  link: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await tx.query('INSERT INTO known_browser_links (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    link.tokenHash,
    link.userId,
    link.expiresAt,
  ]);
}

/** Links made for the account since `since` (a few per quarter hour are mailed; the rest are dropped). */
export async function countRecentKnownBrowserLinks(tx: Executor, userId: string, since: Date): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM known_browser_links WHERE user_id = $1 AND created_at > $2',
    [userId, since],
  );
  return rows[0]!.n;
}

/** Marks the link used and returns its account, when it exists, is unused and has not expired; otherwise null. */
export async function useKnownBrowserLink(tx: Executor, tokenHash: string): Promise<string | null> {
  const rows = await tx.query<{ user_id: string }>(
    `UPDATE known_browser_links SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}
