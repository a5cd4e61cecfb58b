import { totalEquityAndLiabilities, type NormalisedFinancials } from '../financials/normalise.js';
import { ValuationInputError } from './errors.js';
import { amountLine, countLine, perShareLine } from './lines.js';
import { ZERO, dec, sum, toPaise, type Dec } from './money.js';
import type { MethodResult, ValuationLine } from './types.js';

/**
 * IBC (CIRP Reg 35): fair value and liquidation value from the registered valuers' figures per
 * asset class. Both are reduced by the claims ranking ahead of equity; liquidation costs reduce
 * the liquidation value only, because fair value assumes an orderly sale without liquidation.
 */
export interface LiquidationComputation {
  assets: { label: string; bookValue: Dec; fairValue: Dec; liquidationValue: Dec }[];
  totalFairValue: Dec;
  totalLiquidationValue: Dec;
  liquidationCosts: Dec;
  liabilities: Dec;
  liabilitiesSource: string;
  fairValueToEquity: Dec;
  liquidationValueToEquity: Dec;
  sharesOutstanding: Dec;
}

export function computeLiquidation(f: NormalisedFinancials): LiquidationComputation {
  const input = f.liquidation;
  if (!input || input.assets.length === 0) {
    throw new ValuationInputError(
      'MISSING_LIQUIDATION_INPUTS',
      'IBC valuation needs the registered valuers\' fair value and liquidation value for each asset class (financials "liquidation.assets").',
    );
  }
  const assets = input.assets.map((a) => ({
    label: a.description ? `${a.assetClass} (${a.description})` : a.assetClass,
    bookValue: dec(a.bookValue),
    fairValue: dec(a.fairValue),
    liquidationValue: dec(a.liquidationValue),
  }));
  const bs = f.balanceSheet;
  const liabilities =
    input.liabilities !== undefined
      ? dec(input.liabilities)
      : totalEquityAndLiabilities(f).minus(dec(bs.equityShareCapital)).minus(dec(bs.reservesAndSurplus));
  const totalFairValue = sum(assets.map((a) => a.fairValue));
  const totalLiquidationValue = sum(assets.map((a) => a.liquidationValue));
  const liquidationCosts = dec(input.liquidationCosts ?? ZERO);
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
    fairValueToEquity: totalFairValue.minus(liabilities),
    liquidationValueToEquity: totalLiquidationValue.minus(liquidationCosts).minus(liabilities),
    sharesOutstanding: dec(f.shares.equitySharesOutstanding),
  };
}

export function fairValueMethod(c: LiquidationComputation): MethodResult {
  const perShare = c.fairValueToEquity.div(c.sharesOutstanding);
  const lines: ValuationLine[] = [
    ...c.assets.map((a) => amountLine(`${a.label}: fair value`, a.fairValue, `book value ${toPaise(a.bookValue)}`)),
    amountLine('Total fair value of assets', c.totalFairValue),
    amountLine('Less: liabilities', c.liabilities.neg(), c.liabilitiesSource),
    amountLine('Fair value available to equity', c.fairValueToEquity),
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
    ...c.assets.map((a) =>
      amountLine(`${a.label}: liquidation value`, a.liquidationValue, `book value ${toPaise(a.bookValue)}`),
    ),
    amountLine('Total liquidation value of assets', c.totalLiquidationValue),
    amountLine('Less: liquidation costs', c.liquidationCosts.neg()),
    amountLine('Less: liabilities', c.liabilities.neg(), c.liabilitiesSource),
    amountLine('Liquidation value available to equity', c.liquidationValueToEquity),
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
