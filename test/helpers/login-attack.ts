// A login attack spread over many networks, as the throttling model expects one (docs/decisions.md, Rate limits
// and login throttling): five wrong guesses from each of `networks` IPv6 /64s, which takes the account to its
// account-wide threshold, then one more guess from a fresh network each time the account-wide wait ends, so
// the wait doubles (1 s, 2 s, 4 s …). After `rounds` such guesses the account is held for 2^rounds seconds.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../src/db/client.js';

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { email, password } });

export async function spreadLoginAttack(
  app: FastifyInstance,
  email: string,
  options: { networks?: number; rounds?: number } = {},
): Promise<string[]> {
  const networks = Array.from(
    { length: options.networks ?? 10 },
    (_, i) => `2001:db8:${(i + 1).toString(16)}::${i + 7}`,
  );
  for (const address of networks) {
    for (let g = 0; g < 5; g++)
      assert.equal((await login(app, email, `wrong-${address}-${g}`, address)).statusCode, 401);
  }
  for (let round = 0; round < (options.rounds ?? 0); round++) {
    const address = `2001:db8:a${round}::1`;
    for (;;) {
      const res = await login(app, email, `wrong-round-${round}`, address);
      if (res.statusCode === 401) break;
      assert.equal(res.statusCode, 429, res.body);
      await new Promise((r) => setTimeout(r, Number(res.headers['retry-after']) * 1000));
    }
  }
  return networks;
}

/**
 * Time passes for the rate limiter: every counter's window and last failure move `seconds` into the past, as if
 * that long had gone by (the limiter counts by the database's clock, which a test cannot wind on).
 */
export async function advanceLimiterClock(db: Executor, seconds: number): Promise<void> {
  await db.query(
    'UPDATE rate_limits SET reset_at = reset_at - make_interval(secs => $1), last_at = last_at - make_interval(secs => $1)',
    [seconds],
  );
}
