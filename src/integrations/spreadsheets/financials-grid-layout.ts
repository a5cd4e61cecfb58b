// The cells of the financials templates: which fields are key/value rows, which are list tables, and their kinds
// (the grid layout is described in financials-grid.ts). Every list comes from the financials schema itself.
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { BALANCE_SHEET_FIELDS, NAV_ADJUSTMENT_FIELDS } from '../../domain/financials/fields.js';
import { financialsDocumentSchema } from '../../domain/financials/schema.js';

export type Cell = string | number | null;
export type Grid = Cell[][];

/** A structural view of the canonical document; the schema's FinancialsDocument is assignable to it. */
export interface FinancialsDocumentLike {
  unit?: string;
  balanceSheetDate: string;
  shares: Record<string, number | undefined>;
  balanceSheet: Record<string, number | undefined>;
  navAdjustments?: Record<string, number | undefined>;
  projections: ({ year: string } & Record<string, string | number | undefined>)[];
  nonOperatingAssets?: number;
  peers?: Record<string, string | number | undefined>[];
  comparableMetrics?: Record<string, number | undefined>;
  liquidation?: { assets?: Record<string, string | number | undefined>[] } & Record<string, unknown>;
  history?: Record<string, string | number | undefined>[];
  shareholding?: Record<string, string | number | undefined>[];
  equityBridge?: Record<string, unknown>;
}

// Every field list comes from the financials schema itself, so a field added there appears in the
// templates and is read from CSV/XLSX without a second list to keep in step.
export const documentShape = financialsDocumentSchema.shape;
export const keysOf = (shape: Record<string, unknown>, except: readonly string[] = []) =>
  Object.keys(shape).filter((k) => !except.includes(k));
export const SHARES_FIELDS = keysOf(documentShape.shares.shape);
export const PROJECTION_FIELDS = keysOf(documentShape.projections.unwrap().element.shape, ['year']);
// The trailing figures' sources are an object of words: JSON only, not a grid row.
export const COMPARABLE_METRIC_FIELDS = keysOf(documentShape.comparableMetrics.unwrap().shape, ['sources']);
export const LIQUIDATION_SCALAR_FIELDS = keysOf(documentShape.liquidation.unwrap().shape, [
  'assets',
  'registers',
  'reconciliation',
]);
const REGISTERS_SHAPE = documentShape.liquidation.unwrap().shape.registers.unwrap().shape;
/** The IBC asset registers, one table each (docs/asset-registers.md), with the word an item row's column A held. */
const REGISTER_TABLES = {
  land: 'parcel',
  landComparables: 'sale',
  buildings: 'building',
  machinery: 'machine',
  inventories: 'stock',
  receivables: 'bucket',
  cash: 'account',
  investments: 'investment',
} as const satisfies Record<keyof typeof REGISTERS_SHAPE, string>;
const registerColumns = (name: keyof typeof REGISTERS_SHAPE) =>
  keysOf(REGISTERS_SHAPE[name].unwrap().element.shape).map(column);
const registerTable = <N extends keyof typeof REGISTERS_SHAPE>(name: N) => ({
  path: ['liquidation', 'registers', name] as const,
  itemLabel: REGISTER_TABLES[name],
  columns: registerColumns(name),
});
export const RECONCILIATION_FIELDS = keysOf(
  documentShape.liquidation.unwrap().shape.reconciliation.unwrap().element.shape,
);
export const PEER_FIELDS = keysOf(documentShape.peers.unwrap().element.shape);
// Several valuers' estimates per asset class are a list inside a list: JSON only, not a grid row.
export const LIQUIDATION_ASSET_FIELDS = keysOf(documentShape.liquidation.unwrap().shape.assets.element.shape, [
  'estimates',
]);
export const HISTORY_FIELDS = keysOf(documentShape.history.unwrap().element.shape);
export const SHAREHOLDING_FIELDS = keysOf(documentShape.shareholding.unwrap().element.shape);
export const BRIDGE_SHAPE = documentShape.equityBridge.unwrap().shape;
export const BRIDGE_LISTS = ['nonOperatingAssets', 'contingentLiabilities'] as const;
export const BRIDGE_SCALAR_FIELDS = keysOf(BRIDGE_SHAPE, BRIDGE_LISTS);
export const BRIDGE_ASSET_FIELDS = keysOf(BRIDGE_SHAPE.nonOperatingAssets.unwrap().element.shape);
export const BRIDGE_CONTINGENCY_FIELDS = keysOf(BRIDGE_SHAPE.contingentLiabilities.unwrap().element.shape);
export const NAV_SOURCES_SHAPE = documentShape.navAdjustmentSources.unwrap().shape;
// The contingent liabilities the notes disclose are a list with a source each: JSON only, not a grid row.
export const NAV_SOURCE_SCALAR_FIELDS = keysOf(NAV_SOURCES_SHAPE, ['immovableProperties', 'contingentLiabilities']);
export const PROPERTY_FIELDS = keysOf(NAV_SOURCES_SHAPE.immovableProperties.unwrap().element.shape);
export const TEXT_COLUMNS = new Set([
  'name',
  'assetClass',
  'description',
  'year',
  'holder',
  'instrument',
  'presentedIn',
  'termsSource',
  'basis',
  'source',
  'asOf',
  'authority',
  'method',
  'physicalVerification',
  'verifiedOn',
  // The asset registers' words, choices and dates.
  'parcel',
  'surveyNumber',
  'areaUnit',
  'title',
  'rateReason',
  'saleDate',
  'place',
  'saleSource',
  'adjustmentSource',
  'rateSource',
  'costSource',
  'condition',
  'make',
  'costBasis',
  'category',
  'ageing',
  'marketingPeriod',
  'discountReason',
  'investmentBasis',
  'priceSource',
  'item',
  'excludedReason',
]);
export const column = (f: string): readonly [string, Kind] => [f, TEXT_COLUMNS.has(f) ? 'string' : 'number'];

export type Kind = 'number' | 'string';

/** Key/value rows in template order: [dotted key, kind]. */
export const SCALARS: [string, Kind][] = [
  ['unit', 'string'],
  ['balanceSheetDate', 'string'],
  ...SHARES_FIELDS.map((f): [string, Kind] => [`shares.${f}`, 'number']),
  ...BALANCE_SHEET_FIELDS.map((f): [string, Kind] => [`balanceSheet.${f}`, 'number']),
  ...NAV_ADJUSTMENT_FIELDS.map((f): [string, Kind] => [`navAdjustments.${f}`, 'number']),
  ...NAV_SOURCE_SCALAR_FIELDS.map((f): [string, Kind] => [`navAdjustmentSources.${f}`, 'string']),
  ['nonOperatingAssets', 'number'],
  ...COMPARABLE_METRIC_FIELDS.map((f): [string, Kind] => [`comparableMetrics.${f}`, 'number']),
  ...LIQUIDATION_SCALAR_FIELDS.map((f): [string, Kind] => [`liquidation.${f}`, 'number']),
  ...BRIDGE_SCALAR_FIELDS.map((f): [string, Kind] => [`equityBridge.${f}`, 'number']),
];
export const SCALAR_KIND = new Map(SCALARS);

/** List tables: one row per item, columns = item fields. The label column holds `itemLabel`. */
export const LIST_TABLES = {
  peers: {
    path: ['peers'],
    itemLabel: 'peer',
    columns: PEER_FIELDS.map(column),
  },
  'liquidation.assets': {
    path: ['liquidation', 'assets'],
    itemLabel: 'asset',
    columns: LIQUIDATION_ASSET_FIELDS.map(column),
  },
  history: {
    path: ['history'],
    itemLabel: 'year',
    columns: HISTORY_FIELDS.map(column),
  },
  shareholding: {
    path: ['shareholding'],
    itemLabel: 'holder',
    columns: SHAREHOLDING_FIELDS.map(column),
  },
  'equityBridge.nonOperatingAssets': {
    path: ['equityBridge', 'nonOperatingAssets'],
    itemLabel: 'item',
    columns: BRIDGE_ASSET_FIELDS.map(column),
  },
  'navAdjustmentSources.immovableProperties': {
    path: ['navAdjustmentSources', 'immovableProperties'],
    itemLabel: 'property',
    columns: PROPERTY_FIELDS.map(column),
  },
  'equityBridge.contingentLiabilities': {
    path: ['equityBridge', 'contingentLiabilities'],
    itemLabel: 'liability',
    columns: BRIDGE_CONTINGENCY_FIELDS.map(column),
  },
  'liquidation.registers.land': registerTable('land'),
  'liquidation.registers.landComparables': registerTable('landComparables'),
  'liquidation.registers.buildings': registerTable('buildings'),
  'liquidation.registers.machinery': registerTable('machinery'),
  'liquidation.registers.inventories': registerTable('inventories'),
  'liquidation.registers.receivables': registerTable('receivables'),
  'liquidation.registers.cash': registerTable('cash'),
  'liquidation.registers.investments': registerTable('investments'),
  'liquidation.reconciliation': {
    path: ['liquidation', 'reconciliation'],
    itemLabel: 'line',
    columns: RECONCILIATION_FIELDS.map(column),
  },
} as const satisfies Record<
  string,
  { path: readonly string[]; itemLabel: string; columns: readonly (readonly [string, Kind])[] }
>;
export type ListTableName = keyof typeof LIST_TABLES;

export const PROJECTIONS = 'projections';
export const KV_HEADER: Cell[] = ['Field', 'Value'];

// Column A (and a list table's column headers) name a row by the valuer's label with the key path on a second
// line, for whoever maps a file (docs/decisions.md, The financials document): "Property, plant and equipment" over
// "balanceSheet.propertyPlantEquipment". The reader takes the key from the cell's last line, so a file in the
// one-line layout (a bare key) reads the same.

/** A key in words where the catalogue has no label: assetClass → "Asset class". */
const words = (key: string) => {
  const spelled = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return spelled.charAt(0).toUpperCase() + spelled.slice(1);
};
const fieldWords = (key: string) => FINANCIAL_LABELS[key] ?? KEY_LABELS[key] ?? words(key);

/** Labels of the top-level rows and of the sections whose fields need their section named to read alone. */
const KEY_LABELS: Record<string, string> = {
  unit: 'Unit of the amounts',
  balanceSheetDate: 'Balance sheet date',
  nonOperatingAssets: 'Non-operating assets',
  projections: 'Projections',
  peers: 'Comparable peers',
  'liquidation.assets': 'Liquidation: asset classes',
  history: 'Financial history',
  shareholding: 'Shareholding',
  'equityBridge.nonOperatingAssets': 'Equity bridge: non-operating assets',
  'navAdjustmentSources.immovableProperties': 'NAV adjustment sources: immovable properties',
  'equityBridge.contingentLiabilities': 'Equity bridge: contingent liabilities',
  'liquidation.registers.land': 'Asset register: land parcels',
  'liquidation.registers.landComparables': 'Asset register: comparable sales of land',
  'liquidation.registers.buildings': 'Asset register: buildings',
  'liquidation.registers.machinery': 'Asset register: plant and machinery',
  'liquidation.registers.inventories': 'Asset register: inventories',
  'liquidation.registers.receivables': 'Asset register: trade receivables',
  'liquidation.registers.cash': 'Asset register: cash and bank balances',
  'liquidation.registers.investments': 'Asset register: investments',
  'liquidation.reconciliation': 'Reconciliation of the balance sheet',
  replacementCostRate: 'Replacement cost rate (₹ per unit of area)',
  adoptedRate: 'Adopted rate (₹ per unit of area)',
  quotedPrice: 'Quoted price (₹ per unit)',
  forcedSaleDiscount: 'Forced-sale discount (%)',
  recoverability: 'Recoverable (%)',
  obsolescence: 'Obsolescence (%)',
  conditionFactor: 'Condition factor (%)',
  locationAdjustment: 'Location adjustment (%)',
  sizeAdjustment: 'Size adjustment (%)',
  timeAdjustment: 'Time adjustment (%)',
  otherAdjustment: 'Other adjustment (%)',
  age: 'Age (years)',
  totalLife: 'Total life (years)',
  usefulLife: 'Useful life (years)',
  item: 'Balance sheet line',
  asOf: 'As of',
  ccdInterestAfterTax: 'CCD interest after tax',
  verifiedOn: 'Verified on',
};
const SECTION_LABELS: Record<string, string> = {
  comparableMetrics: 'Comparable metrics',
  liquidation: 'Liquidation',
  equityBridge: 'Equity bridge',
  navAdjustmentSources: 'NAV adjustment sources',
};

/** The valuer's label for a row or column key (balanceSheet.propertyPlantEquipment → "Property, plant and equipment"). */
export function keyLabel(key: string): string {
  if (KEY_LABELS[key]) return KEY_LABELS[key];
  const dot = key.lastIndexOf('.');
  if (dot < 0) return fieldWords(key);
  const section = SECTION_LABELS[key.slice(0, dot)];
  const label = fieldWords(key.slice(dot + 1));
  // "Comparable metrics: revenue from operations", but "…: EBITDA" and "…: CCD interest" keep their capitals.
  const lower = /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
  return section ? `${section}: ${lower}` : label;
}

/** A label cell as written: the valuer's label, then the key path on its own line. */
export const labelCell = (key: string): string => `${keyLabel(key)}\n${key}`;

/** The key a label cell names: its last non-blank line (a bare key in the one-line layout is its only line). */
export function cellKey(c: Cell | undefined): string {
  if (c === null || c === undefined) return '';
  const lines = String(c)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.length > 0 ? lines[lines.length - 1] : '';
}

export function setPath(target: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (node[key] === undefined) node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = value;
}

export function getPath(target: Record<string, unknown>, path: readonly (string | number)[]): unknown {
  let node: unknown = target;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}
