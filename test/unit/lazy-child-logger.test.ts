// The per-request logger is a pino child made only when a line is written at an enabled level,
// with every binding (the request id from Fastify, the firm and principal from auth) on that line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger, lazyChildLoggerFactory, LazyChildLogger } from '../../src/lib/logger.js';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  return { log: createLogger(level, sink), lines };
}

test('bindings of the request and of auth reach the line; levels below the threshold write nothing and build no child', async () => {
  const { log, lines } = capture('info');
  const request = lazyChildLoggerFactory(log, { reqId: 'req_1' });
  const authed = request.child({ firmId: 'frm_1', principalId: 'usr_1' });
  assert.ok(authed instanceof LazyChildLogger, 'still lazy after child()');
  authed.debug('not written');
  assert.equal((authed as unknown as { real?: unknown }).real, undefined, 'no pino child for a disabled level');
  authed.info({ step: 'lock' }, 'assumptions locked');
  authed.warn({ password: 'hunter2' }, 'odd');
  await new Promise((r) => setImmediate(r));
  assert.equal(lines.length, 2);
  assert.deepEqual(
    {
      reqId: lines[0].reqId,
      firmId: lines[0].firmId,
      principalId: lines[0].principalId,
      step: lines[0].step,
      msg: lines[0].msg,
    },
    { reqId: 'req_1', firmId: 'frm_1', principalId: 'usr_1', step: 'lock', msg: 'assumptions locked' },
  );
  assert.equal(lines[1].password, '[redacted]', 'redaction still applies');
  assert.equal(authed.level, 'info');
  assert.equal(authed.isLevelEnabled('debug'), false);
});
