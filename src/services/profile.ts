// Credentials: a person's own profile (name, designation, registrations) and the firm's profile
// (legal name, address, IBBI registered-valuer-entity number). Each change is audited.
import type { RequestTag, ServiceContext } from './context.js';
import { actorOf } from './context.js';
import { forbidden, notFound } from '../lib/errors.js';
import type { Principal } from '../domain/identity/roles.js';
import type { Registration } from '../contract/registrations.js';
import * as users from '../db/repositories/users.js';
import { insertAudit } from '../db/repositories/audit.js';

export function publicProfile(u: users.UserRow) {
  return { name: u.name, designation: u.designation, registrations: u.registrations ?? [] };
}

export function publicFirmProfile(f: users.FirmRow) {
  return { id: f.id, name: f.name, legalName: f.legal_name ?? f.name, address: f.address, ibbiRegistration: f.ibbi_registration, gstin: f.gstin ?? null, demo: f.demo };
}

export async function updateMyProfile(
  ctx: ServiceContext,
  principal: Principal,
  patch: { name?: string; designation?: string | null; registrations?: Registration[] },
  requestId?: RequestTag,
) {
  if (principal.kind !== 'user') throw forbidden('Only a signed-in person has a profile');
  return ctx.db.transaction(async (tx) => {
    const updated = await users.updateUserProfile(tx, principal.firmId, principal.userId, patch);
    if (!updated) throw notFound('user');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), { action: 'profile.updated', details: { userId: principal.userId, ...patch } });
    return updated;
  });
}

export async function getFirmProfile(ctx: ServiceContext, principal: Principal) {
  const firm = await users.getFirm(ctx.db, principal.firmId);
  if (!firm) throw notFound('firm');
  return publicFirmProfile(firm);
}

export async function updateFirmProfile(
  ctx: ServiceContext,
  principal: Principal,
  patch: { legalName?: string; address?: string | null; ibbiRegistration?: string | null; gstin?: string | null },
  requestId?: RequestTag,
) {
  return ctx.db.transaction(async (tx) => {
    const firm = await users.updateFirmProfile(tx, principal.firmId, patch);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), { action: 'firm.profile_updated', details: patch });
    return publicFirmProfile(firm);
  });
}
