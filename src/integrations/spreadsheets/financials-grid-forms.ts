// The cells of the financials templates that are not plain numbers or text: fields whose value is one of a list
// (written in the valuer's words, offered as a drop-down in the XLSX, read back from the words or the codes), and
// date fields (date cells in the XLSX; read from a date cell, an ISO date or a date written as people write them).
// docs/financials-template.md describes the template these serve.
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { ASSET_CLASSES, ASSET_FIELDS, UNITS } from '../../domain/financials/fields.js';
import { AREA_UNITS, COST_BASES, INVESTMENT_BASES } from '../../domain/financials/registers-schema.js';
import { INSTRUMENTS, METRIC_BASES, PRESENTED_IN } from '../../domain/financials/schema.js';

/** A code of the financials document and the words the template shows for it. */
export type Choice = readonly [code: string, words: string];

const inWords = (codes: readonly string[], words: Record<string, string> = {}): Choice[] =>
  codes.map((code) => [code, words[code] ?? FINANCIAL_LABELS[code] ?? code]);

/**
 * Fields whose value is one of a list, by the field's name: a row's whole key (unit) or a list table's column
 * (assetClass). The words never hold a comma: an XLSX drop-down lists its entries separated by commas.
 */
export const CHOICES: Record<string, readonly Choice[]> = {
  unit: inWords(UNITS, { RUPEES: 'Rupees', THOUSANDS: 'Thousands', LAKHS: 'Lakhs', CRORES: 'Crores' }),
  assetClass: inWords(ASSET_CLASSES),
  instrument: inWords(INSTRUMENTS),
  presentedIn: inWords(PRESENTED_IN, {
    PREFERENCE_CAPITAL: 'Preference share capital',
    OTHER_EQUITY: 'Other equity',
    BORROWINGS: 'Borrowings',
  }),
  areaUnit: inWords(AREA_UNITS, { SQ_M: 'Square metres', SQ_FT: 'Square feet', ACRE: 'Acres', HECTARE: 'Hectares' }),
  costBasis: inWords(COST_BASES, {
    REPLACEMENT_COST_NEW: 'Replacement cost new',
    INDEXED_COST: 'Historical cost indexed',
  }),
  investmentBasis: inWords(INVESTMENT_BASES, { QUOTED_PRICE: 'Quoted price', NET_ASSET_VALUE: 'Net asset value' }),
  // The balance sheet's asset lines, in words without a comma (a drop-down's entries are separated by commas).
  item: inWords(ASSET_FIELDS, { propertyPlantEquipment: 'Property plant and equipment' }),
  basis: inWords(METRIC_BASES, {
    TRAILING: 'Trailing (last twelve months)',
    FORWARD: "Forward (next year's forecast)",
  }),
};

/** Date fields, by the field's name as in CHOICES. */
export const DATE_FIELDS = new Set([
  'balanceSheetDate',
  'navAdjustmentSources.sharesAndSecuritiesPriceDate',
  'asOf',
  'verifiedOn',
  'saleDate',
]);

/** How the XLSX template shows a date: 31 Mar 2026. */
export const DATE_FORMAT = 'dd mmm yyyy';

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The words a code is shown in (the code itself where the field has no list). */
export function choiceWords(field: string, code: string): string {
  return CHOICES[field]?.find(([c]) => c === code)?.[1] ?? code;
}

/** The code a cell names, by its words or by the code itself, in any case; undefined when it names none. */
export function readChoice(field: string, value: string): string | undefined {
  const wanted = squeeze(value);
  return CHOICES[field]?.find(([code, words]) => squeeze(code) === wanted || squeeze(words) === wanted)?.[0];
}

/** "must be one of Land and building, Plant and machinery, …" in the words the drop-down offers. */
export const choiceMessage = (field: string) =>
  `must be one of ${(CHOICES[field] ?? []).map(([, words]) => words).join(', ')}`;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/**
 * A date cell as YYYY-MM-DD: an ISO date as it is (the schema checks it is a real day), a spreadsheet's day
 * number (a date cell read without its format), "31 Mar 2026", "31-Mar-2026", "31 March 2026" or "31/03/2026"
 * (day first, as in India). Undefined for anything else.
 */
export function readDate(value: string | number): string | undefined {
  if (typeof value === 'number') {
    // Day numbers from 1 (1 Jan 1900) to 31 Dec 9999; the 1900 date system counts from 30 Dec 1899.
    if (!Number.isInteger(value) || value < 1 || value > 2958465) return undefined;
    return new Date(Date.UTC(1899, 11, 30) + value * 86_400_000).toISOString().slice(0, 10);
  }
  const s = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const words = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})[\s,-]+(\d{4})$/.exec(s);
  if (words) {
    const month = MONTHS.indexOf(words[2].slice(0, 3).toLowerCase());
    return month < 0 ? undefined : iso(Number(words[3]), month + 1, Number(words[1]));
  }
  const numeric = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(s);
  return numeric ? iso(Number(numeric[3]), Number(numeric[2]), Number(numeric[1])) : undefined;
}

/** A year cell: FY2027 as written, or 2027 typed as a number. */
export function readYear(value: string | number): string {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1900 && value <= 2999
    ? `FY${value}`
    : String(value).trim();
}
