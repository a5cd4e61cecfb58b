// The IBC asset registers valued row by row (docs/asset-registers.md): every figure computed here from the valuer's
// own inputs, in exact decimals. Rounding: each row's fair value is computed from its exact inputs (an adopted land
// rate is kept exact, not as printed) and rounded once, half-up, to the paisa; its liquidation value is that fair
// value × (1 − the forced-sale discount), rounded once to the paisa; a class's totals are the sums of its rows, so
// every annexure table foots to the paisa.
import type { AssetClass } from '../financials/schema.js';
import type { NormalisedRegisters } from '../financials/normalised-registers.js';
import { REGISTER_CLASS, REGISTER_NAMES, type RegisterName } from '../financials/registers-schema.js';
import { Dec, HUNDRED, ONE, ZERO, dec, sum } from './money.js';

const paisa = (value: Dec) => value.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const pct = (value: string | undefined) => dec(value ?? '0').div(HUNDRED);

/** What every row carries: its book value, fair value and liquidation value (rupees, to the paisa). */
export interface ValuedRow {
  label: string;
  bookValue: Dec;
  fairValue: Dec;
  forcedSaleDiscount: Dec;
  liquidationValue: Dec;
  marketingPeriod: string;
  discountReason: string;
}

export interface ValuedComparable {
  saleDate: string;
  place: string;
  saleArea: Dec;
  salePrice: Dec;
  saleSource?: string;
  /** Where the adjustments come from. */
  adjustmentSource?: string;
  /** Price ÷ area, ₹ per area unit, exact. */
  rate: Dec;
  adjustments: { location: Dec; size: Dec; time: Dec; other: Dec };
  /** The adjustments added together, percent. */
  netAdjustment: Dec;
  /** rate × (1 + net adjustment), exact. */
  adjustedRate: Dec;
}

export interface ValuedParcel extends ValuedRow {
  parcel: string;
  description: string;
  surveyNumber: string;
  landArea: Dec;
  areaUnit: string;
  title: string;
  comparables: ValuedComparable[];
  /** MEAN: the mean of the adjusted comparable rates; STATED: the valuer's rate, with `rateReason`. */
  rateRule: 'MEAN' | 'STATED';
  adoptedRate: Dec;
  rateReason?: string;
}

export interface ValuedBuilding extends ValuedRow {
  builtUpArea: Dec;
  areaUnit: string;
  replacementCostRate: Dec;
  /** Where the rate comes from. */
  rateSource?: string;
  age: Dec;
  totalLife: Dec;
  condition: string;
  /** max(0, 1 − age ÷ total life). */
  depreciationFactor: Dec;
  /** Percent. */
  conditionFactor: Dec;
  /** area × rate, before depreciation. */
  replacementCost: Dec;
}

export interface ValuedMachine extends ValuedRow {
  make: string;
  yearOfManufacture: number;
  costBasis: string;
  replacementCost: Dec;
  /** Where the cost comes from. */
  costSource?: string;
  /** The balance sheet's year less the year of manufacture, never below nil. */
  age: Dec;
  usefulLife: Dec;
  depreciationFactor: Dec;
  obsolescence: Dec;
}

export interface ValuedRecoverable extends ValuedRow {
  ageing: string;
  category?: string;
  recoverability: Dec;
}

export interface ValuedInvestment extends ValuedRow {
  investmentBasis: string;
  quantity?: Dec;
  quotedPrice?: Dec;
  netAssetValue?: Dec;
  priceSource: string;
}

export interface ClassTotal {
  assetClass: AssetClass;
  bookValue: Dec;
  fairValue: Dec;
  liquidationValue: Dec;
}

export interface ValuedRegisters {
  land: ValuedParcel[];
  buildings: ValuedBuilding[];
  machinery: ValuedMachine[];
  inventories: ValuedRecoverable[];
  receivables: ValuedRecoverable[];
  cash: ValuedRow[];
  investments: ValuedInvestment[];
  /** One per class a register values, in the order of REGISTER_NAMES. */
  classes: ClassTotal[];
}

type Disposal = { bookValue: string; forcedSaleDiscount: string; marketingPeriod: string; discountReason: string };

function disposal(label: string, fairValue: Dec, row: Disposal): ValuedRow {
  const discount = dec(row.forcedSaleDiscount);
  return {
    label,
    bookValue: dec(row.bookValue),
    fairValue,
    forcedSaleDiscount: discount,
    liquidationValue: paisa(fairValue.times(ONE.minus(discount.div(HUNDRED)))),
    marketingPeriod: row.marketingPeriod,
    discountReason: row.discountReason,
  };
}

/** max(0, 1 − age ÷ life): a building or machine past its life keeps no depreciated cost. */
export const depreciationFactor = (age: Dec, life: Dec): Dec => Dec.max(ZERO, ONE.minus(age.div(life)));

/** The mean of the adjusted comparable rates, or the valuer's stated rate (docs/asset-registers.md, Land). */
function valueParcel(
  p: NonNullable<NormalisedRegisters['land']>[number],
  sales: NormalisedRegisters['landComparables'],
): ValuedParcel {
  const comparables = (sales ?? [])
    .filter((c) => c.parcel === p.parcel)
    .map((c): ValuedComparable => {
      const rate = dec(c.salePrice).div(dec(c.saleArea));
      const adjustments = {
        location: dec(c.locationAdjustment ?? '0'),
        size: dec(c.sizeAdjustment ?? '0'),
        time: dec(c.timeAdjustment ?? '0'),
        other: dec(c.otherAdjustment ?? '0'),
      };
      const netAdjustment = sum(Object.values(adjustments));
      return {
        saleDate: c.saleDate,
        place: c.place,
        saleArea: dec(c.saleArea),
        salePrice: dec(c.salePrice),
        ...(c.saleSource !== undefined && { saleSource: c.saleSource }),
        ...(c.adjustmentSource !== undefined && { adjustmentSource: c.adjustmentSource }),
        rate,
        adjustments,
        netAdjustment,
        adjustedRate: rate.times(ONE.plus(netAdjustment.div(HUNDRED))),
      };
    });
  const stated = p.adoptedRate !== undefined;
  const adoptedRate = stated
    ? dec(p.adoptedRate!)
    : sum(comparables.map((c) => c.adjustedRate)).div(Math.max(comparables.length, 1));
  const area = dec(p.landArea);
  return {
    ...disposal(`${p.parcel}: ${p.description}`, paisa(area.times(adoptedRate)), p),
    parcel: p.parcel,
    description: p.description,
    surveyNumber: p.surveyNumber,
    landArea: area,
    areaUnit: p.areaUnit,
    title: p.title,
    comparables,
    rateRule: stated ? 'STATED' : 'MEAN',
    adoptedRate,
    ...(p.rateReason !== undefined && { rateReason: p.rateReason }),
  };
}

function valueBuilding(b: NonNullable<NormalisedRegisters['buildings']>[number]): ValuedBuilding {
  const replacementCost = dec(b.builtUpArea).times(dec(b.replacementCostRate));
  const factor = depreciationFactor(dec(b.age), dec(b.totalLife));
  const conditionFactor = dec(b.conditionFactor ?? '100');
  return {
    ...disposal(b.description, paisa(replacementCost.times(factor).times(conditionFactor.div(HUNDRED))), b),
    builtUpArea: dec(b.builtUpArea),
    areaUnit: b.areaUnit,
    replacementCostRate: dec(b.replacementCostRate),
    ...(b.rateSource !== undefined && { rateSource: b.rateSource }),
    age: dec(b.age),
    totalLife: dec(b.totalLife),
    condition: b.condition,
    depreciationFactor: factor,
    conditionFactor,
    replacementCost,
  };
}

function valueMachine(
  m: NonNullable<NormalisedRegisters['machinery']>[number],
  balanceSheetYear: number,
): ValuedMachine {
  const age = dec(Math.max(0, balanceSheetYear - Number(m.yearOfManufacture)));
  const factor = depreciationFactor(age, dec(m.usefulLife));
  const cost = dec(m.replacementCost);
  const obsolescence = dec(m.obsolescence);
  return {
    ...disposal(
      `${m.description} (${m.make}, ${m.yearOfManufacture})`,
      paisa(cost.times(factor).times(ONE.minus(pct(m.obsolescence)))),
      m,
    ),
    make: m.make,
    yearOfManufacture: Number(m.yearOfManufacture),
    costBasis: m.costBasis,
    replacementCost: cost,
    ...(m.costSource !== undefined && { costSource: m.costSource }),
    age,
    usefulLife: dec(m.usefulLife),
    depreciationFactor: factor,
    obsolescence,
  };
}

function valueRecoverable(
  r: { ageing: string; category?: string; recoverability: string } & Disposal,
): ValuedRecoverable {
  const label = r.category ? `${r.category}, ${r.ageing}` : r.ageing;
  return {
    ...disposal(label, paisa(dec(r.bookValue).times(pct(r.recoverability))), r),
    ageing: r.ageing,
    ...(r.category !== undefined && { category: r.category }),
    recoverability: dec(r.recoverability),
  };
}

function valueInvestment(i: NonNullable<NormalisedRegisters['investments']>[number]): ValuedInvestment {
  const quoted = i.investmentBasis === 'QUOTED_PRICE';
  const fair = quoted ? paisa(dec(i.quantity!).times(dec(i.quotedPrice!))) : dec(i.netAssetValue!);
  return {
    ...disposal(i.description, fair, i),
    investmentBasis: i.investmentBasis,
    ...(quoted && { quantity: dec(i.quantity!), quotedPrice: dec(i.quotedPrice!) }),
    ...(!quoted && { netAssetValue: dec(i.netAssetValue!) }),
    priceSource: i.priceSource,
  };
}

/** Every register's rows valued, and each class's totals. `balanceSheetDate` dates a machine's age. */
export function valueRegisters(registers: NormalisedRegisters, balanceSheetDate: string): ValuedRegisters {
  const year = Number(balanceSheetDate.slice(0, 4));
  const valued = {
    land: (registers.land ?? []).map((p) => valueParcel(p, registers.landComparables)),
    buildings: (registers.buildings ?? []).map(valueBuilding),
    machinery: (registers.machinery ?? []).map((m) => valueMachine(m, year)),
    inventories: (registers.inventories ?? []).map(valueRecoverable),
    receivables: (registers.receivables ?? []).map(valueRecoverable),
    cash: (registers.cash ?? []).map((c) => disposal(c.description, dec(c.bookValue), c)),
    investments: (registers.investments ?? []).map(valueInvestment),
  } satisfies Record<RegisterName, ValuedRow[]>;
  const classes: ClassTotal[] = [];
  for (const name of REGISTER_NAMES) {
    if (registers[name] === undefined) continue;
    const assetClass = REGISTER_CLASS[name];
    let total = classes.find((c) => c.assetClass === assetClass);
    if (!total) {
      total = { assetClass, bookValue: ZERO, fairValue: ZERO, liquidationValue: ZERO };
      classes.push(total);
    }
    for (const row of valued[name] as ValuedRow[]) {
      total.bookValue = total.bookValue.plus(row.bookValue);
      total.fairValue = total.fairValue.plus(row.fairValue);
      total.liquidationValue = total.liquidationValue.plus(row.liquidationValue);
    }
  }
  return { ...valued, classes };
}
