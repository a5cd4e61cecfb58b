import { Dec, dec, plain, toPlaces } from './money.js';
import { costOfCapitalFigures, type CostOfCapitalParts } from '../../contract/cost-of-capital.js';
import type { CostOfCapitalDisclosure } from './types.js';

/**
 * The cost of capital built up (docs/valuation-method.md, Cost of capital). Rates are percent (12.5 =
 * 12.5 %); `debtToEquity` is a ratio (0.25 = 25 % debt to equity); `beta` is the unlevered (asset) beta
 * relevered with Hamada's formula, or a levered beta used as given.
 */
export interface CostOfCapitalInput extends CostOfCapitalParts {
  /** Where the figures come from, e.g. "10-year G-Sec yield 6.52 % on 31-10-2026 (RBI)". */
  source: string;
  /** YYYY-MM-DD: when the market figures were read. */
  sourceDate?: string;
  /** Each input's own source and date, where the valuer gave one (the report's cost-of-capital annexure). */
  inputSources?: CostOfCapitalInputSources;
}

export type CostOfCapitalInputSources = Partial<Record<string, { source: string; date?: string }>>;

export interface CostOfCapitalBuildUp {
  leveredBeta: Dec;
  /** Ke = Rf + βL × ERP + size premium + company-specific premium, percent. */
  costOfEquity: Dec;
  /** Kd × (1 − t), percent. */
  costOfDebtAfterTax: Dec;
  /** E/V = 1 / (1 + D/E). */
  equityWeight: Dec;
  /** D/V = (D/E) / (1 + D/E). */
  debtWeight: Dec;
  /** Ke × E/V + Kd(after tax) × D/V, percent, exact. */
  wacc: Dec;
}

export function buildCostOfCapital(c: CostOfCapitalInput): CostOfCapitalBuildUp {
  // One formula with the console's (src/contract/cost-of-capital.ts); figures back as the engine's decimals.
  const f = costOfCapitalFigures(c);
  const d = (x: { toString(): string }) => dec(x.toString());
  return {
    leveredBeta: d(f.leveredBeta),
    costOfEquity: d(f.costOfEquity),
    costOfDebtAfterTax: d(f.costOfDebtAfterTax),
    equityWeight: d(f.equityWeight),
    debtWeight: d(f.debtWeight),
    wacc: d(f.wacc),
  };
}

/** The WACC a lock must state when it gives a build-up: the built-up figure rounded half-up to 4 decimals. */
export const statedWacc = (b: CostOfCapitalBuildUp): Dec => b.wacc.toDecimalPlaces(4, Dec.ROUND_HALF_UP);

/** The build-up as the result, the report and the workpapers show it. */
export function discloseCostOfCapital(c: CostOfCapitalInput, b: CostOfCapitalBuildUp): CostOfCapitalDisclosure {
  const given = (x: string | number | undefined) => plain(dec(x ?? 0));
  return {
    riskFreeRate: given(c.riskFreeRate),
    equityRiskPremium: given(c.equityRiskPremium),
    beta: given(c.beta),
    betaBasis: c.betaBasis,
    debtToEquity: given(c.debtToEquity),
    taxRate: given(c.taxRate),
    preTaxCostOfDebt: given(c.preTaxCostOfDebt),
    sizePremium: given(c.sizePremium),
    companySpecificPremium: given(c.companySpecificPremium),
    source: c.source,
    ...(c.sourceDate && { sourceDate: c.sourceDate }),
    ...(c.inputSources && Object.keys(c.inputSources).length > 0 && { inputSources: c.inputSources }),
    leveredBeta: toPlaces(b.leveredBeta, 6),
    costOfEquity: toPlaces(b.costOfEquity, 6),
    costOfDebtAfterTax: toPlaces(b.costOfDebtAfterTax, 6),
    equityWeight: toPlaces(b.equityWeight, 6),
    debtWeight: toPlaces(b.debtWeight, 6),
    wacc: toPlaces(b.wacc, 6),
  };
}
