// Engagements as the API reads them: one, a page of them, their events; and the row other services build on.
// Changes live beside this file: engagement-create.ts, engagement-patch.ts and engagement-transitions.ts.
import type { ServiceContext } from '../platform/service-context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { signatoryStatus } from '../../domain/identity/signatory.js';
import type { Principal } from '../../domain/identity/roles.js';
import { REQUIRED_REPORT_FACTS } from '../../contract/engagement-forms.js';
import { shareholdingWithPercentages, type TransactionFacts } from '../../contract/transaction-facts.js';
import { type Statute } from '../../domain/valuation/types.js';
import * as repo from './engagements.repository.js';
import { getEngagementWithSignatoryInputs } from './engagement-people.repository.js';
import { tokenCreator } from '../identity/api-tokens.repository.js';
import { listEngagementAudit } from '../platform/audit.repository.js';
import { myActions } from '../review/review-rights.service.js';
import { appointmentWarnings } from '../../domain/engagement/ibc-set.js';

export function publicEngagement(e: repo.EngagementRow) {
  return {
    id: e.id,
    targetEntity: e.target_entity,
    cin: e.cin,
    statute: e.statute as Statute,
    purpose: e.purpose,
    status: e.status,
    valuationDate: e.valuation_date,
    proposedPricePerShare: e.proposed_price_per_share ?? null,
    conversionPricePerShare: e.conversion_price_per_share ?? null,
    transactionDate: e.transaction_date ?? e.valuation_date,
    appointingAuthority: e.appointing_authority,
    appointmentDate: e.appointment_date,
    addressee: e.addressee,
    companyBackground: e.company_background,
    issueAlreadyMade: e.issue_already_made_reason ? { reason: e.issue_already_made_reason } : null,
    valuationDateReason: e.valuation_date_reason,
    transaction: publicTransaction(e.transaction_facts),
    appointmentBasis: e.appointment_basis ?? null,
    engagementLetterDate: e.engagement_letter_date ?? null,
    valuerSet: e.valuer_set ?? null,
    appointingOfficer: e.appointing_officer ?? null,
    freshValuationReason: e.fresh_valuation_reason ?? null,
    insolvencyFacts: e.insolvency_facts ?? null,
    appointmentWarnings:
      e.statute === 'IBC_LIQUIDATION'
        ? appointmentWarnings({
            purpose: e.purpose,
            officer: e.appointing_officer,
            appointmentDate: e.appointment_date,
            commencementDate: e.valuation_date,
          })
        : [],
    reportFactsMissing: missingReportFacts(e),
    signingPlace: e.signing_place,
    udin: e.udin,
    issuedCopy: e.issued_copy ?? null,
    awaitingPartnerSignature: e.status === 'COMPLETED' && !e.issued_copy,
    assumptionsLocked: e.assumptions_locked,
    paymentStatus: e.payment_status,
    failureReason: e.failure_reason,
    createdBy: e.created_by,
    assignedValuer: e.assigned_valuer_id ? { id: e.assigned_valuer_id, name: e.assigned_valuer_name ?? '' } : null,
    createdAt: e.created_at.toISOString(),
    updatedAt: e.updated_at.toISOString(),
  };
}
export type PublicEngagement = ReturnType<typeof publicEngagement>;

/** The recorded transaction with each holder's percentage before and after, worked out here. */
export function publicTransaction(t: TransactionFacts | null | undefined) {
  return t ? { ...t, shareholding: shareholdingWithPercentages(t.shareholding) } : null;
}

/** The report facts GATE_3 needs that the engagement does not yet have. */
export function missingReportFacts(
  e: Pick<repo.EngagementRow, 'appointing_authority' | 'appointment_date' | 'company_background'>,
): string[] {
  const have: Record<(typeof REQUIRED_REPORT_FACTS)[number], unknown> = {
    appointingAuthority: e.appointing_authority,
    appointmentDate: e.appointment_date,
    companyBackground: e.company_background,
  };
  return REQUIRED_REPORT_FACTS.filter((k) => !have[k]);
}

/** Today in India, as the default valuation date (src/contract/today.ts). */
export { todayInIndia } from '../../contract/today.js';

/** The person a principal acts for: a user themself, a token its creator. */
export async function personOf(tx: Executor, principal: Principal): Promise<string | null> {
  return principal.kind === 'user' ? principal.userId : tokenCreator(tx, principal.firmId, principal.tokenId);
}

/** One engagement; from GATE_1 on with the signatory requirement of the methods its conclusion adopts, and who in the firm meets it. */
export async function getEngagement(ctx: ServiceContext, principal: Principal, id: string) {
  const row = await getEngagementWithSignatoryInputs(ctx.db, principal.firmId, id);
  if (!row) throw notFound('Engagement');
  const inputs = row.signatory_inputs;
  const signatory = inputs
    ? signatoryStatus(
        inputs as unknown as Parameters<typeof signatoryStatus>[0],
        inputs.members as Parameters<typeof signatoryStatus>[1],
        inputs.assetClasses,
      )
    : null;
  // Added to the public view rather than spread into a new object: one object per read.
  return Object.assign(
    publicEngagement(row),
    { myActions: myActions(principal, row, row.review_people, signatory) },
    signatory ? { signatory } : {},
  );
}

/** Reads an engagement inside a transaction (404 across firms), for services that build on it. */
export async function requireEngagement(
  tx: Executor,
  firmId: string,
  id: string,
  lock = false,
): Promise<repo.EngagementRow> {
  const row = lock ? await repo.lockEngagement(tx, firmId, id) : await repo.findEngagementRow(tx, firmId, id);
  if (!row) throw notFound('Engagement');
  return row;
}

export async function listEngagements(
  ctx: ServiceContext,
  principal: Principal,
  opts: { status?: string; beforeId?: string; limit: number; q?: string; assignedTo?: string },
) {
  const search = opts.q === undefined ? undefined : prefixSearchQuery(opts.q);
  if (search === null) return [];
  // "me": the signed-in person (a token's creator).
  const assignedTo = opts.assignedTo === 'me' ? ((await personOf(ctx.db, principal)) ?? '') : opts.assignedTo;
  return (await repo.listEngagements(ctx.db, principal.firmId, { ...opts, search, assignedTo })).map(publicEngagement);
}

/**
 * Turns what a person typed into a tsquery of word prefixes ("acme ind" → "acme:* & ind:*"). Only
 * letters and digits survive, so nothing typed can be tsquery syntax. null: nothing searchable was typed.
 */
export function prefixSearchQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

/** 404 unless the engagement exists in the caller's firm. */
export async function requireEngagementVisible(ctx: ServiceContext, principal: Principal, id: string): Promise<void> {
  await requireEngagement(ctx.db, principal.firmId, id);
}

export async function listEngagementEvents(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
  limit: number,
  afterId?: string,
) {
  await requireEngagement(ctx.db, principal.firmId, id);
  return (await listEngagementAudit(ctx.db, principal.firmId, id, limit, afterId)).map((a) => ({
    id: a.id,
    action: a.action,
    actor: { type: a.actor_type as 'USER' | 'API_TOKEN' | 'SYSTEM', id: a.actor_id },
    fromStatus: a.from_status,
    toStatus: a.to_status,
    requestId: a.request_id,
    clientRequestId: a.client_request_id,
    details: a.details ?? null,
    createdAt: a.created_at.toISOString(),
  }));
}
