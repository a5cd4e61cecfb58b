// The valuation computation (a job): the engine is pure; this module stores its result and the workpapers.
import type { ServiceContext } from '../platform/service-context.js';
import { COMPUTE_JOB, type JobPayload, PermanentJobError, type JobAttempt } from '../platform/job-queue.service.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Principal } from '../../domain/identity/roles.js';
import { computeValuation, ValuationInputError, type ValuationResult } from '../../domain/valuation/engine.js';
import { buildWorkpapersInThread } from '../../reports/workpapers/workpapers-thread.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import * as data from './valuation-data.repository.js';
import { SYSTEM_ACTOR, type Actor } from '../platform/audit.repository.js';
import { applyTransition } from '../engagements/engagement-transitions.service.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { enqueueReport } from '../reports/report-render.service.js';
import { engineInputOf } from './engine-input.service.js';
import type { Executor } from '../../db/client.js';
import type { EngagementRow } from '../engagements/engagements.repository.js';
import { gate1ApprovalToKeep } from '../../domain/engagement/gate1-kept.js';
import { gate1Trail } from '../platform/audit.repository.js';
import { reviewHistoryOf } from '../review/review-rights.service.js';

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
      const result = computeValuation(engineInputOf(engagement, financials.data, assumptions));
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
      const atGate1 = await applyTransition(tx, firmId, engagementId, 'COMPUTATION_SUCCEEDED', actor, {
        details: { engineVersion: outcome.result.engineVersion },
        current,
      });
      await keepGate1WhereDataUnchanged(tx, firmId, atGate1, actor);
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

/**
 * A relock after a return from Gate 2 or 3 that changed only the assumptions keeps Gate 1's approval of the data
 * (docs/decisions.md, Gate 1 kept on a relock): the service approves Gate 1 again in the approver's name, and the
 * trail says whose approval was kept and why.
 */
async function keepGate1WhereDataUnchanged(tx: Executor, firmId: string, engagement: EngagementRow, actor: Actor) {
  const kept = gate1ApprovalToKeep(await gate1Trail(tx, firmId, engagement.id));
  if (!kept) return;
  const history = await reviewHistoryOf(tx, firmId, engagement.id);
  await applyTransition(tx, firmId, engagement.id, 'APPROVE_GATE_1', actor, {
    expectStatus: 'GATE_1',
    current: engagement,
    details: {
      gate: 'GATE_1',
      decision: 'APPROVED',
      by: kept.by,
      keptFrom: { actorId: kept.actorId, at: kept.at.toISOString() },
      reason: KEPT_REASON,
    },
    history,
  });
}

/** What the trail says of a kept Gate 1 approval. */
export const KEPT_REASON =
  'Kept from the earlier round: only the assumptions were locked again; the financials and the engagement details are unchanged since Gate 1 was approved.';

/** The live workpapers (XLSX with formulas) of the stored valuation; 409 before there is one. */
export async function valuationWorkpapers(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const row = await data.getValuation<ValuationResult>(ctx.db, principal.firmId, engagementId);
  const financials = await data.getFinancials<NormalisedFinancials>(ctx.db, principal.firmId, engagementId);
  if (!row || !financials)
    throw conflict('valuation_not_ready', `No valuation yet: the engagement is ${engagement.status}`);
  const data_ = await buildWorkpapersInThread({
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
