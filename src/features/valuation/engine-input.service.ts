// The engine's input from what the service stores: one for the lock's proof of the computation and for the job.
import {
  computeValuation,
  ValuationInputError,
  type CostOfCapitalInput,
  type Judgement,
  type Purpose,
  type Statute,
  type ValuationInput,
  type ValuationResult,
} from '../../domain/valuation/engine.js';
import type { ValuationInputErrorCode } from '../../domain/valuation/errors.js';
import type { ErrorCode } from '../../contract/errors.js';
import { AppError } from '../../lib/errors.js';
import type { MarketApproach } from '../../domain/valuation/comparables.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import type { AssumptionsRow } from './valuation-data.repository.js';
import type { EngagementRow } from '../engagements/engagements.repository.js';

/** The date of the receipt, transfer or issue: the valuation date unless one was given. */
export function transactionDateOf(e: { valuation_date: string; transaction_date?: string | null }): string {
  return e.transaction_date ?? e.valuation_date;
}

/** The locked judgement as the engine takes it. */
export function storedJudgement(a: AssumptionsRow): Judgement {
  return {
    ...(a.method_weights && { methodWeights: a.method_weights }),
    ...(a.weights_rationale && { weightsRationale: a.weights_rationale }),
    ...(a.dlom_percent !== null && a.dlom_percent !== undefined && { dlomPercent: a.dlom_percent }),
    ...(a.dlom_rationale && { dlomRationale: a.dlom_rationale }),
    ...(a.dloc_percent !== null && a.dloc_percent !== undefined && { dlocPercent: a.dloc_percent }),
    ...(a.dloc_rationale && { dlocRationale: a.dloc_rationale }),
    ...(a.market_approach && { marketApproach: a.market_approach as MarketApproach }),
  };
}

/** The engine's input for an engagement, its accepted financials and its locked assumptions. */
export function engineInputOf(
  engagement: EngagementRow,
  financials: NormalisedFinancials,
  assumptions: AssumptionsRow,
): ValuationInput {
  return {
    financials,
    assumptions: {
      wacc: assumptions.wacc,
      terminalGrowthRate: assumptions.terminal_growth_rate,
      rationale: assumptions.rationale,
      ...(assumptions.cost_of_capital && {
        costOfCapital: assumptions.cost_of_capital as unknown as CostOfCapitalInput,
      }),
    },
    engagement: {
      statute: engagement.statute as Statute,
      purpose: (engagement.purpose as Purpose | null) ?? null,
      valuationDate: engagement.valuation_date,
      transactionDate: transactionDateOf(engagement),
      proposedPricePerShare: engagement.proposed_price_per_share,
      conversionPricePerShare: engagement.conversion_price_per_share,
    },
    options: { midYear: assumptions.mid_year },
    judgement: storedJudgement(assumptions),
  };
}

/**
 * The computation the job will run, run now on the same inputs (the engine is pure: the same inputs give the
 * same answer in the job): its result, or the engine's refusal.
 */
export function proveComputation(
  engagement: EngagementRow,
  financials: NormalisedFinancials,
  assumptions: AssumptionsRow,
): { refusal: ValuationInputError } | { result: ValuationResult } {
  try {
    return { result: computeValuation(engineInputOf(engagement, financials, assumptions)) };
  } catch (err) {
    if (err instanceof ValuationInputError) return { refusal: err };
    throw err;
  }
}

/** The engine's refusal codes as the lock answers them; a fault in the financials is 409 inputs_incomplete. */
const LOCK_CODES: Partial<Record<ValuationInputErrorCode, ErrorCode>> = {
  INVALID_WEIGHTS: 'invalid_weights',
  INVALID_MARKET_APPROACH: 'invalid_market_approach',
  MISSING_RATIONALE: 'missing_rationale',
  INVALID_DISCOUNT: 'invalid_discount',
  DISCOUNT_NOT_PERMITTED: 'discount_not_permitted',
  WACC_MISMATCH: 'wacc_mismatch',
  NO_PROVISION_IN_FORCE: 'no_provision_in_force',
  INVALID_RATE: 'validation_failed',
  WACC_NOT_POSITIVE: 'validation_failed',
  GROWTH_NOT_BELOW_WACC: 'validation_failed',
};

/** Where the engine names no field, the field its refusal is about. */
const DEFAULT_PATHS: Partial<Record<ValuationInputErrorCode, string>> = {
  INVALID_WEIGHTS: '/methodWeights',
  INVALID_RATE: '/wacc',
  WACC_NOT_POSITIVE: '/wacc',
  GROWTH_NOT_BELOW_WACC: '/terminalGrowthRate',
  WACC_MISMATCH: '/wacc',
  SHARES_NOT_POSITIVE: '/shares/equitySharesOutstanding',
  MISSING_PROJECTIONS: '/projections',
  MISSING_LIQUIDATION_INPUTS: '/liquidation/assets',
};

/** The engine's refusal as the lock's answer: the code the documents promise, naming the field; nothing is locked. */
export function lockRefusal(err: ValuationInputError): AppError {
  const code = LOCK_CODES[err.code] ?? 'inputs_incomplete';
  const path = err.path ?? DEFAULT_PATHS[err.code] ?? '/';
  const message = err.message.startsWith(`${path}: `) ? err.message.slice(path.length + 2) : err.message;
  return new AppError(
    code,
    `${code === 'inputs_incomplete' ? 'The valuation cannot be computed on these financials' : 'The valuation cannot be computed on these assumptions'}: ${err.message}`,
    [{ path, message }],
  );
}
