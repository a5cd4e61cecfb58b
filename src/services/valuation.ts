// Assumptions lock and the valuation computation (a job). The engine is pure; this file stores its result.
import type { ServiceContext } from './context.js';
import { actorOf } from './context.js';
import type { JobContext } from '../jobs/worker.js';
import { PermanentJobError } from '../jobs/worker.js';
import type { Executor } from '../db/client.js';
import { conflict, validationFailed } from '../lib/errors.js';
import type { Principal } from '../domain/identity/roles.js';
import { canLockAssumptions } from '../domain/engagement/state-machine.js';
import { computeValuation, ValuationInputError, type Purpose, type Statute } from '../domain/valuation/engine.js';
import { dec } from '../domain/valuation/money.js';
import type { NormalisedFinancials } from '../domain/financials/normalise.js';
import * as data from '../db/repositories/valuation-data.js';
import { insertAudit, SYSTEM_ACTOR, type Actor } from '../db/repositories/audit.js';
import { enqueue } from '../jobs/queue.js';
import { applyTransition, requireEngagement } from './engagements.js';
import { enqueueReport } from './reports.js';

export const COMPUTE_JOB = 'compute-valuation';

export function publicAssumptions(a: data.AssumptionsRow | null) {
  if (!a) return { locked: false as const };
  return {
    locked: true as const,
    wacc: Number(a.wacc),
    terminalGrowthRate: Number(a.terminal_growth_rate),
    rationale: a.rationale,
    midYear: a.mid_year,
    lockedAt: a.locked_at.toISOString(),
    lockedBy: a.locked_by,
  };
}

export async function getAssumptions(ctx: ServiceContext, principal: Principal, engagementId: string) {
  await requireEngagement(ctx.db, principal.firmId, engagementId);
  return publicAssumptions(await data.getAssumptions(ctx.db, principal.firmId, engagementId));
}

/** Computation starts once the engagement is DATA_READY and its assumptions are locked, whichever comes last. */
export async function startComputationIfReady(tx: Executor, firmId: string, engagementId: string, actor: Actor): Promise<boolean> {
  const engagement = await requireEngagement(tx, firmId, engagementId, true);
  if (engagement.status !== 'DATA_READY' || !engagement.assumptions_locked) return false;
  await applyTransition(tx, firmId, engagementId, 'START_COMPUTATION', actor);
  await enqueue(tx, COMPUTE_JOB, { firmId, engagementId, requestId: actor.requestId ?? null }, { dedupeKey: `compute:${engagementId}` });
  return true;
}

export async function lockAssumptions(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  input: { wacc: number; terminalGrowthRate: number; rationale: string; midYear?: boolean },
  requestId?: string,
) {
  // Percent values as the caller wrote them; the engine works in exact decimals from these strings.
  const wacc = String(input.wacc);
  const growth = String(input.terminalGrowthRate);
  if (dec(growth).gte(dec(wacc))) {
    throw validationFailed([{ path: '/terminalGrowthRate', message: 'must be below wacc (the perpetuity has no value otherwise)' }]);
  }
  return ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, principal.firmId, engagementId, true);
    if (engagement.assumptions_locked) throw conflict('already_locked', 'Assumptions are already locked for this engagement');
    if (!canLockAssumptions(engagement.status)) {
      throw conflict('invalid_transition', `Assumptions cannot be locked: the engagement is ${engagement.status}`);
    }
    const actor = actorOf(principal, requestId);
    const row = await data.insertAssumptions(tx, {
      engagementId, firmId: principal.firmId, wacc, terminalGrowthRate: growth, rationale: input.rationale,
      midYear: input.midYear ?? false, lockedBy: actor.id!,
    });
    if (!row) throw conflict('already_locked', 'Assumptions are already locked for this engagement');
    await insertAudit(tx, principal.firmId, actor, {
      action: 'assumptions.locked', engagementId, details: { wacc, terminalGrowthRate: growth, midYear: row.mid_year },
    });
    await startComputationIfReady(tx, principal.firmId, engagementId, actor);
    return publicAssumptions(row);
  });
}

/** The compute-valuation job: runs the engine, stores the result → GATE_1, or → FAILED with a reason a valuer can act on. */
export async function computeEngagementValuation(ctx: ServiceContext, job: JobContext): Promise<void> {
  const { firmId, engagementId, requestId } = job.job.payload as Record<string, string>;
  const engagement = await requireEngagement(ctx.db, firmId, engagementId).catch(() => null);
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
        assumptions: { wacc: assumptions.wacc, terminalGrowthRate: assumptions.terminal_growth_rate, rationale: assumptions.rationale },
        engagement: { statute: engagement.statute as Statute, purpose: (engagement.purpose as Purpose | null) ?? null, valuationDate: engagement.valuation_date },
        options: { midYear: assumptions.mid_year },
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
      await applyTransition(tx, firmId, engagementId, 'COMPUTATION_SUCCEEDED', actor, { details: { engineVersion: outcome.result.engineVersion } });
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

export async function getValuation(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const row = await data.getValuation<Record<string, unknown>>(ctx.db, principal.firmId, engagementId);
  if (!row) {
    throw conflict(
      'valuation_not_ready',
      engagement.status === 'FAILED' && engagement.failure_reason
        ? `The computation failed: ${engagement.failure_reason}`
        : `No valuation yet: the engagement is ${engagement.status}`,
    );
  }
  return { engagementId, statute: engagement.statute, computedAt: row.computed_at.toISOString(), engineVersion: row.engine_version, ...row.result };
}
