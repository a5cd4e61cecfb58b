// GET /api/v1/events/stream: Server-Sent Events fed by the outbox and NOTIFY. Two API instances on one
// database (on PostgreSQL each with its own connection pool and LISTEN connection): a stream opened on
// one receives a stage change made through the other within a second; resume with Last-Event-ID;
// firm scoping; the stream ends when its credential is revoked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../../src/app.js';
import { openPostgres, type Database } from '../../../src/db/client.js';
import { createLogger } from '../../../src/lib/logger.js';
import type { AppInstance } from '../../../src/http/types.js';
import { createTestApp, testConfig, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, fixture, upload } from '../../helpers/engagements.js';
import { usingPostgres } from '../../helpers/db.js';

let t: TestApp;
let second: AppInstance;
let secondDb: Database | undefined;
let baseUrl: string;
let admin: Session;
let token: { id: string; token: string };

before(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The second API instance: its own pool and LISTEN connection on PostgreSQL; on PGlite (one
  // in-process database) it shares the handle, as two instances in one process would.
  secondDb = usingPostgres() ? openPostgres(t.testDb.url!) : undefined;
  second = await buildApp({ db: secondDb ?? t.db, config: testConfig({ SESSION_SECRET: t.config.SESSION_SECRET! }), log: createLogger('silent') });
  await second.ready();
  admin = await signupAdmin(t);
  token = await createToken(t, admin);
});
after(async () => {
  await second.close();
  await secondDb?.close();
  await t.close();
});

interface SseMessage { id?: string; event?: string; data?: unknown; at: number }

/** Opens a stream over real HTTP and collects its messages. */
async function openStream(headers: Record<string, string>, query = '') {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/events/stream${query}`, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  let ended = false;
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const m: SseMessage = { at: Date.now() };
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) m.id = line.slice(4);
            else if (line.startsWith('event: ')) m.event = line.slice(7);
            else if (line.startsWith('data: ')) m.data = JSON.parse(line.slice(6));
          }
          if (m.event) messages.push(m);
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    res,
    messages,
    isEnded: () => ended,
    async waitFor(pred: (m: SseMessage) => boolean, ms = 3000): Promise<SseMessage> {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const hit = messages.find(pred);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(messages.map((m) => m.event))}`);
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}

test('a stage change made through the other API instance reaches the stream within 1 s', async () => {
  const bearer = asToken(token.token);
  const e = await createEngagement(t, bearer);
  const stream = await openStream(bearer, `?engagementId=${e.id}`);
  assert.equal(stream.res.status, 200);
  assert.match(stream.res.headers.get('content-type')!, /^text\/event-stream/);
  await new Promise((r) => setTimeout(r, 100));
  const sentAt = Date.now();
  const up = await second.inject({
    method: 'POST', url: `/api/v1/engagements/${e.id}/documents`,
    headers: { ...bearer, 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload: multipartBody(Buffer.from(JSON.stringify(fixture('sample-company.json')))),
  });
  assert.equal(up.statusCode, 201, up.body);
  const msg = await stream.waitFor((m) => m.event === 'engagement.stage_changed', 1000);
  assert.ok(msg.at - sentAt <= 1000, `arrived after ${msg.at - sentAt} ms`);
  const data = msg.data as { data: { engagement: { id: string; status: string } } };
  assert.equal(data.data.engagement.id, e.id);
  assert.equal(data.data.engagement.status, 'DATA_INGESTING');
  assert.match(msg.id!, /^evt_/);
  await stream.close();

  // Resume: with Last-Event-ID, what happened since is sent first.
  await t.worker.drain();
  const resumed = await openStream({ ...bearer, 'last-event-id': msg.id! }, `?engagementId=${e.id}`);
  const next = await resumed.waitFor((m) => (m.data as { data: { engagement: { status: string } } }).data.engagement.status === 'DATA_READY');
  assert.ok(next.id! > msg.id!);
  assert.ok(!resumed.messages.some((m) => m.id === msg.id), 'the event resumed from is not sent again');
  await resumed.close();
});

test('streams are firm-scoped: another firm sees nothing, and its engagement id is 404', async () => {
  const other = await signupAdmin(t, 'Other Firm LLP');
  const otherToken = await createToken(t, other);
  const mine = await createEngagement(t, asToken(token.token));
  const foreign = await openStream(asToken(otherToken.token));
  await upload(t, asToken(token.token), mine.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))));
  await new Promise((r) => setTimeout(r, 500));
  assert.deepEqual(foreign.messages, []);
  await foreign.close();
  const res = await fetch(`${baseUrl}/api/v1/events/stream?engagementId=${mine.id}`, { headers: asToken(otherToken.token) });
  assert.equal(res.status, 404);
  assert.equal((await fetch(`${baseUrl}/api/v1/events/stream`)).status, 401);
});

test('the stream ends when the token that opened it is revoked (through the other instance)', async () => {
  const doomed = await createToken(t, admin, 'doomed');
  const stream = await openStream(asToken(doomed.token));
  const revoke = await second.inject({ method: 'DELETE', url: `/api/v1/settings/api-tokens/${doomed.id}`, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf } });
  assert.equal(revoke.statusCode, 204, revoke.body);
  // The next event is not delivered to a revoked credential: the stream closes instead.
  const e = await createEngagement(t, asToken(token.token));
  await upload(t, asToken(token.token), e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))));
  const until = Date.now() + 3000;
  while (!stream.isEnded() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  assert.ok(stream.isEnded(), 'stream closed');
  assert.deepEqual(stream.messages, []);
});

function multipartBody(data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="kind"\r\n\r\nFINANCIALS\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="f.json"\r\nContent-Type: application/json\r\n\r\n'),
    data,
    Buffer.from('\r\n--XyZ--\r\n'),
  ]);
}
