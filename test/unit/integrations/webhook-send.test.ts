import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, signatureHeaders } from '../../../src/integrations/webhooks/sign.js';
import { sendWebhook, SNIPPET_BYTES } from '../../../src/integrations/webhooks/send.js';
import { assertPublicUrl, type HostLookup } from '../../../src/integrations/webhooks/ssrf.js';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

// A receiver on loopback whose behaviour each test picks by path.
const received: Received[] = [];
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/ok': (_req, res) => res.writeHead(204).end(),
  '/fail': (_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('database is down'),
  '/big': (_req, res) => res.writeHead(503).end('x'.repeat(10_000)),
  '/busy': (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end('slow down'),
  '/redirect': (_req, res) => res.writeHead(302, { location: '/ok' }).end(),
  '/gone': (_req, res) => res.writeHead(410).end(),
  '/slow': () => {
    /* never answers */
  },
};
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    (routes[req.url ?? ''] ?? ((_q: IncomingMessage, s: ServerResponse) => s.writeHead(404).end()))(req, res);
  });
});
let base = '';
let port = 0;
before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const payload = JSON.stringify({
  id: 'evt_01',
  type: 'engagement.completed',
  createdAt: '2026-11-22T10:00:00Z',
  data: { id: 'eng_01' },
});
const now = () => Math.floor(Date.now() / 1000);
const lastFor = (path: string) => received.filter((r) => r.path === path).at(-1)!;

describe('generateWebhookSecret', () => {
  it('is whsec_ + base64 of 24–32 random bytes', () => {
    const s = generateWebhookSecret();
    assert.match(s, /^whsec_[A-Za-z0-9+/]+=*$/);
    assert.equal(Buffer.from(s.slice(6), 'base64').length, 32);
    assert.equal(Buffer.from(generateWebhookSecret(24).slice(6), 'base64').length, 24);
    assert.notEqual(generateWebhookSecret(), generateWebhookSecret());
    assert.throws(() => generateWebhookSecret(16), RangeError);
  });
});

describe('signatureHeaders', () => {
  it('matches the standardwebhooks reference signer', () => {
    const secret = generateWebhookSecret();
    const ts = 1_763_800_000;
    const h = signatureHeaders('msg_1', ts, payload, [secret]);
    assert.equal(h['webhook-signature'], new Webhook(secret).sign('msg_1', new Date(ts * 1000), payload));
    assert.deepEqual(Object.keys(h).sort(), ['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    assert.equal(h['webhook-timestamp'], String(ts));
  });

  it('refuses ids with a dot, non-integer timestamps and no secrets', () => {
    const s = generateWebhookSecret();
    assert.throws(() => signatureHeaders('a.b', now(), payload, [s]), RangeError);
    assert.throws(() => signatureHeaders('a', 1.5, payload, [s]), RangeError);
    assert.throws(() => signatureHeaders('a', now(), payload, []), RangeError);
    assert.throws(() => signatureHeaders('a', now(), payload, ['not-a-secret']), RangeError);
  });
});

describe('sendWebhook', () => {
  it('delivers a POST that the receiver verifies with standardwebhooks', async () => {
    const secret = generateWebhookSecret();
    const headers = signatureHeaders('evt_01', now(), payload, [secret]);
    const r = await sendWebhook({ url: `${base}/ok`, body: payload, headers, allowPrivate: true });
    assert.equal(r.ok, true);
    assert.equal(r.status, 204);
    assert.equal(r.error, undefined);
    assert.ok(r.durationMs >= 0);
    const got = lastFor('/ok');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.body, payload);
    const verified = new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
    assert.deepEqual(verified, JSON.parse(payload));
  });

  it('during rotation sends two signatures and both secrets verify', async () => {
    const oldSecret = generateWebhookSecret();
    const newSecret = generateWebhookSecret(24);
    const headers = signatureHeaders('evt_02', now(), payload, [newSecret, oldSecret]);
    const r = await sendWebhook({ url: `${base}/ok`, body: payload, headers, allowPrivate: true });
    assert.equal(r.ok, true);
    const got = lastFor('/ok');
    const sigs = String(got.headers['webhook-signature']).split(' ');
    assert.equal(sigs.length, 2);
    assert.ok(sigs.every((s) => s.startsWith('v1,')));
    new Webhook(oldSecret).verify(got.body, got.headers as Record<string, string>);
    new Webhook(newSecret).verify(got.body, got.headers as Record<string, string>);
    assert.throws(() => new Webhook(generateWebhookSecret()).verify(got.body, got.headers as Record<string, string>));
  });

  it('a 500 is not ok and keeps the start of the response body', async () => {
    const r = await sendWebhook({ url: `${base}/fail`, body: payload, headers: {}, allowPrivate: true });
    assert.equal(r.ok, false);
    assert.equal(r.status, 500);
    assert.equal(r.responseSnippet, 'database is down');
    assert.equal(r.error, 'HTTP 500');
  });

  it('keeps at most 1 KiB of a large response', async () => {
    const r = await sendWebhook({ url: `${base}/big`, body: payload, headers: {}, allowPrivate: true });
    assert.equal(r.status, 503);
    assert.equal(r.responseSnippet.length, SNIPPET_BYTES);
  });

  it('parses Retry-After', async () => {
    const r = await sendWebhook({ url: `${base}/busy`, body: payload, headers: {}, allowPrivate: true });
    assert.equal(r.status, 429);
    assert.equal(r.retryAfterSeconds, 120);
    assert.equal(r.responseSnippet, 'slow down');
  });

  it('does not follow redirects: a 302 is a failed attempt', async () => {
    const before = received.filter((x) => x.path === '/ok').length;
    const r = await sendWebhook({ url: `${base}/redirect`, body: payload, headers: {}, allowPrivate: true });
    assert.equal(r.ok, false);
    assert.equal(r.status, 302);
    await new Promise((res) => setTimeout(res, 50));
    assert.equal(received.filter((x) => x.path === '/ok').length, before, 'the redirect target was never requested');
  });

  it('reports 410 as a plain failed status (the schedule decides to disable)', async () => {
    const r = await sendWebhook({ url: `${base}/gone`, body: payload, headers: {}, allowPrivate: true });
    assert.deepEqual([r.ok, r.status], [false, 410]);
  });

  it('times out a receiver that never answers', async () => {
    const t0 = Date.now();
    const r = await sendWebhook({
      url: `${base}/slow`,
      body: payload,
      headers: {},
      allowPrivate: true,
      timeoutMs: 150,
    });
    assert.equal(r.ok, false);
    assert.equal(r.status, null);
    assert.match(r.error ?? '', /timeout after 150 ms/);
    assert.ok(Date.now() - t0 < 2000);
  });

  it('returns connection errors instead of throwing', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const freePort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const r = await sendWebhook({
      url: `http://127.0.0.1:${freePort}/`,
      body: payload,
      headers: {},
      allowPrivate: true,
    });
    assert.equal(r.ok, false);
    assert.equal(r.status, null);
    assert.match(r.error ?? '', /ECONNREFUSED/);
  });

  it('returns a bad header as an error instead of throwing', async () => {
    const r = await sendWebhook({ url: `${base}/ok`, body: payload, headers: { 'x-bad': 'a\nb' }, allowPrivate: true });
    assert.equal(r.ok, false);
    assert.equal(r.status, null);
    assert.ok(r.error);
  });

  it('connects to the address that was checked, not whatever the name resolves to later', async () => {
    // receiver.test exists in no DNS: reaching the receiver proves the pinned address was used.
    const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const r = await sendWebhook({
      url: `http://receiver.test:${port}/ok`,
      body: payload,
      headers: {},
      allowPrivate: true,
      lookup,
    });
    assert.equal(r.status, 204);
    assert.equal(lastFor('/ok').headers.host, `receiver.test:${port}`);
  });

  it('refuses at send time a host that rebinds to a private address after passing the check at creation', async () => {
    let calls = 0;
    const rebinding: HostLookup = async () => {
      calls++;
      const address = calls === 1 ? '93.184.215.14' : '127.0.0.1';
      return [{ address, family: 4 } satisfies LookupAddress];
    };
    const url = `https://rebind.test:${port}/ok`;
    // Creation: the name looks public.
    await assertPublicUrl(url, { allowPrivate: false, lookup: rebinding });
    const before = received.length;
    const r = await sendWebhook({ url, body: payload, headers: {}, allowPrivate: false, lookup: rebinding });
    assert.equal(r.ok, false);
    assert.equal(r.status, null);
    assert.equal(r.refused, true);
    assert.match(r.error ?? '', /loopback address \(rebind\.test resolves to 127\.0\.0\.1\)/);
    assert.equal(received.length, before, 'nothing was sent');
    assert.equal(calls, 2);
  });

  it('refuses a plain http URL when private URLs are not allowed', async () => {
    const r = await sendWebhook({ url: `${base}/ok`, body: payload, headers: {}, allowPrivate: false });
    assert.deepEqual([r.ok, r.status, r.refused], [false, null, true]);
    assert.match(r.error ?? '', /must use https/);
  });
});
