import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifyResponse,
  MAX_ATTEMPTS,
  nextAttemptDelayMs,
  parseRetryAfter,
  RETRY_SCHEDULE_MS,
} from '../../../src/domain/webhooks/schedule.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const mid = () => 0.5; // no jitter

describe('nextAttemptDelayMs', () => {
  it('follows the Svix schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then stops', () => {
    const got = Array.from({ length: MAX_ATTEMPTS + 2 }, (_, n) => nextAttemptDelayMs(n, { scale: 1, random: mid }));
    assert.deepEqual(got, [0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H, null, null]);
    assert.equal(MAX_ATTEMPTS, 8);
    assert.equal(
      RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0),
      27 * H + 35 * M + 5 * S,
    );
  });

  it('jitters by at most ±10 % using the injected random number', () => {
    assert.equal(nextAttemptDelayMs(2, { scale: 1, random: () => 0 }), 270 * S);
    assert.equal(nextAttemptDelayMs(2, { scale: 1, random: () => 0.999999 }), Math.round(300 * S * (1 + 0.0999998)));
    assert.equal(nextAttemptDelayMs(1, { scale: 1, random: () => 0.75 }), 5250);
    for (let i = 0; i < 200; i++) {
      const d = nextAttemptDelayMs(4, { scale: 1, random: Math.random })!;
      assert.ok(d >= 2 * H * 0.9 && d <= 2 * H * 1.1, String(d));
    }
    assert.equal(nextAttemptDelayMs(0, { scale: 1, random: () => 0 }), 0, 'the first attempt is never delayed');
  });

  it('scales the whole schedule for tests', () => {
    assert.equal(nextAttemptDelayMs(1, { scale: 0.001, random: mid }), 5);
    assert.equal(nextAttemptDelayMs(7, { scale: 0.001, random: mid }), 36_000);
    assert.equal(nextAttemptDelayMs(3, { scale: 0, random: mid }), 0);
    assert.equal(nextAttemptDelayMs(8, { scale: 0.001, random: mid }), null);
  });

  it('honours Retry-After when it asks for longer, ignores it when shorter, caps it at 24 h', () => {
    assert.equal(nextAttemptDelayMs(1, { scale: 1, random: mid, retryAfterSeconds: 120 }), 120 * S);
    assert.equal(nextAttemptDelayMs(1, { scale: 1, random: mid, retryAfterSeconds: 2 }), 5 * S);
    assert.equal(nextAttemptDelayMs(1, { scale: 1, random: mid, retryAfterSeconds: 7 * 24 * 3600 }), 24 * H);
    assert.equal(nextAttemptDelayMs(1, { scale: 0.001, random: mid, retryAfterSeconds: 120 }), 120);
    assert.equal(nextAttemptDelayMs(8, { scale: 1, random: mid, retryAfterSeconds: 10 }), null, 'no attempts left');
    // A Retry-After never makes it retry sooner than it would have: the jittered schedule is still the floor.
    assert.equal(nextAttemptDelayMs(1, { scale: 1, random: () => 1, retryAfterSeconds: 5 }), 5500);
  });

  it('rejects nonsense arguments', () => {
    assert.throws(() => nextAttemptDelayMs(-1, { scale: 1, random: mid }), RangeError);
    assert.throws(() => nextAttemptDelayMs(1.5, { scale: 1, random: mid }), RangeError);
    assert.throws(() => nextAttemptDelayMs(1, { scale: -1, random: mid }), RangeError);
    assert.throws(() => nextAttemptDelayMs(1, { scale: Number.NaN, random: mid }), RangeError);
  });
});

describe('classifyResponse', () => {
  it('2xx delivered, 410 disable, everything else retry', () => {
    for (const s of [200, 201, 202, 204, 299]) assert.equal(classifyResponse(s), 'delivered', String(s));
    assert.equal(classifyResponse(410), 'disable');
    for (const s of [100, 199, 300, 301, 302, 304, 307, 400, 401, 404, 408, 429, 500, 502, 503, 504]) {
      assert.equal(classifyResponse(s), 'retry', String(s));
    }
    assert.equal(classifyResponse(null), 'retry', 'no response at all');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('reads delta-seconds and HTTP dates', () => {
    assert.equal(parseRetryAfter('120', now), 120);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 10:01:30 GMT', now), 90);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter(['30', '60'], now), 30);
  });
  it('ignores absent and malformed values', () => {
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter('', now), undefined);
    assert.equal(parseRetryAfter('-5', now), undefined);
    assert.equal(parseRetryAfter('1.5', now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
  });
});
