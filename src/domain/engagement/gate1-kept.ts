// A relock that changes only the assumptions keeps Gate 1's approval of the data (docs/decisions.md, Gate 1 kept on a
// relock). Gate 1 verifies the data: the financials and the engagement's details. When a later gate returned the
// engagement for revision and neither the financials nor the details changed since Gate 1 was approved, the data the
// approval covered is the data valued again, so the approval stands and the engagement goes on to Gate 2. Pure: the
// computation job asks it of the trail.

import { AUDIT, gateApprovalAction, transitionAuditAction } from '../../contract/audit-actions.js';
import { GATES, inStages } from '../../contract/stages.js';

/** One step of the engagement's trail, oldest first, as far as the rule needs it. */
export interface TrailStep {
  /** The audit action, e.g. engagement.approve_gate_1. */
  action: string;
  fromStatus: string | null;
  actorId: string | null;
  at: Date;
  details: unknown;
}

/** The steps that change what Gate 1 verified, or end the round it approved. */
export const DATA_CHANGING_ACTIONS: readonly string[] = [
  transitionAuditAction('UPLOAD_FINANCIALS'),
  transitionAuditAction('INGEST_SUCCEEDED'),
  AUDIT.engagementUpdated,
  AUDIT.documentUploaded,
  transitionAuditAction('REJECT_GATE'),
  transitionAuditAction('REOPEN'),
];

const APPROVE_GATE_1 = gateApprovalAction('GATE_1');
const RETURN_FOR_REVISION = transitionAuditAction('RETURN_FOR_REVISION');
/** The gates after Gate 1, whose return for revision leaves its approval of the data standing. */
const LATER_GATES = GATES.filter((g) => g !== 'GATE_1');

/** The trail actions the rule reads. */
export const GATE1_KEPT_READS: readonly string[] = [APPROVE_GATE_1, RETURN_FOR_REVISION, ...DATA_CHANGING_ACTIONS];

export interface KeptApproval {
  /** Who approved Gate 1 (an audit actor id), carried over when the approval was itself kept. */
  actorId: string | null;
  /** Their name as the approval recorded it. */
  by: string | null;
  at: Date;
}

const detail = (details: unknown, key: string): unknown =>
  details && typeof details === 'object' ? (details as Record<string, unknown>)[key] : undefined;

/** The person behind a Gate 1 approval: its actor, or for an approval kept on a relock, the one it kept. */
export function gate1Approver(step: Pick<TrailStep, 'actorId' | 'details'>): string | null {
  if (step.actorId) return step.actorId;
  const kept = detail(step.details, 'keptFrom');
  const id = detail(kept, 'actorId');
  return typeof id === 'string' ? id : null;
}

/**
 * The Gate 1 approval a new computation keeps, or null when Gate 1 must be decided again: there is an approval, a
 * later gate (2 or 3) returned the engagement for revision after it, and no step since changed the data.
 */
export function gate1ApprovalToKeep(trail: readonly TrailStep[]): KeptApproval | null {
  let last = -1;
  for (let i = trail.length - 1; i >= 0; i -= 1) {
    if (trail[i]!.action === APPROVE_GATE_1) {
      last = i;
      break;
    }
  }
  if (last < 0) return null;
  const since = trail.slice(last + 1);
  const returnedLater = since.some(
    (s) => s.action === RETURN_FOR_REVISION && s.fromStatus !== null && inStages(LATER_GATES, s.fromStatus),
  );
  if (!returnedLater) return null;
  if (since.some((s) => DATA_CHANGING_ACTIONS.includes(s.action))) return null;
  const approval = trail[last]!;
  const by = detail(approval.details, 'by');
  const keptAt = detail(detail(approval.details, 'keptFrom'), 'at');
  return {
    actorId: gate1Approver(approval),
    by: typeof by === 'string' ? by : null,
    at: typeof keptAt === 'string' ? new Date(keptAt) : approval.at,
  };
}
