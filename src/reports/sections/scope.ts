// Scope of work, the four dates, inspections and investigations.
import { formatDate, formatDayInIndia } from '../format.js';
import { scopeParagraphs } from '../statute-text.js';
import { type Writer } from '../pdf/layout.js';
import { transactionDateLabel } from './transaction-words.js';
import { type ReportInput, usesProjections, valuationDateLabel } from '../report-input.js';
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { APPOINTING_ROLE_LABELS, IBC_CLASS_LABELS } from '../../contract/ibc-valuer-set.js';

/** IBC: the classes whose values the service computed from their asset registers, in words. */
const registerClasses = (input: ReportInput): string[] =>
  (input.financials?.liquidation?.assets ?? [])
    .filter((a) => a.fromRegister)
    .map((a) => (FINANCIAL_LABELS[a.assetClass] ?? a.assetClass).toLowerCase());

export function scope(w: Writer, input: ReportInput): void {
  w.section('Scope of work, dates, inspections and investigations');
  const paragraphs = scopeParagraphs(input.engagement.statute, usesProjections(input), registerClasses(input));
  const scopeText = paragraphs.find((p) => p.heading === 'Scope of work');
  if (scopeText) w.labelled(scopeText.heading, scopeText.text);
  const f = input.facts;
  const transactionDate = input.valuation.transactionDate ?? f?.transactionDate;
  w.facts(
    [
      ['Date of appointment', f?.appointmentDate ? formatDate(f.appointmentDate) : 'Not recorded'],
      ...(f?.engagementLetterDate
        ? ([['Date of the engagement letter', formatDate(f.engagementLetterDate)]] as [string, string][])
        : []),
      [valuationDateLabel(input), formatDate(input.engagement.valuationDate)],
      [
        'Balance-sheet date',
        input.valuation.balanceSheetDate ? formatDate(input.valuation.balanceSheetDate) : 'Not recorded',
      ],
      ['Date of report', formatDayInIndia(input.generatedAt)],
      ...(transactionDate && transactionDate !== input.engagement.valuationDate
        ? ([[transactionDateLabel(input, transactionDate), formatDate(transactionDate)]] as [string, string][])
        : []),
    ],
    0.3,
  );
  // Why the valuation is as at its date (docs/reports.md, Dates): required where the report is more than 90 days later.
  if (f?.valuationDateReason) w.labelled('Why this valuation date', f.valuationDateReason.replace(/\.?$/, '.'));
  // FEMA: a certificate after the issue says so, and why (docs/statutes.md, FEMA).
  if (f?.issueAlreadyMadeReason) {
    w.labelled(
      'Issue already made',
      `The issue of ${formatDate(f.transactionDate)} was made before the date of this certificate. ${f.issueAlreadyMadeReason.replace(/\.?$/, '.')}`,
    );
  }
  ibcFacts(w, input);
  const inspections = paragraphs.find((p) => p.heading === 'Inspections and investigations');
  if (inspections) w.labelled(inspections.heading, inspections.text);
  for (const v of f?.ibc?.verifications ?? [])
    w.labelled(
      `Physical verification, ${IBC_CLASS_LABELS[v.assetClass as keyof typeof IBC_CLASS_LABELS] ?? v.assetClass}`,
      `On ${formatDate(v.date)}${v.valuer ? `, by ${v.valuer}, ${input.engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE' ? 'the valuer' : "the set's valuer"} for the class` : ''}. Inspected: ${v.inspected.replace(/\.?$/, '.')} Present: ${v.present.replace(/\.?$/, '.')}`,
    );
}

/** IBC: who appointed the set of valuers and when, and in liquidation why the assets are valued afresh. */
function ibcFacts(w: Writer, input: ReportInput): void {
  const ibc = input.facts?.ibc;
  if (!ibc) return;
  const o = ibc.officer;
  if (o) {
    const role = APPOINTING_ROLE_LABELS[o.role as keyof typeof APPOINTING_ROLE_LABELS] ?? o.role;
    w.labelled(
      'Appointing officer',
      `${o.name}, ${role.toLowerCase()} (${o.ibbiRegistration}), in office from ${formatDate(o.appointedOn)}${input.facts?.appointmentDate ? `, appointed the valuers on ${formatDate(input.facts.appointmentDate)}` : ''}.`,
    );
  }
  if (ibc.freshValuationReason) w.labelled('Why a fresh valuation', ibc.freshValuationReason.replace(/\.?$/, '.'));
}
