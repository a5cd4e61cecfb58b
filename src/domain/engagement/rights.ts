// Who may do what on an engagement now, and if not, why: decided here, from facts the services read, and
// nowhere else (docs/decisions.md, Engagement lifecycle). The gate, sign-off, signed-copy and sealed-copy services
// refuse with these very answers, and GET /engagements/{id} reports them as `myActions`, so the console holds no
// rule of its own. Pure: no database, no HTTP; a refusal is a catalogue code and a sentence.
import type { ErrorCode } from '../../contract/errors.js';
import { GATES, type EngagementStatus, type Gate } from '../../contract/stages.js';
import { hasRole, type Principal } from '../identity/roles.js';
import { independenceConflicts, type ReviewHistory } from './four-eyes.js';

export interface Refusal {
  code: ErrorCode;
  message: string;
}

export type GateDecision = 'APPROVE' | 'REJECT';

/** Who acts: a signed-in member, or an API token (a principal, or a member the service asks about). */
export type Person =
  { kind: 'user'; userId: string; role: Principal['role']; name: string } | { kind: 'token'; role: Principal['role'] };

/** A member of the firm as the rights see them, to ask who may act (a mail's recipients). */
export const memberAsPerson = (m: { id: string; role: Principal['role']; name: string }): Person => ({
  kind: 'user',
  userId: m.id,
  role: m.role,
  name: m.name,
});

/** The engagement as the rights see it. */
export interface EngagementFacts {
  status: EngagementStatus;
  paymentStatus: 'UNPAID' | 'PAID';
  /** Which copy of the FINAL was issued to the client (null: none yet). */
  issuedCopy: 'SEALED' | 'SIGNED_COPY' | null;
}

/**
 * Whether the person may sign the report under the statute: the members who hold a registration the statute
 * accepts (null: not known yet, before a valuation). IBC: the asset classes no member is registered for.
 */
export interface SigningQualification {
  rule: string;
  needs: string;
  qualifiedMemberIds: readonly string[];
  /** IBC: each class's estimate is signed by a valuer registered for it; the classes nobody in the firm can sign. */
  classesWithoutValuer?: readonly string[];
}

/** What refuses the principal any decision at `gate`, whatever the engagement: a token, the role. */
export function gatePrincipalRefusal(principal: Person, gate: Gate): Refusal | null {
  if (principal.kind !== 'user')
    return {
      code: 'person_required',
      message: 'Review gates are decided by people: sign in to decide a gate; API tokens may not',
    };
  if (!hasRole(principal.role, 'VALUER'))
    return { code: 'forbidden', message: 'Deciding a gate needs the VALUER or ADMIN role' };
  if (gate === 'GATE_3' && principal.role !== 'ADMIN')
    return { code: 'forbidden', message: 'GATE_3 (sign-off) needs an ADMIN' };
  return null;
}

/**
 * What refuses the principal `decision` at `gate`: the principal, the gate the engagement is at, four eyes (an
 * approval) and, to sign off, the payment.
 */
export function gateRefusal(
  principal: Person,
  engagement: Pick<EngagementFacts, 'status' | 'paymentStatus'>,
  gate: Gate,
  decision: GateDecision,
  history: ReviewHistory,
): Refusal | null {
  const refused = gatePrincipalRefusal(principal, gate);
  if (refused || principal.kind !== 'user') return refused;
  if (engagement.status !== gate)
    return { code: 'invalid_transition', message: `The engagement is ${engagement.status}, not at ${gate}` };
  if (decision === 'REJECT') return null;
  const conflicts = independenceConflicts(gate, principal.userId, history);
  if (conflicts.length > 0)
    return {
      code: 'independent_review_required',
      message:
        gate === 'GATE_2'
          ? `GATE_2 needs an independent reviewer: ${principal.name} ${conflicts.join(' and ')}`
          : `The signatory cannot be the GATE_2 reviewer: ${principal.name} ${conflicts.join(' and ')}`,
    };
  if (gate === 'GATE_3' && engagement.paymentStatus !== 'PAID')
    return { code: 'payment_required', message: 'The engagement must be paid before sign-off' };
  return null;
}

/** What refuses the principal signing the report under its statute: no registration it accepts. */
export function signingRefusal(principal: Person, qualification: SigningQualification | null): Refusal | null {
  if (!qualification || principal.kind !== 'user') return null;
  if (qualification.classesWithoutValuer !== undefined) {
    const [first] = qualification.classesWithoutValuer;
    return first === undefined
      ? null
      : {
          code: 'signatory_not_qualified',
          message: `The ${first} estimate must be signed by a valuer registered with IBBI for ${first}; no member of the firm holds that registration`,
        };
  }
  if (qualification.qualifiedMemberIds.includes(principal.userId)) return null;
  return {
    code: 'signatory_not_qualified',
    message: `${qualification.rule} needs the report signed by ${qualification.needs}; add that registration to your profile, or ask a qualified ADMIN to sign off`,
  };
}

/** Who may upload the partner-signed copy of the FINAL: its signatory (who signed off GATE_3) or an ADMIN. */
export function signedCopyUploadRefusal(principal: Person, signatoryId: string | null): Refusal | null {
  if (principal.role === 'ADMIN') return null;
  const isSignatory = principal.kind === 'user' && signatoryId !== null && principal.userId === signatoryId;
  return isSignatory
    ? null
    : { code: 'forbidden', message: "Only the report's signatory or an ADMIN may upload its signed copy" };
}

/** Who may issue the sealed FINAL without the partner's DSC: an ADMIN, once, while no copy is issued. */
export function issueSealedRefusal(
  principal: Person,
  issuedCopy: EngagementFacts['issuedCopy'] | undefined,
): Refusal | null {
  if (principal.role !== 'ADMIN')
    return { code: 'forbidden', message: "Only an ADMIN may issue the sealed copy without the partner's signature" };
  if (issuedCopy === 'SEALED')
    return { code: 'invalid_transition', message: 'The sealed copy is already the one issued' };
  if (issuedCopy === 'SIGNED_COPY')
    return { code: 'invalid_transition', message: 'A signed copy has been issued already' };
  return null;
}

/** What the calling principal may do now on the engagement, as GET /engagements/{id} reports it. */
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

/** Every action's answer for the principal, from the same functions the services refuse with. */
export function myActions(
  principal: Person,
  engagement: EngagementFacts,
  people: ReviewHistory & { signatory: string | null },
  qualification: SigningQualification | null,
): MyActions {
  const gate = GATES.find((g) => g === engagement.status) ?? null;
  const approve = gate
    ? (gateRefusal(principal, engagement, gate, 'APPROVE', people) ??
      (gate === 'GATE_3' ? signingRefusal(principal, qualification) : null))
    : null;
  const reject = gate ? gateRefusal(principal, engagement, gate, 'REJECT', people) : null;
  const completed = engagement.status === 'COMPLETED';
  const issueSealed = completed ? issueSealedRefusal(principal, engagement.issuedCopy) : null;
  return {
    gate,
    canApprove: gate !== null && approve === null,
    canReject: gate !== null && reject === null,
    blockedBecause: approve?.message ?? null,
    blockedCode: approve?.code ?? null,
    canSignOff: gate === 'GATE_3' && approve === null,
    canUploadSignedCopy: completed && signedCopyUploadRefusal(principal, people.signatory) === null,
    canIssueSealedCopy: completed && issueSealed === null,
  };
}
