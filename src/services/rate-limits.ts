// Rate limits and login throttling, shared by every API process through PostgreSQL
// (docs/decisions.md, Rate limits and login throttling). Keys name an address, or an account by the
// SHA-256 of its e-mail (no e-mail is stored here).
import type { ServiceContext } from './context.js';
import { AppError } from '../lib/errors.js';
import { sha256Hex } from '../lib/crypto.js';
import { deleteCounter, incrementCounter, readCounters, sweepCounters } from '../db/repositories/rate-limits.js';
import { addressBlock } from '../domain/identity/address-block.js';

/** Per-address limits on the public operations that create or look up something. */
export const ADDRESS_LIMITS = {
  signup: { limit: 10, windowSeconds: 3600 },
  acceptInvite: { limit: 20, windowSeconds: 900 },
  verify: { limit: 60, windowSeconds: 60 },
  knownBrowserLink: { limit: 10, windowSeconds: 3600 },
  verifyFile: { limit: 10, windowSeconds: 60 },
} as const;

/** Login: only failures count, in windows of this length. */
export const LOGIN_WINDOW_SECONDS = 900;
/** Failed logins from one address (any accounts) before the address must wait for its window to end. */
export const LOGIN_ADDRESS_FAILURES = 20;
/** Failed logins on one account from one address before each further try waits (1 s, 2 s, 4 s … 60 s). */
export const LOGIN_FREE_FAILURES = 5;
/** Failed logins on one account from all addresses together before every address's tries wait. */
export const LOGIN_ACCOUNT_FAILURES = 50;
const MAX_DELAY_SECONDS = 60;

const tooMany = (retryAfterSeconds: number, what: string) => {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('rate_limited', `${what}; retry in ${s} s`, undefined, { 'retry-after': String(s) });
};

function sweepSometimes(ctx: ServiceContext) {
  // Expired windows are deleted now and then, so the table holds only current traffic.
  if (Math.random() < 0.01) void sweepCounters(ctx.db).catch(() => undefined);
}

/** Counts one request from `address` (an IPv6 address by its /64) against the named limit; 429 with Retry-After once over it. */
export async function enforceAddressLimit(
  ctx: ServiceContext,
  name: keyof typeof ADDRESS_LIMITS,
  address: string,
): Promise<void> {
  const { limit, windowSeconds } = ADDRESS_LIMITS[name];
  const counter = await incrementCounter(ctx.db, `${name}:${addressBlock(address)}`, windowSeconds);
  sweepSometimes(ctx);
  if (counter.count > limit)
    throw tooMany((counter.resetAt.getTime() - Date.now()) / 1000, 'Too many requests from this address');
}

const accountHash = (email: string) => sha256Hex(email.trim().toLowerCase());
const keys = (email: string, address: string) => ({
  address: `login-fail-address:${addressBlock(address)}`,
  accountAddress: `login-fail-account-address:${accountHash(email)}:${addressBlock(address)}`,
  account: `login-fail-account:${accountHash(email)}`,
});

/** The wait before the next try once `failures` exceed `free`: doubling from 1 s, at most a minute. */
export const progressiveDelaySeconds = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(MAX_DELAY_SECONDS, 2 ** (failures - free));

/**
 * Before a login's password is checked (and its hash computed): 429 when this address has failed too often, or
 * when this account has failed often enough that the next try must wait. Nothing locks an account: the longest
 * wait is a minute. The account-wide wait (failures from every address together) does not apply to a browser
 * the account has logged in from before (`knownBrowser`), so guesses spread over many addresses cannot keep the
 * owner out. A try refused here counts as a failure for the address that sent it: hammering costs the sender.
 */
export async function assertLoginAllowed(
  ctx: ServiceContext,
  email: string,
  address: string,
  knownBrowser = false,
): Promise<void> {
  const k = keys(email, address);
  const counters = await readCounters(ctx.db, [k.address, k.accountAddress, k.account]);
  const now = Date.now();
  const refuse = async (retryAfterSeconds: number, what: string) => {
    for (const key of [k.address, k.accountAddress]) await incrementCounter(ctx.db, key, LOGIN_WINDOW_SECONDS);
    return tooMany(retryAfterSeconds, what);
  };
  const byAddress = counters.get(k.address);
  if (byAddress && byAddress.count >= LOGIN_ADDRESS_FAILURES) {
    throw await refuse((byAddress.resetAt.getTime() - now) / 1000, 'Too many failed logins from this address');
  }
  const waits: (readonly [ReturnType<typeof counters.get>, number, string])[] = [
    [
      counters.get(k.accountAddress),
      LOGIN_FREE_FAILURES,
      'Too many failed logins for this account from this address; wait before trying again',
    ],
  ];
  if (!knownBrowser) {
    waits.push([
      counters.get(k.account),
      LOGIN_ACCOUNT_FAILURES,
      'Too many failed logins for this account from several addresses; wait before trying again, or log in from a browser you have used before',
    ]);
  }
  for (const [counter, free, what] of waits) {
    if (!counter) continue;
    const wait = counter.lastAt.getTime() + progressiveDelaySeconds(counter.count, free) * 1000 - now;
    if (wait > 0) throw await refuse(wait / 1000, what);
  }
}

export async function recordLoginFailure(ctx: ServiceContext, email: string, address: string): Promise<void> {
  const k = keys(email, address);
  for (const key of [k.address, k.accountAddress, k.account]) await incrementCounter(ctx.db, key, LOGIN_WINDOW_SECONDS);
  sweepSometimes(ctx);
}

/** A success clears this account's failures from this address (the owner is not slowed by their typos). */
export async function recordLoginSuccess(ctx: ServiceContext, email: string, address: string): Promise<void> {
  await deleteCounter(ctx.db, keys(email, address).accountAddress);
}
