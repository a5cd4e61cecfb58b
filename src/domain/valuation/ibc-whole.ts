// The fair value of the corporate debtor as a whole (CIRP Regulations, Reg 2(1)(hb) as amended from 25 February
// 2026; docs/ibc-valuation.md, The corporate debtor as a whole): the coordinating valuer's consolidation of the
// classes' fair values, plus the intangible assets and synergies the business carries as a going concern, where a
// discounted cash flow of the business shows them. Pure and exact (decimal arithmetic, rounded once to the paisa).
//
//   going-concern value = DCF enterprise value + trade payables (the claims the resolution plan settles, which the
//                         projections' working capital is net of) + cash and bank + securities or financial assets
//                         (outside the business's cash flows, at the fair values of their classes)
//   intangibles and synergies = max(0, going-concern value − Σ class fair values)
//   fair value of the corporate debtor = Σ class fair values + intangibles and synergies
import { ZERO, sum, toPaise, type Dec } from './money.js';
import type { CorporateDebtorValue, NoAdditionReason, ValuationLine, WholeValueMethod } from './types.js';
export type { CorporateDebtorValue, NoAdditionReason, WholeValueMethod } from './types.js';

/** The classes whose values lie outside the business's free cash flows: added to the enterprise value. */
export const NON_OPERATING_CLASSES: readonly string[] = ['CASH_AND_BANK', 'SECURITIES_OR_FINANCIAL_ASSETS'];

export interface WholeValueInput {
  classes: readonly { assetClass: string; fairValue: Dec }[];
  /** The business valued as a going concern, where projections are given. */
  goingConcern?: { enterpriseValue: Dec; tradePayables: Dec } | null;
}

export interface WholeValue {
  sumOfClasses: Dec;
  enterpriseValue: Dec | null;
  tradePayables: Dec | null;
  nonOperatingAssets: Dec | null;
  goingConcernValue: Dec | null;
  intangiblesAndSynergies: Dec;
  fairValue: Dec;
  method: WholeValueMethod;
  noAdditionReason: NoAdditionReason | null;
}

export function fairValueAsAWhole(input: WholeValueInput): WholeValue {
  const sumOfClasses = sum(input.classes.map((c) => c.fairValue));
  const gc = input.goingConcern;
  if (!gc) {
    return {
      sumOfClasses,
      enterpriseValue: null,
      tradePayables: null,
      nonOperatingAssets: null,
      goingConcernValue: null,
      intangiblesAndSynergies: ZERO,
      fairValue: sumOfClasses,
      method: 'SUM_OF_CLASSES',
      noAdditionReason: 'NO_PROJECTIONS',
    };
  }
  const nonOperatingAssets = sum(
    input.classes.filter((c) => NON_OPERATING_CLASSES.includes(c.assetClass)).map((c) => c.fairValue),
  );
  const goingConcernValue = gc.enterpriseValue.plus(gc.tradePayables).plus(nonOperatingAssets);
  const excess = goingConcernValue.minus(sumOfClasses);
  const intangiblesAndSynergies = excess.gt(ZERO) ? excess : ZERO;
  return {
    sumOfClasses,
    enterpriseValue: gc.enterpriseValue,
    tradePayables: gc.tradePayables,
    nonOperatingAssets,
    goingConcernValue,
    intangiblesAndSynergies,
    fairValue: sumOfClasses.plus(intangiblesAndSynergies),
    method: excess.gt(ZERO) ? 'GOING_CONCERN_DCF' : 'SUM_OF_CLASSES',
    noAdditionReason: excess.gt(ZERO) ? null : 'GOING_CONCERN_NOT_HIGHER',
  };
}

/** The API's and the report's view: every amount rounded once to the paisa. */

export function corporateDebtorValue(
  w: WholeValue,
  rates: { wacc: Dec; growth: Dec } | null,
  goingConcernLines: ValuationLine[] | null = null,
): CorporateDebtorValue {
  const paise = (d: Dec | null) => (d === null ? null : toPaise(d));
  return {
    method: w.method,
    noAdditionReason: w.noAdditionReason,
    sumOfClasses: toPaise(w.sumOfClasses),
    enterpriseValue: paise(w.enterpriseValue),
    tradePayables: paise(w.tradePayables),
    nonOperatingAssets: paise(w.nonOperatingAssets),
    goingConcernValue: paise(w.goingConcernValue),
    intangiblesAndSynergies: toPaise(w.intangiblesAndSynergies),
    fairValue: toPaise(w.fairValue),
    wacc: w.enterpriseValue !== null && rates ? rates.wacc.toString() : null,
    terminalGrowthRate: w.enterpriseValue !== null && rates ? rates.growth.toString() : null,
    goingConcernLines: w.enterpriseValue !== null ? goingConcernLines : null,
  };
}
