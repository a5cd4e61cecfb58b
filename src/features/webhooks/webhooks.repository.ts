// Webhook endpoints, deliveries and attempts. Every function takes `tx` and `firmId`, except the
// outbox claim, which is the worker's firm-wide sweep (each claimed row carries its firm).
import type { Executor } from '../../db/client.js';
import { firmPage } from '../platform/firm-page.repository.js';

export interface WebhookEndpointRow {
  id: string;
  firm_id: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Only for signing: never returned by the API after creation or rotation. Encrypted at rest
 * (`*_encrypted`); the plain columns hold a value only for a row written before encryption and not
 * yet sealed (docs/decisions.md, Webhook secrets at rest).
 */
export interface WebhookEndpointSecrets extends WebhookEndpointRow {
  secret: string | null;
  previous_secret: string | null;
  secret_encrypted: string | null;
  previous_secret_encrypted: string | null;
}

const ENDPOINT_COLUMNS =
  'id, firm_id, url, description, events, enabled, disabled_reason, failing_since, previous_secret_expires_at, created_at, updated_at';

export async function insertEndpoint(
  tx: Executor,
  e: {
    id: string;
    firmId: string;
    url: string;
    description: string | null;
    events: string[];
    secretEncrypted: string;
    createdBy: string;
  },
): Promise<WebhookEndpointRow> {
  const rows = await tx.query<WebhookEndpointRow>(
    `INSERT INTO webhook_endpoints (id, firm_id, url, description, events, secret_encrypted, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ENDPOINT_COLUMNS}`,
    [e.id, e.firmId, e.url, e.description, e.events, e.secretEncrypted, e.createdBy],
  );
  return rows[0];
}

export async function getEndpoint(
  tx: Executor,
  firmId: string,
  id: string,
  forUpdate = false,
): Promise<WebhookEndpointRow | null> {
  const rows = await tx.query<WebhookEndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE firm_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [firmId, id],
  );
  return rows[0] ?? null;
}

export async function getEndpointWithSecrets(
  tx: Executor,
  firmId: string,
  id: string,
): Promise<WebhookEndpointSecrets | null> {
  const rows = await tx.query<WebhookEndpointSecrets>(
    `SELECT ${ENDPOINT_COLUMNS}, secret, previous_secret, secret_encrypted, previous_secret_encrypted
       FROM webhook_endpoints WHERE firm_id = $1 AND id = $2`,
    [firmId, id],
  );
  return rows[0] ?? null;
}

export function listEndpoints(
  tx: Executor,
  firmId: string,
  limit: number,
  beforeId?: string,
): Promise<WebhookEndpointRow[]> {
  return firmPage<WebhookEndpointRow>(tx, 'webhook_endpoints', ENDPOINT_COLUMNS, firmId, limit, beforeId);
}

/** Enabled endpoints of a firm subscribed to an event type. */
export async function subscribedEndpoints(tx: Executor, firmId: string, eventType: string): Promise<{ id: string }[]> {
  return tx.query<{ id: string }>(
    `SELECT id FROM webhook_endpoints WHERE firm_id = $1 AND enabled AND $2 = ANY(events) ORDER BY id`,
    [firmId, eventType],
  );
}

export async function updateEndpoint(
  tx: Executor,
  firmId: string,
  id: string,
  patch: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
): Promise<WebhookEndpointRow | null> {
  const rows = await tx.query<WebhookEndpointRow>(
    `UPDATE webhook_endpoints SET
        url = COALESCE($3, url),
        events = COALESCE($4, events),
        description = CASE WHEN $5::boolean THEN $6 ELSE description END,
        enabled = COALESCE($7, enabled),
        -- Re-enabling starts afresh: no reason, no failure streak.
        disabled_reason = CASE WHEN $7::boolean IS TRUE THEN NULL ELSE disabled_reason END,
        failing_since = CASE WHEN $7::boolean IS TRUE THEN NULL ELSE failing_since END,
        updated_at = now()
      WHERE firm_id = $1 AND id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
    [
      firmId,
      id,
      patch.url ?? null,
      patch.events ?? null,
      patch.description !== undefined,
      patch.description ?? null,
      patch.enabled ?? null,
    ],
  );
  return rows[0] ?? null;
}

export async function rotateSecret(
  tx: Executor,
  firmId: string,
  id: string,
  secretEncrypted: string,
  previousValidUntil: Date,
): Promise<WebhookEndpointRow | null> {
  const rows = await tx.query<WebhookEndpointRow>(
    `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_encrypted = secret_encrypted,
            previous_secret_expires_at = $4, secret = NULL, secret_encrypted = $3, updated_at = now()
      WHERE firm_id = $1 AND id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
    [firmId, id, secretEncrypted, previousValidUntil],
  );
  return rows[0] ?? null;
}

/** Rows still holding a secret in clear (written before encryption at rest), locked for sealing. */
export async function lockClearSecrets(
  tx: Executor,
  limit: number,
): Promise<{ id: string; secret: string | null; previous_secret: string | null }[]> {
  return tx.query(
    `SELECT id, secret, previous_secret FROM webhook_endpoints
      WHERE secret IS NOT NULL OR previous_secret IS NOT NULL ORDER BY id LIMIT $1 FOR UPDATE`,
    [limit],
  );
}

/** Replaces a row's clear secrets by their sealed form (a null leaves that column's sealed value as it is). */
export async function storeSealedSecrets(
  tx: Executor,
  id: string,
  secretEncrypted: string | null,
  previousEncrypted: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE webhook_endpoints SET secret_encrypted = COALESCE($2, secret_encrypted), secret = NULL,
            previous_secret_encrypted = COALESCE($3, previous_secret_encrypted), previous_secret = NULL
      WHERE id = $1`,
    [id, secretEncrypted, previousEncrypted],
  );
}

export async function deleteEndpoint(tx: Executor, firmId: string, id: string): Promise<boolean> {
  const rows = await tx.query('DELETE FROM webhook_endpoints WHERE firm_id = $1 AND id = $2 RETURNING id', [
    firmId,
    id,
  ]);
  return rows.length > 0;
}

export async function disableEndpoint(tx: Executor, firmId: string, id: string, reason: string): Promise<void> {
  await tx.query(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $3, updated_at = now() WHERE firm_id = $1 AND id = $2`,
    [firmId, id, reason],
  );
}

/** Records the endpoint's health after an attempt; returns when its current failure streak began (null if healthy). */
export async function markEndpointHealth(tx: Executor, firmId: string, id: string, ok: boolean): Promise<Date | null> {
  const rows = await tx.query<{ failing_since: Date | null }>(
    `UPDATE webhook_endpoints SET failing_since = CASE WHEN $3::boolean THEN NULL ELSE COALESCE(failing_since, now()) END
      WHERE firm_id = $1 AND id = $2 RETURNING failing_since`,
    [firmId, id, ok],
  );
  return rows[0]?.failing_since ?? null;
}

// ---- deliveries ----

export interface DeliveryRow {
  id: string;
  firm_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  next_attempt_at: Date | null;
  last_response_status: number | null;
  last_error: string | null;
  redelivery_of: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

const DELIVERY_COLUMNS =
  'id, firm_id, endpoint_id, event_id, event_type, body, status, attempts, next_attempt_at, last_response_status, last_error, redelivery_of, created_at, updated_at, completed_at';

export async function insertDelivery(
  tx: Executor,
  d: {
    id: string;
    firmId: string;
    endpointId: string;
    eventId: string;
    eventType: string;
    body: string;
    redeliveryOf?: string | null;
  },
): Promise<DeliveryRow> {
  const rows = await tx.query<DeliveryRow>(
    `INSERT INTO webhook_deliveries (id, firm_id, endpoint_id, event_id, event_type, body, status, next_attempt_at, redelivery_of)
     VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', now(), $7) RETURNING ${DELIVERY_COLUMNS}`,
    [d.id, d.firmId, d.endpointId, d.eventId, d.eventType, d.body, d.redeliveryOf ?? null],
  );
  return rows[0];
}

export async function getDelivery(
  tx: Executor,
  firmId: string,
  id: string,
  forUpdate = false,
): Promise<DeliveryRow | null> {
  const rows = await tx.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE firm_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [firmId, id],
  );
  return rows[0] ?? null;
}

export async function listDeliveries(
  tx: Executor,
  firmId: string,
  endpointId: string,
  limit: number,
  beforeId?: string,
): Promise<DeliveryRow[]> {
  return tx.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
      WHERE firm_id = $1 AND endpoint_id = $2 AND ($3::text IS NULL OR id < $3) ORDER BY id DESC LIMIT $4`,
    [firmId, endpointId, beforeId ?? null, limit],
  );
}

/**
 * Records the outcome of attempt number `attempt`. Guarded by the attempt count, so a second worker
 * that sent the same attempt after a lost lease cannot record it twice; false when that happened.
 */
export async function recordDeliveryAttempt(
  tx: Executor,
  firmId: string,
  deliveryId: string,
  attempt: number,
  result: {
    status: DeliveryRow['status'];
    responseStatus: number | null;
    error: string | null;
    nextAttemptAt: Date | null;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE webhook_deliveries SET attempts = $3, status = $4, last_response_status = $5, last_error = $6,
            next_attempt_at = $7, updated_at = now(), completed_at = CASE WHEN $4 = 'PENDING' THEN NULL ELSE now() END
      WHERE firm_id = $1 AND id = $2 AND attempts = $3 - 1 AND status = 'PENDING' RETURNING id`,
    [firmId, deliveryId, attempt, result.status, result.responseStatus, result.error, result.nextAttemptAt],
  );
  return rows.length > 0;
}

/** Ends a pending delivery without sending (its endpoint was disabled or deleted). */
export async function failDelivery(tx: Executor, firmId: string, deliveryId: string, error: string): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'FAILED', last_error = $3, next_attempt_at = NULL, updated_at = now(), completed_at = now()
      WHERE firm_id = $1 AND id = $2 AND status = 'PENDING'`,
    [firmId, deliveryId, error],
  );
}

// ---- attempts ----

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  outcome: 'DELIVERED' | 'RETRY' | 'FAILED' | 'DISABLED' | 'REFUSED';
  response_status: number | null;
  duration_ms: number;
  response_snippet: string;
  error: string | null;
  started_at: Date;
  finished_at: Date;
}

export async function insertAttempt(tx: Executor, firmId: string, a: Omit<AttemptRow, 'finished_at'>): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_attempts (delivery_id, attempt, firm_id, outcome, response_status, duration_ms, response_snippet, error, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      a.delivery_id,
      a.attempt,
      firmId,
      a.outcome,
      a.response_status,
      a.duration_ms,
      a.response_snippet,
      a.error,
      a.started_at,
    ],
  );
}

export async function listAttempts(tx: Executor, firmId: string, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return tx.query<AttemptRow>(
    `SELECT delivery_id, attempt, outcome, response_status, duration_ms, response_snippet, error, started_at, finished_at
       FROM webhook_attempts WHERE firm_id = $1 AND delivery_id = ANY($2::text[]) ORDER BY delivery_id, attempt`,
    [firmId, deliveryIds],
  );
}
