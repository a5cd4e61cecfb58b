// GET /api/v1/events/stream: Server-Sent Events fed by the outbox and NOTIFY. Two API instances on one
// database (on PostgreSQL each with its own connection pool and LISTEN connection): a stream opened on
// one receives a stage change made through the other within a second; resume with Last-Event-ID;
// firm scoping; the stream ends within a second of its credential's end (token revoked, session logged
// out, member deactivated) with no event needed; at most 5 streams per credential (429 beyond); a client
// that leaves, even while its stream is being set up, leaves no subscriber behind; a socket that does not
// drain is not written to until it does (docs/decisions.md, Event streams).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../../src/app.js';
import { openPostgres, type Database } from '../../../src/db/client.js';
import { createLogger } from '../../../src/lib/logger.js';
import type { AppInstance } from '../../../src/http/types.js';
import { createTestApp, testConfig, type TestApp } from '../../helpers/app.js';
import { addMember, asToken, asUser, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { EventHub, type StreamSink } from '../../../src/features/notifications/event-stream.service.js';
import type { OutboxStreamRow } from '../../../src/features/platform/outbox.repository.js';
import { createEngagement, fixture, uploadFixture } from '../../helpers/engagements.js';
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
  second = await buildApp({
    db: secondDb ?? t.db,
    config: testConfig({ SESSION_SECRET: t.config.SESSION_SECRET! }),
    log: createLogger('silent'),
  });
  await second.ready();
  admin = await signupAdmin(t);
  token = await createToken(t, admin);
});
after(async () => {
  await second.close();
  await secondDb?.close();
  await t.close();
});

interface SseMessage {
  id?: string;
  event?: string;
  data?: unknown;
  at: number;
}

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
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/documents`,
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
  const next = await resumed.waitFor(
    (m) => (m.data as { data: { engagement: { status: string } } }).data.engagement.status === 'DATA_READY',
  );
  assert.ok(next.id! > msg.id!);
  assert.ok(!resumed.messages.some((m) => m.id === msg.id), 'the event resumed from is not sent again');
  await resumed.close();
});

test('streams are firm-scoped: another firm sees nothing, and its engagement id is 404', async () => {
  const other = await signupAdmin(t, 'Other Firm LLP');
  const otherToken = await createToken(t, other);
  const mine = await createEngagement(t, asToken(token.token));
  const foreign = await openStream(asToken(otherToken.token));
  await uploadFixture(t, asToken(token.token), mine.id);
  await new Promise((r) => setTimeout(r, 500));
  assert.deepEqual(foreign.messages, []);
  await foreign.close();
  const res = await fetch(`${baseUrl}/api/v1/events/stream?engagementId=${mine.id}`, {
    headers: asToken(otherToken.token),
  });
  assert.equal(res.status, 404);
  assert.equal((await fetch(`${baseUrl}/api/v1/events/stream`)).status, 401);
});

/** Waits until the stream has ended; the milliseconds it took. */
async function endedWithin(stream: { isEnded(): boolean }, ms = 3000): Promise<number> {
  const started = Date.now();
  while (!stream.isEnded() && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 10));
  assert.ok(stream.isEnded(), `stream still open after ${ms} ms`);
  return Date.now() - started;
}

test('the stream ends within 1 s when the token that opened it is revoked (through the other instance), with no event needed', async () => {
  const doomed = await createToken(t, admin, 'doomed');
  const stream = await openStream(asToken(doomed.token));
  assert.equal(stream.res.status, 200);
  await new Promise((r) => setTimeout(r, 100));
  const revoke = await second.inject({
    method: 'DELETE',
    url: `/api/v1/settings/api-tokens/${doomed.id}`,
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
  });
  assert.equal(revoke.statusCode, 204, revoke.body);
  const ms = await endedWithin(stream);
  assert.ok(ms <= 1000, `ended ${ms} ms after the revocation`);
  assert.deepEqual(stream.messages, []);
  await waitForNoStreams();
});

test("a browser session's stream ends within 1 s of its logout, and a deactivated member's within 1 s of the deactivation", async () => {
  const quitter = await addMember(t, admin, 'VALUER');
  const s1 = await openStream({ cookie: quitter.cookie });
  assert.equal(s1.res.status, 200);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(
    (await second.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: asUser(quitter) })).statusCode,
    204,
  );
  let ms = await endedWithin(s1);
  assert.ok(ms <= 1000, `ended ${ms} ms after the logout`);

  const leaver = await addMember(t, admin, 'VALUER');
  const s2 = await openStream({ cookie: leaver.cookie });
  assert.equal(s2.res.status, 200);
  await new Promise((r) => setTimeout(r, 100));
  const off = await second.inject({
    method: 'POST',
    url: `/api/v1/team/${leaver.userId}/deactivate`,
    headers: asUser(admin),
  });
  assert.ok(off.statusCode < 300, off.body);
  ms = await endedWithin(s2);
  assert.ok(ms <= 1000, `ended ${ms} ms after the deactivation`);
  await waitForNoStreams();
});

test('one credential holds at most 5 streams: the sixth is 429 too_many_streams; closing one frees its place', async () => {
  const capped = await createToken(t, admin, 'capped');
  const streams = [];
  for (let i = 0; i < 5; i++) {
    const s = await openStream(asToken(capped.token));
    assert.equal(s.res.status, 200);
    streams.push(s);
  }
  const refused = await fetch(`${baseUrl}/api/v1/events/stream`, { headers: asToken(capped.token) });
  assert.equal(refused.status, 429);
  assert.match(refused.headers.get('content-type')!, /^application\/problem\+json/);
  const problem = (await refused.json()) as { code: string; requestId: string };
  assert.equal(problem.code, 'too_many_streams');
  // Another credential of the same firm is not affected.
  const other = await openStream(asToken(token.token));
  assert.equal(other.res.status, 200);
  await other.close();
  await streams.pop()!.close();
  const until = Date.now() + 2000;
  let again = await fetch(`${baseUrl}/api/v1/events/stream`, { headers: asToken(capped.token) });
  while (again.status === 429 && Date.now() < until) {
    await again.body?.cancel();
    await new Promise((r) => setTimeout(r, 20));
    again = await fetch(`${baseUrl}/api/v1/events/stream`, { headers: asToken(capped.token) });
  }
  assert.equal(again.status, 200);
  await again.body?.cancel();
  for (const s of streams) await s.close();
  await waitForNoStreams();
});

/** Every stream of the first instance has gone: no subscriber, no timer, no held place. */
async function waitForNoStreams(ms = 2000) {
  const until = Date.now() + ms;
  while (t.app.eventHub.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  assert.equal(t.app.eventHub.size, 0, 'no subscriber left behind');
}

test('a client that disconnects leaves no subscriber behind, even when it leaves while the stream is being set up', async () => {
  const s = await openStream(asToken(token.token));
  assert.equal(s.res.status, 200);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(t.app.eventHub.size, 1);
  await s.close();
  await waitForNoStreams();

  // The client goes while subscribe() is still waiting for its LISTEN: nothing stays, and its place is free.
  const hub = new EventHub(t.app.services, 15_000, 1);
  const gone = new AbortController();
  const sink: StreamSink = { send: () => true, heartbeat: () => true, end: () => {} };
  const slot = hub.reserve('tok:x');
  const pending = hub.subscribe({
    firmId: admin.firmId,
    stillAuthorised: async () => true,
    sink,
    slot,
    signal: gone.signal,
  });
  gone.abort();
  await pending;
  assert.equal(hub.size, 0, 'no subscriber');
  assert.equal(hub.slotsHeld('tok:x'), 0, 'no place held');
  // A stream that did start, then its client left: the same.
  const gone2 = new AbortController();
  await hub.subscribe({
    firmId: admin.firmId,
    stillAuthorised: async () => true,
    sink,
    slot: hub.reserve('tok:x'),
    signal: gone2.signal,
  });
  assert.equal(hub.size, 1);
  gone2.abort();
  assert.equal(hub.size, 0);
  assert.equal(hub.slotsHeld('tok:x'), 0);
  await hub.close();
});

test('backpressure: while the socket is not draining nothing more is written; on drain the rest follows, each once', async () => {
  const hub = new EventHub(t.app.services);
  const written: OutboxStreamRow[] = [];
  let full = true;
  const sink: StreamSink = {
    send: (row) => {
      written.push(row);
      return !full;
    },
    heartbeat: () => !full,
    end: () => {},
  };
  const e = await createEngagement(t, asToken(token.token));
  const started = Date.now();
  const handle = await hub.subscribe({
    firmId: admin.firmId,
    engagementId: e.id,
    lastEventId: `evt_${'0'.repeat(26)}`,
    stillAuthorised: async () => true,
    sink,
    slot: hub.reserve('tok:bp'),
  });
  // The upload's events and the ingestion's: more than one, arriving while the buffer is full.
  await uploadFixture(t, asToken(token.token), e.id);
  await t.worker.drain();
  const count = async () =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbox_events WHERE firm_id = $1 AND engagement_id = $2',
        [admin.firmId, e.id],
      )
    )[0].n;
  const total = await count();
  assert.ok(total >= 2, `expected at least 2 events, found ${total}`);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(written.length, 1, 'one write filled the buffer; nothing more was queued');
  full = false;
  handle.resume();
  const until = Date.now() + 3000;
  while (written.length < total && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  assert.equal(written.length, total, 'the rest followed the drain');
  assert.equal(new Set(written.map((r) => r.id)).size, total, 'each once');
  assert.ok(Date.now() - started < 5000);
  handle.stop();
  assert.equal(hub.size, 0);
  await hub.close();
});

function multipartBody(data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      '--XyZ\r\nContent-Disposition: form-data; name="kind"\r\n\r\nFINANCIALS\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="f.json"\r\nContent-Type: application/json\r\n\r\n',
    ),
    data,
    Buffer.from('\r\n--XyZ--\r\n'),
  ]);
}
