// Who may do what on an engagement now, and if not, why: decided here, from facts the services read, and
// nowhere else (docs/decisions.md, Engagement lifecycle). The gate, sign-off, signed-copy and sealed-copy services
// refuse with these very answers, and GET /engagements/{id} reports them as `myActions`, so the console holds no
// rule of its own. Pure: no database, no HTTP; a refusal is a catalogue code and a sentence.
import type { ErrorCode } from '../../contract/errors.js';
import {
  FINANCIALS_UPLOAD_STAGES,
  GATES,
  INPUT_STAGES,
  REPORT_FACTS_STAGES,
  STAGE_WORDS,
  gateInWords,
  inStages,
  type EngagementStatus,
  type Gate,
} from '../../contract/stages.js';
import type { DocumentKind } from '../../contract/document-kinds.js';
import type { EngagementActionName } from '../../contract/engagement-actions.js';
import type { Role } from '../../contract/roles.js';
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
  /** The assumptions of this round are locked. */
  assumptionsLocked: boolean;
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
    return {
      code: 'invalid_transition',
      message: `The engagement is not waiting at ${gateInWords(gate)}: it is at ${STAGE_WORDS[engagement.status as EngagementStatus] ?? engagement.status}`,
    };
  if (decision === 'REJECT') return null;
  const conflicts = independenceConflicts(gate, principal.userId, history);
  if (conflicts.length > 0)
    return {
      code: 'independent_review_required',
      message:
        gate === 'GATE_2'
          ? `${gateInWords('GATE_2')} needs a reviewer who took no earlier step: ${principal.name} ${conflicts.join(' and ')}`
          : `The partner who signs cannot be the one who reviewed ${gateInWords('GATE_2')}: ${principal.name} ${conflicts.join(' and ')}`,
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

/**
 * The people who sign the FINAL: who signed it off at GATE_3 and, for an IBC set, each class's valuer, who adds their
 * own DSC to it one after another (docs/report-signatures.md, Several signatures).
 */
export function reportSigners(
  signatoryId: string | null,
  classSignatories: readonly { userId: string }[] | null | undefined,
): string[] {
  return [...new Set([...(signatoryId ? [signatoryId] : []), ...(classSignatories ?? []).map((c) => c.userId)])];
}

/** Who may upload a signed copy of the FINAL: one of its signers (reportSigners) or an ADMIN. */
export function signedCopyUploadRefusal(principal: Person, signers: readonly string[]): Refusal | null {
  if (principal.role === 'ADMIN') return null;
  const isSigner = principal.kind === 'user' && signers.includes(principal.userId);
  return isSigner
    ? null
    : { code: 'forbidden', message: "Only the report's signatories or an ADMIN may upload its signed copy" };
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

// ---- the work on an engagement: its details, its documents, the lock, who it is assigned to ----

/** The least role each piece of work needs; the routes declare the same (their `auth.role`). */
export const WORK_ROLES = {
  editDetails: 'VALUER',
  editReportFacts: 'VALUER',
  upload: 'VALUER',
  lockAssumptions: 'VALUER',
  pay: 'VALUER',
} as const satisfies Record<string, Role>;

/** Who holds a role or one above it, as a sentence says it. */
const ROLE_OR_ABOVE: Record<Role, string> = {
  VIEWER: 'a member of the firm',
  VALUER: 'the role of a valuer or an administrator',
  ADMIN: 'the role of an administrator',
};

function roleRefusal(person: Person, minimum: Role, what: string): Refusal | null {
  return hasRole(person.role, minimum)
    ? null
    : { code: 'forbidden', message: `${what} needs ${ROLE_OR_ABOVE[minimum]}` };
}

/**
 * What refuses correcting the engagement's details: the facts the valuation rests on until the computation starts
 * (409 computation_started), the report's facts until the report is signed (409 report_signed).
 */
export function editRefusal(person: Person, status: EngagementStatus, what: 'details' | 'reportFacts'): Refusal | null {
  const role = roleRefusal(person, WORK_ROLES.editDetails, 'Correcting an engagement');
  if (role) return role;
  if (!inStages(REPORT_FACTS_STAGES, status))
    return {
      code: 'report_signed',
      message: 'The report has been signed (or the engagement ended), so nothing on it can change',
    };
  if (what === 'details' && !inStages(INPUT_STAGES, status))
    return {
      code: 'computation_started',
      message:
        'The details are fixed: the valuation has been computed on them; the report facts can still be corrected until sign-off',
    };
  return null;
}

/**
 * What refuses an upload: documents until the computation starts; a financials file while another is read is
 * refused, so the newest accepted file is always the one the valuation uses.
 */
export function uploadRefusal(person: Person, status: EngagementStatus, kind: DocumentKind): Refusal | null {
  const role = roleRefusal(person, WORK_ROLES.upload, 'Uploading a document');
  if (role) return role;
  const open = kind === 'FINANCIALS' ? inStages(FINANCIALS_UPLOAD_STAGES, status) : inStages(INPUT_STAGES, status);
  if (open) return null;
  if (status === 'DATA_INGESTING')
    return {
      code: 'ingestion_in_progress',
      message: 'A financials file is being read; wait until it is parsed or rejected',
    };
  return { code: 'invalid_transition', message: 'Documents can no longer be uploaded: the computation has started' };
}

/** What refuses locking the assumptions: allowed once per round, until the computation starts. */
export function lockRefusal(person: Person, status: EngagementStatus, alreadyLocked: boolean): Refusal | null {
  const role = roleRefusal(person, WORK_ROLES.lockAssumptions, 'Locking the assumptions');
  if (role) return role;
  if (alreadyLocked) return { code: 'already_locked', message: 'Assumptions are already locked for this engagement' };
  return inStages(INPUT_STAGES, status)
    ? null
    : { code: 'invalid_transition', message: 'The assumptions can no longer be locked: the computation has started' };
}

/**
 * What refuses reassigning the engagement: a signed-in ADMIN, or its assigned valuer (`actingMemberId`: the member
 * who acts, a token's creator for a token; null when not known), may, in any status.
 */
export function reassignRefusal(
  person: Person,
  actingMemberId: string | null,
  assignedValuerId: string | null,
): Refusal | null {
  if (person.kind === 'user' && person.role === 'ADMIN') return null;
  if (actingMemberId !== null && actingMemberId === assignedValuerId) return null;
  return {
    code: 'forbidden',
    message: "Only an ADMIN or the engagement's assigned valuer may assign it to someone else",
  };
}

/** A member the engagement may be assigned to: active, and a valuer or an administrator. */
export const ASSIGNEE_RULE = 'must be an active member of your firm with the role Valuer or Administrator';
export function mayBeAssigned(member: { status: string; role: Role } | null | undefined): boolean {
  return !!member && member.status === 'ACTIVE' && hasRole(member.role, 'VALUER');
}

/**
 * What refuses paying for the engagement: a valuer or an administrator, once. Whether someone in the firm can sign
 * its report is checked when the payment starts (409 no_qualified_signatory), as an input is.
 */
export function payRefusal(person: Person, paymentStatus: EngagementFacts['paymentStatus']): Refusal | null {
  const role = roleRefusal(person, WORK_ROLES.pay, 'Paying for an engagement');
  if (role) return role;
  return paymentStatus === 'PAID' ? { code: 'already_paid', message: 'This engagement has already been paid' } : null;
}

/** One action's answer: allowed, or the code and the sentence it would be refused with. */
export interface ActionAnswer {
  allowed: boolean;
  blockedCode: ErrorCode | null;
  blockedBecause: string | null;
}
const answer = (refusal: Refusal | null): ActionAnswer => ({
  allowed: refusal === null,
  blockedCode: refusal?.code ?? null,
  blockedBecause: refusal?.message ?? null,
});

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
  /** Every action, each with why not: the console shows and hides from these alone. */
  actions: Record<EngagementActionName, ActionAnswer>;
}

/** Every action's answer for the principal, from the same functions the services refuse with. */
export function myActions(
  principal: Person,
  engagement: EngagementFacts & { assignedValuerId: string | null },
  people: ReviewHistory & { signatory: string | null; signers: readonly string[] },
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
  const notAtGate: Refusal = {
    code: 'invalid_transition',
    message: `The engagement is not at a review gate`,
  };
  const notCompleted: Refusal = { code: 'invalid_transition', message: 'The report has not been signed off yet' };
  const signOff: Refusal | null =
    gate === 'GATE_3' ? approve : { code: 'invalid_transition', message: 'The engagement is not waiting for sign-off' };
  const uploadSigned = completed ? signedCopyUploadRefusal(principal, people.signers) : notCompleted;
  const actions: Record<EngagementActionName, ActionAnswer> = {
    approve: answer(gate ? approve : notAtGate),
    reject: answer(gate ? reject : notAtGate),
    signOff: answer(signOff),
    uploadSignedCopy: answer(uploadSigned),
    issueSealedCopy: answer(completed ? issueSealed : notCompleted),
    editDetails: answer(editRefusal(principal, engagement.status, 'details')),
    editReportFacts: answer(editRefusal(principal, engagement.status, 'reportFacts')),
    uploadFinancials: answer(uploadRefusal(principal, engagement.status, 'FINANCIALS')),
    uploadEvidence: answer(uploadRefusal(principal, engagement.status, 'EVIDENCE')),
    lockAssumptions: answer(lockRefusal(principal, engagement.status, engagement.assumptionsLocked)),
    // A token's creator is not read for this answer: a token is told no, and PATCH decides with its creator.
    pay: answer(payRefusal(principal, engagement.paymentStatus)),
    reassign: answer(
      reassignRefusal(principal, principal.kind === 'user' ? principal.userId : null, engagement.assignedValuerId),
    ),
  };
  return {
    actions,
    gate,
    canApprove: gate !== null && approve === null,
    canReject: gate !== null && reject === null,
    blockedBecause: approve?.message ?? null,
    blockedCode: approve?.code ?? null,
    canSignOff: gate === 'GATE_3' && approve === null,
    canUploadSignedCopy: completed && signedCopyUploadRefusal(principal, people.signers) === null,
    canIssueSealedCopy: completed && issueSealed === null,
  };
}
