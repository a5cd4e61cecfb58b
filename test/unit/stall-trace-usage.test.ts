// The stall trace writes what happened each second; the token-use flush waits while requests queue for
// the pool (at most four ticks), then writes anyway.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStallTrace, traceEvent, tracing, type TraceSecond } from '../../src/lib/stall-trace.js';
import { UsageRecorder } from '../../src/features/payments/usage-recorder.service.js';
import { createLogger } from '../../src/lib/logger.js';
import type { Database } from '../../src/db/client.js';

test('a stall trace line holds the event-loop delay, GC, the events reported and memory; nothing is kept when off', async (t) => {
  assert.equal(tracing(), false);
  traceEvent('ignored', 1);
  const dir = mkdtempSync(join(tmpdir(), 'vs-trace-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'trace.jsonl');
  const stop = startStallTrace(file);
  assert.equal(tracing(), true);
  traceEvent('usage flush', 3);
  traceEvent('usage flush', 5);
  await stop();
  assert.equal(tracing(), false);
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as TraceSecond);
  const last = lines.at(-1)!;
  assert.deepEqual(last.events['usage flush'], { n: 2, ms: 8, max: 5 });
  assert.equal(last.events.ignored, undefined);
  assert.equal(last.pid, process.pid);
  assert.ok(last.eld.max >= 0 && last.mem.rss > 0 && last.mem.heap > 0);
});

test('the usage flush waits while requests queue for a connection, at most four ticks', async (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  let waiting = 3;
  const writes: unknown[][] = [];
  const db = {
    poolStats: () => ({ total: 20, idle: 0, waiting, max: 20 }),
    query: async (_sql: string, params: unknown[]) => {
      writes.push(params);
      return [];
    },
  } as unknown as Database;
  const usage = new UsageRecorder(db, createLogger('silent'), 1000);
  usage.start();
  usage.recordTokenUse('tok_1');
  for (let i = 0; i < 4; i++) t.mock.timers.tick(1000);
  assert.equal(writes.length, 0, 'four ticks deferred while the pool has a queue');
  t.mock.timers.tick(1000);
  await new Promise((r) => setImmediate(r));
  assert.equal(writes.length, 1, 'the fifth writes anyway');
  waiting = 0;
  usage.recordTokenUse('tok_2');
  t.mock.timers.tick(1000);
  await new Promise((r) => setImmediate(r));
  assert.equal(writes.length, 2, 'no queue: written at the next tick');
  await usage.stop();
});
