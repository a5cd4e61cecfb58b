// Records when API tokens were last used without writing on the request path: uses are collected in
// memory and written in one statement every few seconds, and once more on graceful shutdown.
// The flush stays out of the requests' way: while requests are queueing for a pool connection it waits
// (up to MAX_DEFERRED ticks), and it skips a token row another transaction holds locked (a revocation
// in progress) rather than hold a pooled connection waiting for it; that use is recorded again next time.
import type { Database } from '../../db/client.js';
import type { Logger } from 'pino';
import { traceEvent, tracing } from '../../lib/stall-trace.js';
import { recordTokenUses } from '../identity/api-tokens.repository.js';

/** Ticks a flush may wait for a pool with no queue before it writes anyway. */
const MAX_DEFERRED = 4;

export class UsageRecorder {
  private pending = new Map<string, Date>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private deferred = 0;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly intervalMs = 2_000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  recordTokenUse(tokenId: string, at = new Date()): void {
    this.pending.set(tokenId, at);
  }

  private tick(): Promise<void> | undefined {
    if ((this.db.poolStats?.().waiting ?? 0) > 0 && this.deferred < MAX_DEFERRED) {
      this.deferred += 1;
      if (tracing()) traceEvent('usage flush deferred');
      return undefined;
    }
    this.deferred = 0;
    return this.flush();
  }

  /** Writes what was collected; a failed write is kept for the next flush. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = (async () => {
      const started = performance.now();
      try {
        await recordTokenUses(this.db, batch);
        if (tracing()) traceEvent('usage flush', performance.now() - started);
      } catch (err) {
        for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
        this.log.warn({ err: (err as Error).message }, 'token usage not recorded yet; retrying at the next flush');
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }
}
