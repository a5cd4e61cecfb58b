// Webhook delivery end to end: 1,000 outbox events → dispatch → signed POSTs to a local receiver.
// Latency is measured from just before the outbox insert to receipt at the receiver.
// Database: embedded PGlite in memory, or DATABASE_URL / BENCH_DATABASE_URL (a throwaway database is NOT created: use a scratch one).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createLogger } from '../src/lib/logger.js';
import { createServiceContext } from '../src/app.js';
import { createWorker } from '../src/runtime.js';
import { signup } from '../src/features/identity/identity.service.js';
import { createEndpoint } from '../src/features/webhooks/webhook-endpoints.service.js';
import { scheduleOutboxDispatch } from '../src/features/webhooks/webhook-delivery.service.js';
import { insertOutboxEvent } from '../src/features/platform/outbox.repository.js';
import { quantile, type Scenario } from './lib/scenario.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);

const scenario: Scenario = {
  name: 'webhooks',
  description: `deliver ${EVENTS} outbox events to a local receiver (signed, verified)`,
  async run() {
    const url = process.env.BENCH_DATABASE_URL;
    const db = url ? openPostgres(url) : await openPglite();
    await migrate(db);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vs-bench-')),
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      DEMO_SEED: 'false',
      WORKER_POLL_MS: '200',
    });
    const log = createLogger(config.LOG_LEVEL);
    const services = createServiceContext({ db, config, log });

    const insertedAt = new Map<string, number>();
    const latencies: number[] = [];
    let firstInsert = 0;
    let lastReceipt = 0;
    let verifyFailures = 0;
    let duplicates = 0;
    let secret = '';
    let resolveAll!: () => void;
    const allReceived = new Promise<void>((r) => (resolveAll = r));
    const seen = new Set<string>();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const now = Date.now();
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = req.headers as Record<string, string>;
        try {
          new Webhook(secret).verify(body, headers);
        } catch {
          verifyFailures++;
        }
        const id = headers['webhook-id'];
        res.writeHead(204).end();
        if (seen.has(id)) {
          duplicates++;
          return;
        }
        seen.add(id);
        latencies.push(now - (insertedAt.get(id) ?? now));
        lastReceipt = now;
        if (seen.size === EVENTS) resolveAll();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;

    const { user, firm } = await signup(services, {
      firmName: 'Bench LLP',
      name: 'Bench',
      email: `bench.${Date.now()}@example.com`,
      password: 'bench-password-123',
    });
    const principal = {
      kind: 'user' as const,
      userId: user.id,
      firmId: firm.id,
      role: 'ADMIN' as const,
      sessionId: 'ses_bench',
      email: user.email,
      name: user.name,
    };
    secret = (
      await createEndpoint(services, principal, {
        url: `http://127.0.0.1:${port}/hook`,
        events: ['engagement.stage_changed'],
      })
    ).secret;

    const worker = createWorker(services);
    await worker.start();
    // One transaction per event, as the engagement lifecycle writes them.
    firstInsert = Date.now();
    for (let i = 0; i < EVENTS; i++) {
      const before = Date.now();
      await db.transaction(async (tx) => {
        const id = await insertOutboxEvent(tx, firm.id, {
          type: 'engagement.stage_changed',
          engagementId: null,
          sequence: i + 1,
          data: { n: i },
        });
        insertedAt.set(id, before);
        await scheduleOutboxDispatch(tx);
      });
    }
    const insertDone = Date.now();
    const timeout = setTimeout(() => resolveAll(), 120_000);
    await allReceived;
    clearTimeout(timeout);
    await worker.stop();
    server.close();
    await db.close();

    latencies.sort((a, b) => a - b);
    const seconds = (lastReceipt - firstInsert) / 1000;
    return {
      database: db.kind,
      'events delivered': `${seen.size} / ${EVENTS}`,
      'signature failures': verifyFailures,
      'duplicate receipts': duplicates,
      'insert phase (s)': (insertDone - firstInsert) / 1000,
      'first insert → last receipt (s)': seconds,
      'throughput (events/s)': seen.size / seconds,
      'latency p50 (ms)': quantile(latencies, 0.5),
      'latency p99 (ms)': quantile(latencies, 0.99),
      'latency max (ms)': latencies.at(-1) ?? NaN,
    };
  },
};

export default scenario;
