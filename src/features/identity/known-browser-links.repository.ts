// One-time links that make a browser known to an account (migration 0102_known_browser_links).
import { countRecentLinks, useLink } from './emailed-links.repository.js';
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
export const countRecentKnownBrowserLinks = (tx: Executor, userId: string, since: Date) =>
  countRecentLinks(tx, 'known_browser_links', userId, since);

/** Marks the link used and returns its account, when it exists, is unused and has not expired; otherwise null. */
export const useKnownBrowserLink = (tx: Executor, tokenHash: string) => useLink(tx, 'known_browser_links', tokenHash);
