// The one-use links the service e-mails to an account (a known-browser link, a password reset): only the SHA-256
// of the link's secret is stored, each expires, and using one marks it used. The table is one of these fixed
// names, written into the statement (never input).
import type { Executor } from '../../db/client.js';

export type EmailedLinkTable = 'known_browser_links' | 'password_resets';

/** Links made for the account since `since` (a few per window are mailed; the rest are dropped). */
export async function countRecentLinks(
  tx: Executor,
  table: EmailedLinkTable,
  userId: string,
  since: Date,
): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1 AND created_at > $2`,
    [userId, since],
  );
  return rows[0]!.n;
}

/** Marks the link used and returns its account, when it exists, is unused and has not expired; otherwise null. */
export async function useLink(tx: Executor, table: EmailedLinkTable, tokenHash: string): Promise<string | null> {
  const rows = await tx.query<{ user_id: string }>(
    `UPDATE ${table} SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}
