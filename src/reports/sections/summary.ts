// The executive summary, on the page after the cover: the conclusion where a reader looks first (docs/reports.md).
// The cover prints the same rows (conclusionRows), from the same function the verify answer uses.
import { priceWords } from './transaction-words.js';
import { adoptedMethodsOf, concludedValue } from '../../domain/valuation/concluded.js';
import { formatDate, formatLineValue, METHOD_TITLE, purposeTitle, rupees, statuteTitle } from '../format.js';
import { COLOR, MARGIN, SIZE, type Writer } from '../pdf/layout.js';
import { valuationDateLabel, type ReportInput } from '../report-input.js';
import type { Act, LegalBasis } from '../../domain/valuation/law-in-force.js';
import { rupeesInWords } from '../../contract/money-format.js';

const SHARE_BASIS = { BASIC: 'basic', FULLY_DILUTED: 'fully diluted' } as const;

/** The conclusion's rows: value per share and in total (with the count it multiplies), basis, premise, level, date. */
export function conclusionRows(
  input: Pick<ReportInput, 'valuation' | 'engagement'>,
  withDate = true,
): [string, string][] {
  const c = concludedValue(input.valuation);
  const rows: [string, string][] = [];
  if (c.valuePerShare !== null) {
    rows.push(['Value per equity share', rupees(c.valuePerShare)]);
    if (c.totalValue !== null && c.shares !== null && c.shareBasis !== null) {
      const count = formatLineValue(c.shares, 'COUNT');
      const basis = SHARE_BASIS[c.shareBasis];
      rows.push(['Number of equity shares', `${count} (${basis})`]);
      // Fully diluted, the total is the equity with the options' exercise proceeds: said so, not a value of the shares in issue.
      // Only the instruments the count holds: options (exercised, proceeds added) and convertibles (as converted).
      const notes = input.valuation.methods.flatMap((m) => m.lines.map((l) => l.note ?? ''));
      const converted = notes.some((n) => /on conversion of/.test(n));
      const exercised = notes.some((n) => /on exercise of/.test(n));
      const adds = [exercised && 'the options in the money', converted && 'the convertible instruments']
        .filter(Boolean)
        .join(' and ');
      rows.push([
        'Value in total',
        c.shareBasis === 'FULLY_DILUTED'
          ? `${rupees(c.totalValue)}: ${rupees(c.valuePerShare)} × ${count} equity shares, fully diluted (the shares in issue and those ${adds || 'the dilutive instruments'} would add${exercised ? '; the equity value with their exercise proceeds' : ''})`
          : `${rupees(c.totalValue)}: ${rupees(c.valuePerShare)} × ${count} equity shares (${basis})`,
      ]);
    }
  } else if (c.values.length > 0) {
    for (const x of c.values)
      rows.push(
        /as a whole/.test(x.label)
          ? [x.label, `${rupees(x.totalValue)} (its assets, tangible and intangible, with their synergies)`]
          : [`${x.label}, in total`, `${rupees(x.totalValue)} (the assets, gross)`],
      );
  } else {
    // Rule 11UA without a purpose: a value for each purpose.
    for (const p of input.valuation.conclusion.byPurpose ?? [])
      rows.push([
        `Value per equity share: ${purposeTitle(p.purpose, input.valuation.legalBasis?.act, input.valuation.legalBasis)}`,
        rupees(p.valuePerShare),
      ]);
  }
  rows.push(['Basis of value', c.basisOfValue]);
  rows.push(['Premise of value', c.premiseOfValue]);
  if (c.levelOfValue) rows.push(['Level of value', c.levelOfValue]);
  if (withDate) rows.push([valuationDateLabel(input), formatDate(c.valuationDate)]);
  return rows;
}

/** Page 2: what was valued, for what, the conclusion, the methods it rests on, and the price's test. */
export function executiveSummary(w: Writer, input: ReportInput): void {
  const { doc } = w;
  const v = input.valuation;
  doc
    .font('Bold')
    .fontSize(SIZE.h1)
    .fillColor(COLOR.accent)
    .text('Executive summary', w.left, MARGIN.top + 10);
  doc.moveDown(0.4);
  doc.fillColor(COLOR.ink);
  const subject =
    v.statute === 'IBC_LIQUIDATION'
      ? `the assets of ${input.engagement.targetEntity} (corporate debtor)`
      : `the equity shares of ${input.engagement.targetEntity}`;
  w.paragraph(
    `We have valued ${subject} under ${statuteTitle(input.engagement.statute, v.legalBasis)}, for the purpose of: ${coverPurpose(input.engagement.statute, input.engagement.purpose, v.legalBasis?.act, v.legalBasis)}. Our conclusion:`,
  );
  w.facts(conclusionRows(input), 0.34);
  const c = concludedValue(v);
  if (c.valuePerShare !== null) w.paragraph(`In words: ${rupeesInWords(c.valuePerShare)} per equity share.`);
  const adopted = adoptedMethodsOf(v);
  if (adopted.length > 0) {
    const weights = v.conclusion.weights ?? [];
    w.labelled(
      adopted.length > 1 ? 'Methods adopted' : 'Method adopted',
      adopted
        .map((m) => {
          const weight = weights.find((x) => x.method === m.method)?.weightPercent;
          return `${METHOD_TITLE[m.method] ?? m.title}${weight && adopted.length > 1 ? ` (${weight}%)` : ''}`;
        })
        .join(', ') +
        `. The sections on the methods, the computation and the conclusion give ${adopted.length > 1 ? 'them' : 'it'} in full.`,
    );
  }
  const price = priceWords(input);
  for (const t of v.compliance?.tests ?? [])
    w.labelled(
      price.label,
      `${rupees(t.proposedPricePerShare)} per equity share against ${rupees(t.linePerShare)} (${t.test}): it ${t.passes ? 'meets' : 'does not meet'} the test${t.applies ? '' : ', a provision that does not apply on the date'}.`,
    );
}

/** The Companies Act and IBC take no purpose code; their purpose follows from the statute itself. */
export function coverPurpose(
  statute: ReportInput['engagement']['statute'],
  purpose: string | null,
  act?: Act,
  basis?: LegalBasis,
): string {
  if (purpose !== null) return purposeTitle(purpose, act, basis);
  if (statute === 'RULE_11UA' && act === 'INCOME_TAX_ACT_2025') return purposeTitle('TRANSFER_OR_RECEIPT', act);
  if (statute === 'COMPANIES_ACT_SEC_62') return 'Price of a preferential allotment of shares (s.62(1)(c))';
  if (statute === 'IBC_LIQUIDATION') return purposeTitle('CIRP_FAIR_AND_LIQUIDATION_VALUE');
  return 'Not specified: values for each purpose are reported';
}
