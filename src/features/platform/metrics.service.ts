// Prometheus metrics (docs/operations.md, Metrics). One registry per service context, never prom-client's
// global one, so every app built in one process (tests) counts on its own. Counters and histograms are
// this process's; the queue, the outbox and the pool are read when scraped.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import { outboxReading, queueReadings } from './operations.repository.js';
import { JOB_PAYLOADS } from './job-queue.service.js';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Seconds: from a fast API call to a slow report render. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly webhookDeliveries: Counter<'outcome'>;
  readonly ingestionDuration: Histogram<'outcome'>;
  readonly reportRenderDuration: Histogram<'kind' | 'outcome'>;
  private readonly queueDepth: Gauge<'kind'>;
  private readonly queueOldest: Gauge<'kind'>;
  private readonly queueScheduled: Gauge<'kind'>;
  private readonly jobsRunning: Gauge<'kind'>;
  private readonly outboxLag: Gauge;
  private readonly outboxUndispatched: Gauge;
  private readonly databaseUp: Gauge;
  private readonly poolConnections: Gauge<'state'>;
  private readonly poolMax: Gauge;

  constructor(private readonly db: Database) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern (never the raw URL) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.webhookDeliveries = new Counter({
      name: 'valuation_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome (DELIVERED, RETRY, REFUSED, FAILED, DISABLED)',
      labelNames: ['outcome'],
      registers,
    });
    this.ingestionDuration = new Histogram({
      name: 'valuation_financials_ingestion_duration_seconds',
      help: 'Time to ingest one financials file, by outcome (accepted, rejected, error)',
      labelNames: ['outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.reportRenderDuration = new Histogram({
      name: 'valuation_report_render_duration_seconds',
      help: 'Time to render (and for a FINAL, sign) one report, by kind and outcome',
      labelNames: ['kind', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.queueDepth = new Gauge({
      name: 'valuation_job_queue_depth',
      help: 'Queued jobs that are due and wait for a worker, by kind',
      labelNames: ['kind'],
      registers,
    });
    this.queueOldest = new Gauge({
      name: 'valuation_job_queue_oldest_age_seconds',
      help: 'How long the longest-waiting due job has waited, by kind (0 when none)',
      labelNames: ['kind'],
      registers,
    });
    this.queueScheduled = new Gauge({
      name: 'valuation_job_queue_scheduled',
      help: 'Queued jobs scheduled for later (retries in backoff, recurring sweeps), by kind',
      labelNames: ['kind'],
      registers,
    });
    this.jobsRunning = new Gauge({
      name: 'valuation_jobs_running',
      help: 'Jobs claimed by a worker and running, by kind',
      labelNames: ['kind'],
      registers,
    });
    this.outboxLag = new Gauge({
      name: 'valuation_outbox_lag_seconds',
      help: 'Age of the oldest outbox event not yet dispatched (0 when none)',
      registers,
    });
    this.outboxUndispatched = new Gauge({
      name: 'valuation_outbox_undispatched',
      help: 'Outbox events not yet dispatched',
      registers,
    });
    this.databaseUp = new Gauge({
      name: 'valuation_database_up',
      help: '1 when the scrape could read the queue and outbox from the database, else 0',
      registers,
    });
    // Only where the driver has a pool to report (node-postgres); PGlite's single connection would read as a false 0.
    const poolRegisters = db.poolStats ? registers : [];
    this.poolConnections = new Gauge({
      name: 'valuation_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting clients); PostgreSQL only',
      labelNames: ['state'],
      registers: poolRegisters,
    });
    this.poolMax = new Gauge({
      name: 'valuation_db_pool_max',
      help: 'Most connections the database pool may open; PostgreSQL only',
      registers: poolRegisters,
    });
  }

  /** Starts a timer; call the result with the outcome's labels when done. */
  timer<L extends string>(histogram: Histogram<L>): (labels: Partial<Record<L, string>>) => void {
    const started = process.hrtime.bigint();
    return (labels) => histogram.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  }

  /** The exposition text: database readings are taken now; a database that cannot answer gives valuation_database_up 0. */
  async render(): Promise<string> {
    await this.readDatabase();
    return withoutNaN(await this.registry.metrics());
  }

  private async readDatabase(): Promise<void> {
    const stats = this.db.poolStats?.();
    if (stats) {
      this.poolConnections.set({ state: 'total' }, stats.total);
      this.poolConnections.set({ state: 'idle' }, stats.idle);
      this.poolConnections.set({ state: 'waiting' }, stats.waiting);
      this.poolMax.set(stats.max);
    }
    try {
      const [queue, outbox] = await withTimeout(Promise.all([queueReadings(this.db), outboxReading(this.db)]), 2000);
      // Every known kind is reported, 0 when idle, so a series never vanishes between scrapes.
      for (const g of [this.queueDepth, this.queueOldest, this.queueScheduled, this.jobsRunning]) g.reset();
      for (const kind of Object.keys(JOB_PAYLOADS)) {
        for (const g of [this.queueDepth, this.queueOldest, this.queueScheduled, this.jobsRunning]) g.set({ kind }, 0);
      }
      for (const r of queue) {
        this.queueDepth.set({ kind: r.kind }, r.due);
        this.queueOldest.set({ kind: r.kind }, r.oldestDueSeconds);
        this.queueScheduled.set({ kind: r.kind }, r.scheduled);
        this.jobsRunning.set({ kind: r.kind }, r.running);
      }
      this.outboxLag.set(outbox.oldestSeconds);
      this.outboxUndispatched.set(outbox.undispatched);
      this.databaseUp.set(1);
    } catch {
      this.databaseUp.set(0);
    }
  }
}

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The gauges prom-client reads from its event-loop delay histogram (reset at every scrape). */
const EVENT_LOOP_HISTOGRAM_GAUGE = /^nodejs_eventloop_lag_(min|max|mean|stddev|p50|p90|p99)_seconds(\{[^}]*\})? /;

/**
 * The exposition without readings of an empty histogram. prom-client's event-loop lag gauges read a delay
 * histogram that it resets at every scrape: a scrape that finds no sample since the last one prints the mean and
 * standard deviation as "Nan" and the minimum as 9223372036.854776 s (the empty histogram's int64 sentinel). No
 * reading is the truth then, so those samples are left out (the families' HELP and TYPE stay), rather than a NaN
 * that breaks alert arithmetic or a 0 that claims a measurement. Any other NaN sample is left out too.
 */
export function withoutNaN(text: string): string {
  const lines = text.split('\n');
  const emptyHistogram = lines.some((l) => /^nodejs_eventloop_lag_mean_seconds(\{[^}]*\})? nan$/i.test(l));
  return lines.filter((l) => !/ nan$/i.test(l) && !(emptyHistogram && EVENT_LOOP_HISTOGRAM_GAUGE.test(l))).join('\n');
}
