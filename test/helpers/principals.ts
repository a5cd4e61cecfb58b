// Sign-up, invitation and token helpers that go through the real API.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { createTestApp, type TestApp } from './app.js';
import type { Inbox } from './smtp.js';

export interface Session {
  cookie: string;
  csrf: string;
  userId: string;
  firmId: string;
  email: string;
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${process.pid}.${Date.now()}.${counter++}@example.com`;
export const PASSWORD = 'correct horse battery staple';

function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const set = res.headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : String(set);
  return first.split(';')[0];
}

export async function signupAdmin(
  t: TestApp,
  firmName = 'Acme Valuers LLP',
  options: { qualified?: boolean } = {},
): Promise<Session> {
  const email = uniqueEmail('admin');
  // Each firm signs up from an address of its own (TEST-NET-2), as firms do: sign-ups are limited per address.
  const n = counter;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    remoteAddress: `198.18.${(n >> 8) & 255}.${n & 255}`,
    payload: { firmName, name: 'Asha Admin', email, password: PASSWORD },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed ${res.statusCode} ${res.body}`);
  const body = res.json();
  const session = { cookie: cookieFrom(res), csrf: body.csrfToken, userId: body.user.id, firmId: body.firm.id, email };
  // Qualified to sign off every statute (GATE_3), unless a test asks for an unqualified ADMIN.
  if (options.qualified !== false) {
    const me = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/me',
      headers: asUser(session),
      payload: { designation: 'Partner', registrations: SIGNATORY_REGISTRATIONS },
    });
    if (me.statusCode !== 200) throw new Error(`profile failed ${me.statusCode} ${me.body}`);
  }
  // A partner signing as a chartered accountant signs for a firm with an ICAI Firm Registration Number.
  const firm = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/firm',
    headers: asUser(session),
    payload: { icaiFirmRegistrationNumber: TEST_FIRM_FRN },
  });
  if (firm.statusCode !== 200) throw new Error(`firm profile failed ${firm.statusCode} ${firm.body}`);
  return session;
}

/** The ICAI Firm Registration Number every qualified test firm holds. */
export const TEST_FIRM_FRN = '123456W';

/** Registrations that qualify a signatory under every statute (domain/identity/signatory.ts). */
export const SIGNATORY_REGISTRATIONS = [
  {
    type: 'IBBI_RV',
    number: 'IBBI/RV/03/2019/12345',
    assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS',
    rvo: 'ICAI Registered Valuers Organisation',
  },
  { type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' },
  { type: 'ICAI_MEMBERSHIP', number: '123456' },
];

export function asUser(s: Session, headers: Record<string, string> = {}) {
  return { cookie: s.cookie, 'x-csrf-token': s.csrf, ...headers };
}

export function asToken(token: string, headers: Record<string, string> = {}) {
  return { authorization: `Bearer ${token}`, ...headers };
}

/** The newest .eml written for `email` (no SMTP in tests), and the invitation token in it. */
export function invitationTokenFor(t: TestApp, email: string): string {
  const dir = join(t.config.DATA_DIR, 'mail');
  const files = readdirSync(dir).sort().reverse();
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (!text.includes(`To: ${email}`)) continue;
    // The mail is quoted-printable: join soft line breaks and decode '=3D' before reading the link.
    const plain = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return decodeURIComponent(/accept-invite\?token=([^\s"<&]+)/.exec(plain)![1]);
  }
  throw new Error(`no invitation mail for ${email}`);
}

/** The secret of the newest known-browser link mailed to `email`; the mail is sent after the answer, so it waits a little. */
export async function knownBrowserTokenFor(t: TestApp, email: string): Promise<string> {
  const dir = join(t.config.DATA_DIR, 'mail');
  for (let i = 0; i < 50; i++) {
    for (const f of existsSync(dir) ? readdirSync(dir).sort().reverse() : []) {
      const text = readFileSync(join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!text.includes(`To: ${email}`)) continue;
      const m = /known-browser\?token=([^\s"<&]+)/.exec(text);
      if (m) return decodeURIComponent(m[1]);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no known-browser link mailed to ${email}`);
}

/** POST /team/invite as whoever `headers` are. */
export const invite = (
  t: TestApp,
  headers: Record<string, string>,
  payload: { email: string; name: string; role: string },
) => t.app.inject({ method: 'POST', url: '/api/v1/team/invite', headers, payload });

/** An invitation of `name` as `role` to a new address (named after `tag`): the address and the answer. */
export async function inviteNew(
  t: TestApp,
  headers: Record<string, string>,
  name: string,
  role: string,
  tag = 'invitee',
) {
  const email = uniqueEmail(tag);
  return { email, res: await invite(t, headers, { email, name, role }) };
}

/** POST /auth/accept-invite with the invitation's token and (by default) the tests' password. */
export const acceptInvite = (t: TestApp, token: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/accept-invite', payload: { token, password } });

/** POST /auth/login with (by default) the tests' password. */
export const login = (t: TestApp, email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

export async function addMember(
  t: TestApp,
  admin: Session,
  role: 'ADMIN' | 'VALUER' | 'VIEWER',
  name = `${role} member`,
): Promise<Session> {
  const email = uniqueEmail(role.toLowerCase());
  const inv = await invite(t, asUser(admin), { email, name, role });
  if (inv.statusCode !== 201) throw new Error(`invite failed ${inv.statusCode} ${inv.body}`);
  return accepted(await acceptInvite(t, invitationTokenFor(t, email)), admin, email);
}

/** The session of a member whose acceptance of `admin`'s invitation answered `acc` (200, or the test fails). */
export function accepted(acc: Awaited<ReturnType<typeof acceptInvite>>, admin: Session, email: string): Session {
  if (acc.statusCode !== 200) throw new Error(`accept failed ${acc.statusCode} ${acc.body}`);
  return {
    cookie: cookieFrom(acc),
    csrf: acc.json().csrfToken,
    userId: acc.json().user.id,
    firmId: admin.firmId,
    email,
  };
}

/** A member invited through the API who accepts the invitation a real SMTP server received (`inbox`). */
export async function memberByMail(
  t: TestApp,
  inbox: Pick<Inbox, 'waitFor'>,
  admin: Session,
  role: 'ADMIN' | 'VALUER' | 'VIEWER',
  name: string,
): Promise<Session> {
  const email = uniqueEmail(role.toLowerCase());
  const inv = await invite(t, asUser(admin), { email, name, role });
  if (inv.statusCode !== 201) throw new Error(`invite failed ${inv.statusCode} ${inv.body}`);
  const mail = await inbox.waitFor(email, (m) => /accept-invite\?token=/.test(m.text ?? ''));
  const token = decodeURIComponent(/accept-invite\?token=([^\s"<&]+)/.exec(mail.text ?? '')![1]!);
  return accepted(await acceptInvite(t, token), admin, email);
}

/** POST /settings/api-tokens as whoever `headers` are. */
export const postToken = (t: TestApp, headers: Record<string, string>, name: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/settings/api-tokens', headers, payload: { name } });

export async function createToken(
  t: TestApp,
  admin: Session,
  name = 'ci token',
): Promise<{ id: string; token: string }> {
  const res = await postToken(t, asUser(admin), name);
  if (res.statusCode !== 201) throw new Error(`token failed ${res.statusCode} ${res.body}`);
  return { id: res.json().id, token: res.json().token };
}

/** A firm with its ADMIN and two valuers, one to do the work and one to review it independently (Gate 2). */
export async function reviewTeam(
  t: TestApp,
  firm: string,
  valuerName = 'Vikram Valuer',
  reviewerName = 'Rekha Reviewer',
): Promise<{ admin: Session; valuer: Session; reviewer: Session }> {
  const admin = await signupAdmin(t, firm);
  return {
    admin,
    valuer: await addMember(t, admin, 'VALUER', valuerName),
    reviewer: await addMember(t, admin, 'VALUER', reviewerName),
  };
}

/**
 * The test file's app and the people `setup` makes in it, made before its tests and closed after them; `set` hands
 * them to the file's own variables, e.g. `reviewTeamApp(FIRM, 'Vani Valuer', (s) => ({ t, admin, valuer, reviewer } = s))`.
 * A file's further set-up goes in `set` (awaited): the root's `before` hooks do not wait for each other.
 */
export function appWith<T extends object>(
  setup: (t: TestApp) => Promise<T>,
  set: (suite: T & { t: TestApp }) => unknown,
  options: Parameters<typeof createTestApp>[0] = {},
): void {
  let t: TestApp | undefined;
  before(async () => {
    t = await createTestApp(options);
    await set({ t, ...(await setup(t)) });
  });
  after(() => t?.close());
}

/** A firm's review team (reviewTeam) in the test file's app. */
export const reviewTeamApp = (
  firm: string,
  valuerName: string | undefined,
  set: (suite: { t: TestApp; admin: Session; valuer: Session; reviewer: Session }) => unknown,
) => appWith((t) => reviewTeam(t, firm, valuerName), set);

/** A firm's ADMIN and a bearer token of theirs (headers) in the test file's app (made with `options`). */
export const adminTokenApp = (
  set: (suite: { t: TestApp; admin: Session; bearer: Record<string, string> }) => unknown,
  options: Parameters<typeof createTestApp>[0] = {},
) =>
  appWith(
    async (t) => {
      const admin = await signupAdmin(t);
      return { admin, bearer: asToken((await createToken(t, admin)).token) };
    },
    set,
    options,
  );

/** A firm's ADMIN (signupAdmin) in the test file's app. */
export const adminApp = (
  set: (suite: { t: TestApp; admin: Session }) => unknown,
  options: { firm?: string; qualified?: boolean; env?: Record<string, string> } = {},
) =>
  appWith(
    async (t) => ({ admin: await signupAdmin(t, options.firm, { qualified: options.qualified }) }),
    set,
    options.env ? { env: options.env } : {},
  );

/** PATCH /auth/me as `s`: the profile's name, designation and registrations. */
export const patchMe = (t: TestApp, s: Session, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers: asUser(s), payload: payload as object });
