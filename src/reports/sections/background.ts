// Background of the company: its business in the words captured on the engagement, its identity and
// its capital structure and shareholding.
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { grouped, rupees } from '../../contract/money-format.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { type ReportInput } from '../report-input.js';
import { transactionSection } from './transaction.js';
import { insolvencySection } from './insolvency.js';

export function background(w: Writer, input: ReportInput): void {
  w.section('Background of the company');
  const { engagement } = input;
  w.facts(
    [
      ['Name', engagement.targetEntity],
      ['Corporate Identity Number', engagement.cin ?? 'Not provided'],
    ],
    0.3,
  );
  const text = input.facts?.companyBackground;
  if (text) for (const p of text.split(/\n\s*\n/)) w.paragraph(p.trim());
  else w.paragraph("The company's background has not been recorded for this engagement.", { color: COLOR.muted });
  insolvencySection(w, input);
  capitalTable(w, input);
  transactionSection(w, input);
}

/** "120" → "120.00": an exercise price as the report prints rupees. */
const paise = (v: string): string => (/^\d+$/.test(v) ? `${v}.00` : /^\d+\.\d$/.test(v) ? `${v}0` : v);

function capitalTable(w: Writer, input: ReportInput): void {
  const holders = input.company?.shareholding ?? [];
  w.subheading('Capital structure and shareholding');
  if (holders.length === 0) {
    w.paragraph(
      'The capital table was not provided in the financial data; the number of equity shares valued is shown with the computation.',
      { color: COLOR.muted },
    );
    return;
  }
  const equity = holders.filter((h) => h.instrument === 'EQUITY');
  const totalEquity = equity.reduce((s, h) => s + BigInt(String(h.number)), 0n);
  w.table(
    [
      { header: 'Holder', width: 0.36 },
      { header: 'Instrument', width: 0.28 },
      { header: 'Number', width: 0.14, align: 'right' },
      { header: 'Face value (₹)', width: 0.1, align: 'right' },
      { header: 'Equity %', width: 0.12, align: 'right' },
    ],
    holders.map((h) => [
      h.holder,
      // An option's exercise price beside it: what the dilution counts, not the share's face value.
      (FINANCIAL_LABELS[h.instrument] ?? h.instrument) +
        (h.exercisePrice !== undefined ? `, exercisable at ${rupees(paise(String(h.exercisePrice)))} a share` : ''),
      grouped(String(h.number)).body,
      String(h.faceValue),
      h.instrument === 'EQUITY' && totalEquity > 0n
        ? `${(Number((BigInt(String(h.number)) * 10000n) / totalEquity) / 100).toFixed(2)} %`
        : '—',
    ]),
    { fontSize: SIZE.small + 0.5 },
  );
  const terms = holders.filter((h) => h.termsSource);
  if (terms.length)
    w.paragraph(terms.map((h) => `${h.holder}: ${h.termsSource}.`).join(' '), { size: SIZE.small, align: 'left' });
}
