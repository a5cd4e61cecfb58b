// The annexures a signed equity report carries after its signature (docs/reports.md, Annexures): the balance sheet
// and the historical statements as given, the projections with the valuer's note, the peers' size and multiples,
// each cost-of-capital input with its source, and for the prescribed NAV the property and quoted-share schedules.
// Numbered in the order printed; the body refers to each by its number where the figure is used.
import { Decimal } from 'decimal.js';
import { ASSET_FIELDS, EQUITY_AND_LIABILITY_FIELDS } from '../../domain/financials/fields.js';
import { formatDate } from '../format.js';
import { SIZE, type Writer } from '../pdf/layout.js';
import { goingConcernDcf, type ReportInput } from '../report-input.js';
import { chooseUnit, documentAmountInRupees, inUnit, unitLabel } from './units.js';
import { costOfCapitalAnnexure, peersAnnexure, projectionsAnnexure } from './annexures-market.js';
import { navSchedulesAnnexure } from './annexures-nav.js';
import { assetRegistersAnnexure, ibcRegisters, reconciliationAnnexure } from './annexures-ibc.js';
import { footing, labelOf, noteText } from './annexure-helpers.js';

export type AnnexureKey =
  | 'balanceSheet'
  | 'history'
  | 'projections'
  | 'peers'
  | 'costOfCapital'
  | 'navSchedules'
  | 'assetRegisters'
  | 'reconciliation';

const TITLES: Record<AnnexureKey, string> = {
  balanceSheet: 'Balance sheet as given',
  history: 'Historical financial statements',
  projections: "Projections and the valuer's note on their reasonableness",
  peers: 'Listed peers: size, multiples, source and basis',
  costOfCapital: 'Cost of capital: each input with its source and date',
  navSchedules: 'Property, securities and contingencies (prescribed net asset value)',
  assetRegisters: 'Asset-wise workings: fair value and liquidation value of each asset',
  reconciliation: 'Reconciliation of the balance sheet to the asset classes valued',
};

const equityStatute = (input: ReportInput) =>
  input.engagement.statute === 'RULE_11UA' ||
  input.engagement.statute === 'COMPANIES_ACT_SEC_62' ||
  input.engagement.statute === 'FEMA_RBI';

const hasMethod = (input: ReportInput, ...codes: string[]) =>
  input.valuation.methods.some((m) => codes.includes(m.method));

/** The annexures this report carries, in order: only what it has figures for, and only for the equity reports. */
export function annexurePlan(input: ReportInput): AnnexureKey[] {
  // IBC: the asset-wise workings where the financials give registers, and the reconciliation of the balance sheet.
  if (input.engagement.statute === 'IBC_LIQUIDATION') {
    // CIRP: the going-concern DCF's business plan and its cost of capital, input by input with its source.
    const goingConcern = goingConcernDcf(input);
    const ibc: [AnnexureKey, boolean][] = [
      ['assetRegisters', ibcRegisters(input) !== undefined],
      ['reconciliation', input.financials?.liquidation !== undefined],
      ['projections', goingConcern && (input.financials?.projections.length ?? 0) > 0],
      ['costOfCapital', goingConcern && input.valuation.assumptions.costOfCapital !== undefined],
    ];
    return ibc.filter(([, shown]) => shown).map(([key]) => key);
  }
  if (!equityStatute(input)) return [];
  const f = input.financials;
  const sources = f?.navAdjustmentSources;
  const plan: [AnnexureKey, boolean][] = [
    ['balanceSheet', f !== undefined],
    ['history', (input.company?.history ?? []).length > 0],
    ['projections', hasMethod(input, 'DCF') && (f?.projections.length ?? 0) > 0],
    ['peers', hasMethod(input, 'COMPARABLES') && (f?.peers.length ?? 0) > 0],
    ['costOfCapital', hasMethod(input, 'DCF') && input.valuation.assumptions.costOfCapital !== undefined],
    [
      'navSchedules',
      hasMethod(input, 'NAV_11UA_1CB', 'NAV_11UA_2A', 'NAV_RULE_57') &&
        Boolean(sources?.immovableProperties?.length || sources?.quotedInvestments?.length),
    ],
  ];
  return plan.filter(([, shown]) => shown).map(([key]) => key);
}

/** "Annexure 3" where the report carries that annexure, else null: the body's reference to it. */
export function annexureRef(input: ReportInput, key: AnnexureKey): string | null {
  const at = annexurePlan(input).indexOf(key);
  return at < 0 ? null : `Annexure ${at + 1}`;
}

/** Each annexure on its own page, after the signature, listed in the contents. */
export function annexures(w: Writer, input: ReportInput): void {
  annexurePlan(input).forEach((key, i) => {
    // In liquidation the regulations ask for the realisable value alone: the annexure's title names only it.
    const title =
      key === 'assetRegisters' && input.engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE'
        ? 'Asset-wise workings: realisable value of each asset'
        : TITLES[key];
    w.annexure(`Annexure ${i + 1}: ${title}`);
    if (key === 'balanceSheet') balanceSheetAnnexure(w, input);
    if (key === 'history') historyAnnexure(w, input);
    if (key === 'projections') projectionsAnnexure(w, input);
    if (key === 'peers') peersAnnexure(w, input);
    if (key === 'costOfCapital') costOfCapitalAnnexure(w, input);
    if (key === 'navSchedules') navSchedulesAnnexure(w, input);
    if (key === 'assetRegisters') assetRegistersAnnexure(w, input);
    if (key === 'reconciliation') reconciliationAnnexure(w, input);
  });
}

function balanceSheetAnnexure(w: Writer, input: ReportInput): void {
  const f = input.financials!;
  const bs = f.balanceSheet;
  const unit = chooseUnit(Object.values(bs));
  const side = (fields: readonly string[]) => fields.filter((k) => !new Decimal(bs[k] ?? '0').isZero());
  const equity = side(EQUITY_AND_LIABILITY_FIELDS);
  const assets = side(ASSET_FIELDS);
  const rows: string[][] = [];
  const bold = new Set<number>();
  const block = (heading: string, fields: string[], total: string) => {
    bold.add(rows.length);
    rows.push([heading, '']);
    for (const k of fields) rows.push([labelOf(k), inUnit(bs[k], unit)]);
    const closing = footing(
      total,
      fields.map((k) => bs[k]),
      unit,
    );
    bold.add(rows.length + closing.length - 1);
    rows.push(...closing);
  };
  block('Equity and liabilities', equity, 'Total equity and liabilities');
  block('Assets', assets, 'Total assets');
  w.paragraph(
    `The balance sheet as at ${formatDate(f.balanceSheetDate)}, as the company gave it${
      f.balanceSheetDate === input.engagement.valuationDate
        ? ', which is the valuation date'
        : `; the valuation date is ${formatDate(input.engagement.valuationDate)}`
    }. It is the balance sheet the valuation rests on.`,
  );
  w.table(
    [
      { header: 'Particulars', width: 0.6 },
      { header: `As at ${formatDate(f.balanceSheetDate)} (${unitLabel(unit)})`, width: 0.4, align: 'right' },
    ],
    rows,
    { fontSize: SIZE.small + 0.5, boldRows: bold },
  );
  noteText(w, 'Lines with a nil balance are not shown. Source: the audited financial statements in the sources.');
}

function historyAnnexure(w: Writer, input: ReportInput): void {
  const docUnit = input.company?.unit ?? 'RUPEES';
  const years = (input.company?.history ?? []).map((y) => {
    const r = (v: number | string | undefined) => (v === undefined ? undefined : documentAmountInRupees(v, docUnit));
    return {
      year: y.year,
      revenue: r(y.revenue),
      ebitda: r(y.ebitda),
      depreciationAndAmortisation: r(y.depreciationAndAmortisation),
      financeCost: r(y.financeCost),
      profitBeforeTax: r(y.profitBeforeTax),
      profitAfterTax: r(y.profitAfterTax),
      netWorth: r(y.netWorth),
      totalBorrowings: r(y.totalBorrowings),
    };
  });
  type Year = (typeof years)[number];
  const unit = chooseUnit(
    years.flatMap(({ year: _year, ...amounts }) => Object.values(amounts).filter((v): v is string => v !== undefined)),
  );
  const given = (k: keyof Year) => years.every((y) => y[k] !== undefined);
  const cell = (v: string | undefined) => (v === undefined ? 'not given' : inUnit(v, unit));
  const line = (label: string, k: keyof Year) => (given(k) ? [[label, ...years.map((y) => cell(y[k]))]] : []);
  // A deduction prints with its minus sign, as the report's other running sums do.
  const less = (label: string, k: keyof Year) =>
    given(k) ? [[label, ...years.map((y) => inUnit(new Decimal(y[k]!).neg().toFixed(), unit))]] : [];
  // Tax is what the statements leave between the profit before and after tax; other items between EBITDA and the
  // profit before tax, where the statements have any, are shown as such so the statement foots.
  const derived = (f: (y: Year) => Decimal) => years.map((y) => f(y));
  const tax = given('profitBeforeTax')
    ? derived((y) => new Decimal(y.profitBeforeTax!).minus(y.profitAfterTax!))
    : null;
  const other =
    given('profitBeforeTax') && given('depreciationAndAmortisation') && given('financeCost')
      ? derived((y) =>
          new Decimal(y.profitBeforeTax!).minus(y.ebitda!).plus(y.depreciationAndAmortisation!).plus(y.financeCost!),
        )
      : null;
  const amounts = (label: string, values: Decimal[]) => [label, ...values.map((v) => inUnit(v.toFixed(), unit))];
  const profitAndLoss = [
    ...line('Revenue from operations', 'revenue'),
    ...line('EBITDA', 'ebitda'),
    ...less('Less: depreciation and amortisation', 'depreciationAndAmortisation'),
    ...less('Less: finance costs', 'financeCost'),
    ...(other && other.some((v) => !v.isZero())
      ? [amounts('Add: other income and exceptional items, net', other)]
      : []),
    ...line('Profit before tax', 'profitBeforeTax'),
    ...(tax
      ? [
          amounts(
            'Less: tax expense',
            tax.map((t) => t.neg()),
          ),
        ]
      : []),
    ...line('Profit after tax', 'profitAfterTax'),
  ];
  const balanceSheet = [...line('Net worth', 'netWorth'), ...line('Total borrowings', 'totalBorrowings')];
  const columns = [
    { header: unitLabel(unit), width: 0.4 },
    ...years.map((y) => ({ header: y.year, width: 0.6 / years.length, align: 'right' as const })),
  ];
  w.paragraph(
    `The statement of profit and loss and the balance sheet for the ${['', 'one', 'two', 'three', 'four', 'five'][years.length] ?? years.length} financial years the company gave, as given (years ended 31 March).`,
  );
  w.subheading('Statement of profit and loss');
  w.table(columns, profitAndLoss, {
    fontSize: SIZE.small + 0.5,
    boldRows: new Set(profitAndLoss.flatMap((r, i) => (/^Profit /.test(r[0]) ? [i] : []))),
  });
  if (balanceSheet.length > 0) {
    w.subheading('Balance sheet (summary)');
    w.table(columns, balanceSheet, { fontSize: SIZE.small + 0.5 });
  }
  noteText(
    w,
    `The tax expense is the profit before tax less the profit after tax${other?.some((v) => !v.isZero()) ? '; other income and exceptional items are what the statements carry between EBITDA less depreciation and finance costs and the profit before tax' : ''}. Source: the audited financial statements in the sources.`,
  );
}
