// What the statute and the profession ask of a signed report beyond who may sign (docs/statutes.md,
// Who may sign): a UDIN is one document's; a chartered accountant signs for a firm under its ICAI Firm
// Registration Number. Checked in the GATE_3 transaction, before anything is recorded.
import { AppError, validationFailed } from '../../lib/errors.js';
import { daysBetween } from '../../domain/valuation/warnings.js';
import type { Executor } from '../../db/client.js';
import { getFirm } from '../identity/users.repository.js';
import type { EngagementRow } from '../engagements/engagements.repository.js';
import { todayInIndia } from '../../contract/today.js';
import { formatDate } from '../../reports/format.js';
import { engagementWithUdin, recordSigning, type ClassSignatory } from '../engagements/engagements.repository.js';

const usedUdin = (udin: string, other: string) =>
  new AppError(
    'udin_already_used',
    `UDIN ${udin} is already on the firm's report on ${other}: a UDIN is generated for one document. ` +
      'Generate a new UDIN for this report on the ICAI UDIN portal and sign with it.',
    [{ path: '/udin', message: `is already on the firm's report on ${other}` }],
  );

/**
 * FEMA: the certificate precedes the issue it supports (NDI Rule 21; docs/statutes.md, FEMA). A sign-off
 * after the proposed issue date (the engagement's transactionDate, when one is recorded) is 409
 * certificate_after_issue naming /transactionDate, unless the engagement records that the issue has
 * already been made and why (issueAlreadyMade).
 */
export function refuseCertificateAfterIssue(engagement: EngagementRow, today = todayInIndia()): void {
  if (engagement.statute !== 'FEMA_RBI' || engagement.purpose !== 'ISSUE_TO_NON_RESIDENT') return;
  const issueDate = engagement.transaction_date;
  if (!issueDate || today <= issueDate || engagement.issue_already_made_reason) return;
  throw new AppError(
    'certificate_after_issue',
    `The issue is proposed for ${formatDate(issueDate)}, before today (${formatDate(today)}): a FEMA certificate dated after the issue cannot have supported its price. ` +
      'If the issue is still to be made, return the engagement for revision and correct the proposed issue date (transactionDate); ' +
      'if it has been made, record that and why in the engagement (issueAlreadyMade.reason, e.g. late reporting or compounding), then sign again.',
    [
      {
        path: '/transactionDate',
        message: `The proposed issue date ${issueDate} has passed: correct it, or record in issueAlreadyMade why the certificate follows the issue`,
      },
    ],
  );
}

/** A report dated more than this many days after its valuation date says why the date was chosen (docs/reports.md, Dates). */
export const REPORT_DATE_LIMIT_DAYS = 90;

/**
 * A report dated (signed) more than 90 days after its valuation date: 400 naming /valuationDateReason unless the
 * engagement records why the valuation is as at that date; with the reason, a warning in words for the sign-off's
 * answer (the report prints the reason in its scope).
 */
export function valuationDateReasonAtSignOff(
  engagement: EngagementRow,
  today = todayInIndia(),
): { code: string; message: string }[] {
  const days = daysBetween(engagement.valuation_date, today);
  if (days <= REPORT_DATE_LIMIT_DAYS) return [];
  const when = `The report is dated ${formatDate(today)}, ${days} days after its valuation date, ${formatDate(engagement.valuation_date)}`;
  if (!engagement.valuation_date_reason)
    throw validationFailed([
      {
        path: '/valuationDateReason',
        message: `${when}: say in the engagement why the valuation is as at that date (it is printed in the report), then sign again`,
      },
    ]);
  return [
    {
      code: 'REPORT_DATE_LONG_AFTER_VALUATION_DATE',
      message: `${when}, more than ${REPORT_DATE_LIMIT_DAYS} days. The report states why that date was chosen: "${engagement.valuation_date_reason}"`,
    },
  ];
}

/** The profile field a CA's sign-off needs (PATCH /api/v1/settings/firm). */
export const FRN_PATH = '/settings/firm/icaiFirmRegistrationNumber';

/** A partner signing as a chartered accountant signs for a firm with an ICAI FRN: 409 firm_registration_missing naming it. */
export async function requireFirmFrn(tx: Executor, firmId: string): Promise<void> {
  const firm = await getFirm(tx, firmId);
  if (firm?.icai_firm_registration) return;
  throw new AppError(
    'firm_registration_missing',
    "You sign as a chartered accountant, and the report is issued for the firm under its ICAI Firm Registration Number, which the firm's profile does not hold. " +
      'An administrator adds it in Settings, Firm profile (icaiFirmRegistrationNumber, e.g. 123456W), then sign again.',
    [{ path: FRN_PATH, message: "Add the firm's ICAI Firm Registration Number in the firm settings, e.g. 123456W" }],
  );
}

/**
 * Records the place and the UDIN of the sign-off (after requireFirmFrn for a CA); 409 udin_already_used naming /udin when another
 * report of the firm carries the UDIN (the unique index engagements_firm_udin holds it for two
 * sign-offs at the same moment).
 */
export async function recordSigningOnce(
  tx: Executor,
  firmId: string,
  engagementId: string,
  signed: { place: string; udin: string | null; signsAsCa: boolean },
  classSignatories: ClassSignatory[] | null,
): Promise<void> {
  if (signed.signsAsCa) await requireFirmFrn(tx, firmId);
  if (signed.udin !== null) {
    const other = await engagementWithUdin(tx, firmId, signed.udin, engagementId);
    if (other) throw usedUdin(signed.udin, other.target_entity);
  }
  try {
    await recordSigning(tx, firmId, engagementId, signed.place, signed.udin, classSignatories);
  } catch (err) {
    if ((err as { code?: string }).code === '23505' && signed.udin !== null)
      throw usedUdin(signed.udin, 'another engagement signed at the same moment');
    throw err;
  }
}
