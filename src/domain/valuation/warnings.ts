import { capitalised, methodInWords } from '../../contract/vocabulary.js';
import type { NormalisedFinancials } from '../financials/normalise.js';
import { dateInWords } from '../../contract/dates-in-words.js';
import type { DcfComputation } from './dcf.js';
import { dec, formatRupees, plain, toPlaces, type Dec } from './money.js';
import type { MethodResult, Purpose, Statute, ValuationWarning } from './types.js';
import { incomeTaxRegime } from './law-in-force.js';

export const TERMINAL_VALUE_SHARE_LIMIT = dec('0.75');
export const BALANCE_SHEET_STALE_DAYS = 90;

export function terminalValueWarnings(c: DcfComputation): ValuationWarning[] {
  if (!c.enterpriseValue.isPositive() || c.enterpriseValue.isZero()) {
    return [
      {
        code: 'NON_POSITIVE_ENTERPRISE_VALUE',
        message: `DCF enterprise value is ${formatRupees(c.enterpriseValue)}; the share of terminal value cannot be judged.`,
      },
    ];
  }
  const share = c.presentValueOfTerminalValue.div(c.enterpriseValue);
  if (share.lte(TERMINAL_VALUE_SHARE_LIMIT)) return [];
  return [
    {
      code: 'TERMINAL_VALUE_ABOVE_75_PERCENT',
      message: `Terminal value is ${toPlaces(share.times(100), 2)}% of enterprise value, so the conclusion rests mainly on the perpetuity assumptions: the terminal growth rate and the cost of capital.`,
    },
  ];
}

export function growthWarnings(growth: Dec, longRunGdpGrowth: Dec): ValuationWarning[] {
  if (growth.lte(longRunGdpGrowth)) return [];
  return [
    {
      code: 'GROWTH_ABOVE_LONG_RUN_GDP',
      message: `Terminal growth of ${plain(growth)}% exceeds the long-run nominal GDP growth of ${plain(longRunGdpGrowth)}%; no business can outgrow the economy for ever.`,
    },
  ];
}

export function negativeEquityWarnings(methods: readonly MethodResult[]): ValuationWarning[] {
  return methods
    .filter((m) => dec(m.equityValue).isNegative() && !dec(m.equityValue).isZero())
    .map((m) => ({
      code: 'NEGATIVE_EQUITY',
      message: `${capitalised(methodInWords(m.method))}: equity value is negative (${formatRupees(dec(m.equityValue))}); where the method is weighed, it enters the weighting at nil.`,
    }));
}

/** Whole days from `from` to `to`, both YYYY-MM-DD (UTC calendar arithmetic; no clock). */
export function daysBetween(from: string, to: string): number {
  const toUtc = (d: string) => {
    const [y, m, day] = d.split('-').map(Number);
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

export function balanceSheetDateWarnings(
  f: NormalisedFinancials,
  valuationDate: string,
  statute: Statute,
  transactionDate: string = valuationDate,
): ValuationWarning[] {
  const days = daysBetween(f.balanceSheetDate, valuationDate);
  const warnings: ValuationWarning[] = [];
  if (Math.abs(days) > BALANCE_SHEET_STALE_DAYS) {
    warnings.push({
      code: 'BALANCE_SHEET_DATE_MORE_THAN_90_DAYS_FROM_VALUATION_DATE',
      message: `The balance sheet (${f.balanceSheetDate}) is ${Math.abs(days)} days ${days >= 0 ? 'before' : 'after'} the valuation date (${valuationDate}); more than ${BALANCE_SHEET_STALE_DAYS} days.`,
    });
  }
  if (statute === 'RULE_11UA' && days !== 0) {
    warnings.push({
      code: 'NAV_BALANCE_SHEET_NOT_AT_VALUATION_DATE',
      message: `${incomeTaxRegime(transactionDate) === 'INCOME_TAX_ACT_2025' ? 'Rule 56 of the Income-tax Rules, 2026 defines the balance sheet as audited and' : 'Rule 11U defines the balance sheet as'} drawn up on the valuation date; the NAV here uses the balance sheet of ${f.balanceSheetDate}, not ${valuationDate}.`,
    });
  }
  return warnings;
}

export function shareCapitalWarnings(f: NormalisedFinancials): ValuationWarning[] {
  const implied = dec(f.shares.equitySharesOutstanding).times(dec(f.shares.faceValuePerShare));
  const reported = dec(f.balanceSheet.equityShareCapital);
  if (implied.eq(reported)) return [];
  return [
    {
      code: 'SHARE_CAPITAL_MISMATCH',
      message: `Shares outstanding × face value is ${formatRupees(implied)} but equity share capital is ${formatRupees(reported)}; NAV per share uses PV/PE from the balance sheet, other methods divide by the share count.`,
    },
  ];
}

/** WACC − g below this many percentage points makes the terminal value explode (TV → ∞ as g → WACC). */
export const MIN_WACC_GROWTH_SPREAD = dec('2');

/**
 * The least WACC − terminal growth a DCF is valued on, in percentage points (docs/valuation-method.md, Terminal
 * value): below it the terminal value is more than (1 + g) / 0.01 ≈ 100 times the final year's cash flow, and the
 * value rests on the perpetuity alone. The lock refuses a narrower spread where the valuation has a DCF.
 */
export const MIN_WACC_GROWTH_SPREAD_LOCKED = dec('1');

/** The refusal of a spread below the minimum, naming /terminalGrowthRate; null when the spread is wide enough. */
export function spreadRefusal(wacc: Dec, growth: Dec): { path: string; message: string } | null {
  const spread = wacc.minus(growth);
  if (!spread.lt(MIN_WACC_GROWTH_SPREAD_LOCKED)) return null;
  return {
    path: '/terminalGrowthRate',
    message: `must be at least ${plain(MIN_WACC_GROWTH_SPREAD_LOCKED)} percentage point below wacc where the valuation has a DCF: WACC ${plain(wacc)}% − growth ${plain(growth)}% is ${plain(spread)}, which makes the terminal value ${toPlaces(dec(1).plus(growth.div(100)).div(spread.div(100)), 0)} times the final year's cash flow (rates are percent: 12 means 12%).`,
  };
}

/**
 * Rates are percent (12 means 12 %). A WACC below 1 with growth below 1 too, or a tax rate between
 * 0 and 1, is almost always a fraction typed for a percent (0.12 for 12 %). A DCF-only check:
 * NAV and IBC do not use these rates.
 */
export function rateWarnings(
  wacc: Dec,
  growth: Dec,
  projections: readonly { year: string; taxRate: string }[],
): ValuationWarning[] {
  const warnings: ValuationWarning[] = [];
  const fields: string[] = [];
  if (wacc.lt(1) && growth.lt(1)) fields.push(`wacc (${plain(wacc)})`, `terminalGrowthRate (${plain(growth)})`);
  for (const p of projections) {
    const rate = dec(p.taxRate);
    if (rate.gt(0) && rate.lt(1)) fields.push(`taxRate of ${p.year} (${plain(rate)})`);
  }
  if (fields.length > 0) {
    warnings.push({
      code: 'RATES_LOOK_LIKE_FRACTIONS',
      message: `Rates are percent (12 means 12%), but ${fields.join(', ')} ${fields.length === 1 ? 'looks' : 'look'} like a fraction typed for a percent (0.12 for 12%). Check ${fields.length === 1 ? 'it' : 'them'} before relying on the DCF.`,
    });
  }
  const spread = wacc.minus(growth);
  if (spread.lt(MIN_WACC_GROWTH_SPREAD)) {
    warnings.push({
      code: 'WACC_GROWTH_SPREAD_NARROW',
      message: `WACC (${plain(wacc)}%) exceeds terminal growth (${plain(growth)}%) by only ${plain(spread)} percentage points (under ${plain(MIN_WACC_GROWTH_SPREAD)}): the terminal value is very sensitive to either rate.`,
    });
  }
  return warnings;
}

// s.56(2)(viib)'s reach is the law in force's (law-in-force.ts); kept importable from here.
export { S56_2_VIIB_SUNSET, s56viibApplies } from './law-in-force.js';

export function s56viibWarning(transactionDate: string, valuationDate: string): ValuationWarning {
  const valued =
    valuationDate === transactionDate ? '' : ` (valued as at ${valuationDate}, which does not decide the law)`;
  return {
    code: 'S56_2_VIIB_NOT_APPLICABLE',
    message: `Section 56(2)(viib) of the Income-tax Act, 1961 reaches only consideration received before 1 April 2024: the proviso inserted by the Finance (No. 2) Act, 2024 says "the provisions of this clause shall not apply on or after the 1st day of April, 2025", that is from assessment year 2025-26, whose previous year began on 1 April 2024. The issue is dated ${transactionDate}${valued}, so the Rule 11UA(2) value is reported for information and is not a ceiling on the issue price.`,
  };
}

/** FEMA and s.62: a valuation more than this many days older than the transaction is stale (practice). */
export const VALUATION_STALE_DAYS = 90;

/**
 * The valuation date against the transaction's (docs/statutes.md, The law in force):
 * - Rule 11UA receipts and transfers: the rules define the valuation date as the date of the receipt
 *   or transfer (Rule 56 of the Income-tax Rules, 2026; Rules 11U(j) and 11UAA of the 1962 Rules),
 *   so any other valuation date is VALUATION_DATE_NOT_TRANSACTION_DATE;
 * - FEMA and s.62: a valuation date more than 90 days before the transaction is VALUATION_DATE_STALE
 *   (practice: secondary sources read the RBI Master Direction – Foreign Investment in India as
 *   wanting a valuation not more than 90 days old at the investment or transfer; the Companies Act
 *   fixes no period).
 */
export function valuationDateWarnings(
  statute: Statute,
  purpose: Purpose | null,
  valuationDate: string,
  transactionDate: string,
): ValuationWarning[] {
  if (statute === 'RULE_11UA') {
    if (purpose === 'ISSUE_OF_SHARES' || valuationDate === transactionDate) return [];
    const rule =
      incomeTaxRegime(transactionDate) === 'INCOME_TAX_ACT_2025'
        ? 'Rule 56 of the Income-tax Rules, 2026 defines the valuation date as the date of the receipt (s.92) or of the transfer (s.79)'
        : 'Rule 11U(j) of the Income-tax Rules, 1962 defines the valuation date as the date of the receipt, and Rule 11UAA as the date of the transfer';
    return [
      {
        code: 'VALUATION_DATE_NOT_TRANSACTION_DATE',
        message: `${rule}; this valuation is as at ${valuationDate}, but the transaction is dated ${transactionDate}. Value as at the transaction date, or correct the transaction date.`,
      },
    ];
  }
  if (statute === 'FEMA_RBI' || statute === 'COMPANIES_ACT_SEC_62') {
    const days = daysBetween(valuationDate, transactionDate);
    if (days <= VALUATION_STALE_DAYS) return [];
    const source =
      statute === 'FEMA_RBI'
        ? 'For FEMA, practitioners read the RBI Master Direction – Foreign Investment in India as wanting the valuation certificate not more than 90 days old at the date of the investment or transfer (a practice reported by secondary sources, not a term of Rule 21 itself)'
        : 'The Companies Act and Rule 13 fix no validity period for the valuation report; 90 days is the practice this service applies, borrowed from the FEMA practice';
    // In words, as a person reads it: "the proposed issue date, 18 December 2026".
    const transaction =
      statute === 'FEMA_RBI'
        ? purpose === 'ISSUE_TO_NON_RESIDENT'
          ? 'the proposed issue date'
          : 'the date of the transfer'
        : 'the date of the allotment';
    return [
      {
        code: 'VALUATION_DATE_STALE',
        message: `The valuation date, ${dateInWords(valuationDate)}, is ${days} days before ${transaction}, ${dateInWords(transactionDate)}: more than ${VALUATION_STALE_DAYS} days. ${source}. Consider a fresh valuation nearer the transaction.`,
      },
    ];
  }
  return [];
}

/**
 * A valuation date after the balance-sheet date: the equity bridge takes the balance sheet's cash and
 * borrowings unless the financials give them on the valuation date (`equityBridge.cashAtValuationDate`,
 * `equityBridge.debtAtValuationDate`); without them the elapsed part of the first projection year's cash
 * flow is in neither the DCF nor the net debt (docs/valuation-method.md, Stub period).
 */
export function netDebtNotRolledForwardWarnings(
  f: NormalisedFinancials,
  valuationDate: string,
  bridgeUsed: boolean,
  stub: { fraction: Dec; firstYearEnd: string; days: number; daysInYear: number } | null,
): ValuationWarning[] {
  if (!bridgeUsed || valuationDate <= f.balanceSheetDate) return [];
  if (f.equityBridge?.cashAtValuationDate !== undefined && f.equityBridge?.debtAtValuationDate !== undefined) return [];
  const elapsed =
    stub && !stub.fraction.eq(1)
      ? ` The DCF counts s = ${stub.days}/${stub.daysInYear} of the first projection year's cash flow, the part after the valuation date; the elapsed ${stub.daysInYear - stub.days}/${stub.daysInYear} before it is not counted and not rolled into net debt either.`
      : '';
  return [
    {
      code: 'NET_DEBT_NOT_ROLLED_FORWARD',
      message: `The valuation date (${valuationDate}) falls after the balance-sheet date (${f.balanceSheetDate}), but the equity bridge uses the balance sheet's cash (${formatRupees(dec(f.balanceSheet.cashAndCashEquivalents))}) and borrowings (${formatRupees(dec(f.balanceSheet.longTermBorrowings).plus(dec(f.balanceSheet.shortTermBorrowings)))}): neither the cash flow since then nor the net debt is rolled forward.${elapsed} The cash and the debt at the valuation date, where the financials give them, bridge there instead.`,
    },
  ];
}

/** How far from the valuation date the cost of capital's market figures may be read before FEMA warns. */
export const COST_OF_CAPITAL_SOURCE_DAYS = 30;

/**
 * FEMA: the market figures behind the cost of capital read more than 30 days from the valuation date are not
 * the market of that date (docs/statutes.md, FEMA); the warning prints in the report.
 */
export function costOfCapitalSourceWarnings(
  statute: Statute,
  valuationDate: string,
  sourceDate: string | undefined,
): ValuationWarning[] {
  if (statute !== 'FEMA_RBI' || !sourceDate) return [];
  const days = Math.abs(daysBetween(sourceDate, valuationDate));
  if (days <= COST_OF_CAPITAL_SOURCE_DAYS) return [];
  return [
    {
      code: 'COST_OF_CAPITAL_SOURCE_STALE',
      message: `The market figures behind the cost of capital were read on ${sourceDate}, ${days} days from the valuation date ${valuationDate}: more than ${COST_OF_CAPITAL_SOURCE_DAYS} days, so they may not be the market of the valuation date. Read them as at the valuation date, or say why these stand.`,
    },
  ];
}

/** FEMA purposes whose price the fair value bounds from below (NDI Rule 21(2)(a), (b)). */
const FEMA_FLOOR_PURPOSES = ['ISSUE_TO_NON_RESIDENT', 'TRANSFER_RESIDENT_TO_NON_RESIDENT'];

/**
 * A discount for lack of marketability (or control) on a FEMA issue or transfer to a person resident outside India
 * lowers the floor the pricing guidelines set: the price may then be lower than the undiscounted fair value. The
 * valuer may have reason for it; the warning says what it does and carries the reason, so the report prints it
 * beside (docs/statutes.md, FEMA).
 */
export function femaDiscountWarnings(
  statute: Statute,
  purpose: Purpose | null,
  judgement: {
    dlomPercent?: string | number;
    dlomRationale?: string;
    dlocPercent?: string | number;
    dlocRationale?: string;
  },
): ValuationWarning[] {
  if (statute !== 'FEMA_RBI' || (purpose !== null && !FEMA_FLOOR_PURPOSES.includes(purpose))) return [];
  const given = [
    ...(judgement.dlocPercent !== undefined && Number(judgement.dlocPercent) > 0
      ? [{ name: 'lack of control', percent: judgement.dlocPercent, reason: judgement.dlocRationale }]
      : []),
    ...(judgement.dlomPercent !== undefined && Number(judgement.dlomPercent) > 0
      ? [{ name: 'lack of marketability', percent: judgement.dlomPercent, reason: judgement.dlomRationale }]
      : []),
  ];
  return given.map((d) => ({
    code: 'FEMA_DISCOUNT_LOWERS_FLOOR',
    message: `The fair value takes a discount for ${d.name} of ${d.percent}%, and Rule 21 of the Non-Debt Instruments Rules sets that fair value as the floor on the price of ${purpose === 'TRANSFER_RESIDENT_TO_NON_RESIDENT' ? 'a transfer' : 'an issue'} to a person resident outside India. The valuer's reason: ${(d.reason ?? '').trim() || 'none given'}`,
  }));
}
