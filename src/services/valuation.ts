// Assumptions lock and the valuation computation (a job). The engine is pure; this file stores its result.
import { GROWTH_BELOW_WACC } from '../contract/engagement-forms.js';
import { AUDIT } from '../contract/audit-actions.js';
import type { RequestTag, ServiceContext } from './context.js';
import { actorOf } from './context.js';
import { COMPUTE_JOB, enqueueJob, type JobPayload, PermanentJobError, type JobAttempt } from './jobs.js';
import type { Executor } from '../db/client.js';
import { AppError, conflict, notFound, validationFailed } from '../lib/errors.js';
import type { Principal } from '../domain/identity/roles.js';
import { canLockAssumptions } from '../domain/engagement/state-machine.js';
import {
  buildCostOfCapital,
  computeValuation,
  statedWacc,
  ValuationInputError,
  type CostOfCapitalInput,
  type Purpose,
  type Statute,
  type ValuationResult,
} from '../domain/valuation/engine.js';
import { buildWorkpapers } from '../reports/workpapers/index.js';
import { dec } from '../domain/valuation/money.js';
import { dcfAdoptedBy, missingInputs, usesDcf, type MissingInput } from '../domain/valuation/readiness.js';
import { rateWarnings, valuationDateWarnings } from '../domain/valuation/warnings.js';
import { judgementErrors, type Judgement, type JudgementError } from '../domain/valuation/judgement.js';
import type { MarketApproach } from '../domain/valuation/comparables.js';
import type { ErrorCode } from '../contract/errors.js';
import type { NormalisedFinancials } from '../domain/financials/normalise.js';
import * as data from '../db/repositories/valuation-data.js';
import { insertAudit, SYSTEM_ACTOR, type Actor } from '../db/repositories/audit.js';
import { applyTransition, requireEngagement } from './engagements.js';
import { enqueueReport } from './reports.js';

export function publicAssumptions(a: data.AssumptionsRow | null, warnings?: { code: string; message: string }[]) {
  if (!a) return { locked: false as const };
  return {
    ...(warnings && { warnings }),
    ...(a.method_weights && {
      methodWeights: Object.fromEntries(Object.entries(a.method_weights).map(([k, v]) => [k, Number(v)])),
    }),
    ...(a.weights_rationale && { weightsRationale: a.weights_rationale }),
    ...(a.dlom_percent !== null && a.dlom_percent !== undefined && { dlomPercent: Number(a.dlom_percent) }),
    ...(a.dlom_rationale && { dlomRationale: a.dlom_rationale }),
    ...(a.dloc_percent !== null && a.dloc_percent !== undefined && { dlocPercent: Number(a.dloc_percent) }),
    ...(a.dloc_rationale && { dlocRationale: a.dloc_rationale }),
    ...(a.cost_of_capital && { costOfCapital: publicCostOfCapital(a.cost_of_capital) }),
    // Stored as the lock body gave it (numbers), so it answers in that shape.
    ...(a.market_approach && {
      marketApproach: a.market_approach as {
        statistic?: 'MEDIAN' | 'MEAN' | 'PERCENTILE';
        multiples?: ('evToEbitda' | 'evToRevenue' | 'peRatio' | 'priceToBook')[];
        percentile?: number;
        discountPercent?: number;
        discountRationale?: string;
        acceptBasisMismatch?: boolean;
        transactionStatistic?: 'MEDIAN' | 'MEAN' | 'PERCENTILE';
        transactionPercentile?: number;
      },
    }),
    locked: true as const,
    version: a.version,
    wacc: Number(a.wacc),
    terminalGrowthRate: Number(a.terminal_growth_rate),
    rationale: a.rationale,
    midYear: a.mid_year,
    lockedAt: a.locked_at.toISOString(),
    lockedBy: a.locked_by,
  };
}

/** The stored build-up as the API returns it: numbers as numbers, as they were locked. */
function publicCostOfCapital(c: Record<string, string>) {
  const n = (k: string) => (c[k] === undefined ? undefined : Number(c[k]));
  return {
    riskFreeRate: n('riskFreeRate')!,
    equityRiskPremium: n('equityRiskPremium')!,
    beta: n('beta')!,
    betaBasis: c.betaBasis as 'UNLEVERED' | 'LEVERED',
    debtToEquity: n('debtToEquity')!,
    taxRate: n('taxRate')!,
    preTaxCostOfDebt: n('preTaxCostOfDebt')!,
    ...(c.sizePremium !== undefined && { sizePremium: n('sizePremium') }),
    ...(c.companySpecificPremium !== undefined && { companySpecificPremium: n('companySpecificPremium') }),
    source: c.source,
  };
}

export async function getAssumptions(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const assumptions = await data.getEngagementAssumptions(ctx.db, principal.firmId, engagementId);
  if (assumptions === undefined) throw notFound('Engagement');
  return publicAssumptions(assumptions);
}

/**
 * Every version of the assumptions, oldest first: the versions returned for revision (each with the
 * valuation computed from it, the gate and reason it was returned with, and that round's DRAFT), then
 * the current lock when there is one.
 */
export async function getAssumptionsHistory(ctx: ServiceContext, principal: Principal, engagementId: string) {
  await requireEngagement(ctx.db, principal.firmId, engagementId);
  const past = await data.listAssumptionVersions(ctx.db, principal.firmId, engagementId);
  const current = await data.getAssumptions(ctx.db, principal.firmId, engagementId);
  const currentValuation = current
    ? await data.getValuation<{ conclusion?: { valuePerShare?: string | null } }>(
        ctx.db,
        principal.firmId,
        engagementId,
      )
    : null;
  const judgement = (r: {
    method_weights: Record<string, string> | null;
    weights_rationale: string | null;
    dlom_percent: string | null;
    dlom_rationale: string | null;
    dloc_percent?: string | null;
    dloc_rationale?: string | null;
    cost_of_capital?: Record<string, string> | null;
  }) => ({
    ...(r.method_weights && {
      methodWeights: Object.fromEntries(Object.entries(r.method_weights).map(([k, v]) => [k, Number(v)])),
    }),
    ...(r.weights_rationale && { weightsRationale: r.weights_rationale }),
    ...(r.dlom_percent !== null && { dlomPercent: Number(r.dlom_percent) }),
    ...(r.dlom_rationale && { dlomRationale: r.dlom_rationale }),
    // The rest of the judgement, so a revision can start from the last version's values.
    ...(r.dloc_percent !== null && r.dloc_percent !== undefined && { dlocPercent: Number(r.dloc_percent) }),
    ...(r.dloc_rationale && { dlocRationale: r.dloc_rationale }),
    ...(r.cost_of_capital && { costOfCapital: publicCostOfCapital(r.cost_of_capital) }),
  });
  return [
    ...past.map((v) => ({
      version: v.version,
      status: 'SUPERSEDED' as const,
      wacc: Number(v.wacc),
      terminalGrowthRate: Number(v.terminal_growth_rate),
      rationale: v.rationale,
      midYear: v.mid_year,
      ...judgement(v),
      lockedAt: v.locked_at.toISOString(),
      lockedBy: v.locked_by,
      valuation: v.valuation
        ? {
            computedAt: v.computed_at?.toISOString() ?? null,
            engineVersion: v.engine_version,
            valuePerShare: v.valuation.conclusion?.valuePerShare ?? null,
            result: v.valuation,
          }
        : null,
      revision: {
        gate: v.returned_at_gate,
        reason: v.revision_reason,
        by: v.returned_by,
        at: v.returned_at.toISOString(),
        draftReportId: v.draft_report_id,
      },
    })),
    ...(current
      ? [
          {
            version: current.version,
            status: 'CURRENT' as const,
            wacc: Number(current.wacc),
            terminalGrowthRate: Number(current.terminal_growth_rate),
            rationale: current.rationale,
            midYear: current.mid_year,
            ...judgement(current),
            lockedAt: current.locked_at.toISOString(),
            lockedBy: current.locked_by,
            valuation: currentValuation
              ? {
                  computedAt: currentValuation.computed_at.toISOString(),
                  engineVersion: currentValuation.engine_version,
                  valuePerShare: currentValuation.result.conclusion?.valuePerShare ?? null,
                  result: currentValuation.result,
                }
              : null,
            revision: null,
          },
        ]
      : []),
  ];
}

/**
 * What the engagement's statute still needs from these financials. `methodWeights`, the valuer's
 * (locked or being locked): a method they adopt must be computable, never replaced by another.
 */
export function statuteMissingInputs(
  engagement: EngagementLaw,
  financials: NormalisedFinancials,
  methodWeights?: Record<string, string | number> | null,
  marketApproach?: { acceptBasisMismatch?: unknown } | null,
): MissingInput[] {
  return missingInputs(financials, {
    statute: engagement.statute as Statute,
    purpose: (engagement.purpose as Purpose | null) ?? null,
    transactionDate: transactionDateOf(engagement),
    valuationDate: engagement.valuation_date,
    dcfAdopted: dcfAdoptedBy(methodWeights),
    acceptBasisMismatch: marketApproach?.acceptBasisMismatch === true,
  });
}

/** What decides the law an engagement's valuation is made under. */
type EngagementLaw = {
  statute: string;
  purpose: string | null;
  valuation_date: string;
  transaction_date?: string | null;
};

/** The date of the receipt, transfer or issue: the valuation date unless one was given. */
export function transactionDateOf(e: { valuation_date: string; transaction_date?: string | null }): string {
  return e.transaction_date ?? e.valuation_date;
}

/** The judgement's refusal codes as the API names them. */
const JUDGEMENT_REFUSAL_CODES = {
  INVALID_WEIGHTS: 'invalid_weights',
  INVALID_MARKET_APPROACH: 'invalid_market_approach',
  MISSING_RATIONALE: 'missing_rationale',
  INVALID_DISCOUNT: 'invalid_discount',
  DISCOUNT_NOT_PERMITTED: 'discount_not_permitted',
} as const satisfies Record<JudgementError['code'], ErrorCode>;

function inputsIncomplete(missing: MissingInput[]): AppError {
  return new AppError(
    'inputs_incomplete',
    `The financials lack what the statute needs: ${missing.map((m) => m.path).join(', ')}. Upload corrected financials, then lock.`,
    missing.map((m) => ({ path: m.path, message: m.message })),
  );
}

/**
 * Computation starts once the engagement is DATA_READY and its assumptions are locked, whichever comes
 * last — and only when the financials hold what the statute needs; otherwise it stays DATA_READY.
 */
export async function startComputationIfReady(
  tx: Executor,
  firmId: string,
  engagementId: string,
  actor: Actor,
): Promise<boolean> {
  const engagement = await requireEngagement(tx, firmId, engagementId, true);
  if (engagement.status !== 'DATA_READY' || !engagement.assumptions_locked) return false;
  const financials = await data.getFinancials<NormalisedFinancials>(tx, firmId, engagementId);
  const assumptions = financials ? await data.getAssumptions(tx, firmId, engagementId) : null;
  const missing = financials
    ? statuteMissingInputs(engagement, financials.data, assumptions?.method_weights, assumptions?.market_approach)
    : [];
  if (missing.length > 0) {
    await insertAudit(tx, firmId, actor, {
      action: AUDIT.computationWaitingForInputs,
      engagementId,
      details: { missing: missing.map((m) => ({ path: m.path, message: m.message })) },
    });
    return false;
  }
  await applyTransition(tx, firmId, engagementId, 'START_COMPUTATION', actor);
  await enqueueJob(
    tx,
    COMPUTE_JOB,
    { firmId, engagementId, requestId: actor.requestId ?? null },
    { dedupeKey: `compute:${engagementId}` },
  );
  return true;
}

export async function lockAssumptions(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  input: {
    wacc: number;
    terminalGrowthRate: number;
    rationale: string;
    midYear?: boolean;
    methodWeights?: Record<string, number>;
    weightsRationale?: string;
    dlomPercent?: number;
    dlomRationale?: string;
    dlocPercent?: number;
    dlocRationale?: string;
    costOfCapital?: CostOfCapitalInput;
    marketApproach?: MarketApproach;
  },
  requestId?: RequestTag,
) {
  const judgement = judgementOf(input);
  // Percent values as the caller wrote them; the engine works in exact decimals from these strings.
  const wacc = String(input.wacc);
  const growth = String(input.terminalGrowthRate);
  if (dec(growth).gte(dec(wacc))) {
    throw validationFailed([{ path: '/terminalGrowthRate', message: GROWTH_BELOW_WACC }]);
  }
  const costOfCapital = input.costOfCapital ? costOfCapitalAsText(input.costOfCapital) : null;
  if (costOfCapital) {
    // docs/valuation-method.md, Cost of capital: the stated WACC is the built-up one to 4 decimals.
    const built = buildCostOfCapital(costOfCapital);
    if (!statedWacc(built).eq(dec(wacc))) {
      const computed = statedWacc(built).toFixed(4);
      throw new AppError(
        'wacc_mismatch',
        `The cost-of-capital build-up gives a WACC of ${computed}%, not the ${wacc}% stated`,
        [
          {
            path: '/wacc',
            message: `must be ${computed} (the build-up: Ke ${built.costOfEquity.toFixed(4)}% × E/V ${built.equityWeight.toFixed(4)} + Kd after tax ${built.costOfDebtAfterTax.toFixed(4)}% × D/V ${built.debtWeight.toFixed(4)})`,
          },
        ],
      );
    }
  }
  return ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, principal.firmId, engagementId, true);
    if (engagement.assumptions_locked)
      throw conflict('already_locked', 'Assumptions are already locked for this engagement');
    if (!canLockAssumptions(engagement.status)) {
      throw conflict('invalid_transition', `Assumptions cannot be locked: the engagement is ${engagement.status}`);
    }
    // Statute readiness: refuse now, naming each missing field, rather than compute into FAILED.
    const financials = await data.getFinancials<NormalisedFinancials>(tx, principal.firmId, engagementId);
    // The valuer's weights and discount, checked against the statute (400 naming the rule).
    const refusals = judgementErrors(
      engagement.statute as Statute,
      (engagement.purpose as Purpose | null) ?? null,
      judgement,
      financials ? financials.data.peers.length > 0 : null,
      transactionDateOf(engagement),
    );
    if (refusals.length > 0) {
      throw new AppError(
        JUDGEMENT_REFUSAL_CODES[refusals[0].code],
        refusals.map((r) => `${r.path}: ${r.message}`).join(' '),
        refusals.map((r) => ({ path: r.path, message: r.message })),
      );
    }
    if (engagement.status === 'DATA_READY' && financials) {
      const missing = statuteMissingInputs(
        engagement,
        financials.data,
        judgement.methodWeights,
        judgement.marketApproach,
      );
      if (missing.length > 0) throw inputsIncomplete(missing);
    }
    const actor = actorOf(principal, requestId);
    const row = await data.insertAssumptions(tx, {
      engagementId,
      firmId: principal.firmId,
      wacc,
      terminalGrowthRate: growth,
      rationale: input.rationale,
      midYear: input.midYear ?? false,
      lockedBy: actor.id!,
      methodWeights: judgement.methodWeights ? (judgement.methodWeights as Record<string, string>) : null,
      weightsRationale: judgement.weightsRationale ?? null,
      dlomPercent: judgement.dlomPercent !== undefined ? String(judgement.dlomPercent) : null,
      dlomRationale: judgement.dlomRationale ?? null,
      costOfCapital: costOfCapital as Record<string, string> | null,
      dlocPercent: judgement.dlocPercent !== undefined ? String(judgement.dlocPercent) : null,
      dlocRationale: judgement.dlocRationale ?? null,
      marketApproach: (judgement.marketApproach as Record<string, unknown> | undefined) ?? null,
    });
    if (!row) throw conflict('already_locked', 'Assumptions are already locked for this engagement');
    await insertAudit(tx, principal.firmId, actor, {
      action: AUDIT.assumptionsLocked,
      engagementId,
      details: {
        wacc,
        terminalGrowthRate: growth,
        midYear: row.mid_year,
        ...(judgement.methodWeights && { methodWeights: judgement.methodWeights }),
        ...(judgement.dlomPercent !== undefined && { dlomPercent: judgement.dlomPercent }),
        ...(judgement.dlocPercent !== undefined && { dlocPercent: judgement.dlocPercent }),
        ...(costOfCapital && { costOfCapital }),
      },
    });
    await startComputationIfReady(tx, principal.firmId, engagementId, actor);
    return publicAssumptions(row, assumptionWarnings(engagement, financials?.data ?? null, wacc, growth));
  });
}

/** The lock body's judgement fields as the engine takes them: percent as exact decimal text. */
function judgementOf(input: {
  methodWeights?: Record<string, number>;
  weightsRationale?: string;
  dlomPercent?: number;
  dlomRationale?: string;
  dlocPercent?: number;
  dlocRationale?: string;
  marketApproach?: MarketApproach;
}): Judgement {
  return {
    ...(input.marketApproach && { marketApproach: input.marketApproach }),
    ...(input.dlocPercent !== undefined && { dlocPercent: String(input.dlocPercent) }),
    ...(input.dlocRationale !== undefined && { dlocRationale: input.dlocRationale }),
    ...(input.methodWeights && {
      methodWeights: Object.fromEntries(Object.entries(input.methodWeights).map(([k, v]) => [k, String(v)])),
    }),
    ...(input.weightsRationale !== undefined && { weightsRationale: input.weightsRationale }),
    ...(input.dlomPercent !== undefined && { dlomPercent: String(input.dlomPercent) }),
    ...(input.dlomRationale !== undefined && { dlomRationale: input.dlomRationale }),
  };
}

export function storedJudgement(a: data.AssumptionsRow): Judgement {
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

/** The build-up's numbers as exact text (as written by the caller), for storage and the engine. */
function costOfCapitalAsText(c: CostOfCapitalInput): CostOfCapitalInput {
  return Object.fromEntries(
    Object.entries(c).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
  ) as unknown as CostOfCapitalInput;
}

/**
 * Warnings about the rates themselves, shown in the lock response: a fraction typed for a percent
 * (RATES_LOOK_LIKE_FRACTIONS) and a narrow WACC − g spread (WACC_GROWTH_SPREAD_NARROW). Only where
 * the valuation has a DCF: NAV-only and IBC valuations do not use the rates.
 */
export function assumptionWarnings(
  engagement: EngagementLaw,
  financials: NormalisedFinancials | null,
  wacc: string,
  growth: string,
) {
  const purpose = (engagement.purpose as Purpose | null) ?? null;
  const ctx = { statute: engagement.statute as Statute, purpose, transactionDate: transactionDateOf(engagement) };
  // The valuation date against the transaction's, which the computation repeats in its result.
  const dates = valuationDateWarnings(ctx.statute, purpose, engagement.valuation_date, ctx.transactionDate);
  if (!usesDcf(ctx, financials)) return dates;
  return [...rateWarnings(dec(wacc), dec(growth), financials?.projections ?? []), ...dates];
}

/** The compute-valuation job: runs the engine, stores the result → GATE_1, or → FAILED with a reason a valuer can act on. */
export async function computeEngagementValuation(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof COMPUTE_JOB>,
): Promise<void> {
  const { firmId, engagementId, requestId } = payload;
  // Only "not found" is permanent; a database that cannot be reached is retried like any other failure.
  const engagement = await requireEngagement(ctx.db, firmId, engagementId).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });
  if (!engagement) throw new PermanentJobError(`engagement ${engagementId} not found`);
  if (engagement.status !== 'COMPUTING') return;
  const financials = await data.getFinancials<NormalisedFinancials>(ctx.db, firmId, engagementId);
  const assumptions = await data.getAssumptions(ctx.db, firmId, engagementId);
  const actor: Actor = { ...SYSTEM_ACTOR, requestId: requestId ?? null };

  let outcome: { ok: true; result: ReturnType<typeof computeValuation> } | { ok: false; reason: string; code: string };
  if (!financials || !assumptions) {
    outcome = { ok: false, code: 'missing_inputs', reason: 'Financials or locked assumptions are missing' };
  } else {
    try {
      const result = computeValuation({
        financials: financials.data,
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
      });
      outcome = { ok: true, result };
    } catch (err) {
      if (!(err instanceof ValuationInputError)) throw err;
      outcome = { ok: false, code: err.code, reason: err.message };
    }
  }
  await ctx.db.transaction(async (tx) => {
    const current = await requireEngagement(tx, firmId, engagementId, true);
    if (current.status !== 'COMPUTING') return job.complete(tx);
    if (outcome.ok) {
      await data.upsertValuation(tx, firmId, engagementId, outcome.result.engineVersion, outcome.result);
      await applyTransition(tx, firmId, engagementId, 'COMPUTATION_SUCCEEDED', actor, {
        details: { engineVersion: outcome.result.engineVersion },
      });
      await enqueueReport(tx, firmId, engagementId, 'DRAFT');
    } else {
      await applyTransition(tx, firmId, engagementId, 'COMPUTATION_FAILED', actor, {
        failureReason: outcome.reason,
        details: { code: outcome.code, reason: outcome.reason },
      });
    }
    await job.complete(tx);
  });
}

/** The live workpapers (XLSX with formulas) of the stored valuation; 409 before there is one. */
export async function valuationWorkpapers(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const row = await data.getValuation<ValuationResult>(ctx.db, principal.firmId, engagementId);
  const financials = await data.getFinancials<NormalisedFinancials>(ctx.db, principal.firmId, engagementId);
  if (!row || !financials)
    throw conflict('valuation_not_ready', `No valuation yet: the engagement is ${engagement.status}`);
  const data_ = await buildWorkpapers({
    targetEntity: engagement.target_entity,
    financials: financials.data,
    valuation: row.result,
  });
  const safeName =
    engagement.target_entity
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'engagement';
  return { data: data_, fileName: `workpapers-${safeName}.xlsx` };
}

export async function getValuation(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const found = await data.getEngagementValuation<Record<string, unknown>>(ctx.db, principal.firmId, engagementId);
  if (!found) throw notFound('Engagement');
  const { engagement, valuation: row } = found;
  if (!row) {
    throw conflict(
      'valuation_not_ready',
      engagement.status === 'FAILED' && engagement.failure_reason
        ? `The computation failed: ${engagement.failure_reason}`
        : `No valuation yet: the engagement is ${engagement.status}`,
    );
  }
  return {
    engagementId,
    statute: engagement.statute,
    computedAt: row.computed_at.toISOString(),
    engineVersion: row.engine_version,
    ...row.result,
  };
}
