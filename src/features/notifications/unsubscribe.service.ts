// One-click opt-out from an e-mail (docs/decisions.md, E-mail notifications): every notification e-mail carries
// a link to the console's /unsubscribe page and a List-Unsubscribe header (with List-Unsubscribe-Post, RFC 8058)
// whose POST switches that kind of e-mail off for that person. The link's token names the firm, the person and
// the kind, signed with the session secret (HMAC-SHA256), so it needs no sign-in and no stored state; it only
// ever switches one kind off (which the profile can switch on again).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServiceContext } from '../platform/service-context.js';
import { requestActor, type RequestTag } from '../platform/service-context.js';
import { insertAudit } from '../platform/audit.repository.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type NotificationKind } from '../../contract/notifications.js';
import { AppError } from '../../lib/errors.js';
import * as users from '../identity/users.repository.js';
import * as repo from './notifications.repository.js';

interface Subject {
  firmId: string;
  userId: string;
  kind: NotificationKind;
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');

export function unsubscribeToken(secret: string, s: Subject): string {
  const body = Buffer.from(`${s.firmId}:${s.userId}:${s.kind}`).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The subject of a token this service signed; null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): Subject | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const want = Buffer.from(mac(secret, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const [firmId, userId, kind] = Buffer.from(body, 'base64url').toString().split(':');
  if (!firmId || !userId || !(NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { firmId, userId, kind: kind as NotificationKind };
}

/** The console page a person opens from the e-mail, and the address a mail program POSTs to. */
export function unsubscribeLinks(
  ctx: Pick<ServiceContext, 'sessionSecret'>,
  base: string,
  s: Subject,
): { page: string; oneClick: string } {
  const token = encodeURIComponent(unsubscribeToken(ctx.sessionSecret, s));
  return {
    page: `${base}/unsubscribe?token=${token}`,
    oneClick: `${base}/api/v1/notifications/unsubscribe?token=${token}`,
  };
}

const INVALID = 'This opt-out link is not valid. Switch e-mails off in your profile instead.';

/** Switches the token's kind of e-mail off for its person, in one transaction with its audit entry. */
export async function unsubscribe(
  ctx: ServiceContext,
  token: string,
  requestId?: RequestTag,
): Promise<{ kind: NotificationKind; label: string; email: string }> {
  const s = readUnsubscribeToken(ctx.sessionSecret, token);
  if (!s) throw new AppError('invalid_unsubscribe_link', INVALID);
  return ctx.db.transaction(async (tx) => {
    const member = await repo.activeMember(tx, s.firmId, s.userId);
    if (!member) throw new AppError('invalid_unsubscribe_link', INVALID);
    const notificationPreferences = { [s.kind]: false };
    await users.updateUserProfile(tx, s.firmId, s.userId, { notificationPreferences });
    await insertAudit(tx, s.firmId, requestActor({ type: 'USER', id: s.userId }, requestId), {
      action: AUDIT.profileUpdated,
      details: { userId: s.userId, notificationPreferences, via: 'the opt-out link of an e-mail' },
    });
    return { kind: s.kind, label: NOTIFICATION_LABELS[s.kind], email: member.email };
  });
}
