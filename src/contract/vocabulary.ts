// The statutes and purposes of the published contract: shared by the engine, the API schemas and the console.
export const STATUTES = ['RULE_11UA', 'COMPANIES_ACT_SEC_62', 'FEMA_RBI', 'IBC_LIQUIDATION'] as const;
export type Statute = (typeof STATUTES)[number];

/**
 * Whether a statute's valuation concludes per share, so a proposed price per share means something. An IBC
 * valuation values the corporate debtor's assets and gives no per-share figure (docs/statutes.md, IBC), so the
 * console does not ask for one there.
 */
export const concludesPerShare = (statute: Statute): boolean => statute !== 'IBC_LIQUIDATION';

/**
 * Purposes per statute (docs/statutes.md).
 * RULE_11UA: an issue of shares (s.56(2)(viib), NAV per Rule 11UA(2)(a), DCF per 11UA(2)(b))
 *   or a transfer/receipt (s.56(2)(x), s.50CA, NAV per Rule 11UA(1)(c)(b)).
 * FEMA_RBI: NDI Rule 21(2)(a) issue to a non-resident and 21(2)(b) transfer resident → non-resident
 *   (fair value is a floor); 21(2)(c) transfer non-resident → resident (fair value is a ceiling).
 * IBC_LIQUIDATION: CIRP_FAIR_AND_LIQUIDATION_VALUE (Insolvency and Bankruptcy Board of India (Insolvency
 *   Resolution Process for Corporate Persons) Regulations, 2016, Reg 35; the default) or
 *   LIQUIDATION_REALISABLE_VALUE (… (Liquidation Process) Regulations, 2016, Reg 35).
 * The Companies Act takes no purpose: its methods do not depend on one.
 */
export const PURPOSES_BY_STATUTE = {
  RULE_11UA: ['ISSUE_OF_SHARES', 'TRANSFER_OR_RECEIPT'],
  FEMA_RBI: ['ISSUE_TO_NON_RESIDENT', 'TRANSFER_RESIDENT_TO_NON_RESIDENT', 'TRANSFER_NON_RESIDENT_TO_RESIDENT'],
  COMPANIES_ACT_SEC_62: [],
  IBC_LIQUIDATION: ['CIRP_FAIR_AND_LIQUIDATION_VALUE', 'LIQUIDATION_REALISABLE_VALUE'],
} as const satisfies Record<Statute, readonly string[]>;

export const PURPOSES = [
  ...PURPOSES_BY_STATUTE.RULE_11UA,
  ...PURPOSES_BY_STATUTE.FEMA_RBI,
  ...PURPOSES_BY_STATUTE.IBC_LIQUIDATION,
] as const;
export type Purpose = (typeof PURPOSES)[number];

/** The valuation methods the engine reports, by code (the keys of methodWeights). */
export const METHOD_CODES = [
  'DCF',
  'NAV_11UA_2A',
  'NAV_11UA_1CB',
  'NAV_RULE_57',
  'NAV',
  'COMPARABLES',
  'TRANSACTIONS',
  'RECENT_ROUND',
  'FAIR_VALUE',
  'LIQUIDATION_VALUE',
] as const;

/** The statute as the report's running header and the console name it. */
export const STATUTE_SHORT: Record<Statute, string> = {
  RULE_11UA: 'Income-tax Rules, Rule 11UA',
  COMPANIES_ACT_SEC_62: 'Companies Act, 2013, s.62(1)(c)',
  FEMA_RBI: 'FEMA NDI Rules, 2019, Rule 21',
  IBC_LIQUIDATION: 'IBC, 2016: IBBI Regulation 35',
};

/** From this date (a tax year beginning on or after 1 April 2026) the Income-tax Act, 2025 and the Income-tax Rules, 2026 govern a transaction (docs/statutes.md, The law in force). */
export const INCOME_TAX_ACT_2025_FROM = '2026-04-01';

/** The law a valuation is made under, as its report names it: Rule 57 of the 2026 Rules for a Rule 11UA transaction from 1 April 2026. */
export function lawName(statute: Statute, transactionDate: string): string {
  if (statute === 'RULE_11UA' && transactionDate >= INCOME_TAX_ACT_2025_FROM) return 'Income-tax Rules, 2026, Rule 57';
  return STATUTE_SHORT[statute];
}

/**
 * Whether a valuation needs a WACC and a terminal growth rate at all (docs/valuation-method.md, Rates not asked
 * for): not the prescribed NAV of a Rule 11UA transfer or receipt, nor anything under Rule 57, which have no DCF;
 * every other valuation has or may show one (IBC: the corporate debtor as a whole as a going concern). The lock
 * refuses a valuation that needs them without them; the console asks for them only where this is true.
 */
export function ratesNeeded(e: { statute: Statute; purpose: string | null; transactionDate: string }): boolean {
  if (e.statute !== 'RULE_11UA') return true;
  return e.purpose !== 'TRANSFER_OR_RECEIPT' && e.transactionDate < INCOME_TAX_ACT_2025_FROM;
}

/** The methods as the report and the console name them (the codes are the API's). */
export const METHOD_TITLES: Record<string, string> = {
  DCF: 'Discounted cash flow',
  NAV_11UA_2A: 'NAV, Rule 11UA(2)(a)',
  NAV_11UA_1CB: 'NAV, Rule 11UA(1)(c)(b)',
  NAV_RULE_57: 'Net asset value, Rule 57 (Table, Sl. No. 4)',
  WEIGHTED: 'Weighted average of methods',
  NAV: 'Net asset value',
  COMPARABLES: 'Comparable company multiples',
  TRANSACTIONS: 'Comparable transactions',
  RECENT_ROUND: 'Price of a recent investment',
  FAIR_VALUE: 'Fair value',
  LIQUIDATION_VALUE: 'Liquidation value',
};

/** A sentence's first letter in capitals: "Net asset value (…) gives". */
export const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A method as a sentence names it: "comparable company multiples 15%", never its code. */
export const methodInWords = (code: string): string => {
  const title = METHOD_TITLES[code];
  if (!title) return code;
  return title.startsWith('NAV') ? title : title.charAt(0).toLowerCase() + title.slice(1);
};

/** The kinds of document an engagement holds (the upload's `kind`): document-kinds.ts. */
export { DOCUMENT_KINDS } from './document-kinds.js';

/** The engine's conventions, as its results name them (docs/valuation-method.md): discounting and rounding. */
export const DISCOUNTING_CONVENTIONS = ['END_OF_YEAR', 'MID_YEAR'] as const;
export const TERMINAL_DISCOUNTING = 'END_OF_FINAL_YEAR';
export const ROUNDING_RULE = 'HALF_UP_TO_PAISA_FOR_PRESENTATION_ONLY';
