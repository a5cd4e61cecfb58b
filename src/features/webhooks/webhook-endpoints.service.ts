// Outbound webhooks, the administration side (docs/webhooks.md): an ADMIN creates, updates, rotates, tests
// and deletes endpoints, lists their deliveries and asks for a redelivery. The fan-out of events and the
// delivery attempts are in webhook-delivery.ts.
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { actorOf } from '../platform/service-context.js';
import type { Principal } from '../../domain/identity/roles.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { insertAudit } from '../platform/audit.repository.js';
import * as repo from './webhooks.repository.js';
import { generateWebhookSecret } from '../../integrations/webhooks/sign.js';
import { assertPublicUrl } from '../../integrations/webhooks/ssrf.js';
import { TEST_EVENT_TYPE, type EngagementEventType } from '../../contract/events.js';
import { enqueueDelivery } from './webhook-delivery.service.js';
import { sealEndpointSecret } from '../platform/secrets.service.js';

/** After a rotation the old secret keeps signing this long, so receivers can switch without dropping deliveries. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

// ---------------------------------------------------------------------------------------------
// Endpoints (ADMIN)
// ---------------------------------------------------------------------------------------------

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function publicEndpoint(e: repo.WebhookEndpointRow) {
  const overlap =
    e.previous_secret_expires_at && e.previous_secret_expires_at.getTime() > Date.now()
      ? e.previous_secret_expires_at
      : null;
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
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_URLS,
    explainOverride: ctx.config.NODE_ENV !== 'production',
    lookup: ctx.webhookLookup,
  });
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

export async function createEndpoint(
  ctx: ServiceContext,
  principal: Principal,
  input: { url: string; events: EngagementEventType[]; description?: string },
  requestId?: RequestTag,
) {
  await checkUrl(ctx, input.url);
  const secret = generateWebhookSecret();
  const id = newId('whk');
  const row = await ctx.db.transaction(async (tx) => {
    const e = await repo.insertEndpoint(tx, {
      id,
      firmId: principal.firmId,
      url: input.url,
      description: input.description ?? null,
      events: unique(input.events),
      secretEncrypted: sealEndpointSecret(ctx.config, id, secret),
      createdBy: actorOf(principal).id!,
    });
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.webhookCreated,
      details: { endpointId: e.id, url: e.url, events: e.events },
    });
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
  requestId?: RequestTag,
) {
  if (patch.url !== undefined) await checkUrl(ctx, patch.url);
  const row = await ctx.db.transaction(async (tx) => {
    const e = await repo.updateEndpoint(tx, principal.firmId, id, {
      ...patch,
      events: patch.events && unique(patch.events),
    });
    if (!e) throw notFound('Webhook endpoint');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.webhookUpdated,
      details: { endpointId: id, changed: Object.keys(patch) },
    });
    return e;
  });
  return publicEndpoint(row);
}

export async function deleteEndpoint(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
  requestId?: RequestTag,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Its deliveries and attempts go with it; queued jobs for them find nothing and finish.
    if (!(await repo.deleteEndpoint(tx, principal.firmId, id))) throw notFound('Webhook endpoint');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.webhookDeleted,
      details: { endpointId: id },
    });
  });
}

export async function rotateSecret(ctx: ServiceContext, principal: Principal, id: string, requestId?: RequestTag) {
  const secret = generateWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const e = await repo.rotateSecret(
      tx,
      principal.firmId,
      id,
      sealEndpointSecret(ctx.config, id, secret),
      new Date(Date.now() + ROTATION_OVERLAP_MS),
    );
    if (!e) throw notFound('Webhook endpoint');
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.webhookSecretRotated,
      details: { endpointId: id },
    });
    return e;
  });
  return { ...publicEndpoint(row), secret };
}

/** Queues a `webhook.test` ping to one endpoint, through the same delivery path as real events. */
export async function sendTestEvent(ctx: ServiceContext, principal: Principal, id: string, requestId?: RequestTag) {
  return ctx.db.transaction(async (tx) => {
    const e = await repo.getEndpoint(tx, principal.firmId, id);
    if (!e) throw notFound('Webhook endpoint');
    if (!e.enabled) throw conflict('endpoint_disabled', 'This endpoint is disabled; enable it first');
    const eventId = newId('evt');
    const body = JSON.stringify({
      id: eventId,
      type: TEST_EVENT_TYPE,
      createdAt: new Date().toISOString(),
      data: { endpointId: e.id, message: 'This is a test event from the Valuation Service' },
    });
    const d = await repo.insertDelivery(tx, {
      id: newId('dlv'),
      firmId: principal.firmId,
      endpointId: e.id,
      eventId,
      eventType: TEST_EVENT_TYPE,
      body,
    });
    await enqueueDelivery(tx, d);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.webhookTestSent,
      details: { endpointId: id, deliveryId: d.id },
    });
    return publicDelivery(d);
  });
}

export async function listDeliveries(
  ctx: ServiceContext,
  principal: Principal,
  endpointId: string,
  limit: number,
  cursor?: string,
) {
  if (!(await repo.getEndpoint(ctx.db, principal.firmId, endpointId))) throw notFound('Webhook endpoint');
  const rows = await repo.listDeliveries(ctx.db, principal.firmId, endpointId, limit, cursor);
  const attempts = await repo.listAttempts(
    ctx.db,
    principal.firmId,
    rows.map((r) => r.id),
  );
  return rows.map((d) =>
    publicDelivery(
      d,
      attempts.filter((a) => a.delivery_id === d.id),
    ),
  );
}

/** Sends a finished delivery again as a new delivery with the same message id (receivers dedupe on it). */
export async function redeliver(
  ctx: ServiceContext,
  principal: Principal,
  endpointId: string,
  deliveryId: string,
  requestId?: RequestTag,
) {
  return ctx.db.transaction(async (tx) => {
    const e = await repo.getEndpoint(tx, principal.firmId, endpointId);
    const original = e && (await repo.getDelivery(tx, principal.firmId, deliveryId));
    if (!e || !original || original.endpoint_id !== e.id) throw notFound('Webhook delivery');
    if (!e.enabled) throw conflict('endpoint_disabled', 'This endpoint is disabled; enable it first');
    if (original.status === 'PENDING') throw conflict('delivery_pending', 'This delivery is still being attempted');
    const d = await repo.insertDelivery(tx, {
      id: newId('dlv'),
      firmId: principal.firmId,
      endpointId: e.id,
      eventId: original.event_id,
      eventType: original.event_type,
      body: original.body,
      redeliveryOf: original.id,
    });
    await enqueueDelivery(tx, d);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.webhookRedelivered,
      details: { endpointId, deliveryId: d.id, redeliveryOf: original.id },
    });
    return publicDelivery(d);
  });
}
