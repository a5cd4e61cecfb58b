import { totalAssets, totalEquityAndLiabilities } from '../financials/checks.js';
import type { NormalisedFinancials } from '../financials/normalise.js';
import { amountLine, countLine } from './lines.js';
import { dec, type Dec } from './money.js';
import { toPaise } from './money.js';
import type { MethodResult } from './types.js';
import { basicValuePerShare, perShare, perShareLines, type PerShare } from './dilution.js';

/**
 * Book net asset value for the Companies Act: total assets, less amounts that are not assets
 * (unamortised expenditure), less every claim ranking ahead of equity (outside liabilities and
 * preference share capital), divided by the equity shares outstanding.
 */
/** The value per share (PerShare) is fully diluted where the capital table holds dilutive instruments. */
export interface BookNavComputation extends PerShare {
  totalAssets: Dec;
  notAssets: Dec;
  outsideLiabilities: Dec;
  preferenceShareCapital: Dec;
  netAssetValue: Dec;
  sharesOutstanding: Dec;
}

export function computeBookNav(f: NormalisedFinancials): BookNavComputation {
  const bs = f.balanceSheet;
  const assets = totalAssets(f);
  const notAssets = dec(f.navAdjustments.unamortisedExpenditure);
  const preferenceShareCapital = dec(bs.preferenceShareCapital);
  const outsideLiabilities = totalEquityAndLiabilities(f)
    .minus(dec(bs.equityShareCapital))
    .minus(dec(bs.reservesAndSurplus))
    .minus(preferenceShareCapital);
  const netAssetValue = assets.minus(notAssets).minus(outsideLiabilities).minus(preferenceShareCapital);
  const sharesOutstanding = dec(f.shares.equitySharesOutstanding);
  return {
    // NAV deducted CCPS capital (preference capital) and CCD principal (a liability): converted, they come back.
    ...perShare(f, netAssetValue, sharesOutstanding),
    totalAssets: assets,
    notAssets,
    outsideLiabilities,
    preferenceShareCapital,
    netAssetValue,
    sharesOutstanding,
  };
}

export function bookNavMethod(c: BookNavComputation): MethodResult {
  return {
    method: 'NAV',
    title: 'Net asset value (book, attributable to equity)',
    lines: [
      amountLine('Total assets as per balance sheet', c.totalAssets),
      amountLine('Less: unamortised expenditure and other amounts that are not assets', c.notAssets.neg()),
      amountLine("Less: liabilities other than shareholders' funds", c.outsideLiabilities.neg()),
      amountLine('Less: preference share capital', c.preferenceShareCapital.neg()),
      amountLine('Net asset value attributable to equity', c.netAssetValue),
      countLine('Equity shares outstanding', c.sharesOutstanding),
      ...perShareLines(c),
    ],
    ...basicValuePerShare(c),
    equityValue: toPaise(c.netAssetValue),
    valuePerShare: toPaise(c.valuePerShare),
  };
}
