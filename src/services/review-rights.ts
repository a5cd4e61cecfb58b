// Who may decide what on an engagement, decided once: the gate services refuse with these very functions,
// and GET /engagements/{id} reports them to the caller as `myActions`, so the console never works out four
// eyes (or any other rule) for itself. A token's steps count as those of the member who created it.
import type { Executor } from '../db/client.js';
import { AppError, conflict, forbidden } from '../lib/errors.js';
import type { Principal } from '../domain/identity/roles.js';
import { hasRole } from '../domain/identity/roles.js';
import { GATES, type EngagementStatus, type Gate } from '../contract/stages.js';
import { independenceConflicts, type ReviewHistory } from '../domain/engagement/four-eyes.js';
import { tokenCreator } from '../db/repositories/api-tokens.js';
import { lastApproverOf, reviewHistory } from '../db/repositories/audit.js';
import { getAssumptions } from '../db/repositories/valuation-data.js';

/** The person behind an audit actor id: a token's actions count as those of the member who created it. */
export async function personOfActor(tx: Executor, firmId: string, actorId: string | null): Promise<string | null> {
  if (!actorId) return null;
  return actorId.startsWith('tok_') ? tokenCreator(tx, firmId, actorId) : actorId;
}

/** The people behind this round's lock and its gate approvals. */
export async function reviewHistoryOf(tx: Executor, firmId: string, engagementId: string): Promise<ReviewHistory> {
  const decisions = await reviewHistory(tx, firmId, engagementId);
  return {
    lockedBy: await personOfActor(tx, firmId, (await getAssumptions(tx, firmId, engagementId))?.locked_by ?? null),
    gate1: await personOfActor(tx, firmId, lastApproverOf(decisions, 'GATE_1')),
    gate2: await personOfActor(tx, firmId, lastApproverOf(decisions, 'GATE_2')),
  };
}

export type GateDecision = 'APPROVE' | 'REJECT';

/** What refuses the principal any decision at `gate`, whatever the engagement: a token, the role. */
export function gatePrincipalRefusal(principal: Principal, gate: Gate): AppError | null {
  if (principal.kind !== 'user')
    return new AppError(
      'person_required',
      'Review gates are decided by people: sign in to decide a gate; API tokens may not',
    );
  if (!hasRole(principal.role, 'VALUER')) return forbidden('Deciding a gate needs the VALUER or ADMIN role');
  if (gate === 'GATE_3' && principal.role !== 'ADMIN') return forbidden('GATE_3 (sign-off) needs an ADMIN');
  return null;
}

/** Throws what refuses the principal any decision at `gate`; past it, the principal is a person. */
export function requireGatePerson(
  principal: Principal,
  gate: Gate,
): asserts principal is Extract<Principal, { kind: 'user' }> {
  const refused = gatePrincipalRefusal(principal, gate);
  if (refused) throw refused;
}

/**
 * What refuses the principal `decision` at `gate` of this engagement, or null: the principal, the gate the
 * engagement is at, four eyes (an approval: docs/decisions.md, Engagement lifecycle) and, to sign off, the
 * payment. The report facts and the signatory's registrations are checked at sign-off itself.
 */
export async function gateRefusal(
  tx: Executor,
  principal: Principal,
  engagement: { id: string; status: EngagementStatus; payment_status: 'UNPAID' | 'PAID' },
  gate: Gate,
  decision: GateDecision,
  history?: ReviewHistory,
): Promise<AppError | null> {
  const refused = gatePrincipalRefusal(principal, gate);
  if (refused || principal.kind !== 'user') return refused;
  if (engagement.status !== gate)
    return conflict('invalid_transition', `The engagement is ${engagement.status}, not at ${gate}`);
  if (decision === 'REJECT') return null;
  const conflicts = independenceConflicts(
    gate,
    principal.userId,
    history ?? (await reviewHistoryOf(tx, principal.firmId, engagement.id)),
  );
  if (conflicts.length > 0) {
    return conflict(
      'independent_review_required',
      gate === 'GATE_2'
        ? `GATE_2 needs an independent reviewer: ${principal.name} ${conflicts.join(' and ')}`
        : `The signatory cannot be the GATE_2 reviewer: ${principal.name} ${conflicts.join(' and ')}`,
    );
  }
  if (gate === 'GATE_3' && engagement.payment_status !== 'PAID')
    return conflict('payment_required', 'The engagement must be paid before sign-off');
  return null;
}

/** Who may upload the partner-signed copy of the FINAL: its signatory (who signed off GATE_3) or an ADMIN. */
export function signedCopyUploadRefusal(principal: Principal, signatoryId: string | null): AppError | null {
  if (principal.role === 'ADMIN') return null;
  const isSignatory = principal.kind === 'user' && signatoryId !== null && principal.userId === signatoryId;
  return isSignatory ? null : forbidden("Only the report's signatory or an ADMIN may upload its signed copy");
}

/** Who may issue the sealed FINAL without the partner's DSC: an ADMIN. */
export function issueSealedRefusal(principal: Principal): AppError | null {
  return principal.role === 'ADMIN'
    ? null
    : forbidden("Only an ADMIN may issue the sealed copy without the partner's signature");
}

/** What the calling principal may do now on the engagement, for GET /engagements/{id}. */
export interface MyActions {
  gate: Gate | null;
  canApprove: boolean;
  canReject: boolean;
  blockedBecause: string | null;
  blockedCode: string | null;
  canSignOff: boolean;
  canUploadSignedCopy: boolean;
  canIssueSealedCopy: boolean;
}

/**
 * What the calling principal may do now on the engagement, for GET /engagements/{id}: from the engagement
 * and the people behind its steps (read with it, in the same query), no further reads.
 */
export async function myActions(
  tx: Executor,
  principal: Principal,
  engagement: { id: string; status: EngagementStatus; payment_status: 'UNPAID' | 'PAID' },
  people: ReviewHistory & { signatory: string | null },
): Promise<MyActions> {
  const gate = GATES.find((g) => g === engagement.status) ?? null;
  const approve = gate ? await gateRefusal(tx, principal, engagement, gate, 'APPROVE', people) : null;
  const reject = gate ? await gateRefusal(tx, principal, engagement, gate, 'REJECT', people) : null;
  const completed = engagement.status === 'COMPLETED';
  return {
    gate,
    canApprove: gate !== null && approve === null,
    canReject: gate !== null && reject === null,
    blockedBecause: approve?.message ?? null,
    blockedCode: approve?.code ?? null,
    canSignOff: gate === 'GATE_3' && approve === null,
    canUploadSignedCopy: completed && signedCopyUploadRefusal(principal, people.signatory) === null,
    canIssueSealedCopy: completed && issueSealedRefusal(principal) === null,
  };
}
