// Cross-field checks of a financials document: consecutive years, a shareholding that adds up, a balance sheet that balances.
import { ASSET_FIELDS, EQUITY_AND_LIABILITY_FIELDS, type NavAdjustmentField } from './fields.js';
import { type FinancialsDocument } from './schema.js';
import { ONE, dec, formatRupees, sum, type Dec } from '../valuation/money.js';
import type { FinancialsError, NormalisedFinancials } from './normalised-types.js';

/** Indian fiscal year containing a date: FY2027 runs 1 Apr 2026 – 31 Mar 2027. */
export function fiscalYearOf(isoDate: string): number {
  const [year, month] = isoDate.split('-').map(Number);
  return month >= 4 ? year + 1 : year;
}

/**
 * History runs in consecutive years, oldest first, up to the fiscal year of the balance sheet date; a balance sheet
 * drawn up inside a year (not on 31 March) may instead follow the last full year before it, as an interim balance
 * sheet follows the audited years (docs/financials-template.md, History).
 */
export function checkHistoryYears(document: FinancialsDocument): FinancialsError[] {
  const years = document.history ?? [];
  const ofBalanceSheet = fiscalYearOf(document.balanceSheetDate);
  const interim = !document.balanceSheetDate.endsWith('-03-31');
  const lastGiven = Number(years.at(-1)?.year.slice(2));
  const last = interim && lastGiven === ofBalanceSheet - 1 ? lastGiven : ofBalanceSheet;
  const ending = interim
    ? `ending with the year of the balance sheet date ${document.balanceSheetDate} or the full year before it`
    : `ending with the year of the balance sheet date ${document.balanceSheetDate}`;
  return years.flatMap((y, i): FinancialsError[] => {
    const expected = `FY${last - (years.length - 1) + i}`;
    if (y.year === expected) return [];
    return [
      { path: `/history/${i}/year`, message: `must be ${expected} (consecutive years, oldest first, ${ending})` },
    ];
  });
}

/** The equity lines of the capital table add up to the equity shares outstanding. */
export function checkShareholding(document: FinancialsDocument): FinancialsError[] {
  const rows = document.shareholding;
  if (!rows) return [];
  const equity = rows.filter((r) => r.instrument === 'EQUITY').reduce((total, r) => total + BigInt(r.number), 0n);
  const outstanding = BigInt(document.shares.equitySharesOutstanding);
  if (equity === outstanding) return [];
  return [
    {
      path: '/shareholding',
      message: `the EQUITY lines add up to ${equity} shares, but shares.equitySharesOutstanding is ${outstanding}`,
    },
  ];
}

export function checkProjectionYears(document: FinancialsDocument): FinancialsError[] {
  const projections = document.projections ?? [];
  if (projections.length === 0) return [];
  // The first year is the one holding the day after the balance sheet (a balance sheet inside a year
  // leaves a stub of it), or the next full year; for a 31 March balance sheet the two are the same.
  const holding = fiscalYearOf(dayAfter(document.balanceSheetDate));
  const next = fiscalYearOf(document.balanceSheetDate) + 1;
  const firstGiven = Number(projections[0].year.slice(2));
  const first = firstGiven === holding || firstGiven === next ? firstGiven : next;
  return projections.flatMap((p, i): FinancialsError[] => {
    const expected = `FY${first + i}`;
    if (p.year === expected) return [];
    const why =
      i === 0
        ? holding === next
          ? `the fiscal year after the balance sheet date ${document.balanceSheetDate}`
          : `the fiscal year holding the day after the balance sheet date ${document.balanceSheetDate} (FY${holding}), or the next (FY${next})`
        : `projection years must be consecutive, following ${projections[i - 1].year}`;
    return [{ path: `/projections/${i}/year`, message: `must be ${expected} (${why})` }];
  });
}

export function dayAfter(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function totalAssets(f: Pick<NormalisedFinancials, 'balanceSheet'>): Dec {
  return sum(ASSET_FIELDS.map((k) => dec(f.balanceSheet[k])));
}

export function totalEquityAndLiabilities(f: Pick<NormalisedFinancials, 'balanceSheet'>): Dec {
  return sum(EQUITY_AND_LIABILITY_FIELDS.map((k) => dec(f.balanceSheet[k])));
}

export function checkBalanceSheetBalances(f: NormalisedFinancials): FinancialsError[] {
  const assets = totalAssets(f);
  const claims = totalEquityAndLiabilities(f);
  const difference = assets.minus(claims);
  // "To the rupee": differences below one rupee are rounding in the source statements.
  if (difference.abs().lt(ONE)) return [];
  const larger = difference.isPositive()
    ? `total assets (${formatRupees(assets)}) exceed equity and liabilities (${formatRupees(claims)})`
    : `equity and liabilities (${formatRupees(claims)}) exceed total assets (${formatRupees(assets)})`;
  return [
    {
      path: '/balanceSheet',
      message: `does not balance: ${larger} by ${formatRupees(difference.abs())}`,
    },
  ];
}

/** Rule 11UA adjustments are parts of balance-sheet totals; more than the total is a typo. */
export function checkNavAdjustmentsFit(f: NormalisedFinancials): FinancialsError[] {
  const n = (k: NavAdjustmentField) => dec(f.navAdjustments[k]);
  const assetParts = sum([
    n('incomeTaxPaidNetOfRefund'),
    n('unamortisedExpenditure'),
    n('jewelleryAndArtBookValue'),
    n('sharesAndSecuritiesBookValue'),
    n('immovablePropertyBookValue'),
  ]);
  const liabilityParts = sum([
    n('provisionForTaxationExcess'),
    n('unascertainedLiabilityProvisions'),
    n('proposedDividendsNotDeclared'),
  ]);
  const bs = f.balanceSheet;
  const outsideLiabilities = totalEquityAndLiabilities(f)
    .minus(dec(bs.equityShareCapital))
    .minus(dec(bs.reservesAndSurplus));
  const errors: FinancialsError[] = [];
  if (assetParts.gt(totalAssets(f))) {
    errors.push({
      path: '/navAdjustments',
      message: `asset-side adjustments (${formatRupees(assetParts)}) exceed total assets (${formatRupees(totalAssets(f))})`,
    });
  }
  if (liabilityParts.gt(outsideLiabilities)) {
    errors.push({
      path: '/navAdjustments',
      message: `excluded liabilities (${formatRupees(liabilityParts)}) exceed liabilities other than shareholders' funds (${formatRupees(outsideLiabilities)})`,
    });
  }
  return errors;
}
