// The worker loop: claims due jobs, runs their handlers, records the outcome.
// It wakes on LISTEN/NOTIFY when a job is enqueued, and polls as a fallback.
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { newId } from '../lib/ids.js';
import {
  JOBS_CHANNEL,
  buryAbandoned,
  claimJob,
  completeJob,
  extendLease,
  failJob,
  LeaseLostError,
  type Job,
} from '../features/platform/job-queue.repository.js';
import { ONE_PER_FIRM_JOBS, PermanentJobError, type JobAttempt } from '../features/platform/job-queue.service.js';

/** What a handler gets: the attempt a service sees (src/features/platform/job-queue.service.ts), plus the stored job and the database. */
export interface JobContext extends JobAttempt {
  db: Database;
  job: Job;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  log: Logger;
  concurrency?: number;
  pollMs?: number;
  leaseSeconds?: number;
  workerId?: string;
}

export class Worker {
  readonly id: string;
  private running = false;
  private inFlight = new Set<Promise<void>>();
  private wake?: () => void;
  private unlisten?: () => Promise<void>;
  private loopDone?: Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly options: WorkerOptions,
  ) {
    this.id = options.workerId ?? `${hostname()}:${process.pid}:${newId('job').slice(-6)}`;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      this.unlisten = await this.db.listen(JOBS_CHANNEL, () => this.wake?.());
    } catch (err) {
      this.options.log.warn({ err }, 'LISTEN unavailable; polling only');
    }
    this.loopDone = this.loop();
  }

  /** Stops claiming, waits for in-flight jobs to finish. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight]);
    await this.unlisten?.().catch(() => {});
  }

  /** Runs due jobs until none is left (used by tests and the bench to drain the queue). */
  async drain(maxJobs = 10_000): Promise<number> {
    let n = 0;
    while (n < maxJobs) {
      const job = await this.claim();
      if (!job) break;
      await this.run(job);
      n++;
    }
    return n;
  }

  private async loop(): Promise<void> {
    const concurrency = this.options.concurrency ?? 2;
    let lastSweep = 0;
    while (this.running) {
      try {
        if (Date.now() - lastSweep > 30_000) {
          lastSweep = Date.now();
          await this.db.transaction((tx) => buryAbandoned(tx));
        }
        while (this.running && this.inFlight.size < concurrency) {
          const job = await this.claim();
          if (!job) break;
          const p = this.run(job).finally(() => {
            this.inFlight.delete(p);
            this.wake?.();
          });
          this.inFlight.add(p);
        }
      } catch (err) {
        this.options.log.error({ err }, 'worker loop error');
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs ?? 1000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private get leaseSeconds(): number {
    return this.options.leaseSeconds ?? 60;
  }

  private claim(): Promise<Job | null> {
    const kinds = Object.keys(this.options.handlers);
    return this.db.transaction((tx) => claimJob(tx, this.id, this.leaseSeconds, kinds, ONE_PER_FIRM_JOBS));
  }

  /**
   * Extends the lease every third of its length while the handler runs, so a long job is not claimed
   * again by another worker mid-run. When an extension finds the job no longer this attempt's, `lost`
   * aborts: the attempt can no longer complete (its completion and effects roll back). A failed
   * extension (database unreachable) is tried again at the next beat.
   */
  private startLeaseHeartbeat(job: Job, log: Logger): { lost: AbortController; stop: () => void } {
    const lost = new AbortController();
    let extending = false;
    let stopped = false;
    const timer = setInterval(
      () => {
        if (extending || lost.signal.aborted) return;
        extending = true;
        this.db
          .transaction((tx) => extendLease(tx, job, this.leaseSeconds))
          .then(
            (held) => {
              if (!held && !stopped) {
                log.warn('job lease lost while running; this attempt will not complete');
                lost.abort(new LeaseLostError(job.id));
                clearInterval(timer);
              }
            },
            (err) => log.warn({ err }, 'could not extend the job lease; retrying at the next beat'),
          )
          .finally(() => (extending = false));
      },
      Math.max(100, (this.leaseSeconds * 1000) / 3),
    );
    return {
      lost,
      stop: () => {
        stopped = true;
        clearInterval(timer);
      },
    };
  }

  private async run(job: Job): Promise<void> {
    const log = this.options.log.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts });
    const handler = this.options.handlers[job.kind];
    let completed = false;
    const lease = this.startLeaseHeartbeat(job, log);
    const complete = async (tx: Parameters<JobContext['complete']>[0]) => {
      if (lease.lost.signal.aborted) throw new LeaseLostError(job.id);
      // The completing transaction holds the job's row from here: no more beats.
      lease.stop();
      await completeJob(tx, job);
    };
    const ctx: JobContext = {
      db: this.db,
      job,
      log,
      signal: lease.lost.signal,
      complete: async (tx) => {
        await complete(tx);
        completed = true;
      },
    };
    const started = Date.now();
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      await handler(ctx);
      if (!completed) await this.db.transaction((tx) => complete(tx));
      log.info({ ms: Date.now() - started }, 'job succeeded');
    } catch (err) {
      if (err instanceof LeaseLostError || lease.lost.signal.aborted) {
        log.warn('job lease lost; its new owner will finish it');
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      try {
        const permanent = err instanceof PermanentJobError;
        const outcome = await this.db.transaction((tx) => failJob(tx, job, message, { permanent }));
        log[outcome === 'dead' ? 'error' : 'warn']({ err: message, outcome }, 'job failed');
      } catch (failErr) {
        if (!(failErr instanceof LeaseLostError)) log.error({ err: failErr }, 'could not record job failure');
      }
    } finally {
      lease.stop();
    }
  }
}
