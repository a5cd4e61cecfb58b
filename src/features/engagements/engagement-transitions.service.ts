// The one way an engagement's status changes: applyTransition, inside the caller's transaction,
// writing the status, the audit entry and the outbox events together.
import type { ReviewHistory } from '../../domain/engagement/four-eyes.js';
import type { EngagementEventType } from '../../contract/events.js';
import { transitionAuditAction } from '../../contract/audit-actions.js';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import {
  eventsForTransition,
  nextStatus,
  type EngagementAction,
  type EngagementStatus,
} from '../../domain/engagement/state-machine.js';
import * as repo from './engagements.repository.js';
import { insertAudit, type Actor } from '../platform/audit.repository.js';
import { insertOutboxEvent, notifyFirmEvent } from '../platform/outbox.repository.js';
import { scheduleOutboxDispatch } from '../webhooks/webhook-delivery.service.js';
import { notifyTransition } from '../notifications/notifications.service.js';
import { publicEngagement, requireEngagement } from './engagement-reads.service.js';

/**
 * The only way an engagement's status changes. Locks the row (serialising concurrent transitions),
 * asks the state machine, and writes status, audit entry and outbox events in the caller's transaction.
 */
export async function applyTransition(
  tx: Executor,
  firmId: string,
  engagementId: string,
  action: EngagementAction,
  actor: Actor,
  options: {
    details?: Record<string, unknown>;
    failureReason?: string;
    expectStatus?: EngagementStatus;
    /** The row as the caller locked and read it in this transaction: not read again. */
    current?: repo.EngagementRow;
    /** The people behind the engagement's steps, when the caller read them: the notifications use them. */
    history?: ReviewHistory;
  } = {},
): Promise<repo.EngagementRow> {
  const current = options.current ?? (await requireEngagement(tx, firmId, engagementId, true));
  if (options.expectStatus && current.status !== options.expectStatus) {
    throw conflict('invalid_transition', `The engagement is ${current.status}, not ${options.expectStatus}`);
  }
  const result = nextStatus(current.status, action, current.status_before_upload);
  if (!result.ok) throw conflict('invalid_transition', result.reason);
  const to = result.to;
  const beforeUpload = action === 'UPLOAD_FINANCIALS' ? current.status : null;
  const failureReason = to === 'FAILED' ? (options.failureReason ?? 'failed') : null;
  const updatedAt = await repo.updateStatus(tx, firmId, engagementId, to, beforeUpload, failureReason);
  await insertAudit(tx, firmId, actor, {
    action: transitionAuditAction(action),
    engagementId,
    fromStatus: current.status,
    toStatus: to,
    details: options.details,
  });
  // The row after the change, from the locked row and what this statement wrote (no second read).
  const updated: repo.EngagementRow = {
    ...current,
    status: to,
    status_before_upload: beforeUpload,
    failure_reason: failureReason,
    updated_at: updatedAt,
  };
  for (const type of eventsForTransition(to)) {
    await writeEngagementEvent(tx, firmId, engagementId, type, {
      engagement: publicEngagement(updated),
      previousStatus: current.status,
      ...(type === 'engagement.gate_pending' ? { gate: to } : {}),
    });
  }
  await notifyTransition(tx, firmId, updated, current.status, actor.id, options.details, options.history);
  return updated;
}

/**
 * Writes one outbox event about an engagement with its next sequence number (receivers order by it),
 * and wakes webhook fan-out when the transaction commits (the periodic sweep would find it anyway).
 */
export async function writeEngagementEvent(
  tx: Executor,
  firmId: string,
  engagementId: string,
  type: EngagementEventType,
  data: unknown,
): Promise<void> {
  const sequence = await repo.nextEventSequence(tx, firmId, engagementId);
  await insertOutboxEvent(tx, firmId, { type, engagementId, sequence, data });
  await notifyFirmEvent(tx, firmId);
  await scheduleOutboxDispatch(tx);
}
