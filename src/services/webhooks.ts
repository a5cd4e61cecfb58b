// Outbound webhooks (docs/webhooks.md): endpoint configuration, fan-out of the outbox, signed delivery with retries.
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
import type { ServiceContext } from './context.js';
import { actorOf } from './context.js';
import type { Executor } from '../db/client.js';
import type { Principal } from '../domain/identity/roles.js';
import { conflict, notFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { insertAudit } from '../db/repositories/audit.js';
import * as repo from '../db/repositories/webhooks.js';
import { deleteFinishedJobs } from '../jobs/queue.js';
import type { JobContext } from '../jobs/worker.js';
import { DELIVER_WEBHOOK_JOB, DISPATCH_OUTBOX_JOB, enqueueJob, type JobPayload } from '../jobs/kinds.js';
import { generateWebhookSecret, signatureHeaders } from '../integrations/webhooks/sign.js';
import { assertPublicUrl } from '../integrations/webhooks/ssrf.js';
import { sendWebhook } from '../integrations/webhooks/send.js';
import { classifyResponse, nextAttemptDelayMs } from '../domain/webhooks/schedule.js';

import { TEST_EVENT_TYPE, type EngagementEventType } from '../contract/events.js';

const SWEEP_DEDUPE_KEY = 'dispatch-outbox:sweep';
const WAKE_DEDUPE_KEY = 'dispatch-outbox:wake';

/** After a rotation the old secret keeps signing this long, so receivers can switch without dropping deliveries. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
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
  await ctx.db.transaction((tx) => enqueueJob(tx, DISPATCH_OUTBOX_JOB, { sweep: true }, { dedupeKey: SWEEP_DEDUPE_KEY, maxAttempts: 100 }));
}

// ---------------------------------------------------------------------------------------------
// Configuration (ADMIN)
// ---------------------------------------------------------------------------------------------

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function publicEndpoint(e: repo.WebhookEndpointRow) {
  const overlap = e.previous_secret_expires_at && e.previous_secret_expires_at.getTime() > Date.now() ? e.previous_secret_expires_at : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    disabledReason: e.disabled_reason,
    failingSince: iso(e.failing_since),
    previousSecretValidUntil: iso(overlap),
    createdAt: e.created_at.toISOString(),
    updatedAt: e.updated_at.toISOString(),
  };
}

function publicDelivery(d: repo.DeliveryRow, attempts: repo.AttemptRow[] = []) {
  return {
    id: d.id,
    endpointId: d.endpoint_id,
    eventId: d.event_id,
    eventType: d.event_type,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: iso(d.next_attempt_at),
    lastResponseStatus: d.last_response_status,
    lastError: d.last_error,
    redeliveryOf: d.redelivery_of,
    createdAt: d.created_at.toISOString(),
    completedAt: iso(d.completed_at),
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      outcome: a.outcome,
      responseStatus: a.response_status,
      durationMs: a.duration_ms,
      responseSnippet: a.response_snippet,
      error: a.error,
      startedAt: a.started_at.toISOString(),
      finishedAt: a.finished_at.toISOString(),
    })),
  };
}

/** Checked before the transaction: DNS must not run while a transaction holds the (PGlite) connection. */
async function checkUrl(ctx: ServiceContext, url: string): Promise<void> {
  await assertPublicUrl(url, {
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_URLS, explainOverride: ctx.config.NODE_ENV !== 'production', lookup: ctx.webhookLookup,
  });
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

export async function createEndpoint(
  ctx: ServiceContext,
  principal: Principal,
  input: { url: string; events: EngagementEventType[]; description?: string },
  requestId?: string,
) {
  await checkUrl(ctx, input.url);
  const secret = generateWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const e = await repo.insertEndpoint(tx, {
      id: newId('whk'), firmId: principal.firmId, url: input.url, description: input.description ?? null,
      events: unique(input.events), secret, createdBy: actorOf(principal).id!,
    });
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), { action: 'webhook.created', details: { endpointId: e.id, url: e.url, events: e.events } });
    return e;
  });
  return { ...publicEndpoint(row), secret };
}

export async function listEndpoints(ctx: ServiceContext, principal: Principal, limit: number, cursor?: string) {
  return (await repo.listEndpoints(ctx.db, principal.firmId, limit, cursor)).map(publicEndpoint);
}

export async function getEndpoint(ctx: ServiceContext, principal: Principal, id: string) {
  const e = await repo.getEndpoint(ctx.db, principal.firmId, id);
  if (!e) throw notFound('Webhook endpoint');
  return publicEndpoint(e);
}

export async function updateEndpoint(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
  patch: { url?: string; events?: EngagementEventType[]; description?: string | null; enabled?: boolean },
  requestId?: string,
) {
  if (patch.url !== undefined) await checkUrl(ctx, patch.url);
  const row = await ctx.db.transaction(async (tx) => {
    const e = await repo.updateEndpoint(tx, principal.firmId, id, { ...patch, events: patch.events && unique(patch.events) });
    if (!e) throw notFound('Webhook endpoint');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: 'webhook.updated', details: { endpointId: id, changed: Object.keys(patch) },
    });
    return e;
  });
  return publicEndpoint(row);
}

export async function deleteEndpoint(ctx: ServiceContext, principal: Principal, id: string, requestId?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Its deliveries and attempts go with it; queued jobs for them find nothing and finish.
    if (!(await repo.deleteEndpoint(tx, principal.firmId, id))) throw notFound('Webhook endpoint');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), { action: 'webhook.deleted', details: { endpointId: id } });
  });
}

export async function rotateSecret(ctx: ServiceContext, principal: Principal, id: string, requestId?: string) {
  const secret = generateWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const e = await repo.rotateSecret(tx, principal.firmId, id, secret, new Date(Date.now() + ROTATION_OVERLAP_MS));
    if (!e) throw notFound('Webhook endpoint');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), { action: 'webhook.secret_rotated', details: { endpointId: id } });
    return e;
  });
  return { ...publicEndpoint(row), secret };
}

/** Queues a `webhook.test` ping to one endpoint, through the same delivery path as real events. */
export async function sendTestEvent(ctx: ServiceContext, principal: Principal, id: string, requestId?: string) {
  return ctx.db.transaction(async (tx) => {
    const e = await repo.getEndpoint(tx, principal.firmId, id);
    if (!e) throw notFound('Webhook endpoint');
    if (!e.enabled) throw conflict('endpoint_disabled', 'This endpoint is disabled; enable it first');
    const eventId = newId('evt');
    const body = JSON.stringify({
      id: eventId, type: TEST_EVENT_TYPE, createdAt: new Date().toISOString(),
      data: { endpointId: e.id, message: 'This is a test event from the Valuation Service' },
    });
    const d = await repo.insertDelivery(tx, { id: newId('dlv'), firmId: principal.firmId, endpointId: e.id, eventId, eventType: TEST_EVENT_TYPE, body });
    await enqueueDelivery(tx, d);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), { action: 'webhook.test_sent', details: { endpointId: id, deliveryId: d.id } });
    return publicDelivery(d);
  });
}

export async function listDeliveries(ctx: ServiceContext, principal: Principal, endpointId: string, limit: number, cursor?: string) {
  if (!(await repo.getEndpoint(ctx.db, principal.firmId, endpointId))) throw notFound('Webhook endpoint');
  const rows = await repo.listDeliveries(ctx.db, principal.firmId, endpointId, limit, cursor);
  const attempts = await repo.listAttempts(ctx.db, principal.firmId, rows.map((r) => r.id));
  return rows.map((d) => publicDelivery(d, attempts.filter((a) => a.delivery_id === d.id)));
}

/** Sends a finished delivery again as a new delivery with the same message id (receivers dedupe on it). */
export async function redeliver(ctx: ServiceContext, principal: Principal, endpointId: string, deliveryId: string, requestId?: string) {
  return ctx.db.transaction(async (tx) => {
    const e = await repo.getEndpoint(tx, principal.firmId, endpointId);
    const original = e && (await repo.getDelivery(tx, principal.firmId, deliveryId));
    if (!e || !original || original.endpoint_id !== e.id) throw notFound('Webhook delivery');
    if (!e.enabled) throw conflict('endpoint_disabled', 'This endpoint is disabled; enable it first');
    if (original.status === 'PENDING') throw conflict('delivery_pending', 'This delivery is still being attempted');
    const d = await repo.insertDelivery(tx, {
      id: newId('dlv'), firmId: principal.firmId, endpointId: e.id, eventId: original.event_id,
      eventType: original.event_type, body: original.body, redeliveryOf: original.id,
    });
    await enqueueDelivery(tx, d);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: 'webhook.redelivered', details: { endpointId, deliveryId: d.id, redeliveryOf: original.id },
    });
    return publicDelivery(d);
  });
}

// ---------------------------------------------------------------------------------------------
// Worker side
// ---------------------------------------------------------------------------------------------

function enqueueDelivery(tx: Executor, d: { id: string; firm_id: string }, runAt?: Date) {
  return enqueueJob(tx, DELIVER_WEBHOOK_JOB, { deliveryId: d.id, firmId: d.firm_id }, { runAt, dedupeKey: `deliver:${d.id}` });
}

/** Job `dispatch-outbox`: fans undispatched outbox rows out to deliveries, then queues the next sweep. */
export async function dispatchOutbox(ctx: ServiceContext, job: JobContext): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const events = await repo.claimOutbox(tx, DISPATCH_BATCH);
      for (const ev of events) {
        const body = JSON.stringify(ev.payload);
        for (const endpoint of await repo.subscribedEndpoints(tx, ev.firm_id, ev.type)) {
          const d = await repo.insertDelivery(tx, {
            id: newId('dlv'), firmId: ev.firm_id, endpointId: endpoint.id, eventId: ev.id, eventType: ev.type, body,
          });
          await enqueueDelivery(tx, d);
        }
      }
      await repo.markOutboxDispatched(tx, events.map((e) => e.id));
      return events.length;
    });
    total += claimed;
    if (claimed < DISPATCH_BATCH) break;
  }
  await ctx.db.transaction(async (tx) => {
    // Complete first: the sweep's dedupe key is free only once this job is no longer running.
    await job.complete(tx);
    await enqueueJob(tx, DISPATCH_OUTBOX_JOB, { sweep: true }, {
      dedupeKey: SWEEP_DEDUPE_KEY, maxAttempts: 100, runAt: new Date(Date.now() + ctx.config.WEBHOOK_SWEEP_MS),
    });
    await deleteFinishedJobs(tx, DISPATCH_OUTBOX_JOB, 3600);
  });
  if (total > 0) job.log.info({ events: total }, 'outbox dispatched');
  return total;
}

type Outcome = repo.AttemptRow['outcome'];

/** Job `deliver-webhook`: one attempt of one delivery. */
export async function deliverWebhook(ctx: ServiceContext, job: JobContext, payload: JobPayload<typeof DELIVER_WEBHOOK_JOB>): Promise<void> {
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
  const secrets = [e.secret];
  if (e.previous_secret && e.previous_secret_expires_at && e.previous_secret_expires_at.getTime() > startedAt.getTime()) {
    secrets.push(e.previous_secret);
  }
  // The message id (the event id) is the same on every attempt; the timestamp is this attempt's.
  const headers = signatureHeaders(d.event_id, Math.floor(startedAt.getTime() / 1000), d.body, secrets);
  // No transaction is open here: on PGlite one held across HTTP would stall every other query.
  const result = await sendWebhook({
    url: e.url, body: d.body, headers, timeoutMs: DELIVERY_TIMEOUT_MS,
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_URLS, lookup: ctx.webhookLookup,
  });

  const verdict = result.refused ? 'retry' : classifyResponse(result.status);
  await ctx.db.transaction(async (tx) => {
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
        scale: ctx.config.WEBHOOK_RETRY_SCALE, random: Math.random, retryAfterSeconds: result.retryAfterSeconds,
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
      status, responseStatus: result.status, error, nextAttemptAt,
    });
    if (!recorded) return; // deleted meanwhile, or already recorded
    await repo.insertAttempt(tx, firmId, {
      delivery_id: d.id, attempt, outcome, response_status: result.status, duration_ms: result.durationMs,
      response_snippet: result.responseSnippet, error, started_at: startedAt,
    });
    if (disableReason) {
      await repo.disableEndpoint(tx, firmId, e.id, disableReason);
      await insertAudit(tx, firmId, { type: 'SYSTEM', id: null }, { action: 'webhook.disabled', details: { endpointId: e.id, reason: disableReason } });
    }
    if (nextAttemptAt) await enqueueDelivery(tx, d, nextAttemptAt);
  });
  const logFields = { deliveryId: d.id, endpointId: e.id, eventId: d.event_id, attempt, status: result.status, ms: result.durationMs };
  if (verdict === 'delivered') job.log.info(logFields, 'webhook delivered');
  else job.log.warn({ ...logFields, error: result.error }, 'webhook attempt failed');
}
