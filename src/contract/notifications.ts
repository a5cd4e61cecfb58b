// The kinds of e-mail a person may receive about the firm's work, each switchable on their profile
// (docs/decisions.md, E-mail notifications). Shared by the API and the console.
import { z } from 'zod';

/** The kinds the console's bell keeps too (the released API's bell lists these kinds). */
export const BELL_KINDS = [
  'ASSIGNED',
  'REVIEW_WAITING',
  'RETURNED_FOR_REVISION',
  'READY_FOR_SIGN_OFF',
  'SIGNED_AND_ISSUED',
  'PAYMENT_CAPTURED',
] as const;

/** Every kind: the bell's, then those sent by e-mail only. */
export const NOTIFICATION_KINDS = [...BELL_KINDS, 'REVIEW_APPROVED', 'INVITATION_ACCEPTED'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type BellKind = (typeof BELL_KINDS)[number];
export const isBellKind = (k: NotificationKind): k is BellKind => (BELL_KINDS as readonly string[]).includes(k);

/** What each switch is about, as the profile shows it. */
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  ASSIGNED: 'An engagement is assigned to me',
  REVIEW_WAITING: 'Work is waiting for my review (Gate 2)',
  RETURNED_FOR_REVISION: 'My engagement is returned for revision',
  READY_FOR_SIGN_OFF: 'A report is ready for my sign-off (Gate 3)',
  SIGNED_AND_ISSUED: 'A report I worked on is signed off',
  PAYMENT_CAPTURED: 'A payment is received (administrators)',
  REVIEW_APPROVED: 'My engagement passed its independent review (Gate 2)',
  INVITATION_ACCEPTED: 'Someone I invited joined the firm',
};

/** The engagement tab where each kind's action is (the console's ?tab=); the team page for an acceptance. */
export const NOTIFICATION_TABS: Record<NotificationKind, string | null> = {
  ASSIGNED: 'data',
  REVIEW_WAITING: 'review',
  RETURNED_FOR_REVISION: 'assumptions',
  READY_FOR_SIGN_OFF: 'review',
  SIGNED_AND_ISSUED: 'review',
  PAYMENT_CAPTURED: 'review',
  REVIEW_APPROVED: 'review',
  INVITATION_ACCEPTED: null,
};

/** Each kind on (true) or off (false); a kind not given is on. */
export const notificationPreferencesSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
      NotificationKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict()
  .meta({
    id: 'NotificationPreferences',
    description: 'Which e-mails this person receives: each kind true (on) or false (off); a kind not given is on',
  });
export type NotificationPreferences = Partial<Record<NotificationKind, boolean>>;

/** Every kind with its setting (absent means on). */
export function withDefaults(p: NotificationPreferences | null | undefined): Record<NotificationKind, boolean> {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, p?.[k] !== false])) as Record<NotificationKind, boolean>;
}
