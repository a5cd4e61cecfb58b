// E-mail notifications (docs/decisions.md, E-mail notifications). Who is told what is decided inside the
// transaction of the event that causes it, and each e-mail is a job enqueued there (so it is sent only if the
// event commits, and never in the request). The job sends it once: notification_mails records that sending
// began for this event, person and kind, and a retry finding that record sends nothing.
import type { ReviewHistory } from '../../domain/engagement/four-eyes.js';
import type { Executor } from '../../db/client.js';
import type { ServiceContext } from '../platform/service-context.js';
import type { Principal } from '../../domain/identity/roles.js';
import { enqueueJob, NOTIFY_MAIL_JOB, type JobAttempt, type JobPayload } from '../platform/job-queue.service.js';
import { newId } from '../../lib/ids.js';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../contract/notifications.js';
import { MAILED_STAGES, gateNumber, inStages, isGate, type Gate } from '../../contract/stages.js';
import * as repo from './notifications.repository.js';
import * as engagements from '../engagements/engagements.repository.js';
import { signatoryInputsOf } from '../engagements/engagement-people.repository.js';
import { gatePrincipalRefusal, gateRefusal, memberAsPerson, signingRefusal } from '../../domain/engagement/rights.js';
import { qualificationOf } from '../review/review-rights.service.js';
import { personOfActor, reviewHistoryOf } from '../review/review-rights.service.js';
import { signatoryStatus } from '../../domain/identity/signatory.js';
import { rupees } from '../../contract/money-format.js';
import { NOTIFICATION_TABS, isBellKind, type BellKind } from '../../contract/notifications.js';
import { ROLE_LABELS, type Role } from '../../contract/roles.js';
import { unsubscribeLinks } from './unsubscribe.service.js';

export { NOTIFICATION_KINDS };

type Facts = Record<string, string>;

/**
 * Enqueues one e-mail per recipient who has not switched this kind off; one dedupe key per event, person and
 * kind. Nobody is told of their own action: the person behind `actorPersonId` is left out.
 */
async function notify(
  tx: Executor,
  firmId: string,
  engagementId: string,
  kind: NotificationKind,
  eventId: string,
  recipients: readonly repo.NotifiableMember[],
  facts: Facts,
  actorPersonId: string | null,
): Promise<void> {
  const seen = new Set<string>(actorPersonId ? [actorPersonId] : []);
  const title = composeNotification(kind, facts).subject;
  for (const r of recipients) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    // The bell has every notice of its kinds; the e-mail only a kind the person has not switched off.
    if (isBellKind(kind))
      await repo.insertNotification(tx, { id: newId('ntf'), firmId, userId: r.id, kind, engagementId, title });
    await enqueueMail(tx, firmId, r, kind, eventId, engagementId, facts);
  }
}

/** The e-mail's job, unless the person switched this kind off. */
async function enqueueMail(
  tx: Executor,
  firmId: string,
  r: repo.NotifiableMember,
  kind: NotificationKind,
  eventId: string,
  engagementId: string | null,
  facts: Facts,
): Promise<void> {
  if (r.notification_preferences?.[kind] === false) return;
  const dedupeKey = `${eventId}:${r.id}:${kind}`;
  await enqueueJob(
    tx,
    NOTIFY_MAIL_JOB,
    { firmId, userId: r.id, engagementId, kind, dedupeKey, facts },
    { dedupeKey: `mail:${dedupeKey}`, maxAttempts: 8 },
  );
}

/** An invitation was accepted, in its transaction: whoever sent it hears who joined (an e-mail; no engagement). */
export async function notifyInvitationAccepted(
  tx: Executor,
  firmId: string,
  invitationId: string,
  invitedBy: string,
  joined: { id: string; name: string; role: string },
): Promise<void> {
  const inviterId = await personOfActor(tx, firmId, invitedBy);
  if (!inviterId || inviterId === joined.id) return;
  const inviter = await repo.activeMember(tx, firmId, inviterId);
  if (!inviter) return;
  await enqueueMail(tx, firmId, inviter, 'INVITATION_ACCEPTED', `inv:${invitationId}`, null, {
    targetEntity: '',
    name: joined.name,
    role: ROLE_LABELS[joined.role as Role]?.toLowerCase() ?? 'member',
  });
}

/** An engagement was assigned to someone other than whoever assigned it. */
export async function notifyAssigned(
  tx: Executor,
  firmId: string,
  engagementId: string,
  assigneeId: string,
  byActorId: string | null,
): Promise<void> {
  const by = await personOfActor(tx, firmId, byActorId);
  if (by === assigneeId) return;
  const members = await repo.activeMembers(tx, firmId);
  const assignee = members.find((m) => m.id === assigneeId);
  const e = await engagements.findEngagementRow(tx, firmId, engagementId);
  if (!assignee || !e) return;
  const byName = members.find((m) => m.id === by)?.name ?? 'A colleague';
  await notify(
    tx,
    firmId,
    engagementId,
    'ASSIGNED',
    newId('evt'),
    [assignee],
    { targetEntity: e.target_entity, by: byName },
    by,
  );
}

/** After a status change, in its transaction: who should hear of it. */
export async function notifyTransition(
  tx: Executor,
  firmId: string,
  e: engagements.EngagementRow,
  from: string,
  actorId: string | null,
  details: Record<string, unknown> | undefined,
  knownHistory?: ReviewHistory,
): Promise<void> {
  const to = e.status;
  const eventId = `${e.id}:${e.event_sequence}:${to}`;
  const facts: Facts = { targetEntity: e.target_entity };
  const relevant = inStages(MAILED_STAGES, to) || (to === 'DATA_READY' && isGate(from));
  if (!relevant) return;
  const members = await repo.activeMembers(tx, firmId);
  const actor = await personOfActor(tx, firmId, actorId);
  const byName = members.find((m) => m.id === actor)?.name;
  const assignee = members.filter((m) => m.id === e.assigned_valuer_id);
  if (to === 'DATA_READY') {
    const reason = String(details?.reason ?? '');
    const gate = isGate(from) ? gateNumber(from) : from;
    const by = byName ?? String(details?.by ?? 'A reviewer');
    await notify(tx, firmId, e.id, 'RETURNED_FOR_REVISION', eventId, assignee, { ...facts, reason, gate, by }, actor);
    return;
  }
  const history = knownHistory ?? (await reviewHistoryOf(tx, firmId, e.id));
  // Who may approve the gate now (rights.ts); for sign-off, who may once it is paid, holding a registration the
  // statute accepts.
  const mayApprove = (m: (typeof members)[number], gate: Gate) =>
    gateRefusal(memberAsPerson(m), { status: gate, paymentStatus: 'PAID' }, gate, 'APPROVE', history) === null;
  if (to === 'GATE_2') {
    const reviewers = members.filter((m) => mayApprove(m, 'GATE_2'));
    await notify(tx, firmId, e.id, 'REVIEW_WAITING', eventId, reviewers, facts, actor);
  } else if (to === 'GATE_3') {
    const inputs = await signatoryInputsOf(tx, firmId, e.id);
    const qualification = inputs ? qualificationOf(signatoryStatus(inputs as never, members)) : null;
    const signers = members.filter(
      (m) => mayApprove(m, 'GATE_3') && signingRefusal(memberAsPerson(m), qualification) === null,
    );
    await notify(tx, firmId, e.id, 'READY_FOR_SIGN_OFF', eventId, signers, facts, actor);
    // The valuer hears that the independent review approved the work.
    const by = byName ?? 'The reviewer';
    await notify(tx, firmId, e.id, 'REVIEW_APPROVED', eventId, assignee, { ...facts, by }, actor);
  } else {
    // The valuer, and every member the FINAL names as a signatory (the signing partner, or one per asset class).
    const named = new Set([e.assigned_valuer_id, actor, ...(e.class_signatories ?? []).map((c) => c.userId)]);
    const by = byName ?? 'the signatory';
    const told = members.filter((m) => named.has(m.id));
    await notify(tx, firmId, e.id, 'SIGNED_AND_ISSUED', eventId, told, { ...facts, by }, actor);
  }
}

/** A payment was captured: whoever may sign off hears of it (not the person who paid). */
export async function notifyPaymentCaptured(
  tx: Executor,
  firmId: string,
  engagementId: string,
  paymentId: string,
  amountPaise: number | string,
  actorId: string | null,
): Promise<void> {
  const e = await engagements.findEngagementRow(tx, firmId, engagementId);
  if (!e) return;
  // Told of the payment: whoever may now sign off (the rights' answer at Gate 3, whatever the stage).
  const admins = (await repo.activeMembers(tx, firmId)).filter(
    (m) => gatePrincipalRefusal(memberAsPerson(m), 'GATE_3') === null,
  );
  const amount = rupees(paiseToRupees(Number(amountPaise)));
  const payer = await personOfActor(tx, firmId, actorId);
  const facts = { targetEntity: e.target_entity, amount };
  await notify(tx, firmId, engagementId, 'PAYMENT_CAPTURED', `pay:${paymentId}`, admins, facts, payer);
}

const paiseToRupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail, in people's words: subject, what happened, and what to do, with the link to the screen that acts on it. */
export function composeNotification(
  kind: NotificationKind,
  f: Facts,
): { subject: string; lines: string[]; action: string } {
  const t = f.targetEntity;
  switch (kind) {
    case 'ASSIGNED':
      return {
        subject: `Assigned to you: ${t}`,
        lines: [`${f.by} assigned the valuation of ${t} to you.`],
        action: 'Open the engagement',
      };
    case 'REVIEW_WAITING':
      return {
        subject: `Waiting for your review: ${t}`,
        lines: [
          `The valuation of ${t} passed data verification and is waiting for an independent review of its methodology and assumptions (Gate 2).`,
          'You did not prepare it, so you may approve it.',
        ],
        action: 'Review it',
      };
    case 'RETURNED_FOR_REVISION':
      return {
        subject: `Returned for revision: ${t}`,
        lines: [
          `${f.by} returned the valuation of ${t} to you for revision at ${f.gate}.`,
          `The reason given: ${f.reason}`,
          'Revise the assumptions and lock them again.',
        ],
        action: 'Revise it',
      };
    case 'READY_FOR_SIGN_OFF':
      return {
        subject: `Ready for your sign-off: ${t}`,
        lines: [
          `The valuation of ${t} passed its reviews and is waiting for sign-off (Gate 3) by a partner qualified to sign it.`,
          'The fee must be paid before the report can be signed.',
        ],
        action: 'Sign it off',
      };
    case 'SIGNED_AND_ISSUED':
      return {
        subject: `Signed off: ${t}`,
        lines: [`${f.by} signed off the valuation report on ${t}. The final report is being prepared for the client.`],
        action: 'See the report',
      };
    case 'PAYMENT_CAPTURED':
      return {
        subject: `Payment of ${f.amount} received: ${t}`,
        lines: [
          `The fee of ${f.amount} (GST included) for the valuation of ${t} has been received. Its tax invoice is issued.`,
        ],
        action: 'Open the engagement',
      };
    case 'REVIEW_APPROVED':
      return {
        subject: `Independent review approved: ${t}`,
        lines: [
          `${f.by} approved the independent review of the methodology and assumptions (Gate 2) of the valuation of ${t}.`,
          'It now waits for the fee and for sign-off by a partner qualified to sign it.',
        ],
        action: 'See the review',
      };
    case 'INVITATION_ACCEPTED':
      return {
        subject: `${f.name} joined the firm`,
        lines: [`${f.name} accepted your invitation and joined the firm as ${f.role}.`],
        action: 'See the team',
      };
  }
}

/** The signed-in person's newest notices for the bell, with the unread count. */
export async function myNotifications(ctx: ServiceContext, principal: Principal, limit: number) {
  if (principal.kind !== 'user') return { unread: 0, items: [] };
  const { unread, rows } = await repo.listNotifications(ctx.db, principal.firmId, principal.userId, limit);
  return {
    unread,
    items: rows.map((n) => ({
      id: n.id,
      kind: n.kind as BellKind,
      title: n.title,
      engagementId: n.engagement_id,
      createdAt: n.created_at.toISOString(),
      read: n.read_at !== null,
    })),
  };
}

/** Marks the signed-in person's notices read (all, or the ids given); answers the unread count left. */
export async function markRead(
  ctx: ServiceContext,
  principal: Principal,
  ids: string[] | undefined,
): Promise<{ unread: number }> {
  if (principal.kind !== 'user') return { unread: 0 };
  await ctx.db.transaction((tx) => repo.markNotificationsRead(tx, principal.firmId, principal.userId, ids ?? null));
  return { unread: await repo.countUnread(ctx.db, principal.firmId, principal.userId) };
}

/** The job: sends one notification e-mail, at most once for its event, person and kind. */
export async function sendNotificationMail(
  ctx: ServiceContext,
  attempt: JobAttempt,
  p: JobPayload<typeof NOTIFY_MAIL_JOB>,
): Promise<void> {
  const member = await repo.activeMember(ctx.db, p.firmId, p.userId);
  // Switched off or left the firm since: nothing to send.
  if (!member || member.notification_preferences?.[p.kind] === false) return;
  if (
    !(await repo.beginMail(ctx.db, {
      dedupeKey: p.dedupeKey,
      firmId: p.firmId,
      userId: p.userId,
      kind: p.kind,
      engagementId: p.engagementId,
    }))
  ) {
    attempt.log.info({ dedupeKey: p.dedupeKey }, 'notification already sent (or its sending began): not sent again');
    return;
  }
  const base = (ctx.config.PUBLIC_BASE_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
  // The link opens the tab where the action is (the console's ?tab=), or the team for an acceptance.
  const tab = NOTIFICATION_TABS[p.kind];
  const link = p.engagementId
    ? `${base}/engagements/${encodeURIComponent(p.engagementId)}${tab ? `?tab=${tab}` : ''}`
    : `${base}/team`;
  const m = composeNotification(p.kind, p.facts);
  const off = unsubscribeLinks(ctx, base, { firmId: p.firmId, userId: p.userId, kind: p.kind });
  const offWords = 'Stop these e-mails with one click';
  try {
    await ctx.mailer.send({
      to: member.email,
      subject: m.subject,
      text:
        `Hello ${member.name},\n\n${m.lines.join('\n\n')}\n\n${m.action}: ${link}\n\n` +
        `${offWords}: ${off.page}\n(or switch any of them in your profile).\n`,
      html:
        `<p>Hello ${escapeHtml(member.name)},</p>${m.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(m.action)}</a></p>` +
        `<p style="color:#555"><a href="${escapeHtml(off.page)}">${offWords}</a> (or switch any of them in your profile).</p>`,
      // One-click opt-out by the mail program (RFC 8058): a POST to this address switches the kind off.
      headers: { 'List-Unsubscribe': `<${off.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  } catch (err) {
    // Refused before it was sent: forget the start so the queue's next attempt may send it.
    await repo.forgetMail(ctx.db, p.dedupeKey);
    throw err;
  }
  await repo.markMailSent(ctx.db, p.dedupeKey);
}
