import {
  totalEquityAndLiabilities,
  type NormalisedFinancials,
  type NormalisedLiquidationAsset,
} from '../financials/normalise.js';
import { ValuationInputError } from './errors.js';
import { amountLine, countLine, perShareLine } from './lines.js';
import { Dec, ZERO, dec, sum, toPaise, toPlaces } from './money.js';
import type { MethodResult, ValuationLine, ValuationWarning } from './types.js';

/** CIRP Reg 35(1)(b): liquidation estimates 25 % apart, (L1 − L2)/L1, are "significantly different". */
export const SIGNIFICANT_DIFFERENCE = dec('0.25');

/**
 * IBC (CIRP Reg 35): fair value and liquidation value from the registered valuers' figures per
 * asset class. Both are reduced by the claims ranking ahead of equity; liquidation costs reduce
 * the liquidation value only, because fair value assumes an orderly sale without liquidation.
 */
interface Estimate {
  valuer: string;
  fairValue: Dec;
  liquidationValue: Dec;
}

export interface LiquidationComputation {
  assets: { label: string; bookValue: Dec; fairValue: Dec; liquidationValue: Dec; estimates: Estimate[] }[];
  totalFairValue: Dec;
  totalLiquidationValue: Dec;
  liquidationCosts: Dec;
  liabilities: Dec;
  liabilitiesSource: string;
  /** s.53 waterfall: equity takes what is left after every claim, never less than nil. */
  fairValueToEquity: Dec;
  liquidationValueToEquity: Dec;
  /** Claims the assets do not meet (0 when they are met in full). */
  fairValueShortfall: Dec;
  liquidationValueShortfall: Dec;
  sharesOutstanding: Dec;
  warnings: ValuationWarning[];
}

/**
 * CIRP Reg 35(1)(c): the average of the two closest estimates. The closest pair is adjacent once
 * sorted; on a tie the lower pair is taken, the prudent reading.
 */
export function averageOfTwoClosest(values: readonly Dec[]): Dec {
  const sorted = [...values].sort((x, y) => x.comparedTo(y));
  let best = 0;
  for (let i = 1; i < sorted.length - 1; i += 1) {
    if (sorted[i + 1].minus(sorted[i]).lt(sorted[best + 1].minus(sorted[best]))) best = i;
  }
  return sorted[best].plus(sorted[best + 1]).div(2);
}

function resolveAsset(a: NormalisedLiquidationAsset) {
  const label = a.description ? `${a.assetClass} (${a.description})` : a.assetClass;
  const estimates: Estimate[] = (a.estimates ?? []).map((e) => ({
    valuer: e.valuer,
    fairValue: dec(e.fairValue),
    liquidationValue: dec(e.liquidationValue),
  }));
  const fromEstimates = estimates.length > 0;
  return {
    label,
    bookValue: dec(a.bookValue),
    fairValue: fromEstimates ? averageOfTwoClosest(estimates.map((e) => e.fairValue)) : dec(a.fairValue ?? ZERO),
    liquidationValue: fromEstimates
      ? averageOfTwoClosest(estimates.map((e) => e.liquidationValue))
      : dec(a.liquidationValue ?? ZERO),
    estimates,
  };
}

function significantDifferenceWarnings(asset: { label: string; estimates: Estimate[] }): ValuationWarning[] {
  if (asset.estimates.length !== 2) return [];
  const values = asset.estimates.map((e) => e.liquidationValue);
  const high = Dec.max(...values);
  const low = Dec.min(...values);
  if (high.isZero() || high.minus(low).div(high).lt(SIGNIFICANT_DIFFERENCE)) return [];
  return [
    {
      code: 'LIQUIDATION_ESTIMATES_SIGNIFICANTLY_DIFFERENT',
      message: `${asset.label}: the two liquidation value estimates differ by ${toPlaces(high.minus(low).div(high).times(100), 2)}% of the higher (25% or more); a third registered valuer may be appointed (CIRP Reg 35(1)(b)).`,
    },
  ];
}

export function computeLiquidation(f: NormalisedFinancials): LiquidationComputation {
  const input = f.liquidation;
  if (!input || input.assets.length === 0) {
    throw new ValuationInputError(
      'MISSING_LIQUIDATION_INPUTS',
      'IBC valuation needs the registered valuers\' fair value and liquidation value for each asset class (financials "liquidation.assets").',
    );
  }
  const assets = input.assets.map(resolveAsset);
  const bs = f.balanceSheet;
  const liabilities =
    input.liabilities !== undefined
      ? dec(input.liabilities)
      : totalEquityAndLiabilities(f).minus(dec(bs.equityShareCapital)).minus(dec(bs.reservesAndSurplus));
  const totalFairValue = sum(assets.map((a) => a.fairValue));
  const totalLiquidationValue = sum(assets.map((a) => a.liquidationValue));
  const liquidationCosts = dec(input.liquidationCosts ?? ZERO);
  const fairSurplus = totalFairValue.minus(liabilities);
  const liquidationSurplus = totalLiquidationValue.minus(liquidationCosts).minus(liabilities);
  return {
    assets,
    totalFairValue,
    totalLiquidationValue,
    liquidationCosts,
    liabilities,
    liabilitiesSource:
      input.liabilities !== undefined
        ? 'as given in the financials (liquidation.liabilities)'
        : 'balance-sheet liabilities other than equity share capital and reserves, including preference share capital',
    fairValueToEquity: Dec.max(fairSurplus, ZERO),
    liquidationValueToEquity: Dec.max(liquidationSurplus, ZERO),
    fairValueShortfall: Dec.max(fairSurplus.neg(), ZERO),
    liquidationValueShortfall: Dec.max(liquidationSurplus.neg(), ZERO),
    sharesOutstanding: dec(f.shares.equitySharesOutstanding),
    warnings: assets.flatMap(significantDifferenceWarnings),
  };
}

const SHORTFALL_NOTE = 'borne by the creditors, not by equity';
const NIL_NOTE = 's.53: what is left after all claims, never less than nil';

function estimateLines(
  asset: LiquidationComputation['assets'][number],
  basis: 'fairValue' | 'liquidationValue',
): ValuationLine[] {
  const name = basis === 'fairValue' ? 'fair value' : 'liquidation value';
  const note = `book value ${toPaise(asset.bookValue)}`;
  if (asset.estimates.length === 0) return [amountLine(`${asset.label}: ${name}`, asset[basis], note)];
  return [
    ...asset.estimates.map((e) => amountLine(`${asset.label}: ${name} estimated by ${e.valuer}`, e[basis])),
    amountLine(`${asset.label}: ${name}`, asset[basis], `average of the two closest estimates; ${note}`),
  ];
}

export function fairValueMethod(c: LiquidationComputation): MethodResult {
  const perShare = c.fairValueToEquity.div(c.sharesOutstanding);
  const lines: ValuationLine[] = [
    ...c.assets.flatMap((a) => estimateLines(a, 'fairValue')),
    amountLine('Total fair value of assets', c.totalFairValue),
    amountLine('Less: liabilities', c.liabilities.neg(), c.liabilitiesSource),
    amountLine('Shortfall to creditors (claims not met)', c.fairValueShortfall, SHORTFALL_NOTE),
    amountLine('Fair value available to equity', c.fairValueToEquity, NIL_NOTE),
    countLine('Equity shares outstanding', c.sharesOutstanding),
    perShareLine('Fair value per equity share', perShare),
  ];
  return {
    method: 'FAIR_VALUE',
    title: 'Fair value (CIRP Regulation 35)',
    lines,
    enterpriseValue: toPaise(c.totalFairValue),
    equityValue: toPaise(c.fairValueToEquity),
    valuePerShare: toPaise(perShare),
  };
}

export function liquidationValueMethod(c: LiquidationComputation): MethodResult {
  const perShare = c.liquidationValueToEquity.div(c.sharesOutstanding);
  const lines: ValuationLine[] = [
    ...c.assets.flatMap((a) => estimateLines(a, 'liquidationValue')),
    amountLine('Total liquidation value of assets', c.totalLiquidationValue),
    amountLine('Less: liquidation costs', c.liquidationCosts.neg()),
    amountLine('Less: liabilities', c.liabilities.neg(), c.liabilitiesSource),
    amountLine('Shortfall to creditors (claims not met)', c.liquidationValueShortfall, SHORTFALL_NOTE),
    amountLine('Liquidation value available to equity', c.liquidationValueToEquity, NIL_NOTE),
    countLine('Equity shares outstanding', c.sharesOutstanding),
    perShareLine('Liquidation value per equity share', perShare),
  ];
  return {
    method: 'LIQUIDATION_VALUE',
    title: 'Liquidation value (CIRP Regulation 35)',
    lines,
    enterpriseValue: toPaise(c.totalLiquidationValue.minus(c.liquidationCosts)),
    equityValue: toPaise(c.liquidationValueToEquity),
    valuePerShare: toPaise(perShare),
  };
}
