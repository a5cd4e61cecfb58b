// IBC CIRP: the coordinating valuer's fair value of the corporate debtor as a whole (docs/ibc-valuation.md, The
// corporate debtor as a whole), with its method, or why nothing is added to the classes' consolidated fair values.
import { formatDate, rupees } from '../format.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { dcfYearTable } from './computation.js';
import type { ValuationResult } from '../../domain/valuation/types.js';

type Whole = NonNullable<ValuationResult['conclusion']['corporateDebtor']>;

export function wholeValueSection(
  w: Writer,
  v: ValuationResult,
  letter: string,
  ratesRationale?: string,
  assumptionsRef = 'the key assumptions',
): void {
  const whole = v.conclusion.corporateDebtor;
  if (!whole) return;
  w.subheading(`${letter}. Fair value of the corporate debtor as a whole (the coordinating valuer)`, 220);
  const rows: [string, string][] = [["The asset classes' fair values, consolidated", rupees(whole.sumOfClasses)]];
  if (whole.enterpriseValue !== null) {
    rows.push(
      [
        `Enterprise value of the business as a going concern (discounted cash flow, WACC ${whole.wacc}%, terminal growth ${whole.terminalGrowthRate}%)`,
        rupees(whole.enterpriseValue),
      ],
      [
        "Add: trade payables, netted in the projections' working capital (the provisional balance sheet at the commencement date)",
        rupees(whole.tradePayables ?? '0'),
      ],
      ['Add: cash and bank, securities or financial assets, at fair value', rupees(whole.nonOperatingAssets ?? '0')],
      ['Going-concern value of the assets', rupees(whole.goingConcernValue ?? '0')],
    );
  }
  rows.push(
    ['Intangible assets and synergies added', rupees(whole.intangiblesAndSynergies)],
    ['Fair value of the corporate debtor as a whole', rupees(whole.fairValue)],
  );
  w.table(
    [
      { header: 'Particulars', width: 0.7 },
      { header: 'Amount (₹)', width: 0.3, align: 'right' },
    ],
    rows,
    { fontSize: SIZE.small + 0.5, boldRows: new Set([rows.length - 1]) },
  );
  w.labelled('Method', methodWords(whole));
  // The rates the going-concern DCF discounts at, in the valuer's words as locked.
  if (whole.enterpriseValue !== null && ratesRationale && !whole.goingConcernLines)
    w.labelled('The rates', ratesRationale.replace(/\.?$/, '.'));
  if (whole.goingConcernLines) goingConcernWorkings(w, whole, assumptionsRef);
}

/**
 * The going-concern DCF's workings (docs/ibc-valuation.md, The corporate debtor as a whole): the business plan year
 * by year to the present value of each year's free cash flow, then the terminal value and the enterprise value, each
 * from the printed figures above it; the WACC's build-up, input by input with its source, is in the key assumptions.
 */
function goingConcernWorkings(w: Writer, whole: Whole, assumptionsRef: string): void {
  const lines = whole.goingConcernLines!;
  dcfYearTable(w, { lines }, 'The going-concern DCF: the business plan by projection year', false);
  const line = (test: (label: string) => boolean) => lines.find((l) => test(l.label));
  const stub = line((l) => l.startsWith('Stub fraction'));
  const tv = line((l) => l.startsWith('Terminal value at end'));
  const tvFactor = line((l) => l.startsWith('Terminal value discount factor'));
  const rows: [string, string][] = [
    ['Sum of present values of FCFF (above)', rupees(line((l) => l === 'Sum of present values of FCFF')?.value ?? '0')],
    ...(tv ? ([[`${tv.label}: ${tv.note ?? ''}`.replace(/: $/, ''), rupees(tv.value)]] as [string, string][]) : []),
    ...(tvFactor ? ([[tvFactor.label, tvFactor.value]] as [string, string][]) : []),
    ['Present value of terminal value', rupees(line((l) => l === 'Present value of terminal value')?.value ?? '0')],
    ['Enterprise value of the business as a going concern', rupees(whole.enterpriseValue ?? '0')],
  ];
  w.subheading('The going-concern DCF: terminal value and enterprise value', 160);
  w.table(
    [
      { header: 'Particulars', width: 0.7 },
      { header: 'Amount (₹) or factor', width: 0.3, align: 'right' },
    ],
    rows,
    { fontSize: SIZE.small + 0.5, boldRows: new Set([rows.length - 1]) },
  );
  w.paragraph(
    `The projections are the business plan the resolution professional prepared for the information memorandum (the sources of information)${stub ? `; the first year counts the fraction s = ${stub.value} of its free cash flow (${(stub.note ?? 'the days from the valuation date to the year end').replace(/\d{4}-\d{2}-\d{2}/, (d) => formatDate(d))}), and every discount exponent follows from it` : ''}. Each discount factor is 1 ÷ (1 + WACC)^t; the terminal value is the last year's free cash flow grown at the terminal growth rate and capitalised at WACC less growth, discounted from the end of the last year. The WACC (${whole.wacc}%) is built up input by input, each with its source and date, in ${assumptionsRef}.`,
    { size: SIZE.small, color: COLOR.muted, align: 'left' },
  );
}

function methodWords(whole: Whole): string {
  const lead =
    "Regulation 2(1)(hb) of the CIRP Regulations, as amended from 25 February 2026, has the fair value of the corporate debtor take in all its assets, tangible and intangible, with their underlying synergies; the coordinating valuer computes it (Regulation 35(1)). The classes' fair values, each its valuer's, are consolidated";
  if (whole.noAdditionReason === 'NO_PROJECTIONS')
    return `${lead}. No projections of the corporate debtor's business were given, so the business was not valued as a going concern: no intangible asset or synergy is added, and the fair value of the corporate debtor as a whole is the sum of the classes. The intangible assets on the balance sheet are treated as the reconciliation annexure states.`;
  const dcf =
    " and the business is valued as a going concern by a discounted cash flow of the corporate debtor's projections (the income approach). The enterprise value is taken to the value of the assets by adding back the trade payables, which are claims the resolution plan settles and which the projections' working capital is net of, and the cash and securities that lie outside the cash flows, at their classes' fair values. The working capital is the inventories and receivables less the trade payables; the other current liabilities and the provisions at the commencement date (statutory and employee dues) are claims in the process that the plan settles outside its working capital, so the enterprise value is not net of them and nothing is added back for them";
  return whole.noAdditionReason === 'GOING_CONCERN_NOT_HIGHER'
    ? `${lead}${dcf}. That going-concern value does not exceed the sum of the classes: the business is worth no more as a going concern than its assets sold separately, so no intangible asset or synergy is added, and the fair value of the corporate debtor as a whole is the sum of the classes. The classes' fair values are exchange values to market participants, who would put the land, the buildings and the machines to their own use; they are not values in this business's use, so its poor earnings are not deducted from them as economic obsolescence.`
    : `${lead}${dcf}. The going-concern value exceeds the sum of the classes; the excess is the value of the intangible assets and synergies the classes do not value separately (the business's customers, its workforce, its assets working together), and is added.`;
}
