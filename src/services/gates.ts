// The three human review gates (DESIGN §4): only the gate the engagement is at; four eyes between
// GATE_1 and GATE_2; GATE_3 (sign-off) by an ADMIN user on a paid engagement.
import type { ServiceContext } from './context.js';
import { actorOf } from './context.js';
import { AppError, conflict, forbidden } from '../lib/errors.js';
import type { Principal } from '../domain/identity/roles.js';
import { approveActionFor, type Gate } from '../domain/engagement/state-machine.js';
import type { Executor } from '../db/client.js';
import { applyTransition, publicEngagement, requireEngagement } from './engagements.js';
import { afterGateApproved } from './reports.js';

async function approverOf(tx: Executor, firmId: string, engagementId: string, gate: Gate): Promise<string | null> {
  const rows = await tx.query<{ actor_id: string | null }>(
    `SELECT actor_id FROM audit_events WHERE firm_id = $1 AND engagement_id = $2 AND action = $3 ORDER BY id DESC LIMIT 1`,
    [firmId, engagementId, `engagement.approve_${gate.toLowerCase()}`],
  );
  return rows[0]?.actor_id ?? null;
}

export async function approveGate(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  gate: Gate,
  comment: string | undefined,
  requestId?: string,
) {
  if (gate === 'GATE_3' && !(principal.kind === 'user' && principal.role === 'ADMIN')) {
    throw forbidden('GATE_3 (sign-off) needs an ADMIN user; API tokens and other roles may not sign off');
  }
  const actor = actorOf(principal, requestId);
  return ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, principal.firmId, engagementId, true);
    if (engagement.status !== gate) {
      throw conflict('invalid_transition', `The engagement is ${engagement.status}, not at ${gate}`);
    }
    if (gate === 'GATE_2' && (await approverOf(tx, principal.firmId, engagementId, 'GATE_1')) === actor.id) {
      throw conflict('four_eyes_required', 'GATE_2 must be approved by someone other than the GATE_1 approver');
    }
    if (gate === 'GATE_3' && engagement.payment_status !== 'PAID') {
      throw conflict('payment_required', 'The engagement must be paid before sign-off');
    }
    const updated = await applyTransition(tx, principal.firmId, engagementId, approveActionFor(gate), actor, {
      expectStatus: gate,
      details: { gate, decision: 'APPROVED', ...(comment ? { comment } : {}), by: principal.kind === 'user' ? principal.name : principal.tokenName },
    });
    await afterGateApproved(tx, principal.firmId, engagementId, updated.status);
    return publicEngagement(updated);
  });
}

export async function rejectGate(ctx: ServiceContext, principal: Principal, engagementId: string, gate: Gate, reason: string, requestId?: string) {
  if (gate === 'GATE_3' && !(principal.kind === 'user' && principal.role === 'ADMIN')) {
    throw forbidden('GATE_3 decisions need an ADMIN user');
  }
  if (reason.trim().length < 10) throw new AppError(400, 'validation_failed', 'reason must be at least 10 characters', [{ path: '/reason', message: 'at least 10 characters' }]);
  return ctx.db.transaction(async (tx) => {
    const updated = await applyTransition(tx, principal.firmId, engagementId, 'REJECT_GATE', actorOf(principal, requestId), {
      expectStatus: gate,
      failureReason: `Rejected at ${gate}: ${reason}`,
      details: { gate, decision: 'REJECTED', reason, by: principal.kind === 'user' ? principal.name : principal.tokenName },
    });
    return publicEngagement(updated);
  });
}
