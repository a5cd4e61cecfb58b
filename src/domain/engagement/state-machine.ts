// The engagement lifecycle (docs/decisions.md, Engagement lifecycle) as one table. Every status change in the service goes
// through `nextStatus`; anything the table does not list is an invalid transition (409).
import type { EngagementEventType } from '../../contract/events.js';
import { ENGAGEMENT_ACTIONS, type EngagementAction } from '../../contract/audit-actions.js';
import { ENGAGEMENT_STATUSES, GATES, type EngagementStatus, type Gate } from '../../contract/stages.js';

// The stages are named once, in the contract; the table below says which follows which.
export { ENGAGEMENT_STATUSES, GATES, type EngagementStatus, type Gate };

export { ENGAGEMENT_ACTIONS, type EngagementAction };

type Target = EngagementStatus | 'PREVIOUS';

/** from → action → to. 'PREVIOUS' means the status the engagement had before the upload being rejected. */
const TRANSITIONS: Partial<Record<EngagementStatus, Partial<Record<EngagementAction, Target>>>> = {
  CREATED: { UPLOAD_FINANCIALS: 'DATA_INGESTING' },
  DATA_READY: { UPLOAD_FINANCIALS: 'DATA_INGESTING', START_COMPUTATION: 'COMPUTING' },
  DATA_INGESTING: { INGEST_SUCCEEDED: 'DATA_READY', INGEST_REJECTED: 'PREVIOUS' },
  COMPUTING: { COMPUTATION_SUCCEEDED: 'GATE_1', COMPUTATION_FAILED: 'FAILED' },
  // A gate rejects with DECLINE (→ FAILED) or REVISE (→ DATA_READY: assumptions to be locked again).
  GATE_1: { APPROVE_GATE_1: 'GATE_2', REJECT_GATE: 'FAILED', RETURN_FOR_REVISION: 'DATA_READY' },
  GATE_2: { APPROVE_GATE_2: 'GATE_3', REJECT_GATE: 'FAILED', RETURN_FOR_REVISION: 'DATA_READY' },
  GATE_3: { APPROVE_GATE_3: 'COMPLETED', REJECT_GATE: 'FAILED', RETURN_FOR_REVISION: 'DATA_READY' },
  // An ADMIN reopens a FAILED engagement (a fault of the machinery, or a decline reconsidered): back to DATA_READY,
  // its assumptions archived to be locked again, which runs the computation again.
  FAILED: { REOPEN: 'DATA_READY' },
};

export type TransitionResult = { ok: true; to: EngagementStatus } | { ok: false; reason: string };

export function nextStatus(
  from: EngagementStatus,
  action: EngagementAction,
  previous?: EngagementStatus | null,
): TransitionResult {
  const target = TRANSITIONS[from]?.[action];
  if (!target) return { ok: false, reason: `${action} is not allowed while the engagement is ${from}` };
  if (target === 'PREVIOUS') {
    // A rejected upload returns to where it was: CREATED, or DATA_READY when earlier financials stand.
    return { ok: true, to: previous === 'DATA_READY' ? 'DATA_READY' : 'CREATED' };
  }
  return { ok: true, to: target };
}

/**
 * The webhook events a status change produces (docs/webhooks.md, Events). `engagement.completed` is not
 * one of them: it is sent when the FINAL is issued (the partner's signed copy accepted, or the sealed copy
 * issued as it is), carrying which copy.
 */
export function eventsForTransition(
  to: EngagementStatus,
): Exclude<EngagementEventType, 'payment.captured' | 'engagement.completed'>[] {
  const events: ('engagement.stage_changed' | 'engagement.gate_pending')[] = ['engagement.stage_changed'];
  if ((GATES as readonly string[]).includes(to)) events.push('engagement.gate_pending');
  return events;
}

export const approveActionFor = (gate: Gate): EngagementAction => `APPROVE_${gate}` as EngagementAction;
