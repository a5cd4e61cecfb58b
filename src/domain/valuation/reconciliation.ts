// The reconciliation of an IBC valuation (docs/asset-registers.md, Reconciliation): every asset line of the balance
// sheet at the commencement date is valued in an asset class or excluded with its reason, and the book values of
// the classes valued equal the lines they value. A line neither valued nor excluded refuses the valuation.
import { ASSET_FIELDS, type BalanceSheetField } from '../financials/fields.js';
import type { NormalisedFinancials } from '../financials/normalise.js';
import type { AssetClass } from '../financials/schema.js';
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { Dec, ZERO, dec, formatRupees, sum } from './money.js';

type AssetField = (typeof ASSET_FIELDS)[number];

/**
 * The classes a line is valued in where the financials do not say: those of its nature that the valuation values;
 * failing them, in financials without registers or a stated reconciliation (the earlier shape), the class of other
 * assets where it is valued; failing that, none (the line is not accounted for).
 */
export const CLASSES_BY_NATURE: Record<AssetField, AssetClass[]> = {
  propertyPlantEquipment: ['LAND_AND_BUILDING', 'PLANT_AND_MACHINERY'],
  capitalWorkInProgress: ['LAND_AND_BUILDING', 'PLANT_AND_MACHINERY'],
  intangibleAssets: [],
  nonCurrentInvestments: ['SECURITIES_OR_FINANCIAL_ASSETS'],
  deferredTaxAssets: [],
  longTermLoansAndAdvances: ['SECURITIES_OR_FINANCIAL_ASSETS'],
  otherNonCurrentAssets: [],
  currentInvestments: ['SECURITIES_OR_FINANCIAL_ASSETS'],
  inventories: ['INVENTORIES'],
  tradeReceivables: ['TRADE_RECEIVABLES'],
  cashAndCashEquivalents: ['CASH_AND_BANK'],
  shortTermLoansAndAdvances: ['SECURITIES_OR_FINANCIAL_ASSETS'],
  otherCurrentAssets: [],
};

export type LineStatus = 'VALUED' | 'EXCLUDED' | 'NOT_ACCOUNTED';

export interface ReconciledLine {
  item: AssetField;
  label: string;
  bookValue: Dec;
  status: LineStatus;
  classes: AssetClass[];
  reason?: string;
  /** True where the financials state the line's treatment; false where it follows from the line's nature. */
  stated: boolean;
}

/** Lines and classes valued together: the lines' book values against the classes'. */
export interface ReconciledGroup {
  items: AssetField[];
  classes: AssetClass[];
  itemsBook: Dec;
  classesBook: Dec;
  difference: Dec;
}

export interface Reconciliation {
  lines: ReconciledLine[];
  groups: ReconciledGroup[];
  totalAssets: Dec;
  valuedBook: Dec;
  excludedBook: Dec;
  classesBook: Dec;
  /** Whether the classes' book values must equal the lines' (financials with registers or a stated reconciliation). */
  booksChecked: boolean;
  /** Each line not accounted for, or group whose book values differ, as a JSON Pointer into the financials. */
  problems: { path: string; message: string }[];
}

const labelOf = (item: string) => FINANCIAL_LABELS[item] ?? item;

/** The reconciliation's refusals, where the financials value asset classes at all (else the classes are what is missing). */
export const unaccountedAssets = (f: NormalisedFinancials): Reconciliation['problems'] =>
  (f.liquidation?.assets.length ?? 0) > 0 ? reconcileAssets(f).problems : [];

export function reconcileAssets(f: Pick<NormalisedFinancials, 'balanceSheet' | 'liquidation'>): Reconciliation {
  const liquidation = f.liquidation;
  const classBook = new Map<AssetClass, Dec>();
  for (const a of liquidation?.assets ?? [])
    classBook.set(a.assetClass, (classBook.get(a.assetClass) ?? ZERO).plus(dec(a.bookValue)));
  const valued = new Set(classBook.keys());
  const stated = liquidation?.reconciliation ?? [];
  const problems: Reconciliation['problems'] = [];
  const lines: ReconciledLine[] = [];
  const booksChecked = liquidation?.registers !== undefined || liquidation?.reconciliation !== undefined;
  for (const item of ASSET_FIELDS) {
    const bookValue = dec(f.balanceSheet[item as BalanceSheetField]);
    const rows = stated.filter((r) => r.item === item);
    const label = labelOf(item);
    if (rows.length === 0 && bookValue.isZero()) continue;
    if (rows.length > 0) {
      const excluded = rows.find((r) => r.excludedReason !== undefined);
      const classes = rows.flatMap((r) => (r.assetClass ? [r.assetClass] : []));
      if (excluded && classes.length > 0)
        problems.push({
          path: `/balanceSheet/${item}`,
          message: `${label} is both valued (${classes.join(', ')}) and excluded in the reconciliation; state one`,
        });
      for (const c of classes.filter((c) => !valued.has(c)))
        problems.push({
          path: `/balanceSheet/${item}`,
          message: `${label} is stated as valued in ${c}, but no ${c} class is valued (liquidation.assets)`,
        });
      lines.push({
        item,
        label,
        bookValue,
        status: excluded && classes.length === 0 ? 'EXCLUDED' : 'VALUED',
        classes: classes.filter((c) => valued.has(c)),
        ...(excluded?.excludedReason !== undefined && { reason: excluded.excludedReason }),
        stated: true,
      });
      continue;
    }
    // The class of other assets takes what has no class of its own only in financials that state no reconciliation.
    const byNature = CLASSES_BY_NATURE[item].filter((c) => valued.has(c));
    const fallback = !booksChecked && valued.has('OTHER') ? (['OTHER'] as AssetClass[]) : [];
    const classes: AssetClass[] = byNature.length > 0 ? byNature : fallback;
    lines.push({
      item,
      label,
      bookValue,
      status: classes.length > 0 ? 'VALUED' : 'NOT_ACCOUNTED',
      classes,
      stated: false,
    });
    if (classes.length === 0)
      problems.push({
        path: `/balanceSheet/${item}`,
        message: `${label} (${formatRupees(bookValue)} on the balance sheet) is neither valued in an asset class nor excluded with a reason (liquidation.reconciliation)`,
      });
  }
  const groups = groupsOf(lines, classBook);
  if (booksChecked)
    for (const g of groups.filter((g) => !g.difference.isZero()))
      problems.push({
        path: g.items.length > 0 ? `/balanceSheet/${g.items[0]}` : '/liquidation/assets',
        message: `the book value of ${g.classes.join(', ')} (${formatRupees(g.classesBook)}) differs from ${
          g.items.length > 0 ? g.items.map(labelOf).join(', ') : 'no balance-sheet line'
        } (${formatRupees(g.itemsBook)}) by ${formatRupees(g.difference.abs())}: the part not valued is neither valued nor excluded with a reason`,
      });
  const of = (status: LineStatus) => sum(lines.filter((l) => l.status === status).map((l) => l.bookValue));
  return {
    lines,
    groups,
    totalAssets: sum(ASSET_FIELDS.map((i) => dec(f.balanceSheet[i as BalanceSheetField]))),
    valuedBook: of('VALUED'),
    excludedBook: of('EXCLUDED'),
    classesBook: sum([...classBook.values()]),
    booksChecked,
    problems,
  };
}

/** Lines and the classes they are valued in, joined where they share a class (a line in two classes joins both). */
function groupsOf(lines: ReconciledLine[], classBook: Map<AssetClass, Dec>): ReconciledGroup[] {
  const groups: { items: AssetField[]; classes: Set<AssetClass> }[] = [];
  for (const line of lines.filter((l) => l.status === 'VALUED')) {
    const joined = groups.filter((g) => line.classes.some((c) => g.classes.has(c)));
    const merged = { items: [line.item], classes: new Set(line.classes) };
    for (const g of joined) {
      merged.items.unshift(...g.items);
      for (const c of g.classes) merged.classes.add(c);
      groups.splice(groups.indexOf(g), 1);
    }
    groups.push(merged);
  }
  for (const c of classBook.keys())
    if (!groups.some((g) => g.classes.has(c))) groups.push({ items: [], classes: new Set([c]) });
  const order = (items: AssetField[]) => [...items].sort((a, b) => ASSET_FIELDS.indexOf(a) - ASSET_FIELDS.indexOf(b));
  return groups.map((g) => {
    const items = order(g.items);
    const classes = [...g.classes];
    const itemsBook = sum(items.map((i) => dec(lines.find((l) => l.item === i)!.bookValue)));
    const classesBook = sum(classes.map((c) => classBook.get(c) ?? ZERO));
    return { items, classes, itemsBook, classesBook, difference: classesBook.minus(itemsBook) };
  });
}
