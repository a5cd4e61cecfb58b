// The locked assumptions as the API returns them: the current version and its history.
import type { ServiceContext } from '../platform/service-context.js';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../domain/identity/roles.js';
import * as data from './valuation-data.repository.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';

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
    ...(a.market_approach && { marketApproach: publicMarketApproach(a.market_approach) }),
    ...(a.projections_reasonableness && { projectionsReasonableness: a.projections_reasonableness }),
    locked: true as const,
    version: a.version,
    ...(a.wacc !== null && { wacc: Number(a.wacc) }),
    ...(a.terminal_growth_rate !== null && { terminalGrowthRate: Number(a.terminal_growth_rate) }),
    rationale: a.rationale,
    midYear: a.mid_year,
    lockedAt: a.locked_at.toISOString(),
    lockedBy: a.locked_by,
  };
}

/** The market approach as locked: stored as the lock body gave it (numbers), so it answers in that shape. */
const publicMarketApproach = (m: Record<string, unknown>) =>
  m as {
    statistic?: 'MEDIAN' | 'MEAN' | 'PERCENTILE';
    multiples?: ('evToEbitda' | 'evToRevenue' | 'peRatio' | 'priceToBook')[];
    percentile?: number;
    discountPercent?: number;
    discountRationale?: string;
    acceptBasisMismatch?: boolean;
    transactionStatistic?: 'MEDIAN' | 'MEAN' | 'PERCENTILE';
    transactionPercentile?: number;
    transactionControlDiscountPercent?: number;
    transactionControlDiscountRationale?: string;
  };

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
    // The date the figures were read: a revision's form starts from it too.
    ...(c.sourceDate !== undefined && { sourceDate: c.sourceDate }),
    // Stored as locked: the inputs' own sources are an object within the build-up.
    ...(c.inputSources && {
      inputSources: c.inputSources as unknown as Partial<Record<string, { source: string; date?: string }>>,
    }),
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
/** The rates of one locked version, first in each entry of the assumptions' history (and of the review record). */
export const versionRates = <S extends 'SUPERSEDED' | 'CURRENT'>(
  r: { version: number; wacc: string | null; terminal_growth_rate: string | null; rationale: string },
  status: S,
) => ({
  version: r.version,
  status,
  // No rates where none were locked (the prescribed NAV of a transfer needs none).
  ...(r.wacc !== null && { wacc: Number(r.wacc) }),
  ...(r.terminal_growth_rate !== null && { terminalGrowthRate: Number(r.terminal_growth_rate) }),
  rationale: r.rationale,
});

/** Who returned a past version for revision, at which gate, why and when. */
export const revisionOf = (v: data.AssumptionVersionRow) => ({
  gate: v.returned_at_gate,
  reason: v.revision_reason,
  by: v.returned_by,
  at: v.returned_at.toISOString(),
});

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
    market_approach?: Record<string, unknown> | null;
    projections_reasonableness?: string | null;
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
    ...(r.market_approach && { marketApproach: publicMarketApproach(r.market_approach) }),
    ...(r.projections_reasonableness && { projectionsReasonableness: r.projections_reasonableness }),
  });
  return [
    ...past.map((v) => ({
      ...versionRates(v, 'SUPERSEDED'),
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
      revision: { ...revisionOf(v), draftReportId: v.draft_report_id },
    })),
    ...(current
      ? [
          {
            ...versionRates(current, 'CURRENT'),
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
