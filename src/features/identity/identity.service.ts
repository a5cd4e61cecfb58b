// Sign-up, login, sessions and API tokens. Secrets are shown once and stored only as digests.
import { firmRights } from '../../domain/identity/firm-rights.js';
import { mayBeAssigned } from '../../domain/engagement/rights.js';
import { publicProfile } from './profile.service.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { announcePrincipalChange } from './principal-cache.service.js';
import { randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { weakPasswordReason } from '../../domain/identity/password-policy.js';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from '../platform/rate-limits.service.js';
import { deviceTokenUser, issueDeviceToken } from '../../lib/device-token.js';
import { actorOf, requestActor } from '../platform/service-context.js';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { randomSecret, safeEqual, sha256Hex } from '../../lib/crypto.js';
import { signJwt, verifyJwt } from '../../lib/jwt.js';
import { base62FromBytes, formatToken, isWellFormedToken } from '../../domain/identity/token-format.js';
import type { Principal, Role } from '../../domain/identity/roles.js';
import * as users from './users.repository.js';
import * as sessions from './sessions.repository.js';
import * as tokens from './api-tokens.repository.js';
import { insertAudit } from '../platform/audit.repository.js';
import type { Executor } from '../../db/client.js';
import {
  DEMO_FIRM_IBBI_REGISTRATION,
  DEMO_FIRM_ICAI_FRN,
  DEMO_PERSON_REGISTRATIONS,
} from '../platform/demo-firm.service.js';

const SESSION_SECONDS = 12 * 3600;
const RENEW_WHEN_LEFT_SECONDS = 6 * 3600;

export const hashPassword = (password: string) => argonHash(password);

/** 400 naming /password with the policy's sentence when the password is weak for this person. */
export function assertStrongPassword(
  password: string,
  person: { email?: string; name?: string; firmName?: string },
): void {
  const reason = weakPasswordReason(password, person);
  if (reason) throw validationFailed([{ path: '/password', message: reason }], `The password ${reason}`);
}

// Verifying against a fixed hash for unknown e-mails keeps their timing close to a wrong password's.
let dummyHash: Promise<string> | undefined;
async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= argonHash('not-a-real-password-for-timing');
    await argonVerify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argonVerify(hash, password).catch(() => false);
}

export interface SessionGrant {
  cookie: string;
  csrfToken: string;
  expiresAt: Date;
}

async function startSession(
  ctx: ServiceContext,
  tx: Executor,
  user: { id: string; firm_id: string },
): Promise<SessionGrant> {
  const sessionId = newId('ses');
  const csrfToken = randomSecret(24);
  const expiresAt = new Date(Date.now() + SESSION_SECONDS * 1000);
  await sessions.insertSession(tx, {
    id: sessionId,
    userId: user.id,
    firmId: user.firm_id,
    csrfTokenHash: sha256Hex(csrfToken),
    expiresAt,
  });
  return { cookie: sessionJwt(ctx, sessionId, user.id, expiresAt), csrfToken, expiresAt };
}

function sessionJwt(ctx: ServiceContext, sessionId: string, userId: string, expiresAt: Date): string {
  return signJwt({ sid: sessionId, sub: userId, exp: Math.floor(expiresAt.getTime() / 1000) }, ctx.sessionSecret);
}

export function publicUser(u: users.UserRow) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    status: u.status,
    createdAt: u.created_at.toISOString(),
    assignable: mayBeAssigned(u),
  };
}

export async function signup(
  ctx: ServiceContext,
  input: { firmName: string; name: string; email: string; password: string },
  requestId?: RequestTag,
) {
  if (!ctx.config.SIGNUP_ENABLED) throw new AppError('signup_disabled', 'Sign-up is turned off on this service');
  assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const firm = await users.insertFirm(tx, { id: newId('frm'), name: input.firmName });
    const user = await users.insertUser(tx, {
      id: newId('usr'),
      firmId: firm.id,
      email: input.email,
      name: input.name,
      role: 'ADMIN',
      status: 'ACTIVE',
      passwordHash,
    });
    if (!user) throw conflict('email_exists', 'An account with this e-mail already exists');
    await insertAudit(tx, firm.id, requestActor({ type: 'USER', id: user.id }, requestId), {
      action: AUDIT.firmSignedUp,
    });
    const grant = await startSession(ctx, tx, user);
    return { user: publicUser(user), firm: firmSummary(firm), grant };
  });
}

/**
 * Logs in; `address` is the client's (as TRUST_PROXY lets it be known), for login throttling. `knownBrowserToken`
 * is the browser's known-browser cookie, if any: when it names this account, failures from other addresses do not
 * slow this login. A successful login returns a fresh token for the browser to keep.
 */
export async function login(
  ctx: ServiceContext,
  input: { email: string; password: string },
  requestId: RequestTag | undefined,
  address: string,
  knownBrowserToken?: string,
) {
  const user = await users.findUserByEmail(ctx.db, input.email);
  const knownBrowser =
    user !== null && user !== undefined && deviceTokenUser(ctx.sessionSecret, knownBrowserToken) === user.id;
  await assertLoginAllowed(ctx, input.email, address, knownBrowser);
  const ok = await verifyPassword(user?.status === 'ACTIVE' ? user.password_hash : null, input.password);
  if (!user || !ok) {
    await recordLoginFailure(ctx, input.email, address);
    throw new AppError('invalid_credentials', 'E-mail or password is wrong');
  }
  await recordLoginSuccess(ctx, input.email, address);
  return ctx.db.transaction(async (tx) => {
    const firm = (await users.getFirm(tx, user.firm_id))!;
    await insertAudit(tx, user.firm_id, requestActor({ type: 'USER', id: user.id }, requestId), {
      action: AUDIT.userLoggedIn,
    });
    const grant = await startSession(ctx, tx, user);
    return {
      user: publicUser(user),
      firm: firmSummary(firm),
      grant,
      knownBrowserToken: issueDeviceToken(ctx.sessionSecret, user.id),
    };
  });
}

export async function logout(ctx: ServiceContext, principal: Principal): Promise<void> {
  if (principal.kind !== 'user') return;
  await ctx.db.transaction(async (tx) => {
    await sessions.revokeSession(tx, principal.sessionId);
    await announcePrincipalChange(tx, principal.firmId);
  });
  ctx.principals?.invalidateFirm(principal.firmId);
}

/** Resolves a session cookie; renews it (sliding expiry) when less than half its life is left. */
export async function authenticateSession(
  ctx: ServiceContext,
  jwt: string,
): Promise<{ principal: Principal; csrfTokenHash: string; renewed?: { cookie: string; expiresAt: Date } } | null> {
  const claims = verifyJwt(jwt, ctx.sessionSecret);
  if (!claims || typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return null;
  const key = `ses:${sha256Hex(jwt)}`;
  const cached = ctx.principals?.get(key);
  // A cached session is used until it is due for renewal; renewal goes to the database.
  if (cached?.csrfTokenHash && cached.sessionExpiresAt! - Date.now() >= RENEW_WHEN_LEFT_SECONDS * 1000) {
    return { principal: cached.principal, csrfTokenHash: cached.csrfTokenHash };
  }
  const session = await sessions.findLiveSession(ctx.db, claims.sid);
  if (!session || session.user_id !== claims.sub) return null;
  const user = await users.findUserForSession(ctx.db, session.user_id);
  if (!user || user.status !== 'ACTIVE' || user.firm_id !== session.firm_id) return null;
  const principal: Principal = {
    kind: 'user',
    userId: user.id,
    firmId: user.firm_id,
    role: user.role,
    sessionId: session.id,
    email: user.email,
    name: user.name,
  };
  let renewed: { cookie: string; expiresAt: Date } | undefined;
  if (session.expires_at.getTime() - Date.now() < RENEW_WHEN_LEFT_SECONDS * 1000) {
    const expiresAt = new Date(Date.now() + SESSION_SECONDS * 1000);
    await sessions.extendSession(ctx.db, session.id, expiresAt);
    renewed = { cookie: sessionJwt(ctx, session.id, user.id, expiresAt), expiresAt };
  } else {
    ctx.principals?.set(
      key,
      user.firm_id,
      { principal, csrfTokenHash: session.csrf_token_hash, sessionExpiresAt: session.expires_at.getTime() },
      Math.min(5_000, session.expires_at.getTime() - Date.now()),
    );
  }
  return { principal, csrfTokenHash: session.csrf_token_hash, renewed };
}

export function csrfMatches(csrfTokenHash: string, presented: string | undefined): boolean {
  return typeof presented === 'string' && presented.length > 0 && safeEqual(sha256Hex(presented), csrfTokenHash);
}

/**
 * Format and checksum first (no database), then the digest: from the principal cache (concurrent misses share
 * one look-up; a hot token is re-read in the background before its entry expires), else the database.
 */
export async function authenticateToken(ctx: ServiceContext, token: string): Promise<Principal | null> {
  if (!isWellFormedToken(token)) return null;
  const digest = sha256Hex(token);
  const load = async () => {
    const row = await tokens.findLiveTokenByHash(ctx.db, digest);
    if (!row) return null;
    const principal: Principal = {
      kind: 'token',
      tokenId: row.id,
      firmId: row.firm_id,
      role: 'VALUER',
      tokenName: row.name,
    };
    // Never cached past the token's expiry.
    return {
      value: { principal },
      firmId: row.firm_id,
      ttlMs: row.expires_at ? row.expires_at.getTime() - Date.now() : undefined,
    };
  };
  const principal = ctx.principals
    ? (await ctx.principals.resolve(`tok:${digest}`, load))?.principal
    : (await load())?.value.principal;
  if (principal?.kind !== 'token') return null;
  if (ctx.usage) ctx.usage.recordTokenUse(principal.tokenId);
  else await tokens.touchToken(ctx.db, principal.tokenId);
  return principal;
}

export function mintToken(): string {
  for (;;) {
    const body = base62FromBytes(randomBytes(64));
    if (body) return formatToken(body);
  }
}

export function publicToken(t: tokens.ApiTokenRow) {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    createdBy: t.created_by,
    createdAt: t.created_at.toISOString(),
    expiresAt: t.expires_at?.toISOString() ?? null,
    lastUsedAt: t.last_used_at?.toISOString() ?? null,
    revokedAt: t.revoked_at?.toISOString() ?? null,
  };
}

export async function createApiToken(
  ctx: ServiceContext,
  principal: Principal & { kind: 'user' },
  input: { name: string; expiresAt?: string },
  requestId?: RequestTag,
) {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError('validation_failed', 'expiresAt must be in the future', [
      { path: '/expiresAt', message: 'must be in the future' },
    ]);
  }
  const token = mintToken();
  return ctx.db.transaction(async (tx) => {
    const row = await tokens.insertApiToken(tx, {
      id: newId('tok'),
      firmId: principal.firmId,
      name: input.name,
      tokenHash: sha256Hex(token),
      prefix: token.slice(0, 8),
      createdBy: principal.userId,
      expiresAt,
    });
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.apiTokenCreated,
      details: { tokenId: row.id, name: row.name },
    });
    return { ...publicToken(row), token };
  });
}

export async function listApiTokens(ctx: ServiceContext, principal: Principal, limit: number, cursor?: string) {
  return (await tokens.listApiTokens(ctx.db, principal.firmId, limit, cursor)).map(publicToken);
}

export async function revokeApiToken(
  ctx: ServiceContext,
  principal: Principal,
  tokenId: string,
  requestId?: RequestTag,
) {
  await ctx.db.transaction(async (tx) => {
    if (!(await tokens.revokeApiToken(tx, principal.firmId, tokenId))) throw notFound('API token');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.apiTokenRevoked,
      details: { tokenId },
    });
    await announcePrincipalChange(tx, principal.firmId);
  });
  ctx.principals?.invalidateFirm(principal.firmId);
}

/** The firm as the console names it: the legal name (printed on reports) where one is set, else the display name. */
const firmSummary = (firm: Pick<users.FirmRow, 'id' | 'name'> & Partial<users.FirmRow>) => ({
  id: firm.id,
  name: firm.name,
  legalName: firm.legal_name ?? null,
  defaultSigningPlace: firm.default_signing_place ?? null,
});

export async function describePrincipal(ctx: ServiceContext, principal: Principal) {
  const firm = (await users.getFirm(ctx.db, principal.firmId))!;
  if (principal.kind === 'user') {
    const user = (await users.getUser(ctx.db, principal.firmId, principal.userId))!;
    return {
      kind: 'user' as const,
      user: publicUser(user),
      profile: publicProfile(user),
      firm: firmSummary(firm),
      role: principal.role,
      can: firmRights(principal),
    };
  }
  return {
    kind: 'token' as const,
    token: { id: principal.tokenId, name: principal.tokenName },
    firm: firmSummary(firm),
    role: principal.role,
    can: firmRights(principal),
  };
}

/** On first start with an empty database: a demo firm, its ADMIN and an API token, printed once. */
export async function seedDemoFirm(
  ctx: ServiceContext,
): Promise<{ email: string; password: string; token: string } | null> {
  if ((await users.countFirms(ctx.db)) > 0) return null;
  const email = 'admin@demo-valuers.example';
  const password = randomSecret(12);
  const passwordHash = await hashPassword(password);
  const token = mintToken();
  const seeded = await ctx.db.transaction(async (tx) => {
    // Processes started together: one seeds, the others find a firm and print nothing.
    await users.lockDemoSeed(tx);
    if ((await users.countFirms(tx)) > 0) return false;
    const firm = await users.insertFirm(tx, { id: newId('frm'), name: 'Demo Valuers LLP' });
    const user = (await users.insertUser(tx, {
      id: newId('usr'),
      firmId: firm.id,
      email,
      name: 'Demo Admin',
      role: 'ADMIN' as Role,
      status: 'ACTIVE',
      passwordHash,
    }))!;
    // Made-up credentials so a newcomer's first engagement can be signed off; reports mark them as demo.
    await users.updateFirmProfile(tx, firm.id, {
      legalName: 'Demo Valuers LLP',
      address: '1 Demo Street, Mumbai 400001',
      ibbiRegistration: DEMO_FIRM_IBBI_REGISTRATION,
      icaiFirmRegistrationNumber: DEMO_FIRM_ICAI_FRN,
      demo: true,
    });
    await users.updateUserProfile(tx, firm.id, user.id, {
      designation: 'Partner (demo)',
      registrations: DEMO_PERSON_REGISTRATIONS,
    });
    await tokens.insertApiToken(tx, {
      id: newId('tok'),
      firmId: firm.id,
      name: 'demo token',
      tokenHash: sha256Hex(token),
      prefix: token.slice(0, 8),
      createdBy: user.id,
      expiresAt: null,
    });
    await insertAudit(tx, firm.id, { type: 'SYSTEM', id: null }, { action: AUDIT.firmDemoSeeded });
    return true;
  });
  return seeded ? { email, password, token } : null;
}
