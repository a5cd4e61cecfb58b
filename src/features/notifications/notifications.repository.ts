// E-mail notifications: who may receive them, and the record that an e-mail's sending began (at most once).
import type { Executor } from '../../db/client.js';
import type { Registration } from '../../contract/registrations.js';
import type { NotificationPreferences } from '../../contract/notifications.js';
import type { Role } from '../../contract/roles.js';

export interface NotifiableMember {
  id: string;
  email: string;
  name: string;
  role: Role;
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
export async function beginMail(
  tx: Executor,
  m: { dedupeKey: string; firmId: string; userId: string; kind: string; engagementId: string | null },
): Promise<boolean> {
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

export interface NotificationRow {
  id: string;
  kind: string;
  engagement_id: string;
  title: string;
  created_at: Date;
  read_at: Date | null;
}

export async function insertNotification(
  tx: Executor,
  n: { id: string; firmId: string; userId: string; kind: string; engagementId: string; title: string },
): Promise<void> {
  await tx.query(
    'INSERT INTO notifications (id, firm_id, user_id, kind, engagement_id, title) VALUES ($1, $2, $3, $4, $5, $6)',
    [n.id, n.firmId, n.userId, n.kind, n.engagementId, n.title],
  );
}

/** A person's newest notices, and how many are unread: one round trip. */
export async function listNotifications(
  tx: Executor,
  firmId: string,
  userId: string,
  limit: number,
): Promise<{ unread: number; rows: NotificationRow[] }> {
  // The count rides on a one-row base, so a person with no notices still gets it.
  const rows = await tx.query<NotificationRow & { unread: number }>(
    `SELECT c.unread, n.id, n.kind, n.engagement_id, n.title, n.created_at, n.read_at
       FROM (SELECT count(*)::int AS unread FROM notifications u WHERE u.firm_id = $1 AND u.user_id = $2 AND u.read_at IS NULL) c
       LEFT JOIN LATERAL (SELECT * FROM notifications x WHERE x.firm_id = $1 AND x.user_id = $2 ORDER BY x.id DESC LIMIT $3) n ON true`,
    [firmId, userId, limit],
  );
  return {
    unread: rows[0]?.unread ?? 0,
    rows: rows.filter((r) => r.id !== null).map(({ unread: _unread, ...r }) => r),
  };
}

/** Marks a person's notices read: all of them, or the ids given (others' ids change nothing). */
export async function markNotificationsRead(
  tx: Executor,
  firmId: string,
  userId: string,
  ids: readonly string[] | null,
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE notifications SET read_at = now() WHERE firm_id = $1 AND user_id = $2 AND read_at IS NULL AND ($3::text[] IS NULL OR id = ANY($3::text[])) RETURNING id`,
    [firmId, userId, ids],
  );
  return rows.length;
}

export async function countUnread(tx: Executor, firmId: string, userId: string): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE firm_id = $1 AND user_id = $2 AND read_at IS NULL',
    [firmId, userId],
  );
  return rows[0]!.n;
}
