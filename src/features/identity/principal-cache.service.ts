// Authenticated principals cached in memory, keyed by the SHA-256 of the credential (token or session
// cookie), so an authenticated read needs no database round trip for identity. Bounded (LRU) with a
// short TTL. Any change that can end or narrow a credential (token revoked, logout, role changed,
// member deactivated or removed) NOTIFYs `principal_changes` with the firm id in the same transaction;
// every API process drops that firm's entries when it hears it, well within a second. The TTL is the
// backstop for a lost notification. Failed look-ups are never cached, so a new token works at once.
// Under load the cache does not stall: TTLs are jittered per entry, and a hot entry is reloaded in the
// background before it expires (refresh-ahead), one load per key at a time.
import type { Executor } from '../../db/client.js';
import type { Database } from '../../db/client.js';
import { traceEvent, tracing } from '../../lib/stall-trace.js';
import { notifyPrincipalChange, PRINCIPAL_CHANNEL } from './principal-changes.repository.js';

export { PRINCIPAL_CHANNEL };

interface Entry<T> {
  value: T;
  firmId: string;
  expiresAt: number;
  /** After this, a hit still answers from the entry but reloads it in the background (refresh-ahead). */
  refreshAt: number;
}

/** What a load found: the value and its firm, and at most how long it may be cached. */
export interface Loaded<T> {
  value: T;
  firmId: string;
  ttlMs?: number;
}

/** Entries live between (1 − TTL_JITTER) × TTL and the TTL, so credentials cached together do not expire together. */
const TTL_JITTER = 0.2;
/** A hit past this share of the entry's life reloads it in the background, so a hot credential never expires under load. */
const REFRESH_AT = 0.5;

export class PrincipalCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Loads under way, by key, with the invalidation epoch they started in. */
  private readonly loading = new Map<string, { epoch: number; promise: Promise<Loaded<T> | null> }>();
  /** Bumped by every invalidation: a load that started before one is answered but never cached. */
  private epoch = 0;
  /** The key inserted last: the end of the LRU order, where a hit on it already is. */
  private newest: string | undefined;
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): T | undefined {
    return this.live(key, Date.now())?.value;
  }

  private live(key: string, now: number): Entry<T> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Least recently used goes first: a hit moves its entry to the end, unless it is there already (the
    // common case, one hot credential): re-inserting it on every request made the Map rebuild its table over
    // and over, garbage that outlived the young generation and brought on major GCs under load.
    if (this.newest !== key) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.newest = key;
    }
    return hit;
  }

  set(key: string, firmId: string, value: T, ttlMs = this.ttlMs): void {
    const now = Date.now();
    const ttl = Math.max(0, ttlMs) * (1 - TTL_JITTER * Math.random());
    this.entries.delete(key);
    this.entries.set(key, { value, firmId, expiresAt: now + ttl, refreshAt: now + ttl * REFRESH_AT });
    this.newest = key;
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * The cached value for `key`, or `load`'s. Concurrent misses share one load (unless an invalidation came
   * between them); a hit past the entry's refresh point answers at once and reloads it in the background.
   * A load that an invalidation overtook is never cached, so nothing outlives a revocation by more than the
   * time its NOTIFY takes to arrive. Resolves to undefined when `load` finds nothing (never cached).
   */
  async resolve(key: string, load: () => Promise<Loaded<T> | null>): Promise<T | undefined> {
    const now = Date.now();
    const hit = this.live(key, now);
    if (hit) {
      if (now >= hit.refreshAt && !this.loading.has(key)) {
        hit.refreshAt = hit.expiresAt; // one refresh per entry
        this.start(key, load, 'refresh').catch(() => {}); // a failed refresh leaves the entry to expire
      }
      return hit.value;
    }
    const running = this.loading.get(key);
    const found = await (running && running.epoch === this.epoch ? running.promise : this.start(key, load, 'miss'));
    return found?.value;
  }

  private start(
    key: string,
    load: () => Promise<Loaded<T> | null>,
    kind: 'miss' | 'refresh',
  ): Promise<Loaded<T> | null> {
    const epoch = this.epoch;
    const started = tracing() ? performance.now() : 0;
    const promise = load()
      .then((found) => {
        if (started) traceEvent(`principal ${kind}`, performance.now() - started);
        if (epoch === this.epoch) {
          if (found) this.set(key, found.firmId, found.value, Math.min(found.ttlMs ?? this.ttlMs, this.ttlMs));
          else this.entries.delete(key);
        }
        return found;
      })
      .finally(() => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      });
    this.loading.set(key, { epoch, promise });
    return promise;
  }

  invalidateFirm(firmId: string): void {
    this.epoch += 1;
    for (const [key, e] of this.entries) if (e.firmId === firmId) this.entries.delete(key);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops a firm's entries whenever any process announces a change to its credentials. */
  async listen(db: Database): Promise<void> {
    this.unlisten ??= await db.listen(PRINCIPAL_CHANNEL, (firmId) =>
      firmId ? this.invalidateFirm(firmId) : this.clear(),
    );
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    this.clear();
  }
}

/** Announces, when the transaction commits, that a firm's credentials changed. */
export async function announcePrincipalChange(tx: Executor, firmId: string): Promise<void> {
  await notifyPrincipalChange(tx, firmId);
}
