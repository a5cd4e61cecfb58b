/**
 * The IBC asset registers as formulas (docs/asset-registers.md): every row's inputs as typed cells and each step to
 * its fair value and liquidation value a formula over them, rounded to the paisa where the service rounds; each
 * class's totals are sums of its rows, which the Asset classes sheet takes. Then the reconciliation of the balance
 * sheet's asset lines to the classes, its totals formulas over the Inputs sheet's balance sheet.
 */
import type { NormalisedRegisters } from '../../domain/financials/normalise.js';
import { reconcileAssets } from '../../domain/valuation/reconciliation.js';
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { COUNT_FORMAT, FACTOR_FORMAT, PERCENT_FORMAT, RUPEE_FORMAT, Sheet, colName } from './cells.js';
import type { InputCells, WorkbookContext } from './context.js';

export const REGISTERS_SHEET = 'Asset registers';
const RATE_FORMAT = '#,##0.00########';
const AREA_WORDS: Record<string, string> = { SQ_M: 'sq m', SQ_FT: 'sq ft', ACRE: 'acres', HECTARE: 'hectares' };

type Content = { f: string } | number | string | null;
type Column = [header: string, content: (row: number) => Content, format?: string];

/** A class's three totals on the registers sheet. */
export interface ClassCells {
  book: string;
  fair: string;
  liquidation: string;
}

/** One table: a header row, then a row per item; returns each row's [book, fair, liquidation] cells by column. */
function table<T>(
  s: Sheet,
  title: string,
  items: readonly T[],
  columns: (item: T) => Column[],
  totals: { book: string; fair: string; liquidation: string },
): { book: string; fair: string; liquidation: string }[] {
  if (items.length === 0) return [];
  s.heading(title);
  const headers = columns(items[0]).map(([h]) => h);
  headers.forEach((h, i) => {
    const cell = s.ws.getCell(s.row, i + 1);
    cell.value = h;
    cell.font = { bold: true };
  });
  s.row += 1;
  const out: { book: string; fair: string; liquidation: string }[] = [];
  for (const item of items) {
    const row = s.row;
    const cols = columns(item);
    const at = (header: string) => s.ref(row, headers.indexOf(header) + 1);
    cols.forEach(([, content, format], i) => s.set(row, i + 1, content(row), format));
    out.push({ book: at(totals.book), fair: at(totals.fair), liquidation: at(totals.liquidation) });
    s.row += 1;
  }
  s.row += 1;
  return out;
}

const n = (value: string | undefined) => (value === undefined ? 0 : Number(value));
/** A cell of the same row, by column number. */
const c = (col: number) => (row: number) => `${colName(col)}${row}`;

/** The columns every register row ends with: fair value, the forced-sale discount, the liquidation value, book value. */
function disposal(
  fairCol: number,
  fair: (row: number) => string,
  r: { forcedSaleDiscount: string; bookValue: string },
  liq: string,
): Column[] {
  return [
    ['Fair value (₹)', (row) => ({ f: fair(row) }), RUPEE_FORMAT],
    ['Forced-sale discount (%)', () => n(r.forcedSaleDiscount), PERCENT_FORMAT],
    [`${liq} (₹)`, (row) => ({ f: `ROUND(${c(fairCol)(row)}*(1-${c(fairCol + 1)(row)}/100),2)` }), RUPEE_FORMAT],
    ['Book value (₹)', () => n(r.bookValue), RUPEE_FORMAT],
  ];
}

export function writeRegisters(
  ctx: WorkbookContext,
  registers: NormalisedRegisters,
  liquidationName: string,
): Map<string, ClassCells> {
  const { wb, known, f } = ctx;
  const s = new Sheet(wb, known, REGISTERS_SHEET);
  s.title('Asset registers: each asset from its inputs to its fair value and liquidation value (to the paisa)');
  const year = s.put(
    'Year of the balance sheet (a machine is aged to it)',
    Number(f.balanceSheetDate.slice(0, 4)),
    COUNT_FORMAT,
  );
  s.row += 1;
  const names = { book: 'Book value (₹)', fair: 'Fair value (₹)', liquidation: `${liquidationName} (₹)` };
  const classRows = new Map<string, { book: string; fair: string; liquidation: string }[]>();
  const add = (assetClass: string, rows: { book: string; fair: string; liquidation: string }[]) =>
    classRows.set(assetClass, [...(classRows.get(assetClass) ?? []), ...rows]);

  // Land: each parcel's comparable sales, the adopted rate (their mean, or the valuer's), then the parcel.
  const rates = new Map<string, string>();
  for (const p of registers.land ?? []) {
    const sales = (registers.landComparables ?? []).filter((x) => x.parcel === p.parcel);
    if (p.adoptedRate === undefined && sales.length > 0) {
      const rows = table(
        s,
        `Comparable sales of ${p.parcel} (areas in ${AREA_WORDS[p.areaUnit] ?? p.areaUnit})`,
        sales,
        (x) => [
          ['Sale', () => `${x.saleDate}, ${x.place}`],
          ['Area', () => n(x.saleArea), RATE_FORMAT],
          ['Price (₹)', () => n(x.salePrice), RUPEE_FORMAT],
          ['Rate = price ÷ area', (row) => ({ f: `${c(3)(row)}/${c(2)(row)}` }), RATE_FORMAT],
          ['Location (%)', () => n(x.locationAdjustment), PERCENT_FORMAT],
          ['Size (%)', () => n(x.sizeAdjustment), PERCENT_FORMAT],
          ['Time (%)', () => n(x.timeAdjustment), PERCENT_FORMAT],
          ['Other (%)', () => n(x.otherAdjustment), PERCENT_FORMAT],
          ['Net adjustment (%)', (row) => ({ f: `SUM(${c(5)(row)}:${c(8)(row)})` }), PERCENT_FORMAT],
          ['Adjusted rate', (row) => ({ f: `${c(4)(row)}*(1+${c(9)(row)}/100)` }), RATE_FORMAT],
        ],
        { book: 'Price (₹)', fair: 'Adjusted rate', liquidation: 'Adjusted rate' },
      );
      const adjusted = rows.map((r) => r.fair);
      s.row -= 1;
      rates.set(
        p.parcel,
        s.put(
          `Adopted rate for ${p.parcel}: the mean of the adjusted rates`,
          { f: `AVERAGE(${adjusted.join(',')})` },
          RATE_FORMAT,
        ),
      );
      s.row += 1;
    }
  }
  add(
    'LAND_AND_BUILDING',
    table(
      s,
      'Land parcels: fair value = area × adopted rate',
      registers.land ?? [],
      (p) => [
        ['Parcel', () => `${p.parcel}: ${p.description} (survey ${p.surveyNumber})`],
        ['Area', () => n(p.landArea), RATE_FORMAT],
        [
          'Adopted rate (₹ per unit)',
          () => (rates.has(p.parcel) ? { f: rates.get(p.parcel)! } : n(p.adoptedRate)),
          RATE_FORMAT,
        ],
        ...disposal(4, (row) => `ROUND(${c(2)(row)}*${c(3)(row)},2)`, p, liquidationName),
      ],
      names,
    ),
  );
  add(
    'LAND_AND_BUILDING',
    table(
      s,
      'Buildings: depreciated replacement cost',
      registers.buildings ?? [],
      (b) => [
        ['Building', () => b.description],
        ['Built-up area', () => n(b.builtUpArea), RATE_FORMAT],
        ['Rate (₹ per unit)', () => n(b.replacementCostRate), RATE_FORMAT],
        ['Age (years)', () => n(b.age), RATE_FORMAT],
        ['Total life (years)', () => n(b.totalLife), RATE_FORMAT],
        ['Condition factor (%)', () => n(b.conditionFactor ?? '100'), PERCENT_FORMAT],
        ['1 − age ÷ life', (row) => ({ f: `MAX(0,1-${c(4)(row)}/${c(5)(row)})` }), FACTOR_FORMAT],
        ...disposal(8, (row) => `ROUND(${c(2)(row)}*${c(3)(row)}*${c(7)(row)}*${c(6)(row)}/100,2)`, b, liquidationName),
      ],
      names,
    ),
  );
  add(
    'PLANT_AND_MACHINERY',
    table(
      s,
      'Plant and machinery: depreciated replacement cost',
      registers.machinery ?? [],
      (m) => [
        ['Item or group', () => `${m.description} (${m.make})`],
        ['Cost (₹)', () => n(m.replacementCost), RUPEE_FORMAT],
        ['Year of manufacture', () => n(m.yearOfManufacture), COUNT_FORMAT],
        ['Age (years)', (row) => ({ f: `MAX(0,${year}-${c(3)(row)})` }), COUNT_FORMAT],
        ['Useful life (years)', () => n(m.usefulLife), RATE_FORMAT],
        ['Obsolescence (%)', () => n(m.obsolescence), PERCENT_FORMAT],
        ['1 − age ÷ life', (row) => ({ f: `MAX(0,1-${c(4)(row)}/${c(5)(row)})` }), FACTOR_FORMAT],
        ...disposal(8, (row) => `ROUND(${c(2)(row)}*${c(7)(row)}*(1-${c(6)(row)}/100),2)`, m, liquidationName),
      ],
      names,
    ),
  );
  for (const [assetClass, title, rows] of [
    ['INVENTORIES', 'Inventories by category and age', registers.inventories ?? []],
    ['TRADE_RECEIVABLES', 'Trade receivables by ageing bucket', registers.receivables ?? []],
  ] as const) {
    add(
      assetClass,
      table(
        s,
        `${title}: book value × recoverable %`,
        rows as readonly {
          ageing: string;
          category?: string;
          recoverability: string;
          forcedSaleDiscount: string;
          bookValue: string;
        }[],
        (r) => [
          ['Category and age', () => (r.category ? `${r.category}, ${r.ageing}` : r.ageing)],
          ['Recoverable (%)', () => n(r.recoverability), PERCENT_FORMAT],
          ...disposal(3, (row) => `ROUND(${c(6)(row)}*${c(2)(row)}/100,2)`, r, liquidationName),
        ],
        names,
      ),
    );
  }
  add(
    'CASH_AND_BANK',
    table(
      s,
      'Cash and bank balances: at book value',
      registers.cash ?? [],
      (x) => [['Account', () => x.description], ...disposal(2, (row) => `${c(5)(row)}`, x, liquidationName)],
      names,
    ),
  );
  add(
    'SECURITIES_OR_FINANCIAL_ASSETS',
    table(
      s,
      'Investments: quantity × quoted price, or net asset value',
      registers.investments ?? [],
      (i) => [
        ['Investment', () => i.description],
        ['Quantity', () => (i.quantity === undefined ? null : n(i.quantity)), RATE_FORMAT],
        ['Quoted price (₹)', () => (i.quotedPrice === undefined ? null : n(i.quotedPrice)), RATE_FORMAT],
        ['Net asset value (₹)', () => (i.netAssetValue === undefined ? null : n(i.netAssetValue)), RUPEE_FORMAT],
        ...disposal(
          5,
          (row) => (i.investmentBasis === 'QUOTED_PRICE' ? `ROUND(${c(2)(row)}*${c(3)(row)},2)` : `${c(4)(row)}`),
          i,
          liquidationName,
        ),
      ],
      names,
    ),
  );

  s.heading('Totals by asset class (the sums of the rows)');
  ['Asset class', names.book, names.fair, names.liquidation].forEach((h, i) => {
    const cell = s.ws.getCell(s.row, i + 1);
    cell.value = h;
    cell.font = { bold: true };
  });
  s.row += 1;
  const out = new Map<string, ClassCells>();
  for (const [assetClass, rows] of classRows) {
    if (rows.length === 0) continue;
    const r = s.row;
    s.ws.getCell(r, 1).value = FINANCIAL_LABELS[assetClass] ?? assetClass;
    out.set(assetClass, {
      book: s.set(r, 2, { f: `SUM(${rows.map((x) => x.book).join(',')})` }, RUPEE_FORMAT),
      fair: s.set(r, 3, { f: `SUM(${rows.map((x) => x.fair).join(',')})` }, RUPEE_FORMAT),
      liquidation: s.set(r, 4, { f: `SUM(${rows.map((x) => x.liquidation).join(',')})` }, RUPEE_FORMAT),
    });
    s.row += 1;
  }
  return out;
}

/** Each balance-sheet asset line valued in a class or excluded; the totals over the Inputs sheet's balance sheet. */
export function writeReconciliation(ctx: WorkbookContext, cells: InputCells, classBook: Map<string, string>): void {
  const { wb, known, f } = ctx;
  const r = reconcileAssets(f);
  const s = new Sheet(wb, known, 'Reconciliation');
  s.title('Reconciliation: every asset line of the balance sheet valued in a class or excluded with its reason');
  const valued: string[] = [];
  const excluded: string[] = [];
  for (const line of r.lines) {
    const treatment =
      line.status === 'VALUED'
        ? `valued in ${line.classes.map((c) => FINANCIAL_LABELS[c] ?? c).join(', ')}${line.stated ? '' : ' (by nature)'}`
        : line.status === 'EXCLUDED'
          ? `excluded: ${line.reason}`
          : 'neither valued nor excluded';
    const cell = s.put(`${line.label}: ${treatment}`, { f: cells.bs[line.item] }, RUPEE_FORMAT);
    if (line.status === 'VALUED') valued.push(cell);
    if (line.status === 'EXCLUDED') excluded.push(cell);
  }
  s.row += 1;
  const v = s.put(
    'Book value of the lines valued',
    { f: valued.length ? `SUM(${valued.join(',')})` : '0' },
    RUPEE_FORMAT,
  );
  const e = s.put(
    'Book value of the lines excluded',
    { f: excluded.length ? `SUM(${excluded.join(',')})` : '0' },
    RUPEE_FORMAT,
  );
  s.put('Total assets on the balance sheet', { f: cells.totalAssetsF }, RUPEE_FORMAT);
  s.put('Not accounted for (total assets − valued − excluded)', { f: `${cells.totalAssetsF}-${v}-${e}` }, RUPEE_FORMAT);
  const classes = [...classBook.values()];
  const total = s.put(
    'Book value of the classes valued',
    { f: classes.length ? `SUM(${classes.join(',')})` : '0' },
    RUPEE_FORMAT,
  );
  s.put("Difference: the classes' book values less the lines valued", { f: `${total}-${v}` }, RUPEE_FORMAT);
}
