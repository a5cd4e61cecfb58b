// Authenticated principals cached in memory, keyed by the SHA-256 of the credential (token or session
// cookie), so an authenticated read needs no database round trip for identity. Bounded (LRU) with a
// short TTL. Any change that can end or narrow a credential (token revoked, logout, role changed,
// member deactivated or removed) NOTIFYs `principal_changes` with the firm id in the same transaction;
// every API process drops that firm's entries when it hears it, well within a second. The TTL is the
// backstop for a lost notification. Failed look-ups are never cached, so a new token works at once.
import type { Executor } from '../db/client.js';
import type { Database } from '../db/client.js';

export const PRINCIPAL_CHANNEL = 'principal_changes';

interface Entry<T> {
  value: T;
  firmId: string;
  expiresAt: number;
}

export class PrincipalCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private unlisten?: () => Promise<void>;

  constructor(private readonly ttlMs = 5_000, private readonly maxEntries = 10_000) {}

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Least recently used goes first: re-insert on every hit.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, firmId: string, value: T, ttlMs = this.ttlMs): void {
    this.entries.delete(key);
    this.entries.set(key, { value, firmId, expiresAt: Date.now() + Math.max(0, ttlMs) });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  invalidateFirm(firmId: string): void {
    for (const [key, e] of this.entries) if (e.firmId === firmId) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops a firm's entries whenever any process announces a change to its credentials. */
  async listen(db: Database): Promise<void> {
    this.unlisten ??= await db.listen(PRINCIPAL_CHANNEL, (firmId) => (firmId ? this.invalidateFirm(firmId) : this.clear()));
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    this.clear();
  }
}

/** Announces, when the transaction commits, that a firm's credentials changed. */
export async function announcePrincipalChange(tx: Executor, firmId: string): Promise<void> {
  await tx.query(`SELECT pg_notify('${PRINCIPAL_CHANNEL}', $1)`, [firmId]);
}
