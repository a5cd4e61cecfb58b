// The IBC asset registers and the reconciliation after normalisation (docs/asset-registers.md): amounts in rupees
// (book values, sale prices, replacement costs, net asset values: multiplied by the document's unit); rates per
// unit area or per unit, percentages, areas, quantities, ages and years exact as given.
import type { AssetClass } from './schema.js';
import type { BalanceSheetField } from './fields.js';

type Disposal = { bookValue: string; forcedSaleDiscount: string; marketingPeriod: string; discountReason: string };

export type NormalisedRegisters = {
  land?: ({
    parcel: string;
    description: string;
    surveyNumber: string;
    landArea: string;
    areaUnit: string;
    title: string;
    adoptedRate?: string;
    rateReason?: string;
  } & Disposal)[];
  landComparables?: {
    parcel: string;
    saleDate: string;
    place: string;
    saleArea: string;
    salePrice: string;
    saleSource?: string;
    adjustmentSource?: string;
    locationAdjustment?: string;
    sizeAdjustment?: string;
    timeAdjustment?: string;
    otherAdjustment?: string;
  }[];
  buildings?: ({
    description: string;
    builtUpArea: string;
    areaUnit: string;
    replacementCostRate: string;
    rateSource?: string;
    age: string;
    totalLife: string;
    condition: string;
    conditionFactor?: string;
  } & Disposal)[];
  machinery?: ({
    description: string;
    make: string;
    yearOfManufacture: string;
    costBasis: string;
    replacementCost: string;
    costSource?: string;
    usefulLife: string;
    obsolescence: string;
  } & Disposal)[];
  inventories?: ({ category: string; ageing: string; recoverability: string } & Disposal)[];
  receivables?: ({ ageing: string; recoverability: string } & Disposal)[];
  cash?: ({ description: string } & Disposal)[];
  investments?: ({
    description: string;
    investmentBasis: string;
    quantity?: string;
    quotedPrice?: string;
    netAssetValue?: string;
    priceSource: string;
  } & Disposal)[];
};

export interface NormalisedReconciliationRow {
  item: BalanceSheetField;
  assetClass?: AssetClass;
  excludedReason?: string;
}

/** The registers' amounts, multiplied by the document's unit; every other number is exact as given. */
const AMOUNT_KEYS = new Set(['bookValue', 'salePrice', 'replacementCost', 'netAssetValue']);

/** A register document part (validated) in rupees: amounts through `rupees`, other numbers through `exact`. */
export function normaliseRegisters(
  registers: Record<string, Record<string, unknown>[] | undefined>,
  rupees: (value: number) => string,
  exact: (value: number) => string,
): NormalisedRegisters {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [name, rows] of Object.entries(registers)) {
    if (rows === undefined) continue;
    out[name] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, typeof v === 'number' ? (AMOUNT_KEYS.has(k) ? rupees(v) : exact(v)) : v]),
      ),
    );
  }
  return out as NormalisedRegisters;
}
