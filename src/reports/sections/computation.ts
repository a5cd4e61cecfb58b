// The computation summary: methods side by side and the DCF by projection year.
import type { MethodResult, ValuationResult } from '../../domain/valuation/types.js';
import { METHOD_TITLE, formatLineValue, rupees } from '../format.js';
import { perShareBases } from './per-share-basis.js';
import { lossCarryForwardCitation } from '../../domain/valuation/dcf.js';
import { Decimal } from 'decimal.js';
import { chooseUnit, inUnit, unitLabel, type ReportUnit } from './units.js';
import { grossAssetLines } from './method-lines.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';

export interface YearRow {
  year: string;
  /** The line's amount in rupees (or the factor), as the engine gave it. */
  values: Map<string, { value: string; kind: string }>;
}

/** Pivots the DCF's "FY2027 EBITDA" style lines into one entry per projection year. */
export function dcfYears(m: Pick<MethodResult, 'lines'>): YearRow[] {
  const years: YearRow[] = [];
  for (const l of m.lines) {
    const match = /^(FY\d{4}) (.+)$/.exec(l.label);
    if (!match) continue;
    let row = years.find((y) => y.year === match[1]);
    if (!row) {
      row = { year: match[1], values: new Map() };
      years.push(row);
    }
    const key = match[2].replace(/ \(t = [\d.]+\)$/, '').replace(/ at [\d.]+%$/, '');
    row.values.set(key, { value: l.value, kind: l.kind });
  }
  return years;
}

export function computations(w: Writer, v: ValuationResult): void {
  w.section('Computation');
  const amounts = v.methods.flatMap((m) => [m.enterpriseValue ?? '0', m.equityValue]);
  const unit = chooseUnit(amounts);
  if (v.statute === 'IBC_LIQUIDATION') {
    // The assets' values, gross (Regulation 2(1)(k)); never a share's.
    w.table(
      [
        { header: 'Basis of value', width: 0.5 },
        { header: `Total value of the assets, gross (${unitLabel(unit)})`, width: 0.5, align: 'right' },
      ],
      v.methods.map((m) => [
        // In liquidation the regulations speak of realisable value: the same name as in the conclusion.
        m.method === 'LIQUIDATION_VALUE' && v.purpose === 'LIQUIDATION_REALISABLE_VALUE'
          ? 'Realisable value'
          : (METHOD_TITLE[m.method] ?? m.method),
        inUnit(grossAssetLines(m)?.total ?? m.equityValue, unit),
      ]),
      { fontSize: SIZE.small + 0.5 },
    );
    return;
  }
  // One basis per row: a per-share figure beside the equity value and the share count it divides (docs/reports.md).
  const methodRows = v.methods.flatMap((m) => {
    const title = METHOD_TITLE[m.method] ?? m.method;
    const ev = m.enterpriseValue !== undefined ? inUnit(m.enterpriseValue, unit) : '—';
    const bases = perShareBases(m, v.methods);
    if (bases.length === 0) return [[title, ev, inUnit(m.equityValue, unit), '—', rupees(m.valuePerShare)]];
    return bases.map((b, i) => [
      i === 0 ? title : `${title}, fully diluted`,
      i === 0 ? ev : '',
      inUnit(b.equity, unit),
      `${formatLineValue(b.shares, 'COUNT')} ${b.basis}`,
      rupees(b.perShare),
    ]);
  });
  w.table(
    [
      { header: 'Method', width: 0.27 },
      { header: `Enterprise value (${unitLabel(unit)})`, width: 0.16, align: 'right' },
      { header: `Equity value (${unitLabel(unit)})`, width: 0.17, align: 'right' },
      { header: 'Equity shares (basic or fully diluted)', width: 0.24, align: 'right' },
      { header: 'Per share (₹)', width: 0.16, align: 'right' },
    ],
    methodRows,
    { fontSize: SIZE.small + 0.5 },
  );
  const diluted = v.methods.some((m) => m.dilutedShares !== undefined);
  w.paragraph(
    `Each value per share is its row's equity value divided by its row's equity shares, computed from the exact figures and rounded to the paisa once.${diluted ? " A fully diluted equity value adds back the convertible instruments' capital and the options' exercise proceeds; its shares count the conversions and the options in the money." : ''}`,
    { size: SIZE.small, color: COLOR.muted, align: 'left' },
  );
  const dcf = v.methods.find((m) => m.method === 'DCF');
  if (!dcf) return;
  dcfYearTable(w, dcf, 'Discounted cash flow by projection year');
}

/**
 * The DCF by projection year (EBITDA to FCFF, the discount factor and the present value) with the sum of its present
 * values under it: the equity reports' computation, and an IBC report's going-concern DCF (with each year's revenue).
 */
export function dcfYearTable(
  w: Writer,
  dcf: Pick<MethodResult, 'lines'>,
  heading: string,
  /** An IBC report values no share: its note says nothing of per-share values. */
  perShare = true,
): void {
  const years = dcfYears(dcf);
  if (years.length === 0) return;
  // s.72 lines only when some year has a loss to carry or set off.
  const has = (key: string) => years.some((y) => !/^-?0(\.0+)?$/.test(y.values.get(key)?.value ?? '0'));
  const hasLosses = has('Loss brought forward') || has('Loss carried forward');
  const rows: [string, string][] = [
    ...(years.some((y) => y.values.has('Revenue')) ? ([['Revenue', 'Revenue']] as [string, string][]) : []),
    ['EBITDA', 'EBITDA'],
    ['Less: depreciation and amortisation', 'Less: depreciation and amortisation'],
    ['EBIT', 'EBIT'],
    ['Less: tax on EBIT', 'Less: tax on EBIT'],
    ['NOPAT', 'NOPAT'],
    // FCFF = NOPAT + D&A − capex − ΔNWC: the add-back is printed so that the column adds up as read.
    ['Add: depreciation and amortisation', 'Add: depreciation and amortisation'],
    ['Less: capital expenditure', 'Less: capital expenditure'],
    ['Less: change in net working capital', 'Less: change in net working capital'],
    ['Free cash flow to the firm', 'FCFF'],
    // A stub period (docs/valuation-method.md): year 1 counts s × FCFF, and every exponent is shown.
    ...(years.some((y) => y.values.has('FCFF for the stub period'))
      ? ([['FCFF counted for the stub (s × FCFF)', 'FCFF for the stub period']] as [string, string][])
      : []),
    ...(years.some((y) => y.values.has('Discount exponent'))
      ? ([['Discount exponent', 'Discount exponent']] as [string, string][])
      : []),
    ['Discount factor', 'Discount factor'],
    ['Present value of FCFF', 'Present value of FCFF'],
    // The losses behind the tax line, as memoranda under the table, so that each column adds up as read.
    ...(hasLosses
      ? ([
          ['Memo: Loss brought forward', 'Loss brought forward'],
          ['Memo: Loss set off', 'Loss set off'],
          ['Memo: Loss carried forward', 'Loss carried forward'],
        ] as [string, string][])
      : []),
  ];
  const dcfUnit = chooseUnit(
    years.flatMap((y) => [...y.values.values()].filter((x) => x.kind !== 'FACTOR').map((x) => x.value)),
  );
  // The heading, the year table and the sum of its present values stay on one page: a reader adds the printed
  // present values to the sum under them (room for every row and the sum's lines is asked for first).
  w.subheading(
    `${heading} (${unitLabel(dcfUnit)}; discount factors as numbers)`,
    Math.min(160 + rows.length * 16, 620),
  );
  const labelWidth = 0.3;
  w.table(
    [
      { header: 'Particulars', width: labelWidth },
      ...years.map((y) => ({ header: y.year, width: (1 - labelWidth) / years.length, align: 'right' as const })),
    ],
    rows.map(([label, key]) => [
      label,
      ...years.map((y) => {
        const cell = y.values.get(key);
        if (!cell)
          return key === 'FCFF for the stub period' ? inUnit(y.values.get('FCFF')?.value ?? '0', dcfUnit) : '—';
        return cell.kind === 'FACTOR' ? cell.value : inUnit(cell.value, dcfUnit);
      }),
    ]),
    {
      fontSize: years.length > 6 ? 6.5 : SIZE.small,
      boldFirstColumn: true,
      boldRows: new Set([rows.findIndex(([, k]) => k === 'FCFF')]),
    },
  );
  presentValueTotal(w, dcf, years, dcfUnit);
  w.paragraph(
    `${dcfUnit === 'CRORE' ? '1 crore = ₹1,00,00,000' : '1 lakh = ₹1,00,000'}. Amounts are rounded to two decimals of the unit; the valuation is computed to the paisa${perShare ? ' and the per-share values are exact to the paisa' : ''}.${hasLosses ? ` Tax follows ${lossCarryForwardCitation(years.map((y) => y.year))}, by each year's tax year: a loss pays no tax and is carried forward for eight years against later EBIT; only the projected years' own losses are carried, not losses of earlier years (the note on the projections says how they are treated, where it does).` : ''}`,
    {
      size: SIZE.small,
      color: COLOR.muted,
      align: 'left',
    },
  );
}

/**
 * The sum of the present values under the year table, footing on the printed figures: where the printed present
 * values do not add up to the printed sum (each is rounded from its exact figure), a rounding-difference line says
 * by how much (docs/reports.md, Figures and rounding).
 */
function presentValueTotal(w: Writer, dcf: Pick<MethodResult, 'lines'>, years: YearRow[], unit: ReportUnit): void {
  const exact = dcf.lines.find((l) => l.label === 'Sum of present values of FCFF')?.value;
  if (exact === undefined) return;
  const printed = (x: string) => new Decimal(inUnit(x, unit).replace(/,/g, '').replace('−', '-'));
  const parts = years.reduce(
    (sum, y) => sum.plus(printed(y.values.get('Present value of FCFF')?.value ?? '0')),
    new Decimal(0),
  );
  const total = printed(exact);
  const difference = total.minus(parts);
  // Back to rupees, so that the parts and the difference print as the unit's other figures do.
  const signed = (d: Decimal) => inUnit(d.times(unit === 'CRORE' ? 10_000_000 : 100_000).toFixed(), unit);
  const rows: string[][] = difference.isZero()
    ? [['Sum of present values of FCFF', inUnit(exact, unit)]]
    : [
        ['Sum of the present values printed above', signed(parts)],
        ['Rounding difference', signed(difference)],
        ['Sum of present values of FCFF', inUnit(exact, unit)],
      ];
  w.table(
    [
      { header: 'Particulars', width: 0.7 },
      { header: `Amount (${unitLabel(unit)})`, width: 0.3, align: 'right' },
    ],
    rows,
    { fontSize: SIZE.small, boldRows: new Set([rows.length - 1]) },
  );
}
