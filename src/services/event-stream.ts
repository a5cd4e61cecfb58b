// Live engagement events for the console (GET /api/v1/events/stream, Server-Sent Events).
// Fed by the transactional outbox: writeEngagementEvent NOTIFYs `firm_events` with the firm id when
// its transaction commits, so a change made through any API process wakes the streams of every other.
// Each stream then reads the firm's outbox rows after the last one it sent.
import { decodeTime, encodeTime } from 'ulid';
import { FIRM_EVENTS_CHANNEL, listOutboxEventsAfter, type OutboxStreamRow } from '../db/repositories/audit.js';
import type { ServiceContext } from './context.js';

/**
 * ULIDs are made before their transaction commits, so an event can become visible after a later id
 * was sent. Every read looks back this far and skips what was already sent.
 */
const LOOKBACK_MS = 5_000;
/** A read also happens this often without a notification (the backstop for a lost NOTIFY). */
const BACKSTOP_MS = 5_000;
const BATCH = 200;

export interface StreamSink {
  send(row: OutboxStreamRow): void;
  heartbeat(): void;
  end(): void;
}

interface Subscriber {
  firmId: string;
  engagementId?: string;
  /** Never read ids at or below this (the Last-Event-ID a client resumed from). */
  floorId: string;
  /** Sent ids with their ULID times, pruned to the look-back window. */
  sent: Map<string, number>;
  lastSentAt: number;
  pulling: boolean;
  again: boolean;
  stillAuthorised: () => Promise<boolean>;
  sink: StreamSink;
  timers: NodeJS.Timeout[];
}

export const isOutboxEventId = (id: string) => /^evt_[0-9A-HJKMNP-TV-Z]{26}$/.test(id);

const idAt = (ms: number) => `evt_${encodeTime(Math.max(0, ms), 10)}0000000000000000`;

export class EventHub {
  private readonly byFirm = new Map<string, Set<Subscriber>>();
  private unlisten?: Promise<() => Promise<void>>;
  private closed = false;

  constructor(private readonly ctx: ServiceContext, private readonly heartbeatMs = 15_000) {}

  /** Starts a stream; events after `lastEventId` (if given) first, then live ones. Returns the stop function. */
  async subscribe(input: {
    firmId: string;
    engagementId?: string;
    lastEventId?: string;
    stillAuthorised: () => Promise<boolean>;
    sink: StreamSink;
  }): Promise<() => void> {
    if (this.closed) {
      input.sink.end();
      return () => {};
    }
    this.unlisten ??= this.ctx.db.listen(FIRM_EVENTS_CHANNEL, (firmId) => this.wake(firmId));
    await this.unlisten;
    const now = Date.now();
    const resume = input.lastEventId && isOutboxEventId(input.lastEventId) ? input.lastEventId : undefined;
    const sub: Subscriber = {
      firmId: input.firmId,
      engagementId: input.engagementId,
      floorId: resume ?? idAt(now - 1),
      sent: new Map(),
      lastSentAt: resume ? decodeTime(resume.slice(4)) : now,
      pulling: false,
      again: false,
      stillAuthorised: input.stillAuthorised,
      sink: input.sink,
      timers: [],
    };
    let set = this.byFirm.get(sub.firmId);
    if (!set) this.byFirm.set(sub.firmId, (set = new Set()));
    set.add(sub);
    sub.timers.push(setInterval(() => void this.pull(sub), BACKSTOP_MS));
    sub.timers.push(
      setInterval(() => {
        void sub.stillAuthorised().then((ok) => (ok ? sub.sink.heartbeat() : this.drop(sub)), () => this.drop(sub));
      }, this.heartbeatMs),
    );
    if (resume) void this.pull(sub);
    return () => this.drop(sub, false);
  }

  /** '' (notifications may have been missed) wakes every subscriber. */
  private wake(firmId: string): void {
    const subs = firmId ? (this.byFirm.get(firmId) ?? []) : [...this.byFirm.values()].flatMap((set) => [...set]);
    for (const sub of subs) void this.pull(sub);
  }

  private async pull(sub: Subscriber): Promise<void> {
    if (sub.pulling) {
      sub.again = true;
      return;
    }
    sub.pulling = true;
    try {
      do {
        sub.again = false;
        const lookback = idAt(sub.lastSentAt - LOOKBACK_MS);
        const after = lookback > sub.floorId ? lookback : sub.floorId;
        const rows = await listOutboxEventsAfter(this.ctx.db, sub.firmId, after, { engagementId: sub.engagementId, limit: BATCH });
        const fresh = rows.filter((r) => !sub.sent.has(r.id));
        if (fresh.length === 0) continue;
        // Nothing is sent once the credential that opened the stream is revoked or demoted.
        if (!(await sub.stillAuthorised())) {
          this.drop(sub);
          return;
        }
        for (const row of fresh) {
          const at = decodeTime(row.id.slice(4));
          sub.sent.set(row.id, at);
          sub.lastSentAt = Math.max(sub.lastSentAt, at);
          sub.sink.send(row);
        }
        const horizon = sub.lastSentAt - LOOKBACK_MS - 1_000;
        for (const [id, at] of sub.sent) if (at < horizon) sub.sent.delete(id);
        if (rows.length === BATCH) sub.again = true;
      } while (sub.again);
    } catch (err) {
      this.ctx.log.warn({ err }, 'event stream read failed; the next notification or backstop retries');
    } finally {
      sub.pulling = false;
    }
  }

  private drop(sub: Subscriber, end = true): void {
    for (const t of sub.timers) clearInterval(t);
    sub.timers = [];
    const set = this.byFirm.get(sub.firmId);
    if (set?.delete(sub) && set.size === 0) this.byFirm.delete(sub.firmId);
    if (end) sub.sink.end();
  }

  /** Ends every stream (graceful shutdown: open streams would otherwise hold the server open). */
  async close(): Promise<void> {
    this.closed = true;
    for (const set of [...this.byFirm.values()]) for (const sub of [...set]) this.drop(sub);
    const unlisten = await this.unlisten?.catch(() => undefined);
    await unlisten?.().catch(() => {});
  }
}
