// Firms and their users. Every query that reads a firm's data takes the caller's firmId.
import type { Executor } from '../../db/client.js';
import { firmPage } from '../platform/firm-page.repository.js';
import type { Role } from '../../domain/identity/roles.js';
import type { Registration } from '../../contract/registrations.js';
import type { NotificationPreferences } from '../../contract/notifications.js';

export interface UserRow {
  id: string;
  firm_id: string;
  email: string;
  name: string;
  role: Role;
  status: 'INVITED' | 'ACTIVE' | 'DEACTIVATED';
  password_hash: string | null;
  designation: string | null;
  registrations: Registration[];
  /** Which e-mails this person receives, by kind (a kind absent is on). */
  notification_preferences?: NotificationPreferences;
  created_at: Date;
}

const COLUMNS =
  'id, firm_id, email, name, role, status, password_hash, designation, registrations, notification_preferences, created_at';

export interface FirmRow {
  id: string;
  name: string;
  legal_name: string | null;
  address: string | null;
  ibbi_registration: string | null;
  /** The firm's ICAI Firm Registration Number, e.g. 123456W. */
  icai_firm_registration?: string | null;
  /** The firm's GSTIN, printed on its tax invoices (place of supply from its state code). */
  gstin?: string | null;
  demo: boolean;
  created_at: Date;
  /** Offered as the place of signing at every sign-off. */
  default_signing_place?: string | null;
  /** Per statute, the addressee of a report that names none; {company} stands for the company's name. */
  addressee_templates?: Partial<Record<string, string>>;
}
const FIRM_COLUMNS =
  'id, name, legal_name, address, ibbi_registration, icai_firm_registration, gstin, demo, created_at, default_signing_place, addressee_templates';

export async function insertFirm(tx: Executor, firm: { id: string; name: string }) {
  const rows = await tx.query<{ id: string; name: string; created_at: Date }>(
    'INSERT INTO firms (id, name) VALUES ($1, $2) RETURNING id, name, created_at',
    [firm.id, firm.name],
  );
  return rows[0];
}

export async function getFirm(tx: Executor, firmId: string, forUpdate = false): Promise<FirmRow | null> {
  const rows = await tx.query<FirmRow>(
    `SELECT ${FIRM_COLUMNS} FROM firms WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [firmId],
  );
  return rows[0] ?? null;
}

/** Sets the given profile fields (undefined leaves a field as it is; null clears it). */
export async function updateFirmProfile(
  tx: Executor,
  firmId: string,
  patch: {
    legalName?: string;
    address?: string | null;
    ibbiRegistration?: string | null;
    icaiFirmRegistrationNumber?: string | null;
    gstin?: string | null;
    demo?: boolean;
    defaultSigningPlace?: string | null;
    addresseeTemplates?: Partial<Record<string, string>>;
  },
): Promise<FirmRow> {
  const rows = await tx.query<FirmRow>(
    `UPDATE firms SET
       legal_name = CASE WHEN $2 THEN $3 ELSE legal_name END,
       address = CASE WHEN $4 THEN $5 ELSE address END,
       ibbi_registration = CASE WHEN $6 THEN $7 ELSE ibbi_registration END,
       demo = coalesce($8, demo),
       gstin = CASE WHEN $9 THEN $10 ELSE gstin END,
       icai_firm_registration = CASE WHEN $11 THEN $12 ELSE icai_firm_registration END,
       default_signing_place = CASE WHEN $13 THEN $14 ELSE default_signing_place END,
       addressee_templates = coalesce($15::jsonb, addressee_templates)
     WHERE id = $1 RETURNING ${FIRM_COLUMNS}`,
    [
      firmId,
      patch.legalName !== undefined,
      patch.legalName ?? null,
      patch.address !== undefined,
      patch.address ?? null,
      patch.ibbiRegistration !== undefined,
      patch.ibbiRegistration ?? null,
      patch.demo ?? null,
      patch.gstin !== undefined,
      patch.gstin ?? null,
      patch.icaiFirmRegistrationNumber !== undefined,
      patch.icaiFirmRegistrationNumber ?? null,
      patch.defaultSigningPlace !== undefined,
      patch.defaultSigningPlace ?? null,
      patch.addresseeTemplates === undefined ? null : JSON.stringify(patch.addresseeTemplates),
    ],
  );
  return rows[0];
}

export async function updateUserProfile(
  tx: Executor,
  firmId: string,
  userId: string,
  patch: {
    name?: string;
    designation?: string | null;
    registrations?: Registration[];
    notificationPreferences?: NotificationPreferences;
  },
): Promise<UserRow | null> {
  const rows = await tx.query<UserRow>(
    `UPDATE users SET
       name = coalesce($3, name),
       designation = CASE WHEN $4 THEN $5 ELSE designation END,
       registrations = coalesce($6::jsonb, registrations),
       notification_preferences = notification_preferences || coalesce($7::jsonb, '{}'::jsonb),
       updated_at = now()
     WHERE firm_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [
      firmId,
      userId,
      patch.name ?? null,
      patch.designation !== undefined,
      patch.designation ?? null,
      patch.registrations === undefined ? null : JSON.stringify(patch.registrations),
      patch.notificationPreferences === undefined ? null : JSON.stringify(patch.notificationPreferences),
    ],
  );
  return rows[0] ?? null;
}

export async function countFirms(tx: Executor): Promise<number> {
  const rows = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM firms');
  return rows[0].n;
}

/** Inserts a user; returns null when the e-mail is already registered (any firm, any case). */
export async function insertUser(
  tx: Executor,
  u: {
    id: string;
    firmId: string;
    email: string;
    name: string;
    role: Role;
    status: 'INVITED' | 'ACTIVE';
    passwordHash: string | null;
  },
): Promise<UserRow | null> {
  const rows = await tx.query<UserRow>(
    `INSERT INTO users (id, firm_id, email, name, role, status, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${COLUMNS}`,
    [u.id, u.firmId, u.email, u.name, u.role, u.status, u.passwordHash],
  );
  return rows[0] ?? null;
}

export async function findUserByEmail(tx: Executor, email: string): Promise<UserRow | null> {
  const rows = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

/** Unscoped lookup by id: only for resolving an authenticated session, whose firm is then taken from the row. */
export async function findUserForSession(tx: Executor, userId: string): Promise<UserRow | null> {
  const rows = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0] ?? null;
}

export async function getUser(
  tx: Executor,
  firmId: string,
  userId: string,
  forUpdate = false,
): Promise<UserRow | null> {
  const rows = await tx.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE firm_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [firmId, userId],
  );
  return rows[0] ?? null;
}

export function listUsers(tx: Executor, firmId: string, limit: number, beforeId?: string): Promise<UserRow[]> {
  return firmPage<UserRow>(tx, 'users', COLUMNS, firmId, limit, beforeId);
}

/** Locks the firm's ADMIN rows and counts the active ones, so two demotions cannot both pass the last-admin check. */
/** The firm's active ADMINs (a read, no lock: for what the team page shows). */
export async function activeAdminIds(tx: Executor, firmId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM users WHERE firm_id = $1 AND role = 'ADMIN' AND status = 'ACTIVE' ORDER BY id`,
    [firmId],
  );
  return rows.map((r) => r.id);
}

export async function lockAdmins(tx: Executor, firmId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM users WHERE firm_id = $1 AND role = 'ADMIN' AND status = 'ACTIVE' ORDER BY id FOR UPDATE`,
    [firmId],
  );
  return rows.map((r) => r.id);
}

export async function updateUserRole(
  tx: Executor,
  firmId: string,
  userId: string,
  role: Role,
): Promise<UserRow | null> {
  const rows = await tx.query<UserRow>(
    `UPDATE users SET role = $3, updated_at = now() WHERE firm_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [firmId, userId, role],
  );
  return rows[0] ?? null;
}

export async function activateUser(
  tx: Executor,
  firmId: string,
  userId: string,
  passwordHash: string,
): Promise<UserRow | null> {
  const rows = await tx.query<UserRow>(
    `UPDATE users SET status = 'ACTIVE', password_hash = $3, updated_at = now() WHERE firm_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [firmId, userId, passwordHash],
  );
  return rows[0] ?? null;
}

/** A new password's hash for an active member (a reset by an e-mailed link). */
export async function setPasswordHash(tx: Executor, firmId: string, userId: string, passwordHash: string) {
  await tx.query(`UPDATE users SET password_hash = $3, updated_at = now() WHERE firm_id = $1 AND id = $2`, [
    firmId,
    userId,
    passwordHash,
  ]);
}

export async function deleteUser(tx: Executor, firmId: string, userId: string): Promise<boolean> {
  // Audit rows keep the id as plain text; sessions, invitations go with the user.
  const rows = await tx.query('DELETE FROM users WHERE firm_id = $1 AND id = $2 RETURNING id', [firmId, userId]);
  return rows.length > 0;
}

/** Deactivates an active member (kept for the audit trail); null when there is no such active member. */
export async function deactivateUser(tx: Executor, firmId: string, userId: string): Promise<UserRow | null> {
  const rows = await tx.query<UserRow>(
    `UPDATE users SET status = 'DEACTIVATED', updated_at = now() WHERE firm_id = $1 AND id = $2 AND status = 'ACTIVE' RETURNING ${COLUMNS}`,
    [firmId, userId],
  );
  return rows[0] ?? null;
}

/** Every active member's registrations, to see whether anyone in the firm may sign. */
export async function listActiveMemberRegistrations(
  tx: Executor,
  firmId: string,
): Promise<{ id: string; registrations: Registration[] }[]> {
  return tx.query<{ id: string; registrations: Registration[] }>(
    `SELECT id, registrations FROM users WHERE firm_id = $1 AND status = 'ACTIVE'`,
    [firmId],
  );
}

/** Holds, until the transaction ends, the lock that lets one of several processes started together seed the demo firm. */
export async function lockDemoSeed(tx: Executor): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('vs:demo-seed'))");
}

/** How the report names a principal: a member by name, a token as `API token "<name>"`, else the id itself. */
export async function displayNameOf(tx: Executor, firmId: string, principalId: string): Promise<string> {
  const rows = await tx.query<{ name: string }>(
    `SELECT name FROM users WHERE firm_id = $1 AND id = $2 UNION ALL SELECT 'API token "' || name || '"' FROM api_tokens WHERE firm_id = $1 AND id = $2`,
    [firmId, principalId],
  );
  return rows[0]?.name ?? principalId;
}
