import { CONSOLE_EVENT_TYPES } from '../../contract/events.js';
import { insertOutboxEvent, notifyFirmEvent } from '../platform/outbox.repository.js';
import { AUDIT } from '../../contract/audit-actions.js';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf } from '../platform/service-context.js';
import { validationFailed } from '../../lib/errors.js';
import type { Principal } from '../../domain/identity/roles.js';
import { isValidCin, normaliseCin } from '../../contract/cin.js';
import { PURPOSES_BY_STATUTE, type Statute } from '../../domain/valuation/types.js';
import * as repo from './engagements.repository.js';
import { insertAudit } from '../platform/audit.repository.js';
import { notifyAssigned } from '../notifications/notifications.service.js';
import { personOf, publicEngagement, requireEngagement, todayInIndia } from './engagement-reads.service.js';
import {
  conversionPriceErrors,
  dateErrors,
  PRICE_RULE,
  readPrice,
  refuseWithoutProvision,
  requireAssignable,
  transactionErrors,
} from './engagement-fields.service.js';
import { editRefusal, reassignRefusal } from '../review/review-rights.service.js';
import { ibcAppointingAuthorityProblem } from '../../contract/ibc-appointment.js';
import { transactionKindFor } from '../../contract/transaction-facts.js';
import { ibcOnlyProblems } from '../../contract/ibc-valuer-set.js';
import { appointingAuthorityFor, ibcSetErrors } from './ibc-set.service.js';
import { insolvencyFactsErrors } from '../../domain/engagement/insolvency-facts.js';

const REPORT_FACT_FIELDS = [
  'appointingAuthority',
  'appointmentDate',
  'addressee',
  'companyBackground',
  'issueAlreadyMade',
  'valuationDateReason',
  'transaction',
  'appointmentBasis',
  'engagementLetterDate',
  'valuerSet',
  'appointingOfficer',
  'freshValuationReason',
  'insolvencyFacts',
] as const;

export interface EngagementPatch extends Omit<repo.ReportFacts, 'issueAlreadyMadeReason'> {
  /** FEMA issue: the issue has been made, and why the certificate follows it. */
  issueAlreadyMade?: { reason: string } | null;
  targetEntity?: string;
  cin?: string | null;
  purpose?: string | null;
  valuationDate?: string;
  proposedPricePerShare?: string | number | null;
  conversionPricePerShare?: string | number | null;
  /** Reassigns the engagement: by an ADMIN or the current assignee, in any status. */
  assignedValuerId?: string;
}

/**
 * PATCH: corrects targetEntity, cin, purpose, valuationDate and proposedPricePerShare until the
 * computation starts (409 computation_started afterwards). Bad input changes nothing; the change and
 * its audit entry (every field from → to) are one transaction.
 */
export async function patchEngagement(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
  patch: EngagementPatch,
  requestId?: RequestTag,
) {
  return ctx.db.transaction(async (tx) => {
    const current = await requireEngagement(tx, principal.firmId, id, true);
    const { assignedValuerId, ...fields } = patch;
    let reassigned = false;
    if (assignedValuerId !== undefined && assignedValuerId !== current.assigned_valuer_id) {
      const acting = principal.kind === 'user' ? principal.userId : await personOf(tx, principal);
      const refused = reassignRefusal(principal, acting, current.assigned_valuer_id);
      if (refused) throw refused;
      await requireAssignable(tx, principal.firmId, assignedValuerId);
      await repo.setAssignedValuer(tx, principal.firmId, id, assignedValuerId);
      await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
        action: AUDIT.engagementAssigned,
        engagementId: id,
        details: { assignedValuerId: { from: current.assigned_valuer_id, to: assignedValuerId } },
      });
      await notifyAssigned(tx, principal.firmId, id, assignedValuerId, actorOf(principal).id);
      // For the console's stream only: the new assignee's bell and lists change at once (never a webhook).
      await insertOutboxEvent(tx, principal.firmId, {
        type: CONSOLE_EVENT_TYPES[0],
        engagementId: id,
        data: { engagement: { id }, assignedValuerId },
      });
      await notifyFirmEvent(tx, principal.firmId);
      reassigned = true;
    }
    if (Object.keys(fields).length === 0)
      return publicEngagement(reassigned ? (await repo.findEngagementRow(tx, principal.firmId, id))! : current);
    patch = fields;
    const valuationFields = Object.keys(patch).filter((k) => !(REPORT_FACT_FIELDS as readonly string[]).includes(k));
    const refused = editRefusal(principal, current.status, valuationFields.length > 0 ? 'details' : 'reportFacts');
    if (refused) throw refused;
    const errors = [];
    const cin = patch.cin === undefined || patch.cin === null ? patch.cin : normaliseCin(patch.cin);
    if (typeof cin === 'string' && !isValidCin(cin, new Date().getUTCFullYear())) {
      errors.push({ path: '/cin', message: 'must be a 21-character CIN such as U72200KA2015PTC081234' });
    }
    const allowed = PURPOSES_BY_STATUTE[current.statute as Statute] as readonly string[];
    if (typeof patch.purpose === 'string' && !allowed.includes(patch.purpose)) {
      errors.push({
        path: '/purpose',
        message: allowed.length
          ? `must be one of ${allowed.join(', ')} for ${current.statute}`
          : `${current.statute} takes no purpose`,
      });
    }
    errors.push(
      ...dateErrors(
        {
          valuationDate: patch.valuationDate,
          appointmentDate: patch.appointmentDate,
          engagementLetterDate: patch.engagementLetterDate,
        },
        todayInIndia(),
      ),
    );
    const price =
      patch.proposedPricePerShare === undefined || patch.proposedPricePerShare === null
        ? patch.proposedPricePerShare
        : readPrice(patch.proposedPricePerShare);
    if (price === false) errors.push({ path: '/proposedPricePerShare', message: PRICE_RULE });
    const conversionPrice =
      patch.conversionPricePerShare === undefined || patch.conversionPricePerShare === null
        ? patch.conversionPricePerShare
        : readPrice(patch.conversionPricePerShare);
    if (conversionPrice === false) errors.push({ path: '/conversionPricePerShare', message: PRICE_RULE });
    if (typeof conversionPrice === 'string') {
      errors.push(
        ...conversionPriceErrors(
          current.statute as Statute,
          patch.purpose !== undefined ? patch.purpose : current.purpose,
          conversionPrice,
        ),
      );
    }
    // Under the IBC the resolution professional or the liquidator appoints (src/contract/ibc-appointment.ts).
    if (current.statute === 'IBC_LIQUIDATION' && typeof patch.appointingAuthority === 'string') {
      const problem = ibcAppointingAuthorityProblem(
        patch.purpose !== undefined ? patch.purpose : current.purpose,
        patch.appointingAuthority,
      );
      if (problem) errors.push({ path: '/appointingAuthority', message: problem });
    }
    const purposeNow = patch.purpose !== undefined ? patch.purpose : current.purpose;
    if (patch.issueAlreadyMade && (current.statute !== 'FEMA_RBI' || purposeNow !== 'ISSUE_TO_NON_RESIDENT')) {
      errors.push({
        path: '/issueAlreadyMade',
        message: 'applies only to a FEMA_RBI issue to a non-resident (ISSUE_TO_NON_RESIDENT)',
      });
    }
    // The law the valuation will be made under, with the patch applied (null: the valuation date again).
    const purposeAfter = patch.purpose !== undefined ? patch.purpose : current.purpose;
    const valuationDateAfter = patch.valuationDate ?? current.valuation_date;
    const transactionDateAfter =
      patch.transactionDate !== undefined
        ? (patch.transactionDate ?? valuationDateAfter)
        : (current.transaction_date ?? valuationDateAfter);
    // The recorded transaction keeps the engagement's transaction date (docs/reports.md, The transaction).
    errors.push(
      ...transactionErrors(patch.transaction, current.statute as Statute, purposeAfter, transactionDateAfter),
    );
    const recorded = patch.transaction === undefined ? current.transaction_facts : null;
    if (recorded && patch.transactionDate !== undefined && recorded.date !== transactionDateAfter) {
      errors.push({
        path: '/transactionDate',
        message: `must be the date of the recorded transaction (${recorded.date}); give the transaction with its new date in the same request`,
      });
    }
    const kindAfter = transactionKindFor(current.statute, purposeAfter);
    if (recorded && patch.purpose !== undefined && kindAfter && kindAfter !== recorded.kind) {
      errors.push({
        path: '/purpose',
        message: `does not fit the recorded transaction (${recorded.kind}); give a transaction of kind ${kindAfter}, or null, in the same request`,
      });
    }
    // IBC: the set and the officer as they will stand (src/domain/engagement/ibc-set.ts).
    errors.push(
      ...ibcOnlyProblems(current.statute, purposeAfter, {
        ...patch,
        appointingOfficer: patch.appointingOfficer !== undefined ? patch.appointingOfficer : current.appointing_officer,
      }).map((p) => ({
        path: `/${p.path.join('/')}`,
        message: p.message,
      })),
    );
    if (current.statute === 'IBC_LIQUIDATION') {
      errors.push(
        ...(await ibcSetErrors(
          tx,
          principal.firmId,
          {
            purpose: purposeAfter,
            valuerSet: patch.valuerSet,
            appointingOfficer:
              patch.appointingOfficer !== undefined ? patch.appointingOfficer : current.appointing_officer,
            appointmentDate: patch.appointmentDate !== undefined ? patch.appointmentDate : current.appointment_date,
          },
          {
            set: patch.valuerSet !== undefined,
            officer:
              patch.appointingOfficer !== undefined ||
              patch.appointmentDate !== undefined ||
              patch.purpose !== undefined,
          },
        )),
      ); // The insolvency facts as they will stand, against the dates they follow (checked when any of them changes).
      const datesChanged = ['insolvencyFacts', 'appointingOfficer', 'appointmentDate', 'valuationDate', 'purpose'].some(
        (k) => patch[k as keyof typeof patch] !== undefined,
      );
      if (datesChanged)
        errors.push(
          ...insolvencyFactsErrors(
            patch.insolvencyFacts !== undefined ? patch.insolvencyFacts : current.insolvency_facts,
            {
              purpose: purposeAfter,
              valuationDate: valuationDateAfter,
              appointmentDate: patch.appointmentDate !== undefined ? patch.appointmentDate : current.appointment_date,
              officer: patch.appointingOfficer !== undefined ? patch.appointingOfficer : current.appointing_officer,
            },
          ),
        );
    }
    if (errors.length) throw validationFailed(errors);
    const derivedAuthority = appointingAuthorityFor(
      patch.appointingOfficer,
      patch.appointingAuthority,
      current.appointing_authority,
    );
    // Checked when what decides the law changes; report facts stay editable on an engagement made before this rule.
    if (patch.purpose !== undefined || patch.valuationDate !== undefined || patch.transactionDate !== undefined) {
      refuseWithoutProvision(current.statute as Statute, purposeAfter, transactionDateAfter);
    }
    const next = {
      ...(patch.targetEntity !== undefined && { targetEntity: patch.targetEntity }),
      ...(cin !== undefined && { cin }),
      ...(patch.purpose !== undefined && { purpose: patch.purpose }),
      ...(patch.valuationDate !== undefined && { valuationDate: patch.valuationDate }),
      ...(price !== undefined && { proposedPricePerShare: price as string | null }),
      ...(conversionPrice !== undefined && { conversionPricePerShare: conversionPrice as string | null }),
      ...(patch.transactionDate !== undefined && { transactionDate: patch.transactionDate }),
      ...(derivedAuthority !== undefined && { appointingAuthority: derivedAuthority }),
      ...(patch.appointmentDate !== undefined && { appointmentDate: patch.appointmentDate }),
      ...(patch.addressee !== undefined && { addressee: patch.addressee }),
      ...(patch.companyBackground !== undefined && { companyBackground: patch.companyBackground }),
      ...(patch.issueAlreadyMade !== undefined && { issueAlreadyMadeReason: patch.issueAlreadyMade?.reason ?? null }),
      ...(patch.valuationDateReason !== undefined && { valuationDateReason: patch.valuationDateReason }),
      ...(patch.transaction !== undefined && { transaction: patch.transaction }),
      ...(patch.appointmentBasis !== undefined && { appointmentBasis: patch.appointmentBasis }),
      ...(patch.engagementLetterDate !== undefined && { engagementLetterDate: patch.engagementLetterDate }),
      ...(patch.valuerSet !== undefined && { valuerSet: patch.valuerSet }),
      ...(patch.appointingOfficer !== undefined && { appointingOfficer: patch.appointingOfficer }),
      ...(patch.freshValuationReason !== undefined && { freshValuationReason: patch.freshValuationReason }),
      ...(patch.insolvencyFacts !== undefined && { insolvencyFacts: patch.insolvencyFacts }),
    };
    const before: Record<string, unknown> = {
      targetEntity: current.target_entity,
      cin: current.cin,
      purpose: current.purpose,
      valuationDate: current.valuation_date,
      proposedPricePerShare: current.proposed_price_per_share,
      conversionPricePerShare: current.conversion_price_per_share,
      transactionDate: current.transaction_date,
      appointingAuthority: current.appointing_authority,
      appointmentDate: current.appointment_date,
      addressee: current.addressee,
      companyBackground: current.company_background,
      issueAlreadyMadeReason: current.issue_already_made_reason,
      valuationDateReason: current.valuation_date_reason,
      transaction: current.transaction_facts,
      appointmentBasis: current.appointment_basis,
      engagementLetterDate: current.engagement_letter_date,
      valuerSet: current.valuer_set,
      appointingOfficer: current.appointing_officer,
      freshValuationReason: current.fresh_valuation_reason,
      insolvencyFacts: current.insolvency_facts,
    };
    const changes = Object.fromEntries(
      Object.entries(next)
        .filter(([k, v]) => JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null))
        .map(([k, v]) => [k, { from: before[k] ?? null, to: v }]),
    );
    if (Object.keys(changes).length === 0)
      return publicEngagement(reassigned ? (await repo.findEngagementRow(tx, principal.firmId, id))! : current);
    await repo.updateEngagementFields(tx, principal.firmId, id, next);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.engagementUpdated,
      engagementId: id,
      details: { changes },
    });
    return publicEngagement((await repo.findEngagementRow(tx, principal.firmId, id))!);
  });
}
