// Scope of work, the four dates, inspections and investigations.
import { formatDate, formatDayInIndia } from '../format.js';
import { scopeParagraphs } from '../statute-text.js';
import { type Writer } from '../pdf/layout.js';
import { transactionDateLabel } from './transaction-words.js';
import { nonResident } from './transaction.js';
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
  const paragraphs = scopeParagraphs(
    input.engagement.statute,
    usesProjections(input),
    registerClasses(input),
    input.engagement.purpose,
  );
  const scopeText = paragraphs.find((p) => p.heading === 'Scope of work');
  if (scopeText) w.labelled(scopeText.heading, scopeText.text);
  const users = intendedUsers(input);
  if (users) w.labelled('Intended users', users);
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
      `The issue of ${formatDate(f.transactionDate)} was made before the date of this report. ${f.issueAlreadyMadeReason.replace(/\.?$/, '.')}`,
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

/**
 * Who may rely on the report (docs/reports.md, The transaction): the appointing authority and the parties to the
 * transaction it prices, and the authority before whom it is used.
 */
function intendedUsers(input: ReportInput): string | null {
  const t = input.facts?.transaction;
  const board = input.facts?.appointingAuthority ?? `the board of directors of ${input.engagement.targetEntity}`;
  if (!t) return null;
  if (t.kind === 'TRANSFER')
    return `${board}, which appointed the valuer; ${t.transferor}, the transferor, and ${t.transferee}, the transferee, for the computation of their income from the transfer; and the income-tax authorities before whom either of them relies on this report.`;
  if (input.engagement.statute === 'FEMA_RBI') {
    const nr = t.allottees.filter(nonResident).map((a) => a.name);
    return `${board}, which appointed the valuer; ${nr.length ? `${nr.join(' and ')}, the subscriber resident outside India` : 'the subscribers resident outside India'}; and the authorised dealer bank and the Reserve Bank of India, to whom the issue is reported with this report.`;
  }
  return `${board}, which appointed the valuer, and the members of the company, who consider the special resolution with this report; and the allottees named in the transaction below.`;
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
