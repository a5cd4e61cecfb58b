// The annexures of the income and market approaches (docs/reports.md, Annexures): the projections with the valuer's
// note on their reasonableness, the peers' size beside their multiples, and each cost-of-capital input with its source.
import { Decimal } from 'decimal.js';
import { MINUS } from '../../contract/money-format.js';
import { formatDate, percent } from '../format.js';
import { SIZE, type Writer } from '../pdf/layout.js';
import { type ReportInput } from '../report-input.js';
import { chooseUnit, documentAmountInRupees, inUnit, unitLabel } from './units.js';
import { noteText } from './annexure-helpers.js';

const pct = (num: Decimal, den: Decimal): string =>
  den.isZero() ? '—' : `${num.div(den).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toFixed(1)} %`;

export function projectionsAnnexure(w: Writer, input: ReportInput): void {
  const years = input.financials!.projections;
  const unit = chooseUnit(years.flatMap((y) => [y.revenue, y.ebitda, y.capitalExpenditure]));
  // Growth in the first projected year is on the last historical year where the history gives the year before.
  const history = input.company?.history ?? [];
  const last = history.at(-1);
  const lastRevenue =
    last && Number(years[0].year.slice(2)) === Number(last.year.slice(2)) + 1
      ? new Decimal(documentAmountInRupees(last.revenue, input.company?.unit ?? 'RUPEES'))
      : null;
  const d = (s: string) => new Decimal(s);
  const row = (label: string, f: (y: (typeof years)[number], i: number) => string) => [label, ...years.map(f)];
  const rows = [
    row('Revenue from operations', (y) => inUnit(y.revenue, unit)),
    row('Revenue growth', (y, i) => {
      const before = i === 0 ? lastRevenue : d(years[i - 1].revenue);
      return before ? pct(d(y.revenue).minus(before), before.abs()) : '—';
    }),
    row('EBITDA', (y) => inUnit(y.ebitda, unit)),
    row('EBITDA margin', (y) => pct(d(y.ebitda), d(y.revenue))),
    row('Depreciation and amortisation', (y) => inUnit(y.depreciationAndAmortisation, unit)),
    row('Capital expenditure', (y) => inUnit(y.capitalExpenditure, unit)),
    row('Change in net working capital', (y) => inUnit(y.changeInNetWorkingCapital, unit)),
    row('Tax rate', (y) => `${y.taxRate.replace(/^-/, MINUS)} %`),
  ];
  w.paragraph(
    input.engagement.statute === 'IBC_LIQUIDATION'
      ? "The business plan the resolution professional prepared for the information memorandum, as given (years ending 31 March). The coordinating valuer's going-concern discounted cash flow of the corporate debtor rests on it."
      : "The projections the company's management prepared and gave for this valuation, as given (years ending 31 March). The discounted cash flow in the computation section rests on them.",
  );
  w.table(
    [
      { header: unitLabel(unit), width: 0.3 },
      ...years.map((y) => ({ header: y.year, width: 0.7 / years.length, align: 'right' as const })),
    ],
    rows,
    { fontSize: years.length > 6 ? SIZE.small : SIZE.small + 0.5, boldFirstColumn: true },
  );
  noteText(
    w,
    `Growth is on the previous year${lastRevenue ? ` (the first year's on ${last!.year}, the last audited year)` : ''}; the margin is on the year's revenue. An increase in net working capital is a use of cash.`,
  );
  w.subheading("The valuer's note on the reasonableness of the projections");
  const note = input.assumptions.projectionsReasonableness;
  w.paragraph(
    note ||
      'No note on the reasonableness of the projections was recorded with the assumptions of this valuation; the valuer relied on the projections as given.',
  );
}

/** The peer's size in the unit, or "not given" where the financials do not carry it. */
export function peersAnnexure(w: Writer, input: ReportInput): void {
  const peers = input.financials!.peers;
  const docUnit = input.company?.unit ?? 'RUPEES';
  const lastYear = (input.company?.history ?? []).at(-1);
  // Beside trailing multiples, the company's own trailing twelve months (what the multiples were applied to).
  const ltm = input.financials!.comparableMetrics;
  const trailing =
    peers.length > 0 &&
    peers.every((p) => p.basis === 'TRAILING') &&
    ltm?.revenue !== undefined &&
    ltm.ebitda !== undefined;
  const company = trailing
    ? {
        revenue: ltm.revenue!,
        ebitda: ltm.ebitda!,
        period: `twelve months to ${formatDate(input.engagement.valuationDate)}`,
        source: 'the trailing twelve months the multiples are applied to',
      }
    : lastYear
      ? {
          revenue: documentAmountInRupees(lastYear.revenue, docUnit),
          ebitda: documentAmountInRupees(lastYear.ebitda, docUnit),
          period: lastYear.year,
          source: 'audited financial statements',
        }
      : null;
  const unit = chooseUnit(peers.flatMap((p) => [p.revenue ?? '0', p.ebitda ?? '0', p.marketCapitalisation ?? '0']));
  const size = (v: string | undefined) => (v === undefined ? 'not given' : inUnit(v, unit));
  const multiple = (v: string | undefined) => (v === undefined ? '—' : v.replace(/^-/, MINUS));
  const basis = (b: string | undefined) =>
    b === 'FORWARD' ? 'forward (next year)' : b === 'TRAILING' ? 'trailing twelve months' : 'basis not stated';
  // The multiples some peer reports, each its own column; one no peer reports is left out.
  const MULTIPLES = [
    ['evToEbitda', 'EV/ EBITDA', 0.1],
    ['evToRevenue', 'EV/ Revenue', 0.1],
    ['peRatio', 'P/E', 0.07],
    ['priceToBook', 'P/B', 0.06],
  ] as const;
  const shown = MULTIPLES.filter(([k]) => peers.some((p) => p[k] !== undefined));
  const rows = peers.map((p) => [
    p.name,
    size(p.revenue),
    size(p.ebitda),
    size(p.marketCapitalisation),
    ...shown.map(([k]) => multiple(p[k])),
    `${p.source ?? 'source not given'}${p.asOf ? `, as at ${formatDate(p.asOf)}` : ''}; ${basis(p.basis)}`,
  ]);
  if (company)
    rows.push([
      `${input.engagement.targetEntity} (${company.period}, for comparison)`,
      inUnit(company.revenue, unit),
      inUnit(company.ebitda, unit),
      'unlisted',
      ...shown.map(() => ''),
      company.source,
    ]);
  w.paragraph(
    `The listed companies the comparable-company method draws on: each peer's size beside the multiples applied, where they come from, the date they were struck on and their basis. Revenue, EBITDA and market capitalisation are in ${unitLabel(unit)}; multiples are times. A multiple that is not positive is left out of the statistic, as the computation section says.`,
  );
  const fixed = 0.16 + 0.1 + 0.085 + 0.1 + shown.reduce((sum, [, , width]) => sum + width, 0);
  w.table(
    [
      { header: 'Peer', width: 0.16 },
      { header: 'Revenue', width: 0.1, align: 'right' },
      { header: 'EBITDA', width: 0.085, align: 'right' },
      { header: 'Market cap.', width: 0.1, align: 'right' },
      ...shown.map(([, header, width]) => ({ header, width, align: 'right' as const })),
      { header: 'Source, date and basis', width: 1 - fixed },
    ],
    rows,
    { fontSize: SIZE.small - 0.5 },
  );
  noteText(
    w,
    `Revenue and EBITDA are for the period of the multiples; market capitalisation at the date of the multiples.${peers.some((p) => p.revenue === undefined || p.ebitda === undefined || p.marketCapitalisation === undefined) ? ' "not given" marks a figure the data provided did not include.' : ''}`,
  );
}

/** The build-up's inputs, in the order of the formula, with what each is. */
const INPUTS = [
  ['riskFreeRate', 'Risk-free rate (Rf)', 'percent'],
  ['equityRiskPremium', 'Equity risk premium (ERP)', 'percent'],
  ['beta', 'Beta', 'ratio'],
  ['debtToEquity', 'Debt to equity (D/E)', 'ratio'],
  ['taxRate', 'Tax rate (t)', 'percent'],
  ['preTaxCostOfDebt', 'Pre-tax cost of debt (Kd)', 'percent'],
  ['sizePremium', 'Size premium', 'percent'],
  ['companySpecificPremium', 'Company-specific risk premium', 'percent'],
] as const;

export function costOfCapitalAnnexure(w: Writer, input: ReportInput): void {
  const build = input.valuation.assumptions.costOfCapital!;
  const own = build.inputSources ?? {};
  const common = `${build.source}${build.sourceDate ? '' : ' (no date given)'}`;
  const commonDate = build.sourceDate ? formatDate(build.sourceDate) : 'not given';
  const rows = INPUTS.map(([key, label, kind]) => {
    const value = build[key];
    const figure = kind === 'percent' ? percent(value) : value;
    const name =
      key === 'beta' ? (build.betaBasis === 'UNLEVERED' ? 'Unlevered beta (βU)' : 'Levered beta (βL)') : label;
    const source = own[key];
    // An input's own source without a date (a statute's rate) has none; the build-up's date is the build-up's.
    const date = source ? (source.date ? formatDate(source.date) : '—') : commonDate;
    return [name, figure, source ? source.source : common, date];
  });
  w.paragraph(
    'Each input of the weighted average cost of capital, the figure used, where it comes from and the date it was read. The build-up of the WACC from these inputs is in the key assumptions section.',
  );
  w.table(
    [
      { header: 'Input', width: 0.24 },
      { header: 'Figure', width: 0.1, align: 'right' },
      { header: 'Source', width: 0.48 },
      { header: 'Date', width: 0.18 },
    ],
    rows,
    { fontSize: SIZE.small + 0.5, boldFirstColumn: true },
  );
  noteText(
    w,
    own && Object.keys(own).length > 0
      ? 'Where an input has no source of its own, the source of the build-up as a whole applies.'
      : 'The valuer gave one source for the build-up as a whole; it is shown against each input.',
  );
}
