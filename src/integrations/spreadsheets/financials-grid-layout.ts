// The cells of the financials templates: which fields are key/value rows, which are list tables, and their kinds
// (the grid layout is described in financials-grid.ts). Every list comes from the financials schema itself.
import { BALANCE_SHEET_FIELDS, NAV_ADJUSTMENT_FIELDS } from '../../domain/financials/fields.js';
import { financialsDocumentSchema } from '../../domain/financials/schema.js';

export type Cell = string | number | null;
export type Grid = Cell[][];

// Every field list comes from the financials schema itself, so a field added there appears in the
// templates and is read from CSV/XLSX without a second list to keep in step.
export const documentShape = financialsDocumentSchema.shape;
export const keysOf = (shape: Record<string, unknown>, except: readonly string[] = []) =>
  Object.keys(shape).filter((k) => !except.includes(k));
export const SHARES_FIELDS = keysOf(documentShape.shares.shape);
export const PROJECTION_FIELDS = keysOf(documentShape.projections.unwrap().element.shape, ['year']);
export const COMPARABLE_METRIC_FIELDS = keysOf(documentShape.comparableMetrics.unwrap().shape);
export const LIQUIDATION_SCALAR_FIELDS = keysOf(documentShape.liquidation.unwrap().shape, ['assets']);
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
export const NAV_SOURCE_SCALAR_FIELDS = keysOf(NAV_SOURCES_SHAPE, ['immovableProperties']);
export const PROPERTY_FIELDS = keysOf(NAV_SOURCES_SHAPE.immovableProperties.unwrap().element.shape);
export const TEXT_COLUMNS = new Set([
  'name',
  'assetClass',
  'description',
  'year',
  'holder',
  'instrument',
  'presentedIn',
  'basis',
  'source',
  'asOf',
  'authority',
  'method',
  'physicalVerification',
  'verifiedOn',
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
} as const satisfies Record<
  string,
  { path: readonly string[]; itemLabel: string; columns: readonly (readonly [string, Kind])[] }
>;
export type ListTableName = keyof typeof LIST_TABLES;

export const PROJECTIONS = 'projections';
export const KV_HEADER: Cell[] = ['field', 'value'];
