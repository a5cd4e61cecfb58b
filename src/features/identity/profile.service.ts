// Credentials: a person's own profile (name, designation, registrations) and the firm's profile
// (legal name, address, IBBI registered-valuer-entity number). Each change is audited.
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { actorOf } from '../platform/service-context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { DEMO_REGISTRATION_NUMBERS } from '../platform/demo-firm.service.js';
import type { Principal } from '../../domain/identity/roles.js';
import type { Registration } from '../../contract/registrations.js';
import * as users from './users.repository.js';
import { withDefaults, type NotificationPreferences } from '../../contract/notifications.js';
import { insertAudit } from '../platform/audit.repository.js';

export function publicProfile(u: users.UserRow) {
  return {
    name: u.name,
    designation: u.designation,
    registrations: u.registrations ?? [],
    notificationPreferences: withDefaults(u.notification_preferences),
  };
}

export function publicFirmProfile(f: users.FirmRow) {
  return {
    id: f.id,
    name: f.name,
    legalName: f.legal_name ?? f.name,
    address: f.address,
    ibbiRegistration: f.ibbi_registration,
    icaiFirmRegistrationNumber: f.icai_firm_registration ?? null,
    gstin: f.gstin ?? null,
    demo: f.demo,
    defaultSigningPlace: f.default_signing_place ?? null,
    addresseeTemplates: f.addressee_templates ?? {},
  };
}

export async function updateMyProfile(
  ctx: ServiceContext,
  principal: Principal,
  patch: {
    name?: string;
    designation?: string | null;
    registrations?: Registration[];
    notificationPreferences?: NotificationPreferences;
  },
  requestId?: RequestTag,
) {
  if (principal.kind !== 'user') throw forbidden('Only a signed-in person has a profile');
  return ctx.db.transaction(async (tx) => {
    const updated = await users.updateUserProfile(tx, principal.firmId, principal.userId, patch);
    if (!updated) throw notFound('user');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.profileUpdated,
      details: { userId: principal.userId, ...patch },
    });
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
  patch: {
    legalName?: string;
    address?: string | null;
    ibbiRegistration?: string | null;
    icaiFirmRegistrationNumber?: string | null;
    gstin?: string | null;
    demo?: false;
    defaultSigningPlace?: string | null;
    addresseeTemplates?: Partial<Record<string, string>>;
  },
  requestId?: RequestTag,
) {
  return ctx.db.transaction(async (tx) => {
    if (patch.demo === false) {
      // A demo firm becomes real only once none of the made-up registrations is left (the firm's, after
      // this change, and every active member's): a report must never carry one without saying "demo".
      const current = await users.getFirm(tx, principal.firmId);
      const firmNumber = patch.ibbiRegistration !== undefined ? patch.ibbiRegistration : current?.ibbi_registration;
      const frn =
        patch.icaiFirmRegistrationNumber !== undefined
          ? patch.icaiFirmRegistrationNumber
          : current?.icai_firm_registration;
      const members = await users.listActiveMemberRegistrations(tx, principal.firmId);
      const left = [firmNumber, frn, ...members.flatMap((m) => m.registrations.map((r) => r.number))].filter(
        (n): n is string => !!n && DEMO_REGISTRATION_NUMBERS.has(n),
      );
      if (current?.demo && left.length > 0) {
        throw conflict(
          'demo_registrations',
          `Replace the demo registrations first (${[...new Set(left)].join(', ')}): in the firm profile and in each person's profile`,
        );
      }
    }
    const firm = await users.updateFirmProfile(tx, principal.firmId, patch);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.firmProfileUpdated,
      details: patch,
    });
    return publicFirmProfile(firm);
  });
}
