// The IBC annexures (docs/asset-registers.md): the asset-wise workings, each register's rows with every step from the
// valuer's inputs to the fair value and the liquidation (or realisable) value; and the reconciliation of the balance
// sheet's asset lines at the commencement date to the classes valued. Figures in rupees to the paisa, each row
// computed from exact figures and rounded once; the totals are the sums of the rows as printed.
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import { valueRegisters, type ValuedRegisters, type ValuedRow } from '../../domain/valuation/asset-registers.js';
import { reconcileAssets } from '../../domain/valuation/reconciliation.js';
import { Dec, formatCount, formatRupees, sum, toPlaces } from '../../domain/valuation/money.js';
import { formatDate } from '../format.js';
import { SIZE, type Writer } from '../pdf/layout.js';
import type { ReportInput } from '../report-input.js';
import { labelOf, noteText } from './annexure-helpers.js';
import { classValuer } from './ibc-statements.js';
import { ibcRegistrationClass } from '../../domain/identity/signatory.js';
import { IBC_CLASS_LABELS } from '../../contract/ibc-valuer-set.js';

type Liquidation = NonNullable<NormalisedFinancials['liquidation']>;
const rs = (d: Dec) => formatRupees(d).replace('₹', '');
const pc = (d: Dec) => `${toPlaces(d, 2)}%`;
const rate = (d: Dec) => rs(d);
const AREA: Record<string, string> = { SQ_M: 'sq m', SQ_FT: 'sq ft', ACRE: 'acres', HECTARE: 'hectares' };
/** Room a table's heading keeps below it, so the heading never ends a page without its header row and first rows. */
const KEEP_WITH_TABLE = 130;
const area = (d: Dec, unit: string) => `${formatCount(d)} ${AREA[unit] ?? unit}`;
const small = { fontSize: SIZE.small };

const realisable = (input: ReportInput) => input.engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE';
const liquidationName = (input: ReportInput) => (realisable(input) ? 'Realisable value' : 'Liquidation value');
// Each row's starting point: in liquidation (only realisable value asked) the orderly-sale value, never totalled.
const orderlyName = (input: ReportInput) => (realisable(input) ? 'Orderly-sale value' : 'Fair value');

export const ibcRegisters = (input: ReportInput): Liquidation['registers'] => input.financials?.liquidation?.registers;

/** The registers valued as the engine values them (the same pure computation on the same stored figures). */
function valued(input: ReportInput): ValuedRegisters {
  return valueRegisters(input.financials!.liquidation!.registers!, input.financials!.balanceSheetDate);
}

/** Each register's table, the forced-sale table and the classes' totals. */
export function assetRegistersAnnexure(w: Writer, input: ReportInput): void {
  const v = valued(input);
  const liq = liquidationName(input);
  const fv = orderlyName(input);
  w.paragraph(
    `The asset-wise workings of this valuation, computed from the asset registers the valuers drew up from the corporate debtor's books and their physical verification: each row from its own inputs in exact figures, rounded once to the paisa; a class's values are the sums of its rows. ${realisable(input) ? `Each row starts from its orderly-sale value, the price it would fetch after proper marketing, which this report does not report as a value of its own and does not total; ${liq.toLowerCase()} = orderly-sale value` : `${liq} = fair value`} × (1 − forced-sale discount) for each row, the discount, its marketing period and its reason stated below.`,
  );
  // Each registration class's part under its own heading, with the registered valuer who estimated and signs it.
  if (v.land.length + v.buildings.length > 0) partHeading(w, input, 'LAND_AND_BUILDING');
  if (v.land.length > 0) landTables(w, v, input);
  if (v.buildings.length > 0) {
    w.subheading('Buildings: depreciated replacement cost', KEEP_WITH_TABLE);
    w.table(
      [
        { header: 'Building', width: 0.15 },
        { header: 'Built-up area', width: 0.11, align: 'right' },
        { header: 'Rate (₹ per unit)', width: 0.1, align: 'right' },
        { header: 'Replacement cost (₹)', width: 0.16, align: 'right' },
        { header: 'Age / life (years)', width: 0.09, align: 'right' },
        { header: '1 − age ÷ life', width: 0.1, align: 'right' },
        { header: 'Condition factor', width: 0.11, align: 'right' },
        { header: `${fv} (₹)`, width: 0.18, align: 'right' },
      ],
      v.buildings.map((b) => [
        `${b.label} (${b.condition})`,
        area(b.builtUpArea, b.areaUnit),
        rate(b.replacementCostRate),
        rs(b.replacementCost),
        `${b.age.toFixed()} / ${b.totalLife.toFixed()}`,
        toPlaces(b.depreciationFactor, 6),
        pc(b.conditionFactor),
        rs(b.fairValue),
      ]),
      small,
    );
    noteText(
      w,
      'Depreciated replacement cost = built-up area × rate × (1 − age ÷ total life, never below nil) × condition factor.',
    );
    sourcesNote(
      w,
      'Source of each rate',
      v.buildings.map((b) => [b.label, b.rateSource]),
    );
  }
  if (v.machinery.length + v.inventories.length > 0) partHeading(w, input, 'PLANT_AND_MACHINERY');
  if (v.machinery.length > 0) {
    w.subheading('Plant and machinery: depreciated replacement cost', KEEP_WITH_TABLE);
    w.table(
      [
        { header: 'Item or group (make, year)', width: 0.27 },
        { header: 'Cost (₹)', width: 0.17, align: 'right' },
        { header: 'Age / life (years)', width: 0.1, align: 'right' },
        { header: '1 − age ÷ life', width: 0.12, align: 'right' },
        { header: 'Obsolescence', width: 0.16, align: 'right' },
        { header: `${fv} (₹)`, width: 0.18, align: 'right' },
      ],
      v.machinery.map((m) => [
        `${m.label}; ${m.costBasis === 'INDEXED_COST' ? 'historical cost indexed' : 'replacement cost new'}`,
        rs(m.replacementCost),
        `${m.age.toFixed()} / ${m.usefulLife.toFixed()}`,
        toPlaces(m.depreciationFactor, 6),
        pc(m.obsolescence),
        rs(m.fairValue),
      ]),
      small,
    );
    noteText(
      w,
      `Depreciated replacement cost = cost × (1 − age ÷ useful life, never below nil) × (1 − obsolescence); the age is the year of the balance sheet (${input.financials!.balanceSheetDate.slice(0, 4)}) less the year of manufacture.`,
    );
    sourcesNote(
      w,
      'Source of each cost',
      v.machinery.map((m) => [m.label, m.costSource]),
    );
  }
  recoverableTable(w, 'Inventories by category and age', v.inventories, fv);
  if (v.receivables.length + v.cash.length + v.investments.length > 0)
    partHeading(w, input, 'SECURITIES_OR_FINANCIAL_ASSETS');
  recoverableTable(w, 'Trade receivables by ageing bucket', v.receivables, fv);
  if (v.cash.length > 0) {
    w.subheading('Cash and bank balances: at book value', KEEP_WITH_TABLE);
    w.table(
      [
        { header: 'Account', width: 0.6 },
        { header: `Book value = ${fv.toLowerCase()} (₹)`, width: 0.4, align: 'right' },
      ],
      v.cash.map((c) => [c.label, rs(c.fairValue)]),
      small,
    );
  }
  if (v.investments.length > 0) {
    w.subheading('Investments: quoted price or net asset value', KEEP_WITH_TABLE);
    w.table(
      [
        { header: 'Investment', width: 0.3 },
        { header: 'Basis', width: 0.3 },
        { header: 'Book value (₹)', width: 0.18, align: 'right' },
        { header: `${fv} (₹)`, width: 0.22, align: 'right' },
      ],
      v.investments.map((i) => [
        `${i.label} (${i.priceSource})`,
        i.quantity
          ? `${formatCount(i.quantity)} ${/\bshares?\b/i.test(i.label) ? 'shares' : 'units'} × ₹${rate(i.quotedPrice!)} quoted`
          : 'net asset value of the holding',
        rs(i.bookValue),
        rs(i.fairValue),
      ]),
      small,
    );
  }
  forcedSaleTable(w, v, liq, fv);
  // In liquidation the orderly-sale values are each row's starting point, never a total (orderlyName).
  const totalled = realisable(input) ? null : fv;
  classTotals(w, v, liq, totalled);
  registrationTotals(w, v, liq, input, totalled);
}

function landTables(w: Writer, v: ValuedRegisters, input: ReportInput): void {
  w.subheading('Land: sales comparison', KEEP_WITH_TABLE);
  for (const p of v.land) {
    w.paragraph(
      `${p.parcel}: ${p.description}, survey number ${p.surveyNumber}, ${area(p.landArea, p.areaUnit)}; title: ${p.title}.`,
      { size: SIZE.small },
    );
    if (p.comparables.length > 0)
      w.table(
        [
          { header: 'Comparable sale', width: 0.22 },
          { header: 'Area', width: 0.11, align: 'right' },
          { header: 'Price (₹)', width: 0.17, align: 'right' },
          { header: 'Rate (₹)', width: 0.1, align: 'right' },
          { header: 'Location / size / time / other (%)', width: 0.16, align: 'right' },
          { header: 'Net', width: 0.09, align: 'right' },
          { header: 'Adjusted rate (₹)', width: 0.15, align: 'right' },
        ],
        p.comparables.map((c) => [
          `${formatDate(c.saleDate)}, ${c.place}${c.saleSource ? ` (${c.saleSource})` : ''}`,
          area(c.saleArea, p.areaUnit),
          rs(c.salePrice),
          rate(c.rate),
          [c.adjustments.location, c.adjustments.size, c.adjustments.time, c.adjustments.other]
            .map((a) => toPlaces(a, 2))
            .join(' / '),
          pc(c.netAdjustment),
          rate(c.adjustedRate),
        ]),
        small,
      );
    sourcesNote(
      w,
      'Source of each adjustment',
      p.comparables.map((c) => [`${formatDate(c.saleDate)}, ${c.place}`, c.adjustmentSource]),
    );
    noteText(
      w,
      p.rateRule === 'MEAN'
        ? `Adopted rate: the mean of the ${p.comparables.length} adjusted rates, ₹${rate(p.adoptedRate)} per ${AREA[p.areaUnit] ?? p.areaUnit} (kept exact in the computation). ${orderlyName(input)} = ${area(p.landArea, p.areaUnit)} × the adopted rate = ₹${rs(p.fairValue)}.`
        : `Adopted rate: ₹${rate(p.adoptedRate)} per ${AREA[p.areaUnit] ?? p.areaUnit}, stated by the valuer: ${p.rateReason}. ${orderlyName(input)} = ${area(p.landArea, p.areaUnit)} × ₹${rate(p.adoptedRate)} = ₹${rs(p.fairValue)}.`,
    );
  }
  noteText(
    w,
    `Each rate is the price ÷ the area; the adjustments are added together and applied once to it (${input.financials!.liquidation!.registers!.landComparables?.length ?? 0} sales in all).`,
  );
}

function recoverableTable(w: Writer, title: string, rows: ValuedRegisters['inventories'], fv: string): void {
  if (rows.length === 0) return;
  w.subheading(`${title}: book value × recoverable percentage`, KEEP_WITH_TABLE);
  w.table(
    [
      { header: 'Category and age', width: 0.46 },
      { header: 'Book value (₹)', width: 0.2, align: 'right' },
      { header: 'Recoverable', width: 0.14, align: 'right' },
      { header: `${fv} (₹)`, width: 0.2, align: 'right' },
    ],
    rows.map((r) => [r.label, rs(r.bookValue), pc(r.recoverability), rs(r.fairValue)]),
    small,
  );
}

function forcedSaleTable(w: Writer, v: ValuedRegisters, liq: string, fv: string): void {
  const rows: ValuedRow[] = [
    ...v.land,
    ...v.buildings,
    ...v.machinery,
    ...v.inventories,
    ...v.receivables,
    ...v.cash,
    ...v.investments,
  ];
  w.subheading(`${liq}: the forced sale, asset by asset`, KEEP_WITH_TABLE);
  w.table(
    [
      { header: 'Asset', width: 0.21 },
      { header: `${fv} (₹)`, width: 0.16, align: 'right' },
      { header: 'Discount', width: 0.1, align: 'right' },
      { header: `${liq} (₹)`, width: 0.16, align: 'right' },
      { header: 'Marketing period', width: 0.11 },
      { header: 'Reason', width: 0.26 },
    ],
    rows.map((r) => [
      r.label,
      rs(r.fairValue),
      pc(r.forcedSaleDiscount),
      rs(r.liquidationValue),
      r.marketingPeriod,
      r.discountReason,
    ]),
    small,
  );
}

/** A totals table: the rows given, then the total of all asset classes; book value, fair value (if any), liquidation. */
function totalsTable(
  w: Writer,
  v: ValuedRegisters,
  firstHeader: string,
  firstWidth: number,
  rows: string[][],
  liq: string,
  fv: string | null,
): void {
  rows.push([
    'Total of all asset classes',
    rs(sum(v.classes.map((c) => c.bookValue))),
    ...(fv ? [rs(sum(v.classes.map((c) => c.fairValue)))] : []),
    rs(sum(v.classes.map((c) => c.liquidationValue))),
  ]);
  // The figures share what the first column leaves: three columns with a fair value, two without.
  const rest = (1 - (fv ? firstWidth : firstWidth + 0.1)) / (fv ? 3 : 2);
  w.table(
    [
      { header: firstHeader, width: fv ? firstWidth : firstWidth + 0.1 },
      { header: 'Book value (₹)', width: rest, align: 'right' },
      ...(fv ? [{ header: `${fv} (₹)`, width: rest, align: 'right' as const }] : []),
      { header: `${liq} (₹)`, width: rest, align: 'right' },
    ],
    rows,
    { ...small, boldRows: new Set([rows.length - 1]) },
  );
}

function classTotals(w: Writer, v: ValuedRegisters, liq: string, fv: string | null): void {
  const rows = v.classes.map((c) => [
    labelOf(c.assetClass),
    rs(c.bookValue),
    ...(fv ? [rs(c.fairValue)] : []),
    rs(c.liquidationValue),
  ]);
  // The heading stays with its table: room for the heading, the header row and every class's row with the total.
  w.subheading('Totals by asset class', 60 + 16 * (rows.length + 2));
  totalsTable(w, v, 'Asset class', 0.34, rows, liq, fv);
}

/**
 * The totals by IBBI registration class, each with its registers and the valuer who signs it (docs/statutes.md, IBC:
 * who signs each class): inventories under Plant and Machinery; receivables, cash and investments under Securities.
 */
function registrationTotals(w: Writer, v: ValuedRegisters, liq: string, input: ReportInput, fv: string | null): void {
  const order = ['LAND_AND_BUILDING', 'PLANT_AND_MACHINERY', 'SECURITIES_OR_FINANCIAL_ASSETS'] as const;
  const groups = order
    .map((r) => ({ r, classes: v.classes.filter((c) => ibcRegistrationClass(c.assetClass) === r) }))
    .filter((g) => g.classes.length > 0);
  w.subheading('Totals by IBBI registration class, and the valuer who signs each', 140);
  const rows = groups.map((g) => [
    `${IBC_CLASS_LABELS[g.r]}: ${g.classes.map((c) => labelOf(c.assetClass).toLowerCase()).join(', ')}; ${classValuer(input, g.r)}`,
    rs(sum(g.classes.map((c) => c.bookValue))),
    ...(fv ? [rs(sum(g.classes.map((c) => c.fairValue)))] : []),
    rs(sum(g.classes.map((c) => c.liquidationValue))),
  ]);
  totalsTable(w, v, 'Registration class: asset registers; registered valuer', 0.4, rows, liq, fv);
  noteText(
    w,
    'Inventories are valued by the Plant and Machinery valuer, who counts the stock at the plant with the machines; trade receivables, cash and bank balances and investments by the Securities or Financial Assets valuer.',
  );
}

/** The heading of a registration class's part of the workings: the class, its registers and its valuer. */
function partHeading(w: Writer, input: ReportInput, registrationClass: keyof typeof IBC_CLASS_LABELS): void {
  w.subheading(`${IBC_CLASS_LABELS[registrationClass]}: the estimate of ${classValuer(input, registrationClass)}`, 120);
  noteText(
    w,
    `Estimated by the registered valuer for ${IBC_CLASS_LABELS[registrationClass]} after their own physical verification, and signed by them in the signature section.`,
  );
}

/** Where each row's rate or adjustment comes from, as the register states it ("not stated" where it does not). */
function sourcesNote(w: Writer, heading: string, rows: [string, string | undefined][]): void {
  if (rows.length === 0) return;
  noteText(w, `${heading}: ${rows.map(([label, source]) => `${label}: ${source ?? 'not stated'}`).join('; ')}.`);
}

const CLASS_WORDS = (classes: string[]) => classes.map(labelOf).join(', ');
/** Classes named inside a sentence: "valued in land and building, plant and machinery". */
const classWordsInline = (classes: string[]) =>
  classes.map((c) => labelOf(c).charAt(0).toLowerCase() + labelOf(c).slice(1)).join(', ');

/** Every asset line of the balance sheet: valued in a class, excluded with its reason, or not accounted for. */
export function reconciliationAnnexure(w: Writer, input: ReportInput): void {
  const f = input.financials!;
  const r = reconcileAssets({ balanceSheet: f.balanceSheet, liquidation: f.liquidation });
  w.paragraph(
    `Each asset line of the balance sheet as at ${formatDate(f.balanceSheetDate)} and how this valuation treats it: valued in an asset class, or excluded with the reason stated.`,
  );
  const rows = r.lines.map((l) => [
    l.label,
    rs(l.bookValue),
    l.status === 'VALUED'
      ? `Valued in ${classWordsInline(l.classes)}`
      : l.status === 'EXCLUDED'
        ? `Excluded: ${l.reason}`
        : 'Neither valued nor excluded',
  ]);
  rows.push(['Valued in the asset classes', rs(r.valuedBook), ''], ['Excluded', rs(r.excludedBook), '']);
  rows.push(['Total assets on the balance sheet', rs(r.totalAssets), '']);
  w.table(
    [
      { header: 'Balance sheet line', width: 0.34 },
      { header: 'Book value (₹)', width: 0.2, align: 'right' },
      { header: 'Treatment', width: 0.46 },
    ],
    rows,
    { ...small, boldRows: new Set([rows.length - 1]) },
  );
  w.subheading("The classes' book values against the lines they value", KEEP_WITH_TABLE);
  w.table(
    [
      { header: 'Asset classes', width: 0.24 },
      { header: 'Balance sheet lines', width: 0.26 },
      { header: 'Lines (₹)', width: 0.18, align: 'right' },
      { header: 'Classes (₹)', width: 0.18, align: 'right' },
      { header: 'Difference (₹)', width: 0.14, align: 'right' },
    ],
    r.groups.map((g) => [
      CLASS_WORDS(g.classes),
      g.items.map(labelOf).join(', ') || 'none',
      rs(g.itemsBook),
      rs(g.classesBook),
      rs(g.difference),
    ]),
    small,
  );
  noteText(
    w,
    r.booksChecked
      ? "The classes' book values equal the lines they value: every rupee of the balance sheet's assets is valued or excluded."
      : "The classes' book values are as the corporate debtor's books give them; a difference from the lines they value is shown as it is.",
  );
}
