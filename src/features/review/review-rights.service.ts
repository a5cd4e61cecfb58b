// The facts the rights decide on, read from the database (who is behind each step: a token's steps count as those
// of the member who created it), and the rights' refusals as the services throw them. The rules themselves are in
// src/domain/engagement/rights.ts; GET /engagements/{id} reports them as `myActions`.
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Principal } from '../../domain/identity/roles.js';
import type { EngagementStatus, Gate } from '../../contract/stages.js';
import type { ReviewHistory } from '../../domain/engagement/four-eyes.js';
import type { DocumentKind } from '../../contract/document-kinds.js';
import * as rights from '../../domain/engagement/rights.js';
import type {
  EngagementFacts,
  GateDecision,
  MyActions,
  Refusal,
  SigningQualification,
} from '../../domain/engagement/rights.js';
import type { SignatoryStatus } from '../../domain/identity/signatory.js';
import { tokenCreator } from '../identity/api-tokens.repository.js';
import { lastApproverOf, reviewHistory } from '../platform/audit.repository.js';
import { getAssumptions } from '../valuation/valuation-data.repository.js';

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

const asError = (refusal: Refusal | null): AppError | null => refusal && new AppError(refusal.code, refusal.message);

/** Throws what refuses the principal any decision at `gate`; past it, the principal is a person. */
export function requireGatePerson(
  principal: Principal,
  gate: Gate,
): asserts principal is Extract<Principal, { kind: 'user' }> {
  const refused = asError(rights.gatePrincipalRefusal(principal, gate));
  if (refused) throw refused;
}

/**
 * What refuses the principal `decision` at `gate` of this engagement (src/domain/engagement/rights.ts), with the
 * people behind its earlier steps read here when not given. The report facts and the signatory's registrations
 * are checked at sign-off itself.
 */
export async function gateRefusal(
  tx: Executor,
  principal: Principal,
  engagement: { id: string; status: EngagementStatus; payment_status: 'UNPAID' | 'PAID' },
  gate: Gate,
  decision: GateDecision,
  history?: ReviewHistory,
): Promise<AppError | null> {
  const early = rights.gatePrincipalRefusal(principal, gate);
  if (early) return asError(early);
  const people = history ?? (await reviewHistoryOf(tx, principal.firmId, engagement.id));
  return asError(
    rights.gateRefusal(
      principal,
      { status: engagement.status, paymentStatus: engagement.payment_status },
      gate,
      decision,
      people,
    ),
  );
}

export const signedCopyUploadRefusal = (principal: Principal, signers: readonly string[]) =>
  asError(rights.signedCopyUploadRefusal(principal, signers));

export const issueSealedRefusal = (principal: Principal, issuedCopy?: EngagementFacts['issuedCopy']) =>
  asError(rights.issueSealedRefusal(principal, issuedCopy));

export const editRefusal = (principal: Principal, status: EngagementStatus, what: 'details' | 'reportFacts') =>
  asError(rights.editRefusal(principal, status, what));

export const uploadRefusal = (principal: Principal, status: EngagementStatus, kind: DocumentKind) =>
  asError(rights.uploadRefusal(principal, status, kind));

export const lockRefusal = (principal: Principal, status: EngagementStatus, alreadyLocked: boolean) =>
  asError(rights.lockRefusal(principal, status, alreadyLocked));

export const reassignRefusal = (principal: Principal, actingMemberId: string | null, assignedValuerId: string | null) =>
  asError(rights.reassignRefusal(principal, actingMemberId, assignedValuerId));

export const payRefusal = (principal: Principal, paymentStatus: 'UNPAID' | 'PAID') =>
  asError(rights.payRefusal(principal, paymentStatus));

export const signingRefusal = (principal: Principal, qualification: SigningQualification | null) =>
  asError(rights.signingRefusal(principal, qualification));

/** The signatory status GET /engagements/{id} shows, as the rights read it. */
export function qualificationOf(status: SignatoryStatus | null): SigningQualification | null {
  if (!status) return null;
  return {
    rule: status.rule,
    needs: status.needs,
    qualifiedMemberIds: status.qualifiedMembers.map((m) => m.id),
    ...(status.classes
      ? { classesWithoutValuer: status.classes.filter((c) => c.qualifiedMembers.length === 0).map((c) => c.name) }
      : {}),
  };
}

/** What the calling principal may do now on the engagement, for GET /engagements/{id}: no further reads. */
export function myActions(
  principal: Principal,
  engagement: {
    status: EngagementStatus;
    payment_status: 'UNPAID' | 'PAID';
    issued_copy: 'SEALED' | 'SIGNED_COPY' | null;
    assigned_valuer_id: string | null;
    assumptions_locked: boolean;
    class_signatories: readonly { userId: string }[] | null;
  },
  people: ReviewHistory & { signatory: string | null },
  signatory: SignatoryStatus | null,
): MyActions {
  return rights.myActions(
    principal,
    {
      status: engagement.status,
      paymentStatus: engagement.payment_status,
      issuedCopy: engagement.issued_copy,
      assignedValuerId: engagement.assigned_valuer_id,
      assumptionsLocked: engagement.assumptions_locked,
    },
    { ...people, signers: rights.reportSigners(people.signatory, engagement.class_signatories) },
    qualificationOf(signatory),
  );
}
