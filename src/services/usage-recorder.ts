// Records when API tokens were last used without writing on the request path: uses are collected in
// memory and written in one statement every few seconds, and once more on graceful shutdown.
import type { Database } from '../db/client.js';
import type { Logger } from 'pino';

export class UsageRecorder {
  private pending = new Map<string, Date>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;

  constructor(private readonly db: Database, private readonly log: Logger, private readonly intervalMs = 2_000) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  recordTokenUse(tokenId: string, at = new Date()): void {
    this.pending.set(tokenId, at);
  }

  /** Writes what was collected; a failed write is kept for the next flush. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = (async () => {
      try {
        await this.db.query(
          `UPDATE api_tokens t SET last_used_at = u.at
             FROM (SELECT unnest($1::text[]) AS id, unnest($2::timestamptz[]) AS at) u
            WHERE t.id = u.id AND (t.last_used_at IS NULL OR t.last_used_at < u.at)`,
          [[...batch.keys()], [...batch.values()].map((d) => d.toISOString())],
        );
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
