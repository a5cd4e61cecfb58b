// The transaction's date in words that can be true (docs/reports.md, Dates): a transfer or receipt dated before the
// report is one made, not proposed; an issue or allotment after it is proposed. A FEMA certificate precedes the
// issue it prices, so a FEMA issue is proposed unless the engagement records it as already made.
import { todayInIndia } from '../../contract/today.js';
import type { ReportInput } from '../report-input.js';

/** The report's date as a calendar day in India (YYYY-MM-DD). */
export function reportDay(input: Pick<ReportInput, 'generatedAt'>): string {
  const t = new Date(input.generatedAt);
  return Number.isNaN(t.getTime()) ? input.generatedAt.slice(0, 10) : todayInIndia(t);
}

/** Whether the transaction was made on or before the report's date (a transaction dated after it is proposed). */
export function transactionMade(input: ReportInput, transactionDate: string): boolean {
  return transactionDate <= reportDay(input);
}

/** What the transaction is, in the report's words. */
function transactionNoun(input: ReportInput): string {
  const { statute, purpose } = input.engagement;
  if (statute === 'COMPANIES_ACT_SEC_62') return 'allotment';
  if (purpose === 'ISSUE_OF_SHARES' || purpose === 'ISSUE_TO_NON_RESIDENT') return 'issue';
  if (statute === 'RULE_11UA') return 'transfer or receipt';
  return 'transfer';
}

/** Whether the report describes the transaction as made (a FEMA issue only when recorded as already made). */
function describedAsMade(input: ReportInput, transactionDate: string): boolean {
  const { statute, purpose } = input.engagement;
  const femaIssue = statute === 'FEMA_RBI' && purpose === 'ISSUE_TO_NON_RESIDENT';
  return femaIssue ? !!input.facts?.issueAlreadyMadeReason : transactionMade(input, transactionDate);
}

/** The label of the transaction's date: "Date of the transfer" when made, "Proposed date of the transfer" when not. */
export function transactionDateLabel(input: ReportInput, transactionDate: string): string {
  const noun = transactionNoun(input);
  return describedAsMade(input, transactionDate) ? `Date of the ${noun}` : `Proposed date of the ${noun}`;
}

/** The transaction's price in words that can be true: "Price" and "made at" once made, "Proposed price" before. */
export function priceWords(input: ReportInput): { label: string; sentence: (price: string) => string } {
  const noun = transactionNoun(input);
  const date = input.facts?.transactionDate ?? input.engagement.valuationDate;
  return describedAsMade(input, date)
    ? { label: 'Price', sentence: (price) => `The ${noun} was made at ${price} per equity share.` }
    : {
        label: 'Proposed price',
        sentence: (price) => `The price proposed for the ${noun} is ${price} per equity share.`,
      };
}
