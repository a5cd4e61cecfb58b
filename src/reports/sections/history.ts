// Historical financial performance: the years the financials document gives, as columns, with growth
// and margins computed exactly.
import { Decimal } from 'decimal.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { type ReportInput } from '../report-input.js';
import { usesProjections } from '../report-input.js';
import { annexureRef } from './annexures.js';
import { chooseUnit, documentAmountInRupees, inUnit, unitLabel } from './units.js';

const pct = (num: Decimal, den: Decimal): string =>
  den.isZero() ? '—' : `${num.div(den).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toFixed(1)} %`;

export function history(w: Writer, input: ReportInput): void {
  // The heading stays with its table (about nine rows and the note): never alone at a page's foot.
  if ((input.company?.history ?? []).length > 0) w.ensureSpace(250);
  w.section('Historical financial performance');
  const years = input.company?.history ?? [];
  if (years.length === 0) {
    w.paragraph(
      `The financial data did not include historical years; the valuation rests on the balance sheet${usesProjections(input) ? ' and projections' : ''} listed in the sources.`,
      { color: COLOR.muted },
    );
    return;
  }
  const docUnit = input.company?.unit ?? 'RUPEES';
  const rupee = (v: number | string | undefined) => (v === undefined ? undefined : documentAmountInRupees(v, docUnit));
  const rows = years.map((y) => ({
    year: y.year,
    revenue: rupee(y.revenue)!,
    ebitda: rupee(y.ebitda)!,
    pat: rupee(y.profitAfterTax)!,
    netWorth: rupee(y.netWorth)!,
    borrowings: rupee(y.totalBorrowings),
  }));
  const unit = chooseUnit(rows.flatMap((r) => [r.revenue, r.ebitda, r.pat, r.netWorth, r.borrowings ?? '0']));
  const d = (s: string) => new Decimal(s);
  const line = (label: string, f: (r: (typeof rows)[number], i: number) => string) => [label, ...rows.map(f)];
  const columns = [
    { header: `${unitLabel(unit)}`, width: 0.28 },
    ...rows.map((r) => ({ header: r.year, width: 0.72 / rows.length, align: 'right' as const })),
  ];
  w.table(
    columns,
    [
      line('Revenue', (r) => inUnit(r.revenue, unit)),
      line('Revenue growth', (r, i) =>
        i === 0 ? '—' : pct(d(r.revenue).minus(rows[i - 1].revenue), d(rows[i - 1].revenue).abs()),
      ),
      line('EBITDA', (r) => inUnit(r.ebitda, unit)),
      line('EBITDA margin', (r) => pct(d(r.ebitda), d(r.revenue))),
      line('Profit after tax', (r) => inUnit(r.pat, unit)),
      line('PAT margin', (r) => pct(d(r.pat), d(r.revenue))),
      line('Net worth', (r) => inUnit(r.netWorth, unit)),
      ...(rows.every((r) => r.borrowings !== undefined)
        ? [line('Total borrowings', (r) => inUnit(r.borrowings!, unit))]
        : []),
    ],
    { fontSize: SIZE.small + 0.5, boldFirstColumn: true },
  );
  const statements = annexureRef(input, 'history');
  const balanceSheet = annexureRef(input, 'balanceSheet');
  w.paragraph(
    `Growth is on the previous year; margins are on the year's revenue. Source: the financial statements in the sources of information.${statements ? ` The statements as given are ${statements}` : ''}${statements && balanceSheet ? `, and the balance sheet the valuation rests on is ${balanceSheet}` : ''}${statements ? '.' : ''}`,
    { size: SIZE.small, color: COLOR.muted, align: 'left' },
  );
}
