// The audit trail: written inside the transaction of the change it describes (the outbox beside it is
// outbox.repository.ts).
import type { Executor } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import {
  GATE_DECISION_ACTIONS,
  gateApprovalAction,
  type AuditAction,
  type GateName,
} from '../../contract/audit-actions.js';
import { GATE1_KEPT_READS, gate1Approver, type TrailStep } from '../../domain/engagement/gate1-kept.js';

export interface Actor {
  type: 'USER' | 'API_TOKEN' | 'SYSTEM';
  id: string | null;
  /** The service's own request id. */
  requestId?: string | null;
  /** The X-Request-Id the caller sent, if any: kept apart, never taken for the request id. */
  clientRequestId?: string | null;
}

export const SYSTEM_ACTOR: Actor = { type: 'SYSTEM', id: null };

export async function insertAudit(
  tx: Executor,
  firmId: string,
  actor: Actor,
  entry: {
    action: AuditAction;
    engagementId?: string | null;
    fromStatus?: string | null;
    toStatus?: string | null;
    details?: unknown;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_events (id, firm_id, engagement_id, actor_type, actor_id, action, from_status, to_status, request_id, details, client_request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      newId('aud'),
      firmId,
      entry.engagementId ?? null,
      actor.type,
      actor.id,
      entry.action,
      entry.fromStatus ?? null,
      entry.toStatus ?? null,
      actor.requestId ?? null,
      entry.details === undefined ? null : JSON.stringify(entry.details),
      actor.clientRequestId ?? null,
    ],
  );
}

export interface AuditRow {
  id: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  from_status: string | null;
  to_status: string | null;
  request_id: string | null;
  client_request_id: string | null;
  details: unknown;
  created_at: Date;
}

export async function listEngagementAudit(
  tx: Executor,
  firmId: string,
  engagementId: string,
  limit: number,
  afterId?: string,
): Promise<AuditRow[]> {
  return tx.query<AuditRow>(
    `SELECT id, actor_type, actor_id, action, from_status, to_status, request_id, client_request_id, details, created_at
       FROM audit_events WHERE firm_id = $1 AND engagement_id = $2 AND ($3::text IS NULL OR id > $3)
      ORDER BY id LIMIT $4`,
    [firmId, engagementId, afterId ?? null, limit],
  );
}

export type { GateName };

/** One decision at a gate, as the audit trail recorded it. */
export interface GateDecisionRow {
  action: string;
  actor_id: string | null;
  details: {
    gate: GateName;
    decision: 'APPROVED' | 'REJECTED' | 'RETURNED_FOR_REVISION';
    by: string;
    comment?: string;
    reason?: string;
  };
  created_at: Date;
}

/**
 * The review history of an engagement: every approval, rejection and return for revision at its gates, oldest
 * first. The gates (who approved what, for the four-eyes rule), the reports (the review trail and the
 * signatory) read it here.
 */
export async function reviewHistory(tx: Executor, firmId: string, engagementId: string): Promise<GateDecisionRow[]> {
  return tx.query<GateDecisionRow>(
    `SELECT action, actor_id, details, created_at FROM audit_events
      WHERE firm_id = $1 AND engagement_id = $2
        AND action = ANY($3::text[])
      ORDER BY id`,
    [firmId, engagementId, GATE_DECISION_ACTIONS],
  );
}

/**
 * Who approved `gate` last in a review history (an audit actor id: a user, or a token), or null. A Gate 1 approval
 * kept on a relock is the service's act; the person is the one whose approval it kept.
 */
export function lastApproverOf(history: readonly GateDecisionRow[], gate: GateName): string | null {
  const action = gateApprovalAction(gate);
  for (let i = history.length - 1; i >= 0; i--)
    if (history[i]!.action === action)
      return gate1Approver({ actorId: history[i]!.actor_id, details: history[i]!.details });
  return null;
}

/** The engagement's trail as the Gate 1 rule reads it (src/domain/engagement/gate1-kept.ts), oldest first. */
export async function gate1Trail(tx: Executor, firmId: string, engagementId: string): Promise<TrailStep[]> {
  const rows = await tx.query<{
    action: string;
    from_status: string | null;
    actor_id: string | null;
    created_at: Date;
    details: unknown;
  }>(
    `SELECT action, from_status, actor_id, created_at, details FROM audit_events
      WHERE firm_id = $1 AND engagement_id = $2 AND action = ANY($3::text[])
      ORDER BY id`,
    [firmId, engagementId, GATE1_KEPT_READS],
  );
  return rows.map((r) => ({
    action: r.action,
    fromStatus: r.from_status,
    actorId: r.actor_id,
    at: r.created_at,
    details: r.details,
  }));
}
