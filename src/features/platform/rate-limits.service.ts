// Rate limits and login throttling, shared by every API process through PostgreSQL
// (docs/decisions.md, Rate limits and login throttling). Keys name an address, or an account by the
// SHA-256 of its e-mail (no e-mail is stored here).
import type { ServiceContext } from './service-context.js';
import { AppError } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import {
  deleteCounter,
  incrementCounter,
  readCounters,
  sweepCounters,
  type Counter,
} from './rate-limits.repository.js';
import { addressBlock } from '../../domain/identity/address-block.js';

/** Per-address limits on the public operations that create or look up something. */
export const ADDRESS_LIMITS = {
  signup: { limit: 10, windowSeconds: 3600 },
  acceptInvite: { limit: 20, windowSeconds: 900 },
  verify: { limit: 60, windowSeconds: 60 },
  knownBrowserLink: { limit: 10, windowSeconds: 3600 },
  verifyFile: { limit: 10, windowSeconds: 60 },
  // As many as the failed sign-ins an address may make in a window (LOGIN_ADDRESS_FAILURES, LOGIN_WINDOW_SECONDS).
  passwordReset: { limit: 20, windowSeconds: 900 },
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
  const limits = (c: Map<string, Counter | undefined>): Wait[] => [
    { counter: c.get(k.address), wait: windowWait, what: 'Too many failed logins from this address' },
    {
      counter: c.get(k.accountAddress),
      wait: progressiveWait(LOGIN_FREE_FAILURES),
      what: 'Too many failed logins for this account from this address; wait before trying again',
    },
    ...(knownBrowser
      ? []
      : [
          {
            counter: c.get(k.account),
            wait: progressiveWait(LOGIN_ACCOUNT_FAILURES),
            what: 'Too many failed logins for this account from several addresses; wait before trying again, or log in from a browser you have used before',
          },
        ]),
  ];
  const refusing = limits(counters).find((l) => l.counter && l.wait(l.counter, Date.now()) > 0);
  if (!refusing) return;
  // The refused try counts for the address and the account at that address, which can lengthen their waits; the
  // Retry-After stated is the wait after that count, the longest of every limit that applies, so the try made once
  // it has passed is not refused again (unless other addresses fail meanwhile on the account-wide count).
  const after = new Map(counters);
  for (const key of [k.address, k.accountAddress]) {
    after.set(key, await incrementCounter(ctx.db, key, LOGIN_WINDOW_SECONDS));
  }
  // The database's clock, which every window is counted by, at the later of the two counts.
  const now = after.get(k.accountAddress)!.lastAt.getTime();
  const wait = Math.max(...limits(after).map((l) => (l.counter ? l.wait(l.counter, now) : 0)));
  throw tooMany(wait / 1000, refusing.what);
}

interface Wait {
  counter: Counter | undefined;
  /** Milliseconds from `now` until this limit allows a try (0 or less: it allows one now). */
  wait: (c: Counter, now: number) => number;
  what: string;
}

/** The address's failures end its tries until its window ends. */
const windowWait = (c: Counter, now: number) => (c.count >= LOGIN_ADDRESS_FAILURES ? c.resetAt.getTime() - now : 0);

/** After `free` failures each try waits 1 s, 2 s, 4 s … after the last; an ended window forgets the failures. */
const progressiveWait = (free: number) => (c: Counter, now: number) => {
  const delay = progressiveDelaySeconds(c.count, free) * 1000;
  return delay === 0 ? 0 : Math.min(c.lastAt.getTime() + delay, c.resetAt.getTime()) - now;
};

export async function recordLoginFailure(ctx: ServiceContext, email: string, address: string): Promise<void> {
  const k = keys(email, address);
  for (const key of [k.address, k.accountAddress, k.account]) await incrementCounter(ctx.db, key, LOGIN_WINDOW_SECONDS);
  sweepSometimes(ctx);
}

/** A success clears this account's failures from this address (the owner is not slowed by their typos). */
export async function recordLoginSuccess(ctx: ServiceContext, email: string, address: string): Promise<void> {
  await deleteCounter(ctx.db, keys(email, address).accountAddress);
}
