// A firm's team: invitations (hashed, expiring, single use), roles, removal. The last ADMIN stays.
import { isLastActiveAdmin, lastAdminRefusal } from '../../domain/identity/firm-rights.js';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { actorOf, requestActor } from '../platform/service-context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { randomSecret, sha256Hex } from '../../lib/crypto.js';
import type { Principal, Role } from '../../domain/identity/roles.js';
import * as users from './users.repository.js';
import * as invitations from './invitations.repository.js';
import { revokeUserSessions } from './sessions.repository.js';
import { insertAudit } from '../platform/audit.repository.js';
import { notifyInvitationAccepted } from '../notifications/notifications.service.js';
import { assertStrongPassword, hashPassword, publicUser } from './identity.service.js';
import { announcePrincipalChange } from './principal-cache.service.js';

const INVITATION_DAYS = 7;

/** A link that names no invitation, in words the person holding it can act on (it does not say which case). */
const INVALID_INVITATION =
  'This invitation link is not valid: it was replaced by a newer one, cancelled, or never made (an address that ' +
  'already has an account with another firm cannot be invited, as an address belongs to one firm). Ask whoever ' +
  'invited you';

/** A page of the firm's members, each marked when it is the last active ADMIN (the rights: firm-rights.ts). */
export async function listMembers(ctx: ServiceContext, principal: Principal, limit: number, cursor?: string) {
  const admins = await users.activeAdminIds(ctx.db, principal.firmId);
  return (await users.listUsers(ctx.db, principal.firmId, limit, cursor)).map((u) => ({
    ...publicUser(u),
    lastActiveAdmin: isLastActiveAdmin(u.id, admins),
    // The IBC set of valuers is formed from these (docs/statutes.md, IBC: the set of valuers).
    ibbiRegistrations: (u.registrations ?? []).flatMap((r) =>
      r.type === 'IBBI_RV' ? [{ assetClass: r.assetClass, number: r.number }] : [],
    ),
  }));
}

export async function invite(
  ctx: ServiceContext,
  principal: Principal,
  input: { email: string; name: string; role: Role },
  requestId?: RequestTag,
) {
  const secret = randomSecret(32);
  const firm = (await users.getFirm(ctx.db, principal.firmId))!;
  const inviter = principal.kind === 'user' ? principal.name : 'an ADMIN';
  const from = { firm: firm.legal_name ?? firm.name, inviter };
  const member = await ctx.db.transaction(async (tx) => {
    const user = await users.insertUser(tx, {
      id: newId('usr'),
      firmId: principal.firmId,
      email: input.email,
      name: input.name,
      role: input.role,
      status: 'INVITED',
      passwordHash: null,
    });
    if (!user) {
      const holder = await users.findUserByEmail(tx, input.email);
      // Already of this firm: the ADMIN sees their own team, so saying so tells them nothing new.
      if (!holder || holder.firm_id === principal.firmId)
        throw conflict('email_exists', 'A user with this e-mail already exists');
      return { heldElsewhere: holder };
    }
    await invitations.insertInvitation(tx, {
      id: newId('inv'),
      firmId: principal.firmId,
      userId: user.id,
      tokenHash: sha256Hex(secret),
      createdBy: actorOf(principal).id!,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86400_000),
    });
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.teamInvited,
      details: { userId: user.id, role: user.role },
    });
    return user;
  });
  if ('heldElsewhere' in member) {
    // The address has an account with another firm, and an address belongs to one firm: nothing is made, the
    // address's owner is told by mail what to do, and the ADMIN is answered as for any invitation, so inviting
    // does not reveal who has an account on the service (docs/decisions.md, Invitations to an address in use).
    ctx.log.info(
      { firmId: principal.firmId, userId: member.heldElsewhere.id },
      'invitation to an address that has an account with another firm: its owner was mailed, nothing was made',
    );
    await sendAddressInUseMail(ctx, member.heldElsewhere, input.role, from);
    // The answer a new invitation gets; its id is a fresh one that names nothing stored.
    const createdAt = new Date().toISOString();
    const answer = {
      id: newId('usr'),
      email: input.email,
      name: input.name,
      role: input.role,
      status: 'INVITED' as const,
      // As publicUser answers for an invited member (src/domain/engagement/rights.ts: not yet assignable).
      assignable: false,
    };
    return { ...answer, createdAt, ...invitationDelivery(ctx, secret) };
  }
  await sendInvitationMail(ctx, member, secret, from);
  return { ...publicUser(member), ...invitationDelivery(ctx, secret) };
}

/**
 * To the owner of an address that another firm invited while it has an account here: who invited it, why no
 * invitation was made, and what to do. It names neither the owner's firm nor anything of their account.
 */
async function sendAddressInUseMail(
  ctx: ServiceContext,
  holder: { id: string; email: string; name: string; status: string },
  role: string,
  from: { firm: string; inviter: string },
): Promise<void> {
  const as = ROLE_WORDS[role] ?? role;
  // An address invited by another firm and not yet accepted is held by that invitation.
  const held =
    holder.status === 'INVITED'
      ? 'This address has already been invited to another firm on the Valuation Service'
      : 'This address already has an account on the Valuation Service';
  await ctx.mailer
    .send({
      to: holder.email,
      subject: `${from.inviter} invited this address to ${from.firm} on the Valuation Service`,
      text:
        `Hello ${holder.name},\n\n${from.inviter} has invited ${holder.email} to join ${from.firm} on the Valuation Service as ${as}.\n\n` +
        `${held}, and an address can belong to one firm only, so no invitation was made. ` +
        `${from.firm} has not been told that the address has an account.\n\n` +
        `To join ${from.firm}, tell them another e-mail address of yours (for example your address at ${from.firm}) and ask them to invite that one. ` +
        `If you did not expect this, you need do nothing: your account has not changed.\n`,
      html:
        `<p>Hello ${escapeHtml(holder.name)},</p><p>${escapeHtml(from.inviter)} has invited ${escapeHtml(holder.email)} to join <strong>${escapeHtml(from.firm)}</strong> on the Valuation Service as <strong>${escapeHtml(as)}</strong>.</p>` +
        `<p>${held}, and an address can belong to one firm only, so no invitation was made. ${escapeHtml(from.firm)} has not been told that the address has an account.</p>` +
        `<p>To join ${escapeHtml(from.firm)}, tell them another e-mail address of yours (for example your address at ${escapeHtml(from.firm)}) and ask them to invite that one. If you did not expect this, you need do nothing: your account has not changed.</p>`,
    })
    .catch((err) =>
      ctx.log.error({ err: (err as Error).message, userId: holder.id }, 'address-in-use mail could not be sent'),
    );
}

/**
 * Without SMTP no mail reaches anyone, so the ADMIN who invited is given the link to pass on (and told
 * why); with SMTP the link goes only by mail. The path is relative: the console adds its own origin.
 */
function invitationDelivery(
  ctx: ServiceContext,
  secret: string,
): { delivery: 'EMAILED' } | { delivery: 'LINK_SHOWN'; acceptPath: string } {
  return ctx.config.SMTP_URL
    ? { delivery: 'EMAILED' }
    : { delivery: 'LINK_SHOWN', acceptPath: `/accept-invite?token=${encodeURIComponent(secret)}` };
}

/** Roles as the invitation names them to a person. */
const ROLE_WORDS: Record<string, string> = {
  ADMIN: 'an administrator',
  VALUER: 'a valuer',
  VIEWER: 'a viewer',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation mail, as text and HTML, linking to the console's /accept-invite page on PUBLIC_BASE_URL. */
async function sendInvitationMail(
  ctx: ServiceContext,
  member: { id: string; email: string; name: string; role: string },
  secret: string,
  from: { firm: string; inviter: string },
): Promise<void> {
  const base = ctx.config.PUBLIC_BASE_URL ?? `http://localhost:${ctx.config.PORT}`;
  const link = `${base.replace(/\/$/, '')}/accept-invite?token=${encodeURIComponent(secret)}`;
  await ctx.mailer
    .send({
      to: member.email,
      subject: `${from.inviter} invites you to ${from.firm} on the Valuation Service`,
      text:
        `Hello ${member.name},\n\n${from.inviter} has invited you to join ${from.firm} on the Valuation Service as ${ROLE_WORDS[member.role] ?? member.role}.\n` +
        `Accept within ${INVITATION_DAYS} days and choose your password: ${link}\n`,
      html:
        `<p>Hello ${escapeHtml(member.name)},</p><p>${escapeHtml(from.inviter)} has invited you to join <strong>${escapeHtml(from.firm)}</strong> on the Valuation Service as <strong>${escapeHtml(ROLE_WORDS[member.role] ?? member.role)}</strong>.</p>` +
        `<p><a href="${escapeHtml(link)}">Accept the invitation</a> within ${INVITATION_DAYS} days and choose your password.</p>` +
        `<p style="color:#555">If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>`,
    })
    .catch((err) =>
      ctx.log.error({ err: (err as Error).message, userId: member.id }, 'invitation mail could not be sent'),
    );
}

export async function listInvitations(ctx: ServiceContext, principal: Principal) {
  return (await invitations.listPendingInvitations(ctx.db, principal.firmId, 200)).map((i) => ({
    id: i.id,
    userId: i.user_id,
    email: i.email,
    name: i.name,
    role: i.role as Role,
    createdAt: i.created_at.toISOString(),
    expiresAt: i.expires_at.toISOString(),
    expired: i.expires_at.getTime() <= Date.now(),
    resentAt: i.resent_at?.toISOString() ?? null,
  }));
}

/** A fresh secret and a fresh expiry, mailed again; the old link stops working. */
export async function resendInvitation(
  ctx: ServiceContext,
  principal: Principal,
  invitationId: string,
  requestId?: RequestTag,
) {
  const secret = randomSecret(32);
  const inv = await ctx.db.transaction(async (tx) => {
    const found = await invitations.getPendingInvitationForUpdate(tx, principal.firmId, invitationId);
    if (!found) throw notFound('Invitation');
    await invitations.renewInvitation(
      tx,
      principal.firmId,
      invitationId,
      sha256Hex(secret),
      new Date(Date.now() + INVITATION_DAYS * 86400_000),
    );
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.teamInvitationResent,
      details: { invitationId, userId: found.user_id },
    });
    return found;
  });
  const firm = (await users.getFirm(ctx.db, principal.firmId))!;
  await sendInvitationMail(ctx, { id: inv.user_id, email: inv.email, name: inv.name, role: inv.role }, secret, {
    firm: firm.legal_name ?? firm.name,
    inviter: principal.kind === 'user' ? principal.name : 'an ADMIN',
  });
  return { email: inv.email, ...invitationDelivery(ctx, secret) };
}

/** Cancels a pending invitation: the invited (never active) member is removed with it. */
export async function cancelInvitation(
  ctx: ServiceContext,
  principal: Principal,
  invitationId: string,
  requestId?: RequestTag,
) {
  await ctx.db.transaction(async (tx) => {
    const found = await invitations.getPendingInvitationForUpdate(tx, principal.firmId, invitationId);
    if (!found) throw notFound('Invitation');
    await users.deleteUser(tx, principal.firmId, found.user_id);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.teamInvitationCancelled,
      details: { invitationId, email: found.email },
    });
  });
}

/** Deactivates a member: kept for the audit trail, signed out at once, unable to sign in. Not the last ADMIN. */
export async function deactivateMember(
  ctx: ServiceContext,
  principal: Principal,
  userId: string,
  requestId?: RequestTag,
) {
  return ctx.db
    .transaction(async (tx) => {
      const user = await users.getUser(tx, principal.firmId, userId, true);
      if (!user) throw notFound('Team member');
      if (user.status !== 'ACTIVE') throw conflict('not_active', `The member is ${user.status}, not ACTIVE`);
      await refuseLastAdmin(tx, principal.firmId, user, null);
      await revokeUserSessions(tx, principal.firmId, userId);
      const updated = (await users.deactivateUser(tx, principal.firmId, userId))!;
      await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
        action: AUDIT.teamDeactivated,
        details: { userId, email: user.email },
      });
      await announcePrincipalChange(tx, principal.firmId);
      return publicUser(updated);
    })
    .finally(() => ctx.principals?.invalidateFirm(principal.firmId));
}

/**
 * What an invitation is for, before the person accepts it: the firm, the role, who is invited and by when.
 * The token is the secret; the same refusals as accepting (400 invalid, 410 used or expired).
 */
export async function previewInvitation(ctx: ServiceContext, token: string) {
  const inv = await invitations.findInvitationPreview(ctx.db, sha256Hex(token));
  if (!inv) throw new AppError('invalid_invitation', INVALID_INVITATION);
  if (inv.used_at) throw new AppError('invitation_used', 'This invitation has already been used');
  if (inv.expires_at.getTime() <= Date.now())
    throw new AppError('invitation_expired', 'This invitation has expired; ask for a new one');
  return { firm: inv.firm, role: inv.role as Role, name: inv.name, expiresAt: inv.expires_at.toISOString() };
}

export async function acceptInvite(
  ctx: ServiceContext,
  input: { token: string; password: string },
  requestId?: RequestTag,
) {
  assertStrongPassword(input.password, {});
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const inv = await invitations.findInvitationForUpdate(tx, sha256Hex(input.token));
    if (!inv) throw new AppError('invalid_invitation', INVALID_INVITATION);
    if (inv.used_at) throw new AppError('invitation_used', 'This invitation has already been used');
    if (inv.expires_at.getTime() <= Date.now())
      throw new AppError('invitation_expired', 'This invitation has expired; ask for a new one');
    await invitations.markInvitationUsed(tx, inv.id);
    const user = await users.activateUser(tx, inv.firm_id, inv.user_id, passwordHash);
    if (!user) throw new AppError('invitation_expired', 'The invited member no longer exists');
    // Now the person is known: their e-mail, name and firm are not a password either (the activation rolls back).
    const firm = await users.getFirm(tx, inv.firm_id);
    assertStrongPassword(input.password, { email: user.email, name: user.name, firmName: firm?.name });
    await insertAudit(tx, inv.firm_id, requestActor({ type: 'USER', id: user.id }, requestId), {
      action: AUDIT.teamInvitationAccepted,
    });
    await notifyInvitationAccepted(tx, inv.firm_id, inv.id, inv.created_by, user);
    return user;
  });
}

/** Refuses leaving the firm without an active ADMIN (the rights: firm-rights.ts); the ADMINs are read under lock. */
async function refuseLastAdmin(
  tx: import('../../db/client.js').Executor,
  firmId: string,
  member: { id: string; role: string },
  newRole: string | null,
) {
  const refused = lastAdminRefusal(member, newRole, await users.lockAdmins(tx, firmId));
  if (refused) throw conflict(refused.code, refused.message);
}

export async function changeRole(
  ctx: ServiceContext,
  principal: Principal,
  userId: string,
  role: Role,
  requestId?: RequestTag,
) {
  return ctx.db
    .transaction(async (tx) => {
      const user = await users.getUser(tx, principal.firmId, userId, true);
      if (!user) throw notFound('Team member');
      await refuseLastAdmin(tx, principal.firmId, user, role);
      const updated = (await users.updateUserRole(tx, principal.firmId, userId, role))!;
      await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
        action: AUDIT.teamRoleChanged,
        details: { userId, from: user.role, to: role },
      });
      await announcePrincipalChange(tx, principal.firmId);
      return publicUser(updated);
    })
    .finally(() => ctx.principals?.invalidateFirm(principal.firmId));
}

export async function removeMember(ctx: ServiceContext, principal: Principal, userId: string, requestId?: RequestTag) {
  await ctx.db.transaction(async (tx) => {
    const user = await users.getUser(tx, principal.firmId, userId, true);
    if (!user) throw notFound('Team member');
    await refuseLastAdmin(tx, principal.firmId, user, null);
    await revokeUserSessions(tx, principal.firmId, userId);
    await users.deleteUser(tx, principal.firmId, userId);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.teamRemoved,
      details: { userId, email: user.email },
    });
    await announcePrincipalChange(tx, principal.firmId);
  });
  ctx.principals?.invalidateFirm(principal.firmId);
}
