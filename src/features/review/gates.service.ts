// The three human review gates (docs/decisions.md, Engagement lifecycle): only the gate the engagement is at; four eyes between
// GATE_1 and GATE_2; GATE_3 (sign-off) by an ADMIN user on a paid engagement.
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf } from '../platform/service-context.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { Registration } from '../../contract/registrations.js';
import { UDIN_PATTERN } from '../../contract/registrations.js';
import type { ClassSignatory, EngagementRow } from '../engagements/engagements.repository.js';
import { setLockErrors } from '../../domain/engagement/ibc-set.js';
import { todayInIndia } from '../../contract/today.js';
import {
  recordSigningOnce,
  refuseCertificateAfterIssue,
  valuationDateReasonAtSignOff,
} from './signing-rules.service.js';
import { getFinancials } from '../valuation/valuation-data.repository.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import type { Principal } from '../../domain/identity/roles.js';
import { approveActionFor, type Gate } from '../../domain/engagement/state-machine.js';
import { gateRefusal, requireGatePerson, reviewHistoryOf, signingRefusal } from './review-rights.service.js';
import type { Executor } from '../../db/client.js';
import { applyTransition } from '../engagements/engagement-transitions.service.js';
import { missingReportFacts, publicEngagement, requireEngagement } from '../engagements/engagement-reads.service.js';
import { afterGateApproved } from '../reports/report-render.service.js';
import { archiveAssumptions, getValuation } from '../valuation/valuation-data.repository.js';
import { latestDraftId, supersedePendingDrafts } from '../reports/reports.repository.js';
import { getUser } from '../identity/users.repository.js';
import {
  IBC_CLASS_NAMES,
  adoptedMethods,
  describeRegistration,
  ibbiRegistrationFor,
  ibcRegistrationClasses,
  qualifyingRegistrations,
  signatoryRequirement,
} from '../../domain/identity/signatory.js';
import type { ValuationResult } from '../../domain/valuation/types.js';

/** The statute decides who may sign (src/domain/engagement/rights.ts): 409 signatory_not_qualified, naming the rule and the registration missing. Returns the qualifying registrations. */
async function requireQualifiedSignatory(
  tx: Executor,
  principal: Extract<Principal, { kind: 'user' }>,
  engagementId: string,
): Promise<Registration[]> {
  const valuation = await getValuation<ValuationResult>(tx, principal.firmId, engagementId);
  const user = await getUser(tx, principal.firmId, principal.userId);
  if (!valuation || !user) return [];
  const req = signatoryRequirement(valuation.result.statute, adoptedMethods(valuation.result));
  const qualifying = qualifyingRegistrations(req, user.registrations ?? []);
  const refused = signingRefusal(principal, {
    rule: req.rule,
    needs: req.needs,
    qualifiedMemberIds: qualifying.length > 0 ? [user.id] : [],
  });
  if (refused) throw refused;
  return qualifying;
}

/**
 * IBC: each asset class's estimate is signed by a valuer registered for that class (docs/statutes.md,
 * IBC). Where the engagement records its set of valuers, each class is signed by the set's member for it (who
 * verified it) and the coordinating valuer approves the whole; otherwise the GATE_3 body names them and a class
 * not named is signed by the ADMIN signing off. 409 signatory_not_qualified names the class and the person, in
 * words, when a signatory holds no registration for it.
 */
async function resolveClassSignatories(
  tx: Executor,
  engagement: EngagementRow,
  signerId: string,
  named: Partial<Record<string, string>>,
): Promise<ClassSignatory[]> {
  const { firm_id: firmId, id: engagementId } = engagement;
  const financials = await getFinancials<NormalisedFinancials>(tx, firmId, engagementId);
  const assets = (financials?.data.liquidation?.assets ?? []).map((a) => a.assetClass);
  const classes = ibcRegistrationClasses(assets);
  const set = engagement.valuer_set;
  for (const key of Object.keys(named)) {
    const label = (IBC_CLASS_NAMES as Record<string, string>)[key] ?? key;
    if (!classes.includes(key as never)) {
      throw validationFailed([
        { path: `/classSignatories/${key}`, message: `no asset of this engagement is valued in the ${label} class` },
      ]);
    }
    const holder = set?.classes.find((c) => c.assetClass === key)?.memberId;
    if (holder && named[key] !== holder) {
      throw validationFailed([
        {
          path: `/classSignatories/${key}`,
          message: `The ${label} part is signed by the set's valuer for that class, who verified it; change the engagement's set of valuers to change who signs`,
        },
      ]);
    }
  }
  if (set) {
    // The set as it stands at sign-off: changed after the lock, it is checked again (the report is dated today).
    const errors = setLockErrors(set, assets, {
      appointmentDate: engagement.appointment_date,
      commencementDate: engagement.valuation_date,
      reportDate: todayInIndia(),
    });
    if (errors.length) throw validationFailed(errors);
  }
  const signatories: ClassSignatory[] = [];
  for (const assetClass of classes) {
    const userId = named[assetClass] ?? set?.classes.find((c) => c.assetClass === assetClass)?.memberId ?? signerId;
    const user = await getUser(tx, firmId, userId);
    const label = IBC_CLASS_NAMES[assetClass];
    if (!user || user.status !== 'ACTIVE')
      throw validationFailed([
        {
          path: `/classSignatories/${assetClass}`,
          message: `The ${label} valuer is not an active member of the firm`,
        },
      ]);
    const registration = ibbiRegistrationFor(user.registrations, assetClass);
    if (!registration) {
      const message = `The ${label} estimate must be signed by a valuer registered with IBBI for ${label}; ${user.name} holds no such registration. Choose a member registered for ${label}`;
      throw new AppError('signatory_not_qualified', message, [{ path: `/classSignatories/${assetClass}`, message }]);
    }
    signatories.push({
      assetClass,
      userId,
      name: user.name,
      registration: describeRegistration(registration),
      ...(set && set.coordinatingValuerId === userId ? { coordinating: true } : {}),
    });
  }
  return signatories;
}

/** Where and how the report is signed, given with the GATE_3 approval. */
export interface Signing {
  place?: string;
  udin?: string;
  /** IBC: the member who signs each asset class's estimate, by IBBI registration class. */
  classSignatories?: Partial<Record<string, string>>;
}

/**
 * The place is required at sign-off; a UDIN when the signatory signs as a chartered accountant (their
 * qualifying registration is an ICAI membership), and its six digits must be that membership number
 * (docs/statutes.md, Who may sign). 400 naming /place or /udin otherwise.
 */
function checkSigning(
  signing: Signing,
  qualifying: readonly Registration[],
): { place: string; udin: string | null; signsAsCa: boolean } {
  const errors: { path: string; message: string }[] = [];
  const place = signing.place?.trim();
  if (!place) errors.push({ path: '/place', message: 'Enter the place of signing, e.g. Mumbai' });
  const memberships = qualifying.filter((r) => r.type === 'ICAI_MEMBERSHIP').map((r) => r.number);
  const signsAsCa = memberships.length > 0 && qualifying.every((r) => r.type === 'ICAI_MEMBERSHIP');
  const udin = signing.udin?.trim().toUpperCase();
  if (udin !== undefined && udin !== '') {
    if (!UDIN_PATTERN.test(udin)) {
      errors.push({
        path: '/udin',
        message:
          'A UDIN has 18 characters: two digits of the year, your six-digit ICAI membership number, then ten letters and digits',
      });
    } else if (memberships.length > 0 && !memberships.includes(udin.slice(2, 8))) {
      errors.push({
        path: '/udin',
        message: `The UDIN's membership number ${udin.slice(2, 8)} is not yours (${memberships.join(', ')})`,
      });
    }
  } else if (signsAsCa) {
    errors.push({
      path: '/udin',
      message: 'You sign as a chartered accountant: enter the UDIN generated for this report',
    });
  }
  if (errors.length) throw validationFailed(errors, errors.map((e) => e.message).join(' '));
  return { place: place!, udin: udin || null, signsAsCa };
}

/** A gate decision as a service takes it: the engagement, the gate, what the person wrote, and where it came from. */
export interface GateDecisionInput {
  engagementId: string;
  gate: Gate;
  request?: RequestTag;
}

export async function approveGate(
  ctx: ServiceContext,
  principal: Principal,
  {
    engagementId,
    gate,
    comment,
    request: requestId,
    signing = {},
  }: GateDecisionInput & { comment?: string; signing?: Signing },
) {
  requireGatePerson(principal, gate);
  const actor = actorOf(principal, requestId);
  return ctx.db.transaction(async (tx) => {
    // The one read of the engagement in this approval: locked, it serves the rights, the transition and the mails.
    const engagement = await requireEngagement(tx, principal.firmId, engagementId, true);
    const history = await reviewHistoryOf(tx, principal.firmId, engagementId);
    const warnings: { code: string; message: string }[] = [];
    // The gate it is at, four eyes, the payment: what GET /engagements/{id} reports as myActions.
    const refusal = await gateRefusal(tx, principal, engagement, gate, 'APPROVE', history);
    if (refusal) throw refusal;
    if (gate !== 'GATE_3' && (signing.place !== undefined || signing.udin !== undefined)) {
      throw validationFailed([
        { path: signing.place !== undefined ? '/place' : '/udin', message: 'is given only when signing off GATE_3' },
      ]);
    }
    if (gate === 'GATE_3') {
      const missing = missingReportFacts(engagement);
      if (missing.length) {
        throw new AppError(
          'report_facts_missing',
          `The report cannot be signed without: ${missing.join(', ')}. Add them to the engagement first.`,
          missing.map((m) => ({ path: `/${m}`, message: 'is required in the signed report' })),
        );
      }
      refuseCertificateAfterIssue(engagement);
      warnings.push(...valuationDateReasonAtSignOff(engagement));
      const ibc = engagement.statute === 'IBC_LIQUIDATION';
      if (!ibc && signing.classSignatories !== undefined) {
        throw validationFailed([
          {
            path: '/classSignatories',
            message: 'applies only to IBC engagements, whose asset classes are signed by class',
          },
        ]);
      }
      // IBC: each class by a valuer registered for it; the signing ADMIN for the report as a whole.
      const classSignatories = ibc
        ? await resolveClassSignatories(tx, engagement, principal.userId, signing.classSignatories ?? {})
        : null;
      const qualifying = ibc ? [] : await requireQualifiedSignatory(tx, principal, engagementId);
      const signed = checkSigning(signing, qualifying);
      await recordSigningOnce(tx, principal.firmId, engagementId, signed, classSignatories);
    }
    const updated = await applyTransition(tx, principal.firmId, engagementId, approveActionFor(gate), actor, {
      expectStatus: gate,
      details: { gate, decision: 'APPROVED', ...(comment ? { comment } : {}), by: principal.name },
      current: gate === 'GATE_3' ? undefined : engagement,
      // The history after this approval: whoever approved GATE_1 may not review GATE_2 (the mails ask it).
      history: {
        ...history,
        ...(gate === 'GATE_1' ? { gate1: principal.userId } : gate === 'GATE_2' ? { gate2: principal.userId } : {}),
      },
    });
    await afterGateApproved(tx, principal.firmId, engagementId, updated.status);
    return { ...publicEngagement(updated), ...(warnings.length ? { warnings } : {}) };
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
  {
    engagementId,
    gate,
    reason,
    request: requestId,
    outcome = 'DECLINE',
  }: GateDecisionInput & { reason: string; outcome?: RejectOutcome },
) {
  requireGatePerson(principal, gate);
  if (reason.trim().length < 10)
    throw new AppError('validation_failed', 'reason must be at least 10 characters', [
      { path: '/reason', message: 'at least 10 characters' },
    ]);
  const by = principal.name;
  const actor = actorOf(principal, requestId);
  return ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, principal.firmId, engagementId, true);
    const refusal = await gateRefusal(tx, principal, engagement, gate, 'REJECT');
    if (refusal) throw refusal;
    if (outcome === 'REVISE') {
      const draftReportId = await latestDraftId(tx, principal.firmId, engagementId);
      // A DRAFT of this round still waiting for the renderer has nothing left to render: it is superseded.
      await supersedePendingDrafts(tx, principal.firmId, engagementId, SUPERSEDED_DRAFT);
      const version = await archiveAssumptions(tx, principal.firmId, engagementId, {
        gate,
        reason,
        returnedBy: actor.id ?? null,
        draftReportId,
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
