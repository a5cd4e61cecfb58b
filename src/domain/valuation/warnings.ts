import type { NormalisedFinancials } from '../financials/normalise.js';
import type { DcfComputation } from './dcf.js';
import { dec, formatRupees, plain, toPlaces, type Dec } from './money.js';
import type { MethodResult, Statute, ValuationWarning } from './types.js';

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
      message: `Terminal value is ${toPlaces(share.times(100), 2)}% of enterprise value (above 75%); the conclusion rests mainly on the perpetuity assumptions.`,
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
      message: `${m.method}: equity value is negative (${formatRupees(dec(m.equityValue))}).`,
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
      message: `Rule 11U defines the balance sheet as drawn up on the valuation date; the NAV here uses the balance sheet of ${f.balanceSheetDate}, not ${valuationDate}.`,
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
