import type { RecordResponse } from '../platform/idempotency.service.js';
import { AUDIT } from '../../contract/audit-actions.js';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf } from '../platform/service-context.js';
import { validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Principal } from '../../domain/identity/roles.js';
import { isValidCin, normaliseCin } from '../../contract/cin.js';
import { PURPOSES_BY_STATUTE, type Statute } from '../../domain/valuation/types.js';
import * as repo from './engagements.repository.js';
import { insertAudit } from '../platform/audit.repository.js';
import { notifyAssigned } from '../notifications/notifications.service.js';
import { publicEngagement, todayInIndia, type PublicEngagement } from './engagement-reads.service.js';
import {
  conversionPriceErrors,
  dateErrors,
  defaultAssignee,
  PRICE_RULE,
  readPrice,
  refuseWithoutProvision,
  requireAssignable,
  transactionErrors,
} from './engagement-fields.service.js';
import { appointingAuthorityFor, ibcSetErrors } from './ibc-set.service.js';
import { insolvencyFactsErrors } from '../../domain/engagement/insolvency-facts.js';

export async function createEngagement(
  ctx: ServiceContext,
  principal: Principal,
  input: {
    targetEntity: string;
    statute: Statute;
    cin?: string;
    purpose?: string;
    valuationDate?: string;
    proposedPricePerShare?: string | number;
    conversionPricePerShare?: string | number;
    assignedValuerId?: string;
  } & repo.ReportFacts,
  requestId?: RequestTag,
  record?: RecordResponse<PublicEngagement>,
) {
  const errors = [];
  const price = input.proposedPricePerShare === undefined ? null : readPrice(input.proposedPricePerShare);
  if (price === false) errors.push({ path: '/proposedPricePerShare', message: PRICE_RULE });
  const conversionPrice = input.conversionPricePerShare === undefined ? null : readPrice(input.conversionPricePerShare);
  if (conversionPrice === false) errors.push({ path: '/conversionPricePerShare', message: PRICE_RULE });
  errors.push(...conversionPriceErrors(input.statute, input.purpose ?? null, conversionPrice));
  const cin = input.cin === undefined ? null : normaliseCin(input.cin);
  if (cin !== null && !isValidCin(cin, new Date().getUTCFullYear())) {
    errors.push({ path: '/cin', message: 'must be a 21-character CIN such as U72200KA2015PTC081234' });
  }
  const allowed = PURPOSES_BY_STATUTE[input.statute] as readonly string[];
  if (input.purpose !== undefined && !allowed.includes(input.purpose)) {
    errors.push({
      path: '/purpose',
      message: allowed.length
        ? `must be one of ${allowed.join(', ')} for ${input.statute}`
        : `${input.statute} takes no purpose`,
    });
  }
  // Dates are Indian: the default valuation date is today in IST, and a valuation date may not lie
  // beyond it (the report, dated today in IST, would otherwise precede its own valuation date).
  const today = todayInIndia();
  errors.push(
    ...dateErrors(
      {
        valuationDate: input.valuationDate,
        appointmentDate: input.appointmentDate,
        engagementLetterDate: input.engagementLetterDate,
      },
      today,
    ),
  );
  // The transaction's date is the engagement's transaction date unless that is given too (then they must agree).
  const transactionDate = input.transactionDate ?? input.transaction?.date;
  errors.push(
    ...transactionErrors(
      input.transaction,
      input.statute,
      input.purpose,
      transactionDate ?? input.valuationDate ?? today,
    ),
  );
  // IBC: the insolvency facts' dates in the Code's order (src/domain/engagement/insolvency-facts.ts).
  errors.push(
    ...insolvencyFactsErrors(input.insolvencyFacts, {
      purpose: input.purpose,
      valuationDate: input.valuationDate ?? today,
      appointmentDate: input.appointmentDate,
      officer: input.appointingOfficer,
    }),
  );
  if (errors.length) throw validationFailed(errors);
  refuseWithoutProvision(input.statute, input.purpose, transactionDate ?? input.valuationDate ?? today);
  return ctx.db.transaction(async (tx) => {
    // IBC: each class held by a member registered for it, the officer the purpose calls for (400 naming the field).
    const setErrors = await ibcSetErrors(
      tx,
      principal.firmId,
      {
        purpose: input.purpose,
        valuerSet: input.valuerSet,
        appointingOfficer: input.appointingOfficer,
        appointmentDate: input.appointmentDate,
      },
      { set: true, officer: true },
    );
    if (setErrors.length) throw validationFailed(setErrors);
    const assignedValuerId =
      input.assignedValuerId !== undefined
        ? await requireAssignable(tx, principal.firmId, input.assignedValuerId)
        : await defaultAssignee(tx, principal);
    const row = await repo.insertEngagement(tx, {
      assignedValuerId,
      id: newId('eng'),
      firmId: principal.firmId,
      targetEntity: input.targetEntity,
      cin,
      statute: input.statute,
      purpose: input.purpose ?? null,
      valuationDate: input.valuationDate ?? today,
      createdBy: actorOf(principal).id!,
      proposedPricePerShare: price || null,
      conversionPricePerShare: conversionPrice || null,
      appointingAuthority: appointingAuthorityFor(input.appointingOfficer, input.appointingAuthority, null),
      appointmentDate: input.appointmentDate,
      addressee: input.addressee,
      companyBackground: input.companyBackground,
      transactionDate,
      valuationDateReason: input.valuationDateReason,
      transaction: input.transaction,
      appointmentBasis: input.appointmentBasis,
      engagementLetterDate: input.engagementLetterDate,
      valuerSet: input.valuerSet,
      appointingOfficer: input.appointingOfficer,
      freshValuationReason: input.freshValuationReason,
      insolvencyFacts: input.insolvencyFacts,
    });
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.engagementCreated,
      engagementId: row.id,
      toStatus: 'CREATED',
    });
    if (assignedValuerId) await notifyAssigned(tx, principal.firmId, row.id, assignedValuerId, actorOf(principal).id);
    const created = publicEngagement(row);
    await record?.(tx, created);
    return created;
  });
}
