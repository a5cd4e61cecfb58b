// The WACC built up from its parts (docs/valuation-method.md, Cost of capital), in exact decimals: one
// formula for the engine, which checks a locked WACC against it, and the console, which fills it in live.
import { Decimal } from 'decimal.js';

export interface CostOfCapitalParts {
  riskFreeRate: string | number;
  equityRiskPremium: string | number;
  beta: string | number;
  betaBasis: 'UNLEVERED' | 'LEVERED';
  debtToEquity: string | number;
  taxRate: string | number;
  preTaxCostOfDebt: string | number;
  sizePremium?: string | number;
  companySpecificPremium?: string | number;
}

export interface CostOfCapitalFigures {
  leveredBeta: Decimal;
  costOfEquity: Decimal;
  costOfDebtAfterTax: Decimal;
  equityWeight: Decimal;
  debtWeight: Decimal;
  wacc: Decimal;
}

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export function costOfCapitalFigures(c: CostOfCapitalParts): CostOfCapitalFigures {
  const one = new D(1);
  const t = new D(c.taxRate).div(100);
  const de = new D(c.debtToEquity);
  // Hamada: βL = βU × (1 + (1 − t) × D/E).
  const leveredBeta =
    c.betaBasis === 'UNLEVERED' ? new D(c.beta).times(one.plus(one.minus(t).times(de))) : new D(c.beta);
  const costOfEquity = new D(c.riskFreeRate)
    .plus(leveredBeta.times(new D(c.equityRiskPremium)))
    .plus(new D(c.sizePremium ?? 0))
    .plus(new D(c.companySpecificPremium ?? 0));
  const costOfDebtAfterTax = new D(c.preTaxCostOfDebt).times(one.minus(t));
  const equityWeight = one.div(one.plus(de));
  const debtWeight = de.div(one.plus(de));
  return {
    leveredBeta,
    costOfEquity,
    costOfDebtAfterTax,
    equityWeight,
    debtWeight,
    wacc: costOfEquity.times(equityWeight).plus(costOfDebtAfterTax.times(debtWeight)),
  };
}

/** The WACC a lock with a build-up must state: the built-up figure rounded half-up to 4 decimals. */
export const statedWaccOf = (c: CostOfCapitalParts): string =>
  costOfCapitalFigures(c).wacc.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
