// The IBC asset registers of the financials document (docs/asset-registers.md): each asset class's assets row by
// row, in the valuer's words, from which the service computes the class's fair value and liquidation value; and the
// reconciliation of the balance sheet's assets at the commencement date to the classes valued.
import { z } from 'zod';
import { ASSET_CLASSES, ASSET_FIELDS } from './fields.js';

/** The units a land parcel's or a building's area is measured in. */
export const AREA_UNITS = ['SQ_M', 'SQ_FT', 'ACRE', 'HECTARE'] as const;
/** A machine's cost: the replacement cost new, or its historical cost brought to the date by a price index. */
export const COST_BASES = ['REPLACEMENT_COST_NEW', 'INDEXED_COST'] as const;
/** An investment: quantity × quoted price, or the net asset value of the investee. */
export const INVESTMENT_BASES = ['QUOTED_PRICE', 'NET_ASSET_VALUE'] as const;

const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;
const numberError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'not a number');
const places = (v: number, n: number) => {
  const [, fraction = ''] = String(v).split('e')[0].split('.');
  return !String(v).includes('e') && fraction.length <= n;
};

/** A number of at most `n` decimals within (min, max]; the bounds say what the field is. */
const bounded = (n: number, test: (v: number) => boolean, what: string) =>
  z
    .number({ error: numberError })
    .refine((v) => Number.isFinite(v) && places(v, n), { error: `must have at most ${n} decimal places` })
    .refine(test, { error: `must be ${what}` });

const percent = bounded(4, (v) => v >= 0 && v <= 100, 'a percentage between 0 and 100');
/** A signed adjustment in percent: −10 for a 10 % reduction. */
const adjustment = bounded(4, (v) => v > -100 && v <= 100, 'a percent above −100 and at most 100');
const positiveArea = bounded(4, (v) => v > 0, 'greater than 0');
/** Rupees per unit (of area, of quantity), exact as given: never multiplied by the document's unit. */
const rupeeRate = bounded(2, (v) => v > 0, 'greater than 0');
const years = bounded(2, (v) => v >= 0, 'a number of years, 0 or more');
const life = bounded(2, (v) => v > 0, 'a number of years greater than 0');
const words = (max = 300) =>
  z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });
/** Why a forced sale takes the discount it does, in the valuer's words. */
const reason = z
  .string({ error: expected('a string') })
  .trim()
  .min(10, { error: 'must give the reason (at least 10 characters)' })
  .max(1000);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/**
 * The register builders take the document's own amount, date and strictness helpers (schema.ts), so a register's
 * amounts are read exactly as the rest of the document's.
 */
export function registerSchemas(
  amount: z.ZodType<number>,
  isoDate: z.ZodType<string>,
  strict: <T extends z.core.$ZodLooseShape>(shape: T) => z.ZodObject<T>,
) {
  /** Every row ends with its book value and how its liquidation value follows from its fair value. */
  const disposal = {
    bookValue: amount,
    /** Percent off the fair value in a forced sale: the liquidation (or realisable) value is fair value × (1 − it). */
    forcedSaleDiscount: percent,
    /** The time the forced sale allows to find a buyer, e.g. "3 months". */
    marketingPeriod: words(100),
    discountReason: reason,
  };
  const land = strict({
    /** The parcel's short name, which its comparable sales refer to (L1, Plot 14). */
    parcel: words(40),
    description: words(),
    surveyNumber: words(100),
    landArea: positiveArea,
    areaUnit: oneOf(AREA_UNITS),
    title: words(),
    /** The rate adopted (₹ per area unit) where it is not the mean of the adjusted comparable rates; with its reason. */
    adoptedRate: rupeeRate.optional(),
    rateReason: reason.optional(),
    ...disposal,
  }).superRefine((p, ctx) => {
    if (p.adoptedRate !== undefined && p.rateReason === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['rateReason'],
        message: 'is required with adoptedRate: say why the rate is not the mean of the adjusted comparable rates',
      });
  });
  const landComparable = strict({
    /** The parcel (its short name) this sale is a comparable of. */
    parcel: words(40),
    saleDate: isoDate,
    place: words(),
    /** In the parcel's area unit. */
    saleArea: positiveArea,
    /** The consideration, in the document's unit. */
    salePrice: amount.refine((v) => v > 0, { error: 'must be greater than 0' }),
    /** Where the sale is recorded: the registered deed, its number and office. */
    saleSource: words().optional(),
    /** Where the adjustments come from: e.g. the ready reckoner's zone rates, the sub-registrar's records of the year. */
    adjustmentSource: words().optional(),
    locationAdjustment: adjustment.optional(),
    sizeAdjustment: adjustment.optional(),
    timeAdjustment: adjustment.optional(),
    otherAdjustment: adjustment.optional(),
  });
  const building = strict({
    description: words(),
    builtUpArea: positiveArea,
    areaUnit: oneOf(AREA_UNITS),
    /** The cost of building it new today, ₹ per area unit. */
    replacementCostRate: rupeeRate,
    /** Where the rate comes from, with its date: e.g. the CPWD plinth area rates indexed to the date. */
    rateSource: words().optional(),
    age: years,
    totalLife: life,
    /** The condition as inspected, in words. */
    condition: words(),
    /** Percent of the depreciated cost the condition justifies (default 100: condition as the age implies). */
    conditionFactor: percent.optional(),
    ...disposal,
  });
  const machine = strict({
    /** The item or group of items. */
    description: words(),
    make: words(),
    yearOfManufacture: bounded(0, (v) => v >= 1800 && v <= 2999, 'a year such as 2014'),
    costBasis: oneOf(COST_BASES),
    /** Replacement cost new, or the historical cost indexed to the date, in the document's unit. */
    replacementCost: amount.refine((v) => v >= 0, { error: 'must not be negative' }),
    /** Where the cost comes from, with its date: a supplier's quotation, or the register's cost and the index used. */
    costSource: words().optional(),
    usefulLife: life,
    /** Functional and economic obsolescence, percent of the depreciated cost. */
    obsolescence: percent,
    ...disposal,
  });
  const inventory = strict({
    category: words(),
    /** The age of the stock, e.g. "under 90 days". */
    ageing: words(100),
    recoverability: percent,
    ...disposal,
  });
  const receivable = strict({
    /** The ageing bucket, e.g. "181 to 365 days". */
    ageing: words(100),
    recoverability: percent,
    ...disposal,
  });
  const cash = strict({ description: words(), ...disposal });
  const investment = strict({
    description: words(),
    investmentBasis: oneOf(INVESTMENT_BASES),
    quantity: bounded(4, (v) => v > 0, 'greater than 0').optional(),
    /** ₹ per unit, exact as quoted. */
    quotedPrice: rupeeRate.optional(),
    /** The investee's net asset value attributable to the holding, in the document's unit. */
    netAssetValue: amount.refine((v) => v >= 0, { error: 'must not be negative' }).optional(),
    /** The exchange and date of the price, or the investee's accounts the value comes from. */
    priceSource: words(),
    ...disposal,
  }).superRefine((i, ctx) => {
    const need =
      i.investmentBasis === 'QUOTED_PRICE' ? (['quantity', 'quotedPrice'] as const) : (['netAssetValue'] as const);
    for (const key of need)
      if (i[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: `is required for ${i.investmentBasis}` });
  });
  const reconciliationRow = strict({
    /** The balance sheet's asset line. */
    item: oneOf(ASSET_FIELDS),
    /** The class it is valued in; a line valued in several classes has a row for each. */
    assetClass: oneOf(ASSET_CLASSES).optional(),
    /** Why it is not valued (e.g. deferred tax assets: no realisable value to a buyer). */
    excludedReason: reason.optional(),
  }).superRefine((r, ctx) => {
    if ((r.assetClass === undefined) === (r.excludedReason === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['assetClass'],
        message: 'give either the asset class it is valued in, or the reason it is excluded (excludedReason)',
      });
  });
  const list = <T extends z.ZodType>(row: T) =>
    z
      .array(row, { error: expected('an array') })
      .min(1, { error: 'must list at least one row' })
      .optional();
  return {
    registers: strict({
      land: list(land),
      landComparables: list(landComparable),
      buildings: list(building),
      machinery: list(machine),
      inventories: list(inventory),
      receivables: list(receivable),
      cash: list(cash),
      investments: list(investment),
    }),
    reconciliation: z.array(reconciliationRow, { error: expected('an array') }),
  };
}

/** The asset class each register values. */
export const REGISTER_CLASS = {
  land: 'LAND_AND_BUILDING',
  buildings: 'LAND_AND_BUILDING',
  machinery: 'PLANT_AND_MACHINERY',
  inventories: 'INVENTORIES',
  receivables: 'TRADE_RECEIVABLES',
  cash: 'CASH_AND_BANK',
  investments: 'SECURITIES_OR_FINANCIAL_ASSETS',
} as const satisfies Record<string, (typeof ASSET_CLASSES)[number]>;
export type RegisterName = keyof typeof REGISTER_CLASS;
export const REGISTER_NAMES = Object.keys(REGISTER_CLASS) as RegisterName[];
