// Outbound webhooks, the delivery side (docs/webhooks.md): fan-out of the outbox and signed delivery with
// retries. Endpoint administration is in webhook-endpoints.ts.
//
// How an event travels:
//   1. A service writes `outbox_events` with insertOutboxEvent(tx, …) in the transaction of the change.
//      It SHOULD also call scheduleOutboxDispatch(tx) in that transaction: that queues a `dispatch-outbox`
//      job (deduplicated) and wakes the worker at commit, so delivery starts within milliseconds.
//      It does not have to: a recurring `dispatch-outbox` sweep (every WEBHOOK_SWEEP_MS, default 5 s;
//      seeded by migration 0010 and re-queued by every dispatch run) picks up whatever was not woken for.
//   2. dispatch-outbox claims undispatched rows FOR UPDATE SKIP LOCKED, and in ONE transaction inserts a
//      delivery per enabled, subscribed endpoint of the event's firm, queues a `deliver-webhook` job per
//      delivery and sets dispatched_at. A crash before commit leaves the rows to the next run.
//   3. deliver-webhook reads the delivery (short transaction), sends it OUTSIDE any transaction, then records
//      the attempt, the next attempt's job and the job's completion in one short transaction.
import type { ServiceContext } from '../platform/service-context.js';
import { AUDIT } from '../../contract/audit-actions.js';
import type { Executor } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { insertAudit } from '../platform/audit.repository.js';
import * as repo from './webhooks.repository.js';
import { claimOutbox, markOutboxDispatched } from '../platform/outbox.repository.js';
import { deleteFinishedJobs } from '../platform/job-queue.repository.js';
import {
  DELIVER_WEBHOOK_JOB,
  DISPATCH_OUTBOX_JOB,
  enqueueJob,
  type JobPayload,
  type JobAttempt,
} from '../platform/job-queue.service.js';
import { signatureHeaders } from '../../integrations/webhooks/sign.js';
import { sendWebhook } from '../../integrations/webhooks/send.js';
import { classifyResponse, nextAttemptDelayMs } from '../../domain/webhooks/schedule.js';
import { signingSecrets } from '../platform/secrets.service.js';

const SWEEP_DEDUPE_KEY = 'dispatch-outbox:sweep';
const WAKE_DEDUPE_KEY = 'dispatch-outbox:wake';

/** An endpoint whose attempts have failed without a success for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600_000;
export const DELIVERY_TIMEOUT_MS = 10_000;
const DISPATCH_BATCH = 200;

// ---------------------------------------------------------------------------------------------
// Fan-out trigger, for other services
// ---------------------------------------------------------------------------------------------

/**
 * Call inside the transaction that wrote outbox events (after insertOutboxEvent): queues one
 * outbox dispatch and wakes the worker when the transaction commits. Cheap and idempotent: at most
 * one wake-up job is queued at a time. Without it, events still go out at the next sweep.
 */
export async function scheduleOutboxDispatch(tx: Executor): Promise<void> {
  await enqueueJob(tx, DISPATCH_OUTBOX_JOB, {}, { dedupeKey: WAKE_DEDUPE_KEY, maxAttempts: 100 });
}

/** Makes sure the recurring sweep is queued (the migration seeds it; start-up calls this in case it died). */
export async function ensureOutboxSweep(ctx: ServiceContext): Promise<void> {
  await ctx.db.transaction((tx) =>
    enqueueJob(tx, DISPATCH_OUTBOX_JOB, { sweep: true }, { dedupeKey: SWEEP_DEDUPE_KEY, maxAttempts: 100 }),
  );
}

// ---------------------------------------------------------------------------------------------
// Worker side
// ---------------------------------------------------------------------------------------------

/** Queues the delivery job of one delivery (its first attempt, a retry, or a redelivery). */
export function enqueueDelivery(tx: Executor, d: { id: string; firm_id: string }, runAt?: Date) {
  return enqueueJob(
    tx,
    DELIVER_WEBHOOK_JOB,
    { deliveryId: d.id, firmId: d.firm_id },
    { runAt, dedupeKey: `deliver:${d.id}` },
  );
}

/** Job `dispatch-outbox`: fans undispatched outbox rows out to deliveries, then queues the next sweep. */
export async function dispatchOutbox(ctx: ServiceContext, job: JobAttempt): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const events = await claimOutbox(tx, DISPATCH_BATCH);
      for (const ev of events) {
        const body = JSON.stringify(ev.payload);
        for (const endpoint of await repo.subscribedEndpoints(tx, ev.firm_id, ev.type)) {
          const d = await repo.insertDelivery(tx, {
            id: newId('dlv'),
            firmId: ev.firm_id,
            endpointId: endpoint.id,
            eventId: ev.id,
            eventType: ev.type,
            body,
          });
          await enqueueDelivery(tx, d);
        }
      }
      await markOutboxDispatched(
        tx,
        events.map((e) => e.id),
      );
      return events.length;
    });
    total += claimed;
    if (claimed < DISPATCH_BATCH) break;
  }
  await ctx.db.transaction(async (tx) => {
    // Complete first: the sweep's dedupe key is free only once this job is no longer running.
    await job.complete(tx);
    await enqueueJob(
      tx,
      DISPATCH_OUTBOX_JOB,
      { sweep: true },
      {
        dedupeKey: SWEEP_DEDUPE_KEY,
        maxAttempts: 100,
        runAt: new Date(Date.now() + ctx.config.WEBHOOK_SWEEP_MS),
      },
    );
    await deleteFinishedJobs(tx, DISPATCH_OUTBOX_JOB, 3600);
  });
  if (total > 0) job.log.info({ events: total }, 'outbox dispatched');
  return total;
}

type Outcome = repo.AttemptRow['outcome'];

/** Job `deliver-webhook`: one attempt of one delivery. */
export async function deliverWebhook(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof DELIVER_WEBHOOK_JOB>,
): Promise<void> {
  const { deliveryId, firmId } = payload;

  const prepared = await ctx.db.transaction(async (tx) => {
    const d = await repo.getDelivery(tx, firmId, deliveryId);
    if (!d || d.status !== 'PENDING') {
      await job.complete(tx);
      return null;
    }
    const e = await repo.getEndpointWithSecrets(tx, firmId, d.endpoint_id);
    if (!e || !e.enabled) {
      await repo.failDelivery(tx, firmId, d.id, `endpoint disabled: ${e?.disabled_reason ?? 'by an admin'}`);
      await job.complete(tx);
      return null;
    }
    return { d, e };
  });
  if (!prepared) return;
  const { d, e } = prepared;

  const attempt = d.attempts + 1;
  const startedAt = new Date();
  const secrets = signingSecrets(ctx.config, e, startedAt);
  // The message id (the event id) is the same on every attempt; the timestamp is this attempt's.
  const headers = signatureHeaders(d.event_id, Math.floor(startedAt.getTime() / 1000), d.body, secrets);
  // No transaction is open here: on PGlite one held across HTTP would stall every other query.
  const result = await sendWebhook({
    url: e.url,
    body: d.body,
    headers,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_URLS,
    lookup: ctx.webhookLookup,
  });

  const verdict = result.refused ? 'retry' : classifyResponse(result.status);
  const recordedOutcome = await ctx.db.transaction(async (tx): Promise<Outcome | undefined> => {
    // First: if our lease was lost, nothing below commits and the job's new owner records its own attempt.
    await job.complete(tx);
    const failingSince = await repo.markEndpointHealth(tx, firmId, e.id, verdict === 'delivered');
    let outcome: Outcome;
    let status: repo.DeliveryRow['status'];
    let nextAttemptAt: Date | null = null;
    let disableReason: string | null = null;
    if (verdict === 'delivered') {
      outcome = 'DELIVERED';
      status = 'DELIVERED';
    } else if (verdict === 'disable') {
      outcome = 'DISABLED';
      status = 'FAILED';
      disableReason = 'The receiver answered 410 Gone';
    } else if (failingSince && Date.now() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
      outcome = 'DISABLED';
      status = 'FAILED';
      disableReason = `Every attempt failed since ${failingSince.toISOString()} (5 days)`;
    } else {
      const delay = nextAttemptDelayMs(attempt, {
        scale: ctx.config.WEBHOOK_RETRY_SCALE,
        random: Math.random,
        retryAfterSeconds: result.retryAfterSeconds,
      });
      if (delay === null) {
        outcome = 'FAILED';
        status = 'FAILED';
      } else {
        outcome = result.refused ? 'REFUSED' : 'RETRY';
        status = 'PENDING';
        nextAttemptAt = new Date(Date.now() + delay);
      }
    }
    const error = result.error ?? null;
    const recorded = await repo.recordDeliveryAttempt(tx, firmId, d.id, attempt, {
      status,
      responseStatus: result.status,
      error,
      nextAttemptAt,
    });
    if (!recorded) return undefined; // deleted meanwhile, or already recorded
    await repo.insertAttempt(tx, firmId, {
      delivery_id: d.id,
      attempt,
      outcome,
      response_status: result.status,
      duration_ms: result.durationMs,
      response_snippet: result.responseSnippet,
      error,
      started_at: startedAt,
    });
    if (disableReason) {
      await repo.disableEndpoint(tx, firmId, e.id, disableReason);
      await insertAudit(
        tx,
        firmId,
        { type: 'SYSTEM', id: null },
        { action: AUDIT.webhookDisabled, details: { endpointId: e.id, reason: disableReason } },
      );
    }
    if (nextAttemptAt) await enqueueDelivery(tx, d, nextAttemptAt);
    return outcome;
  });
  if (recordedOutcome) ctx.metrics?.webhookDeliveries.inc({ outcome: recordedOutcome });
  const logFields = {
    deliveryId: d.id,
    endpointId: e.id,
    eventId: d.event_id,
    attempt,
    status: result.status,
    ms: result.durationMs,
  };
  if (verdict === 'delivered') job.log.info(logFields, 'webhook delivered');
  else job.log.warn({ ...logFields, error: result.error }, 'webhook attempt failed');
}
