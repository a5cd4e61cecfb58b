// E-mail notifications: who may receive them, and the record that an e-mail's sending began (at most once).
import type { Executor } from '../client.js';
import type { Registration } from '../../contract/registrations.js';
import type { NotificationPreferences } from '../../contract/notifications.js';

export interface NotifiableMember {
  id: string;
  email: string;
  name: string;
  role: 'ADMIN' | 'VALUER' | 'VIEWER';
  registrations: Registration[];
  notification_preferences: NotificationPreferences;
}

/** The firm's active members, with what deciding and addressing an e-mail needs. */
export async function activeMembers(tx: Executor, firmId: string): Promise<NotifiableMember[]> {
  return tx.query<NotifiableMember>(
    `SELECT id, email, name, role, registrations, notification_preferences FROM users WHERE firm_id = $1 AND status = 'ACTIVE' ORDER BY id`,
    [firmId],
  );
}

/** One active member (null when not active or not of the firm). */
export async function activeMember(tx: Executor, firmId: string, userId: string): Promise<NotifiableMember | null> {
  const rows = await tx.query<NotifiableMember>(
    `SELECT id, email, name, role, registrations, notification_preferences FROM users WHERE firm_id = $1 AND id = $2 AND status = 'ACTIVE'`,
    [firmId, userId],
  );
  return rows[0] ?? null;
}

/** Records that sending began; false when it already had (sent, or begun by an attempt that did not finish). */
export async function beginMail(tx: Executor, m: { dedupeKey: string; firmId: string; userId: string; kind: string; engagementId: string | null }): Promise<boolean> {
  const rows = await tx.query<{ dedupe_key: string }>(
    `INSERT INTO notification_mails (dedupe_key, firm_id, user_id, kind, engagement_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING dedupe_key`,
    [m.dedupeKey, m.firmId, m.userId, m.kind, m.engagementId],
  );
  return rows.length === 1;
}

export async function markMailSent(tx: Executor, dedupeKey: string): Promise<void> {
  await tx.query('UPDATE notification_mails SET sent_at = now() WHERE dedupe_key = $1', [dedupeKey]);
}

/** The server refused the e-mail: sending did not happen, so the next attempt may try again. */
export async function forgetMail(tx: Executor, dedupeKey: string): Promise<void> {
  await tx.query('DELETE FROM notification_mails WHERE dedupe_key = $1 AND sent_at IS NULL', [dedupeKey]);
}
