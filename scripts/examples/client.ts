// A firm's people talking to the service over HTTP, as the console does: a session cookie and its CSRF token.
// Any answer other than the expected one stops the examples with the service's own problem+json.
import { multipart } from '../../test/helpers/engagements.js';

export interface Person {
  name: string;
  id: string;
  headers: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  buf: Buffer;
  json<T = Record<string, unknown>>(): T;
}

export class Client {
  constructor(readonly base: string) {}

  async call(
    method: string,
    path: string,
    who: Person | undefined,
    body?: unknown,
    expect = [200, 201, 204],
  ): Promise<Answer> {
    const raw = body instanceof Uint8Array;
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(who?.headers ?? {}),
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
      },
      body:
        body === undefined ? undefined : raw ? new Uint8Array(body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    if (!expect.includes(res.status)) {
      throw new Error(
        `${who?.name ?? 'anonymous'}: ${method} ${path} was refused: ${res.status} ${buf.toString().slice(0, 1500)}`,
      );
    }
    return { status: res.status, headers: res.headers, buf, json: <T>() => JSON.parse(buf.toString()) as T };
  }

  /** The person behind a session answer (signup, accepting an invitation). */
  async person(name: string, answer: Answer): Promise<Person> {
    const cookie = answer.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie, 'x-csrf-token': String(answer.json().csrfToken) };
    const me = (await this.call('GET', '/api/v1/auth/me', { name, id: '', headers })).json<{ user: { id: string } }>();
    return { name, id: me.user.id, headers };
  }

  async upload(
    who: Person,
    engagementId: string,
    kind: string,
    fileName: string,
    data: Buffer,
    fields: Record<string, string> = {},
  ): Promise<Answer> {
    const mp = multipart({ kind, ...fields }, { name: fileName, data });
    const headers = { ...who.headers, ...mp.headers };
    return this.call(
      'POST',
      `/api/v1/engagements/${engagementId}/documents`,
      { ...who, headers },
      new Uint8Array(mp.payload),
    );
  }

  /** A copy of the issued report with the signer's own DSC added, uploaded as the signed copy (PUT, one file). */
  async uploadSignedCopy(who: Person, engagementId: string, data: Buffer): Promise<Answer> {
    const mp = multipart({}, { name: 'signed.pdf', data, type: 'application/pdf' });
    return this.call(
      'PUT',
      `/api/v1/engagements/${engagementId}/report/signed-copy`,
      { ...who, headers: { ...who.headers, ...mp.headers } },
      new Uint8Array(mp.payload),
    );
  }

  /** Waits until the engagement reaches `wanted`; FAILED on the way stops the examples. */
  async waitFor(who: Person, engagementId: string, wanted: string): Promise<void> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const e = (await this.call('GET', `/api/v1/engagements/${engagementId}`, who)).json<{
        status: string;
        failureReason?: string;
      }>();
      if (e.status === wanted) return;
      if (e.status === 'FAILED') throw new Error(`${engagementId} FAILED waiting for ${wanted}: ${e.failureReason}`);
      if (Date.now() > deadline)
        throw new Error(`${engagementId} still ${e.status} after 120 s, waiting for ${wanted}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async waitForFinal(who: Person, engagementId: string): Promise<void> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const r = (await this.call('GET', `/api/v1/engagements/${engagementId}/report/status`, who)).json<{
        kind?: string;
        status?: string;
      }>();
      if (r.kind === 'FINAL' && r.status === 'READY') return;
      if (r.status === 'FAILED' || Date.now() > deadline)
        throw new Error(`FINAL report of ${engagementId}: ${JSON.stringify(r)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
