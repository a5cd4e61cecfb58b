// The rules an engagement's fields follow, alike on create and on PATCH: dates, prices, the assignee, the law in force.
import type { Executor } from '../../db/client.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { noProvisionInForce } from '../../domain/valuation/law-in-force.js';
import type { Principal } from '../../domain/identity/roles.js';
import { type Statute } from '../../domain/valuation/types.js';
import { getUser } from '../identity/users.repository.js';
import { ASSIGNEE_RULE, mayBeAssigned } from '../../domain/engagement/rights.js';
import { personOf } from './engagement-reads.service.js';
import { transactionFactErrors, type TransactionFacts } from '../../contract/transaction-facts.js';

/** Dates that may not lie after today in India, checked alike on create and PATCH. */
export function dateErrors(fields: Record<string, string | null | undefined>, today: string) {
  return Object.entries(fields)
    .filter(([, v]) => typeof v === 'string' && v > today)
    .map(([k]) => ({ path: `/${k}`, message: `must not be later than today in India (${today})` }));
}

/** Whether a member of the firm may be assigned an engagement (the rights decide: src/domain/engagement/rights.ts). */
async function assignable(tx: Executor, firmId: string, userId: string): Promise<boolean> {
  return mayBeAssigned(await getUser(tx, firmId, userId));
}

/** The given assignee, or 400 naming /assignedValuerId (another firm's member is no member of this one). */
export async function requireAssignable(tx: Executor, firmId: string, userId: string): Promise<string> {
  if (!(await assignable(tx, firmId, userId)))
    throw validationFailed([{ path: '/assignedValuerId', message: ASSIGNEE_RULE }]);
  return userId;
}

/** Without an assignee given: whoever creates the engagement (a token's creator), when they may be assigned. */
export async function defaultAssignee(tx: Executor, principal: Principal): Promise<string | null> {
  const person = await personOf(tx, principal);
  return person && (await assignable(tx, principal.firmId, person)) ? person : null;
}

/** 400 no_provision_in_force: the law in force on the transaction date has no provision for this valuation. */
export function refuseWithoutProvision(
  statute: Statute,
  purpose: string | null | undefined,
  transactionDate: string,
): void {
  const why = noProvisionInForce(statute, purpose, transactionDate);
  if (why) throw new AppError('no_provision_in_force', why, [{ path: '/purpose', message: why }]);
}

export const PRICE_RULE = 'must be a price in rupees greater than 0 with at most 2 decimals, e.g. "245.50"';

/** A proposed price as exact decimal text ("245.5"), or false when it is not a positive amount in paise. */
export function readPrice(value: string | number): string | false {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text) || /^0+(\.0+)?$/.test(text)) return false;
  return text;
}

/** A conversion price belongs to a FEMA issue to a non-resident (NDI Rule 21: of a convertible). */
export function conversionPriceErrors(
  statute: Statute,
  purpose: string | null,
  conversionPrice: string | null | false,
) {
  if (!conversionPrice) return [];
  if (statute !== 'FEMA_RBI' || (purpose !== null && purpose !== 'ISSUE_TO_NON_RESIDENT')) {
    return [
      {
        path: '/conversionPricePerShare',
        message: 'applies only to a FEMA_RBI issue to a non-resident (ISSUE_TO_NON_RESIDENT) of CCPS or CCDs',
      },
    ];
  }
  return [];
}

/**
 * The transaction fact against the engagement (docs/reports.md, The transaction): its kind fits the statute and
 * purpose, a FEMA allottee names a country, the shareholding after follows from the one before, and its date is the
 * engagement's transaction date (which decides the law in force, so it changes only as transactionDate itself does).
 */
export function transactionErrors(
  transaction: TransactionFacts | null | undefined,
  statute: Statute,
  purpose: string | null | undefined,
  transactionDate: string,
) {
  if (!transaction) return [];
  const errors = transactionFactErrors(transaction, statute, purpose);
  if (transaction.date !== transactionDate) {
    errors.push({
      path: '/transaction/date',
      message: `must be the engagement's transaction date (${transactionDate}); give transactionDate ${transaction.date} with it to change that`,
    });
  }
  return errors;
}
