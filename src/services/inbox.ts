// "Waiting for me": the engagements on which the signed-in person can act now (docs/decisions.md,
// Waiting for me): a gate to decide (GATE_2 only when they may review independently, GATE_3 only for an
// ADMIN), assumptions to lock (or to lock again after a return for revision), and payment due before sign-off.
import type { ServiceContext } from './context.js';
import type { Principal } from '../domain/identity/roles.js';
import { roleAtLeast } from '../contract/roles.js';
import * as engagements from '../db/repositories/engagements.js';
import { checkIndependentReview, personOf } from './gates.js';

export type InboxAction = 'DECIDE_GATE_1' | 'DECIDE_GATE_2' | 'SIGN_OFF' | 'PAY' | 'LOCK_ASSUMPTIONS' | 'RELOCK_AFTER_REVISION';

export interface InboxItem {
  engagementId: string;
  targetEntity: string;
  statute: string;
  status: string;
  action: InboxAction;
  /** A sentence for people: what is waiting, and why it is theirs. */
  why: string;
}

const OPEN = ['DATA_READY', 'GATE_1', 'GATE_2', 'GATE_3'];

export async function waitingFor(ctx: ServiceContext, principal: Principal): Promise<{ count: number; items: InboxItem[] }> {
  // Gates are decided by people; a token (or a VIEWER) has nothing waiting.
  if (principal.kind !== 'user' || !roleAtLeast(principal.role, 'VALUER')) return { count: 0, items: [] };
  const items: InboxItem[] = [];
  const rows = (await Promise.all(OPEN.map((status) => engagements.listEngagements(ctx.db, principal.firmId, { status, limit: 200 })))).flat();
  for (const e of rows) {
    const base = { engagementId: e.id, targetEntity: e.target_entity, statute: e.statute, status: e.status };
    // The assumptions are the engagement's own valuer's to lock: whoever created it (a token counts as its creator).
    if (e.status === 'DATA_READY' && !e.assumptions_locked && (await personOf(ctx.db, principal.firmId, e.created_by)) === principal.userId) {
      const returned = await engagements.wasReturnedForRevision(ctx.db, principal.firmId, e.id);
      items.push(returned
        ? { ...base, action: 'RELOCK_AFTER_REVISION', why: 'Returned for revision: lock the assumptions again' }
        : { ...base, action: 'LOCK_ASSUMPTIONS', why: 'The financials are in: the assumptions are waiting to be locked' });
    } else if (e.status === 'GATE_1') {
      items.push({ ...base, action: 'DECIDE_GATE_1', why: 'Gate 1 (data verification) is waiting for a decision' });
    } else if (e.status === 'GATE_2') {
      // Only someone who neither locked this round's assumptions nor approved Gate 1.
      if (await checkIndependentReview(ctx.db, principal.firmId, e.id, 'GATE_2', principal.userId)) {
        items.push({ ...base, action: 'DECIDE_GATE_2', why: 'Gate 2 (methodology and assumptions) is waiting for an independent reviewer' });
      }
    } else if (e.status === 'GATE_3') {
      if (e.payment_status !== 'PAID') items.push({ ...base, action: 'PAY', why: 'Payment is due before the sign-off' });
      else if (principal.role === 'ADMIN' && await checkIndependentReview(ctx.db, principal.firmId, e.id, 'GATE_3', principal.userId)) {
        items.push({ ...base, action: 'SIGN_OFF', why: 'Paid: the report is waiting for sign-off (Gate 3)' });
      }
    }
  }
  return { count: items.length, items };
}
