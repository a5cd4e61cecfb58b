// The HTTP caller the bench scenarios use against a started service, and a firm to work with: the admin (a
// qualified signatory), a valuer and a reviewer (invited: the link the answer shows without SMTP, else the .eml
// file in DATA_DIR/mail) and an API token.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRATIONS, multipart, type Who } from './heavy-inputs.js';

export interface Answer {
  status: number;
  headers: Headers;
  buf: Buffer;
  json: () => Record<string, unknown>;
}
export type Call = (
  method: string,
  path: string,
  who: Who | undefined,
  body?: unknown,
  expect?: number[],
) => Promise<Answer>;

/** A call to `base` that throws when the status is not one of `expect` (200 or 201). */
export function httpCaller(base: string): Call {
  return async (method, path, who, body, expect = [200, 201]) => {
    const isBuf = Buffer.isBuffer(body);
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(who?.headers ?? {}),
        ...(body !== undefined && !isBuf ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isBuf ? new Uint8Array(body as Buffer) : JSON.stringify(body),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    if (!expect.includes(res.status))
      throw new Error(`${method} ${path}: ${res.status} ${buf.toString().slice(0, 400)}`);
    return {
      status: res.status,
      headers: res.headers,
      buf,
      json: () => JSON.parse(buf.toString()) as Record<string, unknown>,
    };
  };
}

/** The browser session a sign-in, sign-up or accepted invitation answers with. */
export const sessionOf = (res: { headers: Headers; json: () => Record<string, unknown> }): Who => ({
  headers: { cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, 'x-csrf-token': String(res.json().csrfToken) },
});

export interface Team {
  boss: Who;
  valuer: Who;
  reviewer: Who;
  bearer: Who;
}

export async function firmTeam(call: Call, base: string, dataDir: string, firmName: string): Promise<Team> {
  const email = (tag: string) => `${tag}.${process.pid}.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const boss = sessionOf(
    await call('POST', '/api/v1/auth/signup', undefined, {
      firmName,
      name: 'Asha Admin',
      email: email('admin'),
      password,
    }),
  );
  await call('PATCH', '/api/v1/auth/me', boss, { designation: 'Partner', registrations: REGISTRATIONS });
  const member = async (name: string) => {
    const to = email(name.toLowerCase().replace(/\W/g, ''));
    const invited = (await call('POST', '/api/v1/team/invite', boss, { email: to, name, role: 'VALUER' })).json();
    const token =
      typeof invited.acceptPath === 'string'
        ? new URL(invited.acceptPath, base).searchParams.get('token')!
        : /"token": "([^"]+)"/.exec(
            readdirSync(join(dataDir, 'mail'))
              .map((f) => readFileSync(join(dataDir, 'mail', f), 'utf8'))
              .find((m) => m.includes(`To: ${to}`))!,
          )![1]!;
    return sessionOf(await call('POST', '/api/v1/auth/accept-invite', undefined, { token, password }));
  };
  const valuer = await member('Vikram Valuer');
  const reviewer = await member('Rekha Reviewer');
  const token = String((await call('POST', '/api/v1/settings/api-tokens', boss, { name: 'bench' })).json().token);
  return { boss, valuer, reviewer, bearer: { headers: { authorization: `Bearer ${token}` } } };
}

/** A document uploaded to an engagement (multipart: the fields, then the file) with `who`'s credentials. */
export function uploadDocument(
  call: Call,
  who: Who,
  engagementId: string,
  file: { name: string; data: Buffer },
  options: { fields?: Record<string, string>; expect?: number[] } = {},
) {
  const mp = multipart(options.fields ?? { kind: 'FINANCIALS' }, file);
  return call(
    'POST',
    `/api/v1/engagements/${engagementId}/documents`,
    { headers: { ...who.headers, 'content-type': mp.type } },
    mp.body,
    options.expect,
  );
}
