// The engine's input, and the refusals: every input the arithmetic relies on is checked here, so nothing later can throw a
// TypeError or divide by zero.
import { COST_OF_CAPITAL_INPUTS } from '../../contract/cost-of-capital-sources.js';
import type { NormalisedFinancials } from '../financials/normalise.js';
import { normalisedFinancialsSchema } from '../financials/normalised-schema.js';
import { isCalendarDate } from '../financials/schema.js';
import { ValuationInputError } from './errors.js';
import { type Judgement } from './judgement.js';
import { dec, isDecimalString, plain, toPlaces, type Dec } from './money.js';
import {
  dcfAdoptedBy,
  missingInputs,
  projectionRangeProblem,
  ratesNeeded,
  usesDcf,
  type ReadinessContext,
} from './readiness.js';
import { type DcfAssumptions } from './dcf.js';
import { stubPeriod } from './stub.js';
import { buildCostOfCapital, discloseCostOfCapital, statedWacc, type CostOfCapitalInput } from './cost-of-capital.js';
import { type MethodWeights, type Rule11uaIssueMethod } from './statutes.js';
import { type StatuteContext } from './statute-context.js';
import {
  PURPOSES_BY_STATUTE,
  STATUTES,
  type CostOfCapitalDisclosure,
  type Purpose,
  type Statute,
  type ValuationWarning,
} from './types.js';
import { noProvisionInForce } from './law-in-force.js';

/** Long-run nominal GDP growth for India used to flag terminal growth, in percent. */
export const DEFAULT_LONG_RUN_GDP_GROWTH = '10';

export interface ValuationInput {
  financials: NormalisedFinancials;
  /** Percent: 12.5 means 12.5 %. */
  assumptions: {
    /** Absent (or null) only where no rates are needed: the prescribed NAV of a transfer or receipt (ratesNeeded). */
    wacc?: string | number | null;
    terminalGrowthRate?: string | number | null;
    rationale?: string;
    costOfCapital?: CostOfCapitalInput;
  };
  engagement: {
    statute: Statute;
    purpose?: Purpose | null;
    valuationDate: string;
    /** YYYY-MM-DD: the date of the receipt, transfer or issue; the valuation date when absent. Decides the Income-tax Act for Rule 11UA. */
    transactionDate?: string | null;
    /** Rupees per share as a decimal string; when given the result carries `compliance`. */
    proposedPricePerShare?: string | null;
    /** FEMA, an issue of a convertible: the conversion price per equity share (rupees), tested against fair value. */
    conversionPricePerShare?: string | null;
  };
  options?: {
    midYear?: boolean;
    longRunGdpGrowth?: string | number;
    /** Companies Act s.62 method weights in percent, adding up to 100. */
    weights?: MethodWeights;
    /** Rule 11UA(2): the issuer's choice of NAV (clause (a), default) or DCF (clause (b)). */
    rule11uaIssueMethod?: Rule11uaIssueMethod;
  };
  /** The valuer's weights and discount for lack of marketability (see judgement.ts). */
  judgement?: Judgement;
}

interface CheckedInput extends Pick<
  StatuteContext,
  'financials' | 'statute' | 'purpose' | 'valuationDate' | 'transactionDate' | 'dcf'
> {
  longRunGdpGrowth: Dec;
  costOfCapital: CostOfCapitalDisclosure | null;
  /** Warnings about the inputs themselves (a DCF left out). */
  inputWarnings: ValuationWarning[];
}

export function checkInput(input: ValuationInput): CheckedInput {
  if (typeof input !== 'object' || input === null) {
    throw new ValuationInputError('INVALID_FINANCIALS', 'The valuation input is missing.');
  }
  const statute = checkStatute(input.engagement?.statute);
  const purpose = checkPurpose(statute, input.engagement?.purpose);
  const valuationDate = checkValuationDate(input.engagement?.valuationDate);
  const transactionDate =
    input.engagement?.transactionDate == null
      ? valuationDate
      : checkValuationDate(input.engagement.transactionDate, 'Transaction date');
  const refusal = noProvisionInForce(statute, purpose, transactionDate);
  if (refusal) throw new ValuationInputError('NO_PROVISION_IN_FORCE', refusal);
  checkOptions(input.options);
  // Weights that adopt the DCF make its projections required, as the option does: never a fallback to NAV.
  const dcfAdopted = dcfAdoptedBy(input.judgement?.methodWeights);
  const checked = checkFinancials(input.financials, {
    statute,
    purpose,
    transactionDate,
    ...(input.options?.rule11uaIssueMethod && { rule11uaIssueMethod: input.options.rule11uaIssueMethod }),
    valuationDate,
    dcfAdopted,
    acceptBasisMismatch: input.judgement?.marketApproach?.acceptBasisMismatch === true,
  });
  // A DCF shown only for information (Rule 11UA, NAV adopted) is left out when the projections do not
  // start at the valuation date, rather than refusing the prescribed valuation (docs/valuation-method.md).
  const dcfShown =
    !dcfAdopted &&
    usesDcf(
      {
        statute,
        purpose,
        transactionDate,
        ...(input.options?.rule11uaIssueMethod && { rule11uaIssueMethod: input.options.rule11uaIssueMethod }),
      },
      checked,
    );
  const misaligned =
    dcfShown && checked.projections.length > 0
      ? projectionRangeProblem(
          valuationDate,
          checked.projections.map((p) => p.year),
        )
      : null;
  const financials = misaligned ? { ...checked, projections: [] } : checked;
  const omittedDcf: ValuationWarning[] = misaligned
    ? [
        {
          code: 'DCF_OMITTED_PROJECTIONS_NOT_FROM_VALUATION_DATE',
          message: `The discounted cash flow, shown for information only, is left out: ${misaligned}`,
        },
      ]
    : [];
  const dcf = checkRates(input, { statute, purpose, transactionDate }, financials, valuationDate);
  const longRunGdpGrowth = readRate(
    input.options?.longRunGdpGrowth ?? DEFAULT_LONG_RUN_GDP_GROWTH,
    'Long-run GDP growth',
  );
  const costOfCapital =
    input.assumptions.costOfCapital && dcf ? checkCostOfCapital(input.assumptions.costOfCapital, dcf.wacc) : null;
  return {
    costOfCapital,
    inputWarnings: omittedDcf,
    financials,
    statute,
    purpose,
    valuationDate,
    transactionDate,
    dcf,
    longRunGdpGrowth,
  };
}

/**
 * The DCF's rates as the valuer locked them, checked; null where none were given and none are needed (the prescribed
 * NAV of a transfer or receipt, docs/valuation-method.md): a valuation that needs them without them is refused.
 */
function checkRates(
  input: ValuationInput,
  ctx: Parameters<typeof ratesNeeded>[0],
  financials: NormalisedFinancials,
  valuationDate: string,
): DcfAssumptions | null {
  const given = input.assumptions?.wacc ?? input.assumptions?.terminalGrowthRate;
  if (given === undefined || given === null) {
    if (!ratesNeeded(ctx)) return null;
    throw new ValuationInputError('MISSING_RATES', 'This valuation has a DCF: give its WACC and terminal growth rate.');
  }
  const wacc = readRate(input.assumptions?.wacc, 'WACC');
  const growth = readRate(input.assumptions?.terminalGrowthRate, 'Terminal growth rate');
  if (!wacc.isPositive() || wacc.isZero()) {
    throw new ValuationInputError('WACC_NOT_POSITIVE', `WACC must be greater than 0%; it is ${plain(wacc)}%.`);
  }
  if (growth.gte(wacc)) {
    throw new ValuationInputError(
      'GROWTH_NOT_BELOW_WACC',
      `Terminal growth (${plain(growth)}%) must be below WACC (${plain(wacc)}%); otherwise the perpetuity has no finite value.`,
    );
  }
  return {
    wacc,
    growth,
    midYear: input.options?.midYear === true,
    ...(financials.projections.length > 0 && { stub: stubPeriod(valuationDate, financials.projections[0].year) }),
  };
}

/** A build-up must give the WACC the valuer states, to 4 decimals (docs/valuation-method.md, Cost of capital). */
function checkCostOfCapital(c: CostOfCapitalInput, wacc: Dec): CostOfCapitalDisclosure {
  for (const key of COST_OF_CAPITAL_INPUTS) {
    if (c[key] !== undefined) readRate(c[key], `costOfCapital.${key}`);
  }
  const built = buildCostOfCapital(c);
  if (!statedWacc(built).eq(wacc)) {
    throw new ValuationInputError(
      'WACC_MISMATCH',
      `The cost-of-capital build-up gives a WACC of ${toPlaces(built.wacc, 6)}% (${plain(statedWacc(built))}% to 4 decimals), not the ${plain(wacc)}% stated.`,
    );
  }
  return discloseCostOfCapital(c, built);
}

function checkOptions(options: ValuationInput['options']): void {
  const method = options?.rule11uaIssueMethod;
  if (method !== undefined && method !== 'NAV' && method !== 'DCF') {
    throw new ValuationInputError('INVALID_OPTIONS', 'The Rule 11UA(2) issue method must be NAV or DCF.');
  }
  const weights = options?.weights;
  if (weights !== undefined && (typeof weights !== 'object' || weights === null || Array.isArray(weights))) {
    throw new ValuationInputError('INVALID_WEIGHTS', 'Weights must be given as { dcf, nav, comparables } in percent.');
  }
}

function checkStatute(statute: unknown): Statute {
  if (!STATUTES.includes(statute as Statute)) {
    throw new ValuationInputError('INVALID_STATUTE', `Statute must be one of ${STATUTES.join(', ')}.`);
  }
  return statute as Statute;
}

function checkPurpose(statute: Statute, purpose: unknown): Purpose | null {
  if (purpose === undefined || purpose === null) return null;
  const allowed: readonly string[] = PURPOSES_BY_STATUTE[statute];
  if (!allowed.includes(purpose as string)) {
    throw new ValuationInputError(
      'INVALID_PURPOSE',
      allowed.length === 0
        ? `${statute} takes no purpose.`
        : `Purpose for ${statute} must be one of ${allowed.join(', ')}.`,
    );
  }
  return purpose as Purpose;
}

function checkValuationDate(date: unknown, name = 'Valuation date'): string {
  if (typeof date !== 'string' || !isCalendarDate(date)) {
    throw new ValuationInputError('INVALID_VALUATION_DATE', `${name} must be a date in the form YYYY-MM-DD.`);
  }
  return date;
}

function readRate(value: unknown, name: string): Dec {
  const ok =
    (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && isDecimalString(value));
  if (!ok) throw new ValuationInputError('INVALID_RATE', `${name} must be a number in percent (e.g. 12.5).`);
  return dec(value as string | number);
}

function checkFinancials(financials: unknown, readiness: ReadinessContext): NormalisedFinancials {
  const parsed = normalisedFinancialsSchema.safeParse(financials);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? ` at /${issue.path.join('/')}` : '';
    throw new ValuationInputError(
      'INVALID_FINANCIALS',
      `The financials are not in normalised form${where}: ${issue.message}.`,
    );
  }
  const f = financials as NormalisedFinancials;
  if (!dec(f.shares.equitySharesOutstanding).isPositive() || dec(f.shares.equitySharesOutstanding).isZero()) {
    throw new ValuationInputError('SHARES_NOT_POSITIVE', 'Equity shares outstanding must be greater than 0.');
  }
  const missing = missingInputs(f, readiness);
  if (missing.length > 0)
    throw new ValuationInputError(
      missing[0].code,
      missing.map((m) => `${m.path}: ${m.message}`).join(' '),
      missing[0].path,
    );
  return f;
}
