// When a valuation can be computed: what the statute still needs from the financials, and the start of the computation.
import { unaccountedAssets } from '../../domain/valuation/reconciliation.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { COMPUTE_JOB, enqueueJob } from '../platform/job-queue.service.js';
import type { Executor } from '../../db/client.js';
import { type Purpose, type Statute } from '../../domain/valuation/engine.js';
import { dcfAdoptedBy, missingInputs, usesDcf, type MissingInput } from '../../domain/valuation/readiness.js';
import { spreadRefusal } from '../../domain/valuation/warnings.js';
import { dec } from '../../domain/valuation/money.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import { unsourcedFigures } from '../../domain/valuation/sources.js';
import * as data from './valuation-data.repository.js';
import { insertAudit, type Actor } from '../platform/audit.repository.js';
import { applyTransition } from '../engagements/engagement-transitions.service.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { lockRefusal, proveComputation, transactionDateOf } from './engine-input.service.js';

export { transactionDateOf };

/**
 * What the engagement's statute still needs from these financials. `methodWeights`, the valuer's
 * (locked or being locked): a method they adopt must be computable, never replaced by another.
 */
export function statuteMissingInputs(
  engagement: EngagementLaw,
  financials: NormalisedFinancials,
  methodWeights?: Record<string, string | number> | null,
  marketApproach?: { acceptBasisMismatch?: unknown } | null,
): StatuteGap[] {
  const purpose = (engagement.purpose as Purpose | null) ?? null;
  // A figure without its source waits like a missing one (docs/evidence.md); the lock refuses it with 400 first.
  const unsourced = unsourcedFigures(financials, engagement.statute as Statute, purpose).map((u) => ({
    ...u,
    code: 'MISSING_SOURCE' as const,
  }));
  // An IBC balance-sheet asset neither valued nor excluded waits too (docs/asset-registers.md); the lock refuses it with 409.
  const unaccounted =
    engagement.statute === 'IBC_LIQUIDATION'
      ? unaccountedAssets(financials).map((p) => ({ ...p, code: 'ASSET_NOT_ACCOUNTED' as const }))
      : [];
  return [...inputsMissingFor(engagement, financials, methodWeights, marketApproach), ...unsourced, ...unaccounted];
}

/** The inputs the statute needs that the financials lack, sources aside (the lock checks those first, as 400). */
export function inputsMissingFor(
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

/** The spread's refusal where this engagement's valuation has a DCF on these financials; null otherwise. */
export function narrowSpread(
  engagement: EngagementLaw,
  financials: NormalisedFinancials,
  wacc: string | null,
  growth: string | null,
  methodWeights?: Record<string, string | number> | null,
) {
  if (wacc === null || growth === null) return null; // no rates: no DCF (the lock refuses a DCF without them)
  const ctx = {
    statute: engagement.statute as Statute,
    purpose: (engagement.purpose as Purpose | null) ?? null,
    transactionDate: transactionDateOf(engagement),
    dcfAdopted: dcfAdoptedBy(methodWeights),
  };
  return usesDcf(ctx, financials) ? spreadRefusal(dec(wacc), dec(growth)) : null;
}

/** What the statute still needs: an input missing, or a figure without its source (MISSING_SOURCE). */
export type StatuteGap = Omit<MissingInput, 'code'> & {
  code: MissingInput['code'] | 'MISSING_SOURCE' | 'ENGINE_REFUSAL' | 'ASSET_NOT_ACCOUNTED';
};

/** What decides the law an engagement's valuation is made under. */
export type EngagementLaw = {
  statute: string;
  purpose: string | null;
  valuation_date: string;
  transaction_date?: string | null;
};

/**
 * Computation starts once the engagement is DATA_READY and its assumptions are locked, whichever comes
 * last — and only when the financials hold what the statute needs and the engine computes the valuation on
 * them (the proof: the same engine on the same inputs as the job). At the lock (`atLock`) the engine's refusal
 * is thrown as the lock's 4xx naming the field, so nothing is locked; when financials arrive after the lock it
 * is recorded in the trail and the engagement stays DATA_READY for corrected financials. FAILED is left for
 * faults of the machinery.
 */
export async function startComputationIfReady(
  tx: Executor,
  firmId: string,
  engagementId: string,
  actor: Actor,
  atLock = false,
): Promise<boolean> {
  const engagement = await requireEngagement(tx, firmId, engagementId, true);
  if (engagement.status !== 'DATA_READY' || !engagement.assumptions_locked) return false;
  const financials = await data.getFinancials<NormalisedFinancials>(tx, firmId, engagementId);
  const assumptions = financials ? await data.getAssumptions(tx, firmId, engagementId) : null;
  const missing: StatuteGap[] = financials
    ? statuteMissingInputs(engagement, financials.data, assumptions?.method_weights, assumptions?.market_approach)
    : [];
  if (missing.length === 0 && financials && assumptions) {
    const narrow = narrowSpread(
      engagement,
      financials.data,
      assumptions.wacc,
      assumptions.terminal_growth_rate,
      assumptions.method_weights,
    );
    if (narrow) missing.push({ ...narrow, code: 'ENGINE_REFUSAL' });
  }
  if (missing.length === 0 && financials && assumptions) {
    const proof = proveComputation(engagement, financials.data, assumptions);
    if ('refusal' in proof) {
      const refusal = lockRefusal(proof.refusal);
      if (atLock) throw refusal;
      missing.push({ path: refusal.errors![0].path, message: refusal.errors![0].message, code: 'ENGINE_REFUSAL' });
    }
  }
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
