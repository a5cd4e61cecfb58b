// The methods considered, each with whether it was adopted and why (ICAI VS 103; docs/reports.md, Valuation
// approaches and methods): every method a reader might expect for the purpose, adopted with its weight or not
// adopted with its reason, so the list is complete and no method is left unexplained.
import type { MethodResult, ValuationResult } from '../../domain/valuation/types.js';

type Row = [approach: string, method: string, adopted: string, why: string];

/** Whether a method of the valuation is weighed in the conclusion (a zero weight is shown for information only). */
function weightOf(v: ValuationResult, code: string): string | null {
  const w = v.conclusion.weights?.find((x) => x.method === code)?.weightPercent;
  return w === undefined ? null : w;
}

const ADOPTED_WHY: Record<string, (m: MethodResult, weight: number | null) => string> = {
  DCF: () =>
    "Projections approved by the company's board were available; the discounted cash flow captures the value of the business's future earnings.",
  NAV: (_m, weight) =>
    weight !== null && weight <= 10
      ? "The net assets at book value show what the company owns, a floor for a going concern. A profitable business's value lies in its earnings, so the net assets carry little weight, and their book values are not restated to fair values."
      : 'The net assets in the balance sheet give the value of what the company owns, a floor for a going concern.',
  COMPARABLES: () =>
    "Listed companies comparable in business were identified; their trading multiples, applied to the company's figures of the same period, give a market view.",
  TRANSACTIONS: (m) =>
    m.valueBasis === 'MINORITY_MARKETABLE'
      ? 'Recent acquisitions in the trade show what buyers paid; the deals bought control, so the control premium is taken out of their multiples, which leaves a minority value on a marketable basis (the premium is measured against traded prices), and the discount for lack of marketability applies to it.'
      : 'Recent acquisitions in the trade show what buyers paid for control of comparable businesses.',
  RECENT_ROUND: (m) =>
    m.lines.some((l) => l.label.startsWith('Adjustment for the time'))
      ? "A recent arm's-length transaction in the company's own shares is direct evidence of their value, adjusted for the time since."
      : "A recent arm's-length transaction in the company's own shares is direct evidence of their value, taken at its price with no adjustment.",
};

const NOT_ADOPTED_WHY: Record<string, string> = {
  DCF: 'No projections were relied upon for this valuation.',
  NAV: "The company's value lies in its earnings rather than its net assets.",
  COMPARABLES: 'No sufficiently comparable listed companies were given.',
  TRANSACTIONS: 'No comparable transactions with disclosed terms were given.',
  RECENT_ROUND: "There was no recent transaction in the company's own shares.",
};

const TITLES: [approach: string, code: string, title: string][] = [
  ['Income', 'DCF', 'Discounted cash flow'],
  ['Market', 'COMPARABLES', 'Comparable company multiples'],
  ['Market', 'TRANSACTIONS', 'Comparable transactions'],
  ['Market', 'RECENT_ROUND', 'Price of a recent investment'],
  ['Cost (asset)', 'NAV', 'Net asset value'],
];

/** The methods considered for an equity valuation (not IBC, whose asset classes are listed in their own table). */
export function methodsConsidered(v: ValuationResult, informational: (m: MethodResult) => boolean): Row[] {
  if (v.statute === 'RULE_11UA') return prescribedRows(v, informational);
  const rows: Row[] = TITLES.map(([approach, code, title]) => {
    const m = v.methods.find((x) => x.method === code);
    const weight = weightOf(v, code);
    if (!m) return [approach, title, 'No', NOT_ADOPTED_WHY[code]];
    if (weight !== null && Number(weight) === 0)
      return code === 'NAV'
        ? [
            approach,
            title,
            'Cross-check (no weight)',
            "The net assets at book value show what the company owns, a floor for a going concern; a profitable business's value lies in its earnings, so they are a cross-check on the conclusion and carry no weight.",
          ]
        : [approach, title, 'For information', 'Set out for information; the valuer gave it no weight.'];
    return [
      approach,
      title,
      weight !== null ? `Yes (${weight}%)` : 'Yes',
      ADOPTED_WHY[code](m, weight !== null ? Number(weight) : null),
    ];
  });
  return [
    ...rows.slice(0, 1),
    [
      'Income',
      'Capitalisation of earnings',
      'No',
      'The projections show growth over several years, which a single year’s earnings capitalised at one rate would not capture; the discounted cash flow values it year by year.',
    ],
    ...rows.slice(1),
    [
      'Cost (asset)',
      'Liquidation value',
      'No',
      'The company is a going concern and no liquidation is intended or required.',
    ],
  ];
}

/** Rule 11UA and Rule 57: the formula the rule prescribes is adopted; the other methods are not alternatives under it. */
function prescribedRows(v: ValuationResult, informational: (m: MethodResult) => boolean): Row[] {
  const formula = v.methods.filter((m) => m.method.startsWith('NAV_'));
  const dcf = v.methods.find((m) => m.method === 'DCF');
  const notAlternative = 'The rule prescribes the formula for this purpose; it is not an alternative under it.';
  const adopted = (m: MethodResult) => !informational(m);
  // A transfer's report names no discounted cash flow at all (docs/reports.md, Only what the statute allows): the
  // income approach's methods are stated together, as not alternatives under the rule.
  return [
    dcf && adopted(dcf)
      ? [
          'Income',
          'Discounted cash flow',
          'Yes',
          "Rule 11UA(2)(b) allows a merchant banker's discounted cash flow for an issue of shares; it is the method chosen for this issue.",
        ]
      : ['Income', 'Discounting or capitalisation of future earnings', 'No', notAlternative],
    ['Market', 'Comparable company multiples and comparable transactions', 'No', notAlternative],
    ['Market', 'Price of a recent investment', 'No', notAlternative],
    ...formula.map((m): Row =>
      adopted(m)
        ? [
            'Cost (asset)',
            m.title.replace(/:.*$/, ''),
            'Yes',
            'The rule prescribes this formula; it is applied as written.',
          ]
        : [
            'Cost (asset)',
            m.title.replace(/:.*$/, ''),
            'No',
            'The rule lets the company choose the method for an issue of shares; the discounted cash flow was chosen.',
          ],
    ),
    [
      'Cost (asset)',
      'Net asset value at book value',
      'No',
      'The rule replaces book values with the values it prescribes for property, shares and securities.',
    ],
  ];
}
