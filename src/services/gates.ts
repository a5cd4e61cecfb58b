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
import { archiveAssumptions, getValuation } from '../db/repositories/valuation-data.js';
import { latestDraftId, supersedePendingDrafts } from '../db/repositories/reports.js';
import { getUser } from '../db/repositories/users.js';
import { qualifyingRegistrations, signatoryRequirement } from '../domain/identity/signatory.js';
import type { ValuationResult } from '../domain/valuation/types.js';

async function approverOf(tx: Executor, firmId: string, engagementId: string, gate: Gate): Promise<string | null> {
  const rows = await tx.query<{ actor_id: string | null }>(
    `SELECT actor_id FROM audit_events WHERE firm_id = $1 AND engagement_id = $2 AND action = $3 ORDER BY id DESC LIMIT 1`,
    [firmId, engagementId, `engagement.approve_${gate.toLowerCase()}`],
  );
  return rows[0]?.actor_id ?? null;
}

/** The statute decides who may sign: 409 signatory_not_qualified, naming the rule and the registration missing. */
async function requireQualifiedSignatory(tx: Executor, firmId: string, userId: string, engagementId: string): Promise<void> {
  const valuation = await getValuation<ValuationResult>(tx, firmId, engagementId);
  const user = await getUser(tx, firmId, userId);
  if (!valuation || !user) return;
  const req = signatoryRequirement(valuation.result.statute, valuation.result.methods.map((m) => m.method));
  if (qualifyingRegistrations(req, user.registrations ?? []).length === 0) {
    throw conflict(
      'signatory_not_qualified',
      `${req.rule} needs the report signed by ${req.needs}; add that registration to your profile (PATCH /api/v1/auth/me), or ask a qualified ADMIN to sign off`,
    );
  }
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
    if (gate === 'GATE_3' && principal.kind === 'user') await requireQualifiedSignatory(tx, principal.firmId, principal.userId, engagementId);
    const updated = await applyTransition(tx, principal.firmId, engagementId, approveActionFor(gate), actor, {
      expectStatus: gate,
      details: { gate, decision: 'APPROVED', ...(comment ? { comment } : {}), by: principal.kind === 'user' ? principal.name : principal.tokenName },
    });
    await afterGateApproved(tx, principal.firmId, engagementId, updated.status);
    return publicEngagement(updated);
  });
}

export type RejectOutcome = 'DECLINE' | 'REVISE';

/** The error of a DRAFT whose round was returned for revision before it was rendered. */
export const SUPERSEDED_DRAFT = 'superseded: the engagement was returned for revision before this DRAFT was rendered';

/**
 * Reject at the current gate. DECLINE (the default) ends the engagement in FAILED. REVISE returns it
 * for revision: the locked assumptions become version n in the history (with the round's valuation
 * and DRAFT), the engagement goes back to DATA_READY to be locked again (version n + 1), gate
 * approvals of the round no longer count, the payment stands. One transaction with its audit entry
 * and stage_changed event.
 */
export async function rejectGate(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  gate: Gate,
  reason: string,
  requestId?: string,
  outcome: RejectOutcome = 'DECLINE',
) {
  if (gate === 'GATE_3' && !(principal.kind === 'user' && principal.role === 'ADMIN')) {
    throw forbidden('GATE_3 decisions need an ADMIN user');
  }
  if (reason.trim().length < 10) throw new AppError(400, 'validation_failed', 'reason must be at least 10 characters', [{ path: '/reason', message: 'at least 10 characters' }]);
  const by = principal.kind === 'user' ? principal.name : principal.tokenName;
  const actor = actorOf(principal, requestId);
  return ctx.db.transaction(async (tx) => {
    if (outcome === 'REVISE') {
      const engagement = await requireEngagement(tx, principal.firmId, engagementId, true);
      if (engagement.status !== gate) throw conflict('invalid_transition', `The engagement is ${engagement.status}, not at ${gate}`);
      const draftReportId = await latestDraftId(tx, principal.firmId, engagementId);
      // A DRAFT of this round still waiting for the renderer has nothing left to render: it is superseded.
      await supersedePendingDrafts(tx, principal.firmId, engagementId, SUPERSEDED_DRAFT);
      const version = await archiveAssumptions(tx, principal.firmId, engagementId, {
        gate, reason, returnedBy: actor.id ?? null, draftReportId,
      });
      const updated = await applyTransition(tx, principal.firmId, engagementId, 'RETURN_FOR_REVISION', actor, {
        expectStatus: gate,
        details: { gate, decision: 'RETURNED_FOR_REVISION', outcome, reason, by, version },
      });
      return publicEngagement(updated);
    }
    const updated = await applyTransition(tx, principal.firmId, engagementId, 'REJECT_GATE', actor, {
      expectStatus: gate,
      failureReason: `Rejected at ${gate}: ${reason}`,
      details: { gate, decision: 'REJECTED', outcome, reason, by },
    });
    return publicEngagement(updated);
  });
}
