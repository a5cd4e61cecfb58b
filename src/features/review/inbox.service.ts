// "Waiting for me": the engagements on which the signed-in person can act now (docs/decisions.md,
// Waiting for me): a gate to decide (GATE_2 only when they may review independently, GATE_3 only for an
// ADMIN), assumptions to lock (or to lock again after a return for revision), payment due before sign-off,
// and a sealed FINAL the person signed off that awaits their own DSC.
import type { ServiceContext } from '../platform/service-context.js';
import type { Principal } from '../../domain/identity/roles.js';
import { gatePrincipalRefusal } from '../../domain/engagement/rights.js';
import * as engagements from '../engagements/engagement-people.repository.js';
import { gateRefusal } from '../../domain/engagement/rights.js';
import { INBOX_STAGES, gateInWords, type EngagementStatus, type Gate } from '../../contract/stages.js';

export type InboxAction =
  | 'DECIDE_GATE_1'
  | 'DECIDE_GATE_2'
  | 'SIGN_OFF'
  | 'PAY'
  | 'LOCK_ASSUMPTIONS'
  | 'RELOCK_AFTER_REVISION'
  | 'SIGN_WITH_DSC';

export interface InboxItem {
  engagementId: string;
  targetEntity: string;
  statute: string;
  status: string;
  action: InboxAction;
  /** A sentence for people: what is waiting, and why it is theirs. */
  why: string;
}

const OPEN: readonly EngagementStatus[] = INBOX_STAGES;
/** How many engagements of each open status are considered, newest first. */
const PER_STATUS = 200;

export async function waitingFor(
  ctx: ServiceContext,
  principal: Principal,
): Promise<{ count: number; items: InboxItem[] }> {
  // Gates are decided by people; a token (or a VIEWER) has nothing waiting.
  if (principal.kind !== 'user' || gatePrincipalRefusal(principal, 'GATE_1') !== null) return { count: 0, items: [] };
  const me = principal.userId;
  const items: InboxItem[] = [];
  for (const e of await engagements.listInboxCandidates(ctx.db, principal.firmId, OPEN, PER_STATUS)) {
    const base = { engagementId: e.id, targetEntity: e.target_entity, statute: e.statute, status: e.status };
    const history = { lockedBy: e.locked_by_person, gate1: e.gate1_person, gate2: e.gate2_person };
    // Whether the person may approve the gate it is at: the rights' own answer (src/domain/engagement/rights.ts).
    const mayApprove = (gate: Gate) =>
      gateRefusal(principal, { status: e.status, paymentStatus: e.payment_status }, gate, 'APPROVE', history) === null;
    // The assumptions are the assigned valuer's to lock (and to lock again after a return for revision).
    if (e.status === 'DATA_READY' && !e.assumptions_locked && e.assigned_valuer_id === me) {
      items.push(
        e.returned_for_revision
          ? { ...base, action: 'RELOCK_AFTER_REVISION', why: 'Returned for revision: lock the assumptions again' }
          : {
              ...base,
              action: 'LOCK_ASSUMPTIONS',
              why: 'The financials are in: the assumptions are waiting to be locked',
            },
      );
    } else if (e.status === 'GATE_1' && mayApprove('GATE_1')) {
      items.push({ ...base, action: 'DECIDE_GATE_1', why: `${gateInWords('GATE_1')} is waiting for a decision` });
    } else if (e.status === 'GATE_2') {
      // Only someone who neither locked this round's assumptions nor approved Gate 1.
      if (mayApprove('GATE_2')) {
        items.push({
          ...base,
          action: 'DECIDE_GATE_2',
          why: `${gateInWords('GATE_2')} is waiting for an independent reviewer`,
        });
      }
    } else if (e.status === 'GATE_3') {
      if (e.payment_status !== 'PAID')
        items.push({ ...base, action: 'PAY', why: 'Payment is due before the sign-off' });
      else if (mayApprove('GATE_3')) {
        items.push({ ...base, action: 'SIGN_OFF', why: 'Paid: the report is waiting for sign-off (Gate 3)' });
      }
    } else if (e.status === 'COMPLETED' && e.final_ready && e.gate3_actor === me) {
      // The sealed FINAL this person signed off, awaiting their own DSC.
      items.push({
        ...base,
        action: 'SIGN_WITH_DSC',
        why: 'The FINAL is sealed: sign it with your DSC and upload the signed copy',
      });
    }
  }
  return { count: items.length, items };
}
