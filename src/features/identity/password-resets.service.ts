// Password resets (docs/decisions.md, Password resets): a one-use link, valid 30 minutes, mailed to the account's
// address, asked for from the log-in page ("Forgot password") or sent by an ADMIN from Team. Only the link's
// SHA-256 is stored; the answer to a request is the same whether or not the address has an account, and the mail
// goes after it. Choosing the new password ends every session of the account and every other open link.
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { actorOf, requestActor } from '../platform/service-context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { randomSecret, sha256Hex } from '../../lib/crypto.js';
import type { Executor } from '../../db/client.js';
import type { Principal } from '../../domain/identity/roles.js';
import * as users from './users.repository.js';
import * as resets from './password-resets.repository.js';
import { revokeUserSessions } from './sessions.repository.js';
import { insertAudit } from '../platform/audit.repository.js';
import { assertStrongPassword, hashPassword } from './identity.service.js';
import { announcePrincipalChange } from './principal-cache.service.js';
import { LOGIN_FREE_FAILURES, LOGIN_WINDOW_SECONDS } from '../platform/rate-limits.service.js';

/** How long a mailed link works. */
export const PASSWORD_RESET_MINUTES = 30;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A new link for an active account, unless it has had as many in the window as sign-in allows failures. */
async function newLink(
  ctx: ServiceContext,
  user: users.UserRow,
  sentBy: string | null,
  audit: (tx: Executor) => Promise<void>,
): Promise<string | null> {
  const secret = randomSecret(32);
  const made = await ctx.db.transaction(async (tx) => {
    const since = new Date(Date.now() - LOGIN_WINDOW_SECONDS * 1000);
    if ((await resets.countRecentPasswordResets(tx, user.id, since)) >= LOGIN_FREE_FAILURES) return false;
    await resets.insertPasswordReset(tx, {
      tokenHash: sha256Hex(secret),
      userId: user.id,
      sentBy,
      minutes: PASSWORD_RESET_MINUTES,
    });
    await audit(tx);
    return true;
  });
  return made ? secret : null;
}

/** The mail with the link to the console's /reset-password page, sent after the answer (its failure is logged). */
function mailLink(ctx: ServiceContext, user: users.UserRow, secret: string, by: string | null): void {
  const base = (ctx.config.PUBLIC_BASE_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
  const link = `${base}/reset-password?token=${encodeURIComponent(secret)}`;
  const why = by
    ? `${by}, an administrator of your firm, has sent you a link to choose a new password for the Valuation Service.`
    : 'Someone (we hope you) asked to reset the password of your account on the Valuation Service.';
  void ctx.mailer
    .send({
      to: user.email,
      subject: 'Choose a new password for the Valuation Service',
      text:
        `Hello ${user.name},\n\n${why}\n\nOpen this link within ${PASSWORD_RESET_MINUTES} minutes and choose a new password; it works once:\n${link}\n\n` +
        'If you did not ask for it, ignore this mail: your password stays as it is.\n',
      html:
        `<p>Hello ${escapeHtml(user.name)},</p><p>${escapeHtml(why)}</p>` +
        `<p><a href="${escapeHtml(link)}">Choose a new password</a> within ${PASSWORD_RESET_MINUTES} minutes; the link works once.</p>` +
        `<p style="color:#555">If you did not ask for it, ignore this mail: your password stays as it is.<br>${escapeHtml(link)}</p>`,
    })
    .catch((err) =>
      ctx.log.error({ err: (err as Error).message, userId: user.id }, 'password reset mail could not be sent'),
    );
}

/** "Forgot password": a link to the address if it has an active account; nothing tells the caller whether it has. */
export async function requestPasswordReset(ctx: ServiceContext, email: string, requestId?: RequestTag): Promise<void> {
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'ACTIVE') return;
  const secret = await newLink(ctx, user, null, (tx) =>
    insertAudit(tx, user.firm_id, requestActor({ type: 'USER', id: user.id }, requestId), {
      action: AUDIT.userPasswordResetRequested,
    }),
  );
  if (secret) mailLink(ctx, user, secret, null);
}

/** An ADMIN sends an active member of the firm a link (404 for anyone else; 409 for a member not active). */
export async function sendMemberPasswordReset(
  ctx: ServiceContext,
  principal: Principal,
  userId: string,
  requestId?: RequestTag,
): Promise<{ email: string }> {
  const user = await users.getUser(ctx.db, principal.firmId, userId);
  if (!user) throw notFound('Team member');
  if (user.status !== 'ACTIVE') throw conflict('not_active', 'Only an active member can be sent a password reset link');
  const admin = actorOf(principal, requestId);
  const adminName = await users.displayNameOf(ctx.db, principal.firmId, admin.id!);
  const secret = await newLink(ctx, user, admin.id!, (tx) =>
    insertAudit(tx, principal.firmId, admin, {
      action: AUDIT.teamPasswordResetSent,
      details: { userId, email: user.email },
    }),
  );
  if (!secret)
    throw new AppError(
      'rate_limited',
      `${user.name} has been sent ${LOGIN_FREE_FAILURES} links in the last quarter hour; wait before sending another`,
      undefined,
      { 'retry-after': String(LOGIN_WINDOW_SECONDS) },
    );
  mailLink(ctx, user, secret, adminName);
  return { email: user.email };
}

/** Uses a link once: the new password, every session of the account ended. 410 when used, expired or unknown. */
export async function resetPassword(
  ctx: ServiceContext,
  input: { token: string; password: string },
  requestId?: RequestTag,
): Promise<void> {
  assertStrongPassword(input.password, {});
  const passwordHash = await hashPassword(input.password);
  const firmId = await ctx.db.transaction(async (tx) => {
    const userId = await resets.usePasswordReset(tx, sha256Hex(input.token));
    const user = userId ? await users.findUserForSession(tx, userId) : null;
    if (!user || user.status !== 'ACTIVE') return null;
    // Now the person is known: their e-mail, name and firm are not a password either (the reset rolls back).
    const firm = await users.getFirm(tx, user.firm_id);
    assertStrongPassword(input.password, { email: user.email, name: user.name, firmName: firm?.name });
    await users.setPasswordHash(tx, user.firm_id, user.id, passwordHash);
    await revokeUserSessions(tx, user.firm_id, user.id);
    await insertAudit(tx, user.firm_id, requestActor({ type: 'USER', id: user.id }, requestId), {
      action: AUDIT.userPasswordReset,
    });
    await announcePrincipalChange(tx, user.firm_id);
    return user.firm_id;
  });
  if (!firmId)
    throw new AppError(
      'link_expired',
      'This link has expired or has been used already; ask for a new one from the log-in page',
    );
  ctx.principals?.invalidateFirm(firmId);
}
