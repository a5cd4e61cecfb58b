// Live engagement events for the console (GET /api/v1/events/stream, Server-Sent Events).
// Fed by the transactional outbox: writeEngagementEvent NOTIFYs `firm_events` with the firm id when
// its transaction commits, so a change made through any API process wakes the streams of every other.
// Each stream then reads the firm's outbox rows after the last one it sent.
// A stream ends within a second of its credential's end: every process hears `principal_changes`
// (src/features/identity/principal-cache.service.ts) and rechecks the credentials of that firm's open streams at once.
// Open streams are capped per credential, and a stream whose socket is not draining is not written to
// until it drains (docs/decisions.md, Event streams).
import { decodeTime, encodeTime } from 'ulid';
import { FIRM_EVENTS_CHANNEL, listOutboxEventsAfter, type OutboxStreamRow } from '../platform/outbox.repository.js';
import { AppError } from '../../lib/errors.js';
import type { ServiceContext } from '../platform/service-context.js';
import { PRINCIPAL_CHANNEL } from '../identity/principal-cache.service.js';

/**
 * ULIDs are made before their transaction commits, so an event can become visible after a later id
 * was sent. Every read looks back this far and skips what was already sent.
 */
const LOOKBACK_MS = 5_000;
/** A read also happens this often without a notification (the backstop for a lost NOTIFY). */
const BACKSTOP_MS = 5_000;
const BATCH = 200;
/** Open streams one credential (API token or browser session) may hold in one process. */
export const MAX_STREAMS_PER_CREDENTIAL = 5;
/** A stream whose client has read nothing for this long (its socket never drained) is ended. */
const STALLED_MS = 60_000;

export interface StreamSink {
  /** Writes one event; false when the socket's buffer is full (call `resume` on drain). */
  send(row: OutboxStreamRow): boolean;
  /** Writes a heartbeat; false when the socket's buffer is full. */
  heartbeat(): boolean;
  end(): void;
}

/** A place among a credential's streams, taken before the response starts; released once. */
export interface StreamSlot {
  release(): void;
}

export interface StreamHandle {
  /** Ends the stream without writing to it (the client went away). */
  stop(): void;
  /** The socket drained: carry on sending. */
  resume(): void;
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
  /** The socket's buffer is full: nothing is written until it drains. */
  blockedSince?: number;
  checking: boolean;
  checkAgain: boolean;
  stillAuthorised: () => Promise<boolean>;
  sink: StreamSink;
  slot: StreamSlot;
  timers: NodeJS.Timeout[];
  dropped: boolean;
}

export const isOutboxEventId = (id: string) => /^evt_[0-9A-HJKMNP-TV-Z]{26}$/.test(id);

const idAt = (ms: number) => `evt_${encodeTime(Math.max(0, ms), 10)}0000000000000000`;

export class EventHub {
  private readonly byFirm = new Map<string, Set<Subscriber>>();
  private readonly perCredential = new Map<string, number>();
  private unlisten?: Promise<Array<() => Promise<void>>>;
  private closed = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly heartbeatMs = 15_000,
    private readonly maxPerCredential = MAX_STREAMS_PER_CREDENTIAL,
  ) {}

  /** Open streams in this process. */
  get size(): number {
    let n = 0;
    for (const set of this.byFirm.values()) n += set.size;
    return n;
  }

  /** Streams (open or being opened) held by one credential in this process. */
  slotsHeld(credential: string): number {
    return this.perCredential.get(credential) ?? 0;
  }

  /**
   * Takes one of the credential's stream places, or refuses with 429 `too_many_streams`. Synchronous,
   * so concurrent openings cannot both take the last place; taken before the response starts.
   */
  reserve(credential: string): StreamSlot {
    const held = this.perCredential.get(credential) ?? 0;
    if (held >= this.maxPerCredential) {
      throw new AppError(
        'too_many_streams',
        `This credential already has ${held} open event streams; close one first`,
        undefined,
        { 'retry-after': '5' },
      );
    }
    this.perCredential.set(credential, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const n = (this.perCredential.get(credential) ?? 1) - 1;
        if (n <= 0) this.perCredential.delete(credential);
        else this.perCredential.set(credential, n);
      },
    };
  }

  /**
   * Starts a stream; events after `lastEventId` (if given) first, then live ones. The slot is released
   * when the stream ends. When `signal` aborts (the client went away), even while this is still
   * setting up, nothing is left behind: no subscriber, no timer, no slot.
   */
  async subscribe(input: {
    firmId: string;
    engagementId?: string;
    lastEventId?: string;
    stillAuthorised: () => Promise<boolean>;
    sink: StreamSink;
    slot: StreamSlot;
    signal?: AbortSignal;
  }): Promise<StreamHandle> {
    const noop: StreamHandle = { stop: () => {}, resume: () => {} };
    if (this.closed || input.signal?.aborted) {
      input.slot.release();
      if (this.closed) input.sink.end();
      return noop;
    }
    this.unlisten ??= Promise.all([
      this.ctx.db.listen(FIRM_EVENTS_CHANNEL, (firmId) => this.wake(firmId)),
      this.ctx.db.listen(PRINCIPAL_CHANNEL, (firmId) => this.recheckFirm(firmId)),
    ]);
    try {
      await this.unlisten;
    } catch (err) {
      this.unlisten = undefined;
      input.slot.release();
      throw err;
    }
    // The client may have gone, or the hub closed, while the listeners were being set up.
    if (this.closed || input.signal?.aborted) {
      input.slot.release();
      if (this.closed) input.sink.end();
      return noop;
    }
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
      checking: false,
      checkAgain: false,
      stillAuthorised: input.stillAuthorised,
      sink: input.sink,
      slot: input.slot,
      timers: [],
      dropped: false,
    };
    let set = this.byFirm.get(sub.firmId);
    if (!set) this.byFirm.set(sub.firmId, (set = new Set()));
    set.add(sub);
    const stop = () => this.drop(sub, false);
    input.signal?.addEventListener('abort', stop, { once: true });
    sub.timers.push(setInterval(() => void this.pull(sub), BACKSTOP_MS));
    sub.timers.push(
      setInterval(() => {
        if (sub.blockedSince !== undefined && Date.now() - sub.blockedSince > STALLED_MS) {
          this.drop(sub);
          return;
        }
        void sub.stillAuthorised().then(
          (ok) => {
            if (!ok) this.drop(sub);
            else if (sub.blockedSince === undefined && !sub.dropped && !sub.sink.heartbeat())
              sub.blockedSince = Date.now();
          },
          () => this.drop(sub),
        );
      }, this.heartbeatMs),
    );
    if (resume) void this.pull(sub);
    return {
      stop,
      resume: () => {
        if (sub.blockedSince === undefined || sub.dropped) return;
        sub.blockedSince = undefined;
        void this.pull(sub);
      },
    };
  }

  /** A firm's credentials changed ('' : changes may have been missed): recheck its open streams now. */
  private recheckFirm(firmId: string): void {
    // This process's cache may not have heard yet (listeners run in any order): drop its entries first.
    if (firmId) this.ctx.principals?.invalidateFirm(firmId);
    else this.ctx.principals?.clear();
    const subs = firmId ? (this.byFirm.get(firmId) ?? []) : [...this.byFirm.values()].flatMap((set) => [...set]);
    for (const sub of [...subs]) void this.recheck(sub);
  }

  private async recheck(sub: Subscriber): Promise<void> {
    if (sub.checking) {
      sub.checkAgain = true;
      return;
    }
    sub.checking = true;
    try {
      do {
        sub.checkAgain = false;
        let ok: boolean;
        try {
          ok = await sub.stillAuthorised();
        } catch (err) {
          // The database is unreachable: the heartbeat's recheck decides later.
          this.ctx.log.warn({ err }, 'event stream credential recheck failed');
          continue;
        }
        if (!ok) {
          this.drop(sub);
          return;
        }
      } while (sub.checkAgain && !sub.dropped);
    } finally {
      sub.checking = false;
    }
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
    if (sub.dropped || sub.blockedSince !== undefined) return;
    sub.pulling = true;
    try {
      do {
        sub.again = false;
        const lookback = idAt(sub.lastSentAt - LOOKBACK_MS);
        const after = lookback > sub.floorId ? lookback : sub.floorId;
        const rows = await listOutboxEventsAfter(this.ctx.db, sub.firmId, after, {
          engagementId: sub.engagementId,
          limit: BATCH,
        });
        const fresh = rows.filter((r) => !sub.sent.has(r.id));
        if (fresh.length === 0) continue;
        // Nothing is sent once the credential that opened the stream is revoked or demoted.
        if (!(await sub.stillAuthorised())) {
          this.drop(sub);
          return;
        }
        if (sub.dropped) return;
        for (const row of fresh) {
          const at = decodeTime(row.id.slice(4));
          sub.sent.set(row.id, at);
          sub.lastSentAt = Math.max(sub.lastSentAt, at);
          // Backpressure: once the socket's buffer is full, the rest waits for `resume` (on drain) and
          // is read again then; nothing queues in memory beyond what the socket already holds.
          if (!sub.sink.send(row)) {
            sub.blockedSince = Date.now();
            break;
          }
        }
        if (sub.blockedSince !== undefined) return;
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
    if (sub.dropped) return;
    sub.dropped = true;
    for (const t of sub.timers) clearInterval(t);
    sub.timers = [];
    const set = this.byFirm.get(sub.firmId);
    if (set?.delete(sub) && set.size === 0) this.byFirm.delete(sub.firmId);
    sub.slot.release();
    if (end) sub.sink.end();
  }

  /** Ends every stream (graceful shutdown: open streams would otherwise hold the server open). */
  async close(): Promise<void> {
    this.closed = true;
    for (const set of [...this.byFirm.values()]) for (const sub of [...set]) this.drop(sub);
    const unlisten = await this.unlisten?.catch(() => undefined);
    for (const u of unlisten ?? []) await u().catch(() => {});
  }
}
