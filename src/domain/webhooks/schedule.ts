// Outbound webhook retry policy (docs/webhooks.md). Pure: randomness, clock and scale are injected.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Svix's schedule: delay before attempt n (index n-1). 8 attempts over about 27.5 h,
 * which covers the "about a day" docs/webhooks.md promises.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = Object.freeze([
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
]);

export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;

/** Jitter spreads retries so endpoints that failed together do not all get hit again together. */
export const JITTER_FRACTION = 0.1;

/** A receiver's Retry-After is honoured only up to this, so one header cannot park a delivery for ever. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

export interface DelayOptions {
  /** Multiplies every delay; 1 in production, small in tests so a whole schedule runs in milliseconds. */
  scale: number;
  /** A number in [0, 1), e.g. Math.random; injected so tests are deterministic. */
  random: () => number;
  /** Parsed Retry-After of the failed attempt's response, if any. */
  retryAfterSeconds?: number;
}

/**
 * Milliseconds to wait before the next attempt, given how many attempts have been made
 * (0 = nothing sent yet → the first attempt goes immediately). Null when all attempts are used.
 */
export function nextAttemptDelayMs(attemptsMade: number, options: DelayOptions): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0)
    throw new RangeError('attemptsMade must be a non-negative integer');
  if (!(options.scale >= 0) || !Number.isFinite(options.scale))
    throw new RangeError('scale must be a finite number >= 0');
  if (attemptsMade >= MAX_ATTEMPTS) return null;

  const base = RETRY_SCHEDULE_MS[attemptsMade];
  const r = Math.min(Math.max(options.random(), 0), 1);
  const jittered = base * (1 + (r * 2 - 1) * JITTER_FRACTION);

  // The receiver asked for at least this long; never retry earlier than that, never wait beyond the cap.
  const retryAfter = options.retryAfterSeconds;
  const asked = retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * SECOND : 0;
  const delay = Math.min(Math.max(jittered, asked), MAX_RETRY_AFTER_MS);

  // Scale applies to Retry-After too: it exists to compress the whole timeline in tests.
  return Math.round(delay * options.scale);
}

export type ResponseClass = 'delivered' | 'disable' | 'retry';

/**
 * Standard Webhooks: only 2xx is success; 3xx is a failure (redirects are not followed);
 * 410 Gone means the receiver wants the endpoint disabled; everything else, and no response at all, is retried.
 */
export function classifyResponse(status: number | null): ResponseClass {
  if (status === null) return 'retry';
  if (status >= 200 && status <= 299) return 'delivered';
  if (status === 410) return 'disable';
  return 'retry';
}

/**
 * Parses a Retry-After header (delta-seconds or HTTP-date, RFC 9110 §10.2.3) into whole seconds from `nowMs`.
 * Returns undefined for absent or unparseable values, 0 for dates in the past.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  // HTTP-dates (all three RFC 9110 forms) start with a day name; Date.parse alone would accept "-5" or "1.5".
  if (!/^[A-Za-z]{3,9},? /.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / SECOND));
}
