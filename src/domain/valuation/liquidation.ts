import { totalEquityAndLiabilities } from '../financials/checks.js';
import type { NormalisedFinancials, NormalisedLiquidationAsset } from '../financials/normalise.js';
import { ValuationInputError } from './errors.js';
import { valueRegisters, type ValuedRegisters } from './asset-registers.js';
import { reconcileAssets, type Reconciliation } from './reconciliation.js';
import { amountLine } from './lines.js';
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

/** CIRP (fair value and liquidation value, CIRP Reg 35) or liquidation (realisable value, Liquidation Process Reg 35). */
export type IbcProcess = 'CIRP' | 'LIQUIDATION';

export interface LiquidationComputation {
  process: IbcProcess;
  /** The asset registers valued row by row, where the financials give them. */
  registers: ValuedRegisters | undefined;
  reconciliation: Reconciliation;
  assets: {
    label: string;
    bookValue: Dec;
    fairValue: Dec;
    liquidationValue: Dec;
    estimates: Estimate[];
    /** Valued by the service from the class's asset register. */
    fromRegister: boolean;
  }[];
  totalFairValue: Dec;
  totalLiquidationValue: Dec;
  liquidationCosts: Dec;
  /** The creditors' claims (preference share capital is not one). */
  liabilities: Dec;
  liabilitiesSource: string;
  /** s.53: preference shareholders rank after every creditor and before equity. */
  preferenceCapital: Dec;
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

/** Liquidation Process Reg 35(4): "the average of two estimates". */
export function averageOfTwo(values: readonly Dec[], label: string): Dec {
  if (values.length !== 2) {
    throw new ValuationInputError(
      'INVALID_FINANCIALS',
      `${label}: the Liquidation Process Regulations, 2016, Reg 35 take the average of two registered valuers' estimates of realisable value; ${values.length} were given.`,
    );
  }
  return values[0].plus(values[1]).div(2);
}

function withRegisterTotals(a: NormalisedLiquidationAsset, registers: ValuedRegisters | undefined) {
  const computed = registers?.classes.find((c) => c.assetClass === a.assetClass);
  if (!computed) return a;
  return {
    ...a,
    bookValue: toPaise(computed.bookValue),
    fairValue: toPaise(computed.fairValue),
    liquidationValue: toPaise(computed.liquidationValue),
    fromRegister: true as const,
  };
}

function resolveAsset(a: NormalisedLiquidationAsset, process: IbcProcess) {
  const label = a.description ? `${a.assetClass} (${a.description})` : a.assetClass;
  const estimates: Estimate[] = (a.estimates ?? []).map((e) => ({
    valuer: e.valuer,
    fairValue: dec(e.fairValue),
    liquidationValue: dec(e.liquidationValue),
  }));
  const fromEstimates = estimates.length > 0;
  // In liquidation the valuers' estimates of realisable value are given as `liquidationValue`.
  const average = process === 'CIRP' ? averageOfTwoClosest : (values: Dec[]) => averageOfTwo(values, label);
  return {
    label,
    bookValue: dec(a.bookValue),
    fairValue: fromEstimates
      ? process === 'CIRP'
        ? average(estimates.map((e) => e.fairValue))
        : ZERO
      : dec(a.fairValue ?? ZERO),
    liquidationValue: fromEstimates
      ? average(estimates.map((e) => e.liquidationValue))
      : dec(a.liquidationValue ?? ZERO),
    estimates,
    fromRegister: a.fromRegister === true,
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

export function computeLiquidation(f: NormalisedFinancials, process: IbcProcess = 'CIRP'): LiquidationComputation {
  const input = f.liquidation;
  if (!input || input.assets.length === 0) {
    throw new ValuationInputError(
      'MISSING_LIQUIDATION_INPUTS',
      'IBC valuation needs the registered valuers\' fair value and liquidation value for each asset class (financials "liquidation.assets").',
    );
  }
  // Every balance-sheet asset valued in a class or excluded with its reason (docs/asset-registers.md): the lock
  // refuses a valuation where one is neither (409 asset_not_accounted); the reconciliation is printed in an annexure.
  const reconciliation = reconcileAssets(f);
  // A class with an asset register is valued from its rows, here as at the upload (docs/asset-registers.md).
  const registers = input.registers ? valueRegisters(input.registers, f.balanceSheetDate) : undefined;
  const assets = input.assets.map((a) => resolveAsset(withRegisterTotals(a, registers), process));
  const bs = f.balanceSheet;
  // s.53: preference capital is a shareholder's claim, ranking after every creditor, never a creditor's.
  const preferenceCapital = dec(bs.preferenceShareCapital);
  const liabilities =
    input.liabilities !== undefined
      ? dec(input.liabilities)
      : totalEquityAndLiabilities(f)
          .minus(dec(bs.equityShareCapital))
          .minus(dec(bs.reservesAndSurplus))
          .minus(preferenceCapital);
  const totalFairValue = sum(assets.map((a) => a.fairValue));
  const totalLiquidationValue = sum(assets.map((a) => a.liquidationValue));
  const liquidationCosts = dec(input.liquidationCosts ?? ZERO);
  const fairAfterCreditors = totalFairValue.minus(liabilities);
  const liquidationAfterCreditors = totalLiquidationValue.minus(liquidationCosts).minus(liabilities);
  const fairSurplus = Dec.max(fairAfterCreditors, ZERO).minus(preferenceCapital);
  const liquidationSurplus = Dec.max(liquidationAfterCreditors, ZERO).minus(preferenceCapital);
  return {
    process,
    registers,
    reconciliation,
    preferenceCapital,
    assets,
    totalFairValue,
    totalLiquidationValue,
    liquidationCosts,
    liabilities,
    liabilitiesSource:
      input.liabilities !== undefined
        ? 'as given in the financials (liquidation.liabilities)'
        : 'balance-sheet liabilities other than equity share capital, reserves and preference share capital',
    fairValueToEquity: Dec.max(fairSurplus, ZERO),
    liquidationValueToEquity: Dec.max(liquidationSurplus, ZERO),
    fairValueShortfall: Dec.max(fairAfterCreditors.neg(), ZERO),
    liquidationValueShortfall: Dec.max(liquidationAfterCreditors.neg(), ZERO),
    sharesOutstanding: dec(f.shares.equitySharesOutstanding),
    // The third-valuer flag is the CIRP's (Reg 35(1)(b)); the liquidation regulations average two.
    warnings: process === 'CIRP' ? assets.flatMap(significantDifferenceWarnings) : [],
  };
}

const SHORTFALL_NOTE = 'borne by the creditors, not by equity';
const NIL_NOTE = 's.53: what is left after all claims, never less than nil';

function estimateLines(
  asset: LiquidationComputation['assets'][number],
  basis: 'fairValue' | 'liquidationValue',
  process: IbcProcess,
): ValuationLine[] {
  const name =
    basis === 'fairValue' ? 'fair value' : process === 'LIQUIDATION' ? 'realisable value' : 'liquidation value';
  const note = asset.fromRegister
    ? `book value ${toPaise(asset.bookValue)}; the sum of its asset register's rows (annexure)`
    : `book value ${toPaise(asset.bookValue)}`;
  if (asset.estimates.length === 0) return [amountLine(`${asset.label}: ${name}`, asset[basis], note)];
  // The average of the registered valuers' estimates is the resolution professional's or liquidator's computation under Reg 35.
  const whose =
    process === 'CIRP'
      ? "the resolution professional's computation (CIRP Reg 35(1)(c))"
      : "the liquidator's computation (Liquidation Process Reg 35(4))";
  return [
    ...asset.estimates.map((e) => amountLine(`${asset.label}: ${name} estimated by ${e.valuer}`, e[basis])),
    amountLine(
      `${asset.label}: ${name}`,
      asset[basis],
      `${process === 'CIRP' ? 'average of the two closest estimates' : 'average of the two estimates'}, ${whose}; ${note}`,
    ),
  ];
}

/** s.53 after the creditors: preference capital, then equity, never below nil. */
function waterfallLines(c: LiquidationComputation, afterCreditors: Dec, toEquity: Dec, name: string): ValuationLine[] {
  return [
    amountLine(`${name} available after all creditors`, Dec.max(afterCreditors, ZERO)),
    amountLine('Less: preference share capital (ranks after all creditors, s.53)', c.preferenceCapital.neg()),
    amountLine(`${name} available to equity`, toEquity, NIL_NOTE),
  ];
}

export function fairValueMethod(c: LiquidationComputation): MethodResult {
  const perShare = c.fairValueToEquity.div(c.sharesOutstanding);
  // The deliverable is the assets' value per class and in total; no value per share is reported.
  const lines: ValuationLine[] = [
    ...c.assets.flatMap((a) => estimateLines(a, 'fairValue', c.process)),
    amountLine('Total fair value of assets', c.totalFairValue),
    amountLine('Less: liabilities (creditors)', c.liabilities.neg(), c.liabilitiesSource),
    amountLine('Shortfall to creditors (claims not met)', c.fairValueShortfall, SHORTFALL_NOTE),
    ...waterfallLines(c, c.totalFairValue.minus(c.liabilities), c.fairValueToEquity, 'Fair value'),
  ];
  return {
    method: 'FAIR_VALUE',
    title: 'Fair value (CIRP Regulations, Reg 35)',
    lines,
    enterpriseValue: toPaise(c.totalFairValue),
    equityValue: toPaise(c.fairValueToEquity),
    valuePerShare: toPaise(perShare),
  };
}

export function liquidationValueMethod(c: LiquidationComputation): MethodResult {
  const perShare = c.liquidationValueToEquity.div(c.sharesOutstanding);
  const name = c.process === 'LIQUIDATION' ? 'Realisable value' : 'Liquidation value';
  const lines: ValuationLine[] = [
    ...c.assets.flatMap((a) => estimateLines(a, 'liquidationValue', c.process)),
    amountLine(`Total ${name.toLowerCase()} of assets`, c.totalLiquidationValue),
    amountLine('Less: liquidation costs', c.liquidationCosts.neg()),
    amountLine('Less: liabilities (creditors)', c.liabilities.neg(), c.liabilitiesSource),
    amountLine('Shortfall to creditors (claims not met)', c.liquidationValueShortfall, SHORTFALL_NOTE),
    ...waterfallLines(
      c,
      c.totalLiquidationValue.minus(c.liquidationCosts).minus(c.liabilities),
      c.liquidationValueToEquity,
      name,
    ),
  ];
  return {
    method: 'LIQUIDATION_VALUE',
    title:
      c.process === 'LIQUIDATION'
        ? 'Realisable value (Liquidation Process Regulations, Reg 35)'
        : 'Liquidation value (CIRP Regulations, Reg 35)',
    lines,
    enterpriseValue: toPaise(c.totalLiquidationValue.minus(c.liquidationCosts)),
    equityValue: toPaise(c.liquidationValueToEquity),
    valuePerShare: toPaise(perShare),
  };
}
