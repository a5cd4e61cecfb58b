/** Presentation helpers for reports: Indian digit grouping, line values, dates and statute wording. */
import { MONTHS } from '../contract/dates-in-words.js';
import { Decimal } from 'decimal.js';
import { grouped, MINUS, rupees } from '../contract/money-format.js';
import type { LineKind, Purpose, Statute } from '../domain/valuation/types.js';
import { METHOD_TITLES, STATUTE_SHORT as SHORT } from '../contract/vocabulary.js';
import type { Act, LegalBasis } from '../domain/valuation/law-in-force.js';

export { groupIndian, rupees } from '../contract/money-format.js';

/** Rupee amount converted to lakh (1 lakh = 1,00,000), two decimals, with grouping. */
export function lakh(value: string): string {
  if (!/^[-+]?\d+(\.\d+)?$/.test(value.trim())) return value;
  const inLakh = new Decimal(value).div(100000).toFixed(2, Decimal.ROUND_HALF_UP);
  const { negative, body } = grouped(inLakh);
  return `${negative ? MINUS : ''}${body}`;
}

export function formatLineValue(value: string, kind: LineKind): string {
  const numeric = /^[-+]?\d+(\.\d+)?$/.test(value.trim());
  if (!numeric) return value;
  switch (kind) {
    case 'AMOUNT':
    case 'PER_SHARE':
      return rupees(value);
    case 'PERCENT':
      return `${value.replace(/^-/, MINUS)}%`;
    case 'COUNT': {
      const { negative, body } = grouped(value);
      return `${negative ? MINUS : ''}${body}`;
    }
    case 'MULTIPLE':
    case 'FACTOR':
      return value.replace(/^-/, MINUS);
  }
}

export function percent(value: string): string {
  return `${value}%`;
}

/** India Standard Time is UTC+5:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * "2026-03-31" → "31 March 2026" (a calendar date stays as it is); a full timestamp is shown in
 * Indian Standard Time → "22 November 2026, 18:01 IST". Unparseable input is shown as given.
 */
export function formatDate(value: string): string {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return `${Number(dateOnly[3])} ${MONTHS[Number(dateOnly[2]) - 1]} ${dateOnly[1]}`;
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return value;
  const ist = new Date(t.getTime() + IST_OFFSET_MS);
  const hh = String(ist.getUTCHours()).padStart(2, '0');
  const mm = String(ist.getUTCMinutes()).padStart(2, '0');
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}, ${hh}:${mm} IST`;
}

/** The calendar date in India of a timestamp: "2026-04-24T20:00:00Z" → "25 April 2026". */
export function formatDayInIndia(value: string): string {
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return formatDate(value);
  const ist = new Date(t.getTime() + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

export const STATUTE_TITLE: Record<Statute, string> = {
  RULE_11UA: 'Rule 11UA of the Income-tax Rules, 1962',
  COMPANIES_ACT_SEC_62:
    'Section 62(1)(c) of the Companies Act, 2013, read with Rule 13 of the Companies (Share Capital and Debentures) Rules, 2014',
  FEMA_RBI: 'Rule 21 of the Foreign Exchange Management (Non-Debt Instruments) Rules, 2019',
  IBC_LIQUIDATION: 'Regulation 35 of the IBBI Insolvency Resolution Process and Liquidation Process Regulations, 2016',
};

export { STATUTE_SHORT } from '../contract/vocabulary.js';

/**
 * The statute as the report's title and cover name it. For Rule 11UA the legal basis of the result
 * decides: the Income-tax Rules, 2026 (Rule 57) from 1 April 2026, the 1962 Rules before it.
 * A result stored before `legalBasis` was recorded was made under the 1961 Act.
 */
export function statuteTitle(statute: Statute, basis?: LegalBasis): string {
  if (statute === 'RULE_11UA' && basis?.act === 'INCOME_TAX_ACT_2025') {
    return 'Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026, for section 92(2)(m)(iii), and section 79 read with section 72, of the Income-tax Act, 2025';
  }
  if (statute === 'RULE_11UA') return 'Rule 11UA of the Income-tax Rules, 1962, under the Income-tax Act, 1961';
  if (statute === 'IBC_LIQUIDATION' && basis)
    return `${basis.rules[0].replace(/^(.*), Reg (27 and Reg 35|35)$/, (_, rules: string, regs: string) => `${regs === '35' ? 'Regulation 35' : 'Regulations 27 and 35'} of the ${rules}`)}, under the Insolvency and Bankruptcy Code, 2016`;
  return STATUTE_TITLE[statute];
}

/** The statute in the running header. */
export function statuteShort(statute: Statute, basis?: LegalBasis): string {
  if (statute === 'RULE_11UA')
    return basis?.act === 'INCOME_TAX_ACT_2025'
      ? 'Income-tax Rules, 2026, Rule 57'
      : 'Income-tax Rules, 1962, Rule 11UA';
  return SHORT[statute];
}

export const PURPOSE_TITLE: Record<Purpose, string> = {
  ISSUE_OF_SHARES: 'Issue of shares by a closely held company (s.56(2)(viib) of the Income-tax Act, 1961)',
  TRANSFER_OR_RECEIPT:
    'Transfer or receipt of unquoted equity shares (s.56(2)(x) and s.50CA of the Income-tax Act, 1961)',
  ISSUE_TO_NON_RESIDENT: 'Issue of equity instruments to a person resident outside India (NDI Rule 21(2)(a))',
  TRANSFER_RESIDENT_TO_NON_RESIDENT:
    'Transfer from a person resident in India to a person resident outside India (NDI Rule 21(2)(b))',
  TRANSFER_NON_RESIDENT_TO_RESIDENT:
    'Transfer from a person resident outside India to a person resident in India (NDI Rule 21(2)(c))',
  CIRP_FAIR_AND_LIQUIDATION_VALUE:
    "Fair value and liquidation value of the corporate debtor's assets (CIRP Regulations, Reg 35)",
  LIQUIDATION_REALISABLE_VALUE:
    "Realisable value of the corporate debtor's assets in liquidation (Liquidation Process Regulations, Reg 35)",
};

/** Purpose as shown to a reader; unknown codes (a later engine) fall back to the code itself. */
export function purposeTitle(purpose: string | null, act?: Act, basis?: LegalBasis): string {
  if (purpose === null) return 'Not specified';
  // An issue s.56(2)(viib) no longer reaches: the legal basis carries the note and cites no provision for it.
  if (purpose === 'ISSUE_OF_SHARES' && basis?.act === 'INCOME_TAX_ACT_1961' && basis.note !== undefined) {
    return 'Issue of shares by a closely held company (no income-tax floor or ceiling: s.56(2)(viib) does not reach consideration received on or after 1 April 2024)';
  }
  if (purpose === 'TRANSFER_OR_RECEIPT' && act === 'INCOME_TAX_ACT_2025') {
    return 'Receipt or transfer of unquoted equity shares (s.92(2)(m)(iii), and s.79 read with s.72, of the Income-tax Act, 2025)';
  }
  return (PURPOSE_TITLE as Record<string, string>)[purpose] ?? purpose;
}

/** The methods by name (src/contract/vocabulary.ts: one list for the report and the console). */
export const METHOD_TITLE: Record<string, string> = METHOD_TITLES;
