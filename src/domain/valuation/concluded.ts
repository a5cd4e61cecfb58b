// The conclusion as a reader looks for it first (docs/reports.md, The conclusion where a reader looks first): the
// value per share and in total, the share count it is multiplied by (basic or fully diluted), the basis of value,
// the premise and the level of value, at the valuation date. One function, so the cover, the executive summary
// and the public verify answer say the same thing.
import { METHOD_TITLES, capitalised } from '../../contract/vocabulary.js';
import { valueBasis } from './discounts.js';
import { dec, toPaise } from './money.js';
import type { MethodResult, ValuationResult, ValueBasis } from './types.js';

export type ShareBasis = 'BASIC' | 'FULLY_DILUTED';

export interface ConcludedValue {
  valuationDate: string;
  /** Per equity share, after any discount; null where no single value concludes (IBC, Rule 11UA without a purpose). */
  valuePerShare: string | null;
  /** The number of equity shares the value per share applies to, and on which basis. */
  shares: string | null;
  shareBasis: ShareBasis | null;
  /** valuePerShare × shares: the concluded value per share is the figure concluded, the total follows from it. */
  totalValue: string | null;
  /** IBC: the assets' values in total, each with its name ("Fair value", "Liquidation value", "Realisable value"). */
  values: { label: string; totalValue: string }[];
  basisOfValue: string;
  premiseOfValue: string;
  /** Control or minority, marketable or not; null for IBC (assets, not shares). */
  levelOfValue: string | null;
}

const PRESCRIBED_NAV = new Set(['NAV_11UA_1CB', 'NAV_11UA_2A', 'NAV_RULE_57']);

/** The methods the conclusion rests on: those weighed above nil, else the one the basis names. */
export function adoptedMethodsOf(v: ValuationResult): MethodResult[] {
  const c = v.conclusion;
  if (c.weights?.length) {
    const weighed = new Set(c.weights.filter((x) => dec(x.weightPercent).gt(0)).map((x) => x.method));
    return v.methods.filter((m) => weighed.has(m.method));
  }
  if (c.valuePerShare === null) return [];
  const exact = v.methods.filter((m) => m.valuePerShare === (c.valueBeforeDiscount ?? c.valuePerShare));
  return exact.length ? [exact[0]] : v.methods.slice(0, 1);
}

/** The count a method's value per share divides by: its fully diluted count, else the shares outstanding. */
export function sharesOf(m: MethodResult): { shares: string; basis: ShareBasis } | null {
  if (m.dilutedShares) return { shares: m.dilutedShares.shares, basis: 'FULLY_DILUTED' };
  const line = m.lines.find((l) => l.kind === 'COUNT' && /shares outstanding/i.test(l.label));
  return line ? { shares: line.value, basis: 'BASIC' } : null;
}

export function concludedValue(v: ValuationResult): ConcludedValue {
  const c = v.conclusion;
  const ibc = v.statute === 'IBC_LIQUIDATION';
  const realisable = ibc && !c.fairValue && !!c.liquidationValue;
  const values = [
    ...(c.fairValue ? [{ label: 'Fair value', totalValue: c.fairValue.totalValue ?? c.fairValue.equityValue }] : []),
    ...(c.liquidationValue
      ? [
          {
            label: realisable ? 'Realisable value' : 'Liquidation value',
            totalValue: c.liquidationValue.totalValue ?? c.liquidationValue.equityValue,
          },
        ]
      : []),
    // CIRP: the coordinating valuer's value of the corporate debtor as a whole (docs/ibc-valuation.md).
    ...(c.corporateDebtor
      ? [{ label: 'Fair value of the corporate debtor as a whole', totalValue: c.corporateDebtor.fairValue }]
      : []),
  ];
  const adopted = adoptedMethodsOf(v);
  // The count of the method weighed most (the methods of one report count alike unless options are in the money
  // at one method's value and not another's; docs/valuation-method.md, Fully diluted shares).
  const lead = [...adopted].sort((a, b) => weightOf(v, b) - weightOf(v, a))[0];
  const count = !ibc && c.valuePerShare !== null && lead ? sharesOf(lead) : null;
  return {
    valuationDate: v.valuationDate,
    valuePerShare: ibc ? null : c.valuePerShare,
    shares: count?.shares ?? null,
    shareBasis: count?.basis ?? null,
    totalValue: count && c.valuePerShare !== null ? toPaise(dec(c.valuePerShare).times(dec(count.shares))) : null,
    values,
    basisOfValue: basisOfValue(v, realisable),
    premiseOfValue: ibc
      ? realisable
        ? 'A forced sale in liquidation'
        : 'Fair value: an orderly sale after proper marketing; liquidation value: a forced sale'
      : 'Going concern: the company continues its business for the foreseeable future',
    levelOfValue: ibc ? null : levelOfValue(v, adopted),
  };
}

function weightOf(v: ValuationResult, m: MethodResult): number {
  return Number(v.conclusion.weights?.find((x) => x.method === m.method)?.weightPercent ?? 100);
}

function basisOfValue(v: ValuationResult, realisable: boolean): string {
  switch (v.statute) {
    case 'IBC_LIQUIDATION':
      return realisable
        ? 'Realisable value in liquidation (Regulation 35 of the Liquidation Process Regulations, 2016)'
        : 'Fair value and liquidation value (Regulation 35 of the CIRP Regulations, 2016)';
    case 'RULE_11UA':
      return 'Fair market value as the Income-tax rules prescribe it';
    default:
      return 'Fair value (ICAI Valuation Standard 102)';
  }
}

const LEVEL: Record<ValueBasis, [string, string]> = {
  CONTROL_MARKETABLE: ['control', 'marketable'],
  MINORITY_MARKETABLE: ['minority', 'marketable'],
  MINORITY_NON_MARKETABLE: ['minority', 'non-marketable'],
};

/**
 * Control or minority, marketable or not, of the concluded value: each adopted method's basis after the discounts
 * applied to it. A prescribed formula is a pro-rata share of the net assets, as the rule writes it.
 */
function levelOfValue(v: ValuationResult, adopted: MethodResult[]): string | null {
  if (adopted.length === 0) return null;
  if (adopted.every((m) => PRESCRIBED_NAV.has(m.method)))
    return 'Pro-rata share of the net assets as the rule prescribes, with no discount or premium for control or marketability';
  const c = v.conclusion;
  const dloc = !!c.controlDiscount && dec(c.controlDiscount.percent).gt(0);
  const dlom = !!c.discount && dec(c.discount.percent).gt(0);
  const levels = new Map<string, string[]>();
  for (const m of adopted) {
    const byMethod = c.discountsByMethod?.find((x) => x.method === m.method);
    const [control, market] = LEVEL[byMethod?.basis ?? m.valueBasis ?? valueBasis(m.method)];
    // Without a per-method table a discount applies to the weighted value, so to every method.
    const takesDloc = dloc && (byMethod ? byMethod.controlDiscountApplies : true);
    const takesDlom = dlom && (byMethod ? byMethod.marketabilityDiscountApplies : true);
    const level = `${takesDloc ? 'minority' : control}, ${takesDlom ? 'non-marketable' : market}`;
    levels.set(level, [...(levels.get(level) ?? []), METHOD_TITLES[m.method] ?? m.title]);
  }
  if (levels.size === 1) return capitalised([...levels.keys()][0]);
  const parts = [...levels].map(([level, titles]) => `${level} (${titles.join(', ')})`);
  return `${capitalised(parts.join('; '))}: the adopted methods' values, each on its level, weighted`;
}
