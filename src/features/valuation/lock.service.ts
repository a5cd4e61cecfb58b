// Locking the assumptions: the valuer's rates and judgement, checked against the statute and the financials.
import { GROWTH_BELOW_WACC } from '../../contract/lock-forms.js';
import { AUDIT } from '../../contract/audit-actions.js';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf } from '../platform/service-context.js';
import { AppError, conflict, validationFailed } from '../../lib/errors.js';
import type { Principal } from '../../domain/identity/roles.js';
import { lockRefusal } from '../review/review-rights.service.js';
import {
  buildCostOfCapital,
  statedWacc,
  type CostOfCapitalInput,
  type Purpose,
  type Statute,
} from '../../domain/valuation/engine.js';
import { dec } from '../../domain/valuation/money.js';
import { projectionsNoteRequired, ratesNeeded, usesDcf, type MissingInput } from '../../domain/valuation/readiness.js';
import { unsourcedFigures, type UnsourcedFigure } from '../../domain/valuation/sources.js';
import {
  costOfCapitalSourceWarnings,
  femaDiscountWarnings,
  rateWarnings,
  valuationDateWarnings,
} from '../../domain/valuation/warnings.js';
import { judgementErrors, type Judgement, type JudgementError } from '../../domain/valuation/judgement.js';
import type { MarketApproach } from '../../domain/valuation/comparables.js';
export { storedJudgement } from './engine-input.service.js';
import type { ErrorCode } from '../../contract/errors.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import * as data from './valuation-data.repository.js';
import { insertAudit } from '../platform/audit.repository.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { publicAssumptions } from './assumptions.service.js';
import {
  inputsMissingFor,
  narrowSpread,
  startComputationIfReady,
  transactionDateOf,
  type EngagementLaw,
} from './readiness.service.js';
import type { Executor } from '../../db/client.js';
import { verificationDateErrors } from '../../domain/valuation/ibc-verification.js';
import { setLockErrors } from '../../domain/engagement/ibc-set.js';
import { methodologyMeetingLockErrors } from '../../domain/engagement/insolvency-facts.js';
import { unaccountedAssets } from '../../domain/valuation/reconciliation.js';
import { todayInIndia } from '../../contract/today.js';

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

function sourceMissing(unsourced: UnsourcedFigure[]): AppError {
  return new AppError(
    'source_missing',
    `The financials do not name the source of: ${unsourced.map((u) => u.path).join(', ')}. Add each source to the financials, upload them again, then lock.`,
    unsourced,
  );
}

function assetNotAccounted(problems: { path: string; message: string }[]): AppError {
  return new AppError(
    'asset_not_accounted',
    `Not every asset on the balance sheet at the commencement date is valued or excluded: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}. Value each in an asset class or state why it is excluded (liquidation.reconciliation), upload the financials again, then lock.`,
    problems,
  );
}

/** The lock body's judgement fields: the valuer's weights, discounts and market-approach choices. */
interface JudgementInput {
  methodWeights?: Record<string, number>;
  weightsRationale?: string;
  dlomPercent?: number;
  dlomRationale?: string;
  dlocPercent?: number;
  dlocRationale?: string;
  marketApproach?: MarketApproach;
}

export async function lockAssumptions(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  input: JudgementInput & {
    wacc?: number;
    terminalGrowthRate?: number;
    rationale: string;
    midYear?: boolean;
    costOfCapital?: CostOfCapitalInput;
    projectionsReasonableness?: string;
  },
  requestId?: RequestTag,
) {
  const judgement = judgementOf(input);
  // Percent values as the caller wrote them; the engine works in exact decimals from these strings. Both or
  // neither: neither only where the valuation needs no rates, which is known once the engagement is read.
  const wacc = input.wacc === undefined ? null : String(input.wacc);
  const growth = input.terminalGrowthRate === undefined ? null : String(input.terminalGrowthRate);
  if ((wacc === null) !== (growth === null) || (wacc === null && input.costOfCapital)) {
    throw validationFailed(ratesRequired(wacc === null ? ['/wacc'] : ['/terminalGrowthRate'], 'with the other rate'));
  }
  if (wacc !== null && growth !== null && dec(growth).gte(dec(wacc))) {
    throw validationFailed([{ path: '/terminalGrowthRate', message: GROWTH_BELOW_WACC }]);
  }
  const costOfCapital = input.costOfCapital ? costOfCapitalAsText(input.costOfCapital) : null;
  if (costOfCapital && wacc !== null) {
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
    const refused = lockRefusal(principal, engagement.status, engagement.assumptions_locked);
    if (refused) throw refused;
    const law = {
      statute: engagement.statute as Statute,
      purpose: (engagement.purpose as Purpose | null) ?? null,
      transactionDate: transactionDateOf(engagement),
    };
    if (wacc === null && ratesNeeded(law)) {
      throw validationFailed(ratesRequired(['/wacc', '/terminalGrowthRate'], 'where the valuation has a DCF'));
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
    if (financials) {
      const unsourced = unsourcedFigures(
        financials.data,
        engagement.statute as Statute,
        (engagement.purpose as Purpose | null) ?? null,
      );
      if (unsourced.length > 0) throw sourceMissing(unsourced);
    }
    if (financials && engagement.statute === 'IBC_LIQUIDATION') {
      // Every balance-sheet asset valued in a class or excluded with its reason, before it is valued (409).
      const problems = unaccountedAssets(financials.data);
      if (problems.length > 0) throw assetNotAccounted(problems);
      // Physical verification by the appointed valuer, on or after the commencement, before the report (400).
      const misdated = verificationDateErrors(financials.data.liquidation?.assets ?? [], {
        appointmentDate: engagement.appointment_date,
        commencementDate: engagement.valuation_date,
        reportDate: todayInIndia(),
      });
      if (misdated.length > 0) throw validationFailed(misdated);
    }
    if (engagement.statute === 'IBC_LIQUIDATION' && engagement.valuer_set) {
      // The set: each class valued has its valuer, who verified it after appointment and commencement (400).
      const setErrors = setLockErrors(
        engagement.valuer_set,
        (financials?.data.liquidation?.assets ?? []).map((a) => a.assetClass),
        {
          appointmentDate: engagement.appointment_date,
          commencementDate: engagement.valuation_date,
          reportDate: todayInIndia(),
        },
      );
      if (setErrors.length > 0) throw validationFailed(setErrors);
    }
    if (engagement.statute === 'IBC_LIQUIDATION') {
      const meeting = methodologyMeetingLockErrors(engagement.insolvency_facts, todayInIndia());
      if (meeting.length > 0) throw validationFailed(meeting);
    }
    // Where a DCF is adopted the valuer says why its projections are reasonable (docs/reports.md, Annexures);
    // elsewhere the note is accepted and ignored.
    const noteRequired = projectionsNoteRequired(
      {
        statute: engagement.statute as Statute,
        purpose: (engagement.purpose as Purpose | null) ?? null,
        transactionDate: transactionDateOf(engagement),
      },
      financials?.data ?? null,
      judgement.methodWeights,
    );
    // IBC CIRP: the coordinating valuer's going-concern DCF rests on the business plan, so a note on it is kept
    // for the report's annexure (docs/ibc-valuation.md, The corporate debtor as a whole).
    const goingConcernPlan =
      engagement.statute === 'IBC_LIQUIDATION' &&
      engagement.purpose !== 'LIQUIDATION_REALISABLE_VALUE' &&
      (financials?.data?.projections.length ?? 0) > 0;
    const projectionsNote = noteRequired || goingConcernPlan ? input.projectionsReasonableness?.trim() || null : null;
    if (noteRequired && !projectionsNote) {
      throw new AppError(
        'missing_rationale',
        '/projectionsReasonableness: a DCF is adopted, so say why its projections are reasonable (at least 50 characters).',
        [{ path: '/projectionsReasonableness', message: 'is required where a DCF is adopted' }],
      );
    }
    if (financials) {
      // The least WACC − g spread a DCF is valued on (docs/valuation-method.md, Terminal value).
      const narrow = narrowSpread(engagement, financials.data, wacc, growth, judgement.methodWeights);
      if (narrow) throw validationFailed([narrow], `/terminalGrowthRate: ${narrow.message}`);
    }
    if (engagement.status === 'DATA_READY' && financials) {
      // The sources were checked just above; only the inputs remain.
      const missing = inputsMissingFor(engagement, financials.data, judgement.methodWeights, judgement.marketApproach);
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
      projectionsReasonableness: projectionsNote,
    });
    if (!row) throw conflict('already_locked', 'Assumptions are already locked for this engagement');
    await insertAudit(tx, principal.firmId, actor, {
      action: AUDIT.assumptionsLocked,
      engagementId,
      details: {
        ...(wacc !== null && { wacc, terminalGrowthRate: growth }),
        midYear: row.mid_year,
        ...(judgement.methodWeights && { methodWeights: judgement.methodWeights }),
        ...(judgement.dlomPercent !== undefined && { dlomPercent: judgement.dlomPercent }),
        ...(judgement.dlocPercent !== undefined && { dlocPercent: judgement.dlocPercent }),
        ...(costOfCapital && { costOfCapital }),
      },
    });
    await startComputationIfReady(tx, principal.firmId, engagementId, actor, true);
    const repeated = await repeatedDiscountReasons(tx, principal.firmId, engagementId, judgement);
    return publicAssumptions(row, [
      ...assumptionWarnings(engagement, financials?.data ?? null, wacc, growth),
      ...femaDiscountWarnings(engagement.statute as Statute, (engagement.purpose as Purpose | null) ?? null, judgement),
      ...costOfCapitalSourceWarnings(
        engagement.statute as Statute,
        engagement.valuation_date,
        costOfCapital?.sourceDate,
      ),
      ...repeated,
    ]);
  });
}

/** The lock body's judgement fields as the engine takes them: percent as exact decimal text. */
function judgementOf(input: JudgementInput): Judgement {
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
  wacc: string | null,
  growth: string | null,
) {
  const purpose = (engagement.purpose as Purpose | null) ?? null;
  const ctx = { statute: engagement.statute as Statute, purpose, transactionDate: transactionDateOf(engagement) };
  // The valuation date against the transaction's, which the computation repeats in its result.
  const dates = valuationDateWarnings(ctx.statute, purpose, engagement.valuation_date, ctx.transactionDate);
  if (wacc === null || growth === null || !usesDcf(ctx, financials)) return dates;
  return [...rateWarnings(dec(wacc), dec(growth), financials?.projections ?? []), ...dates];
}

/**
 * A discount's reason is specific to the instrument valued: one that is word for word another engagement's in the
 * firm is worth a second look, so the lock says so (a warning; the lock stands).
 */
async function repeatedDiscountReasons(
  tx: Executor,
  firmId: string,
  engagementId: string,
  judgement: { dlomRationale?: string; dlocRationale?: string },
): Promise<{ code: string; message: string }[]> {
  const given = [
    { name: 'lack of marketability', reason: judgement.dlomRationale?.trim() },
    { name: 'lack of control', reason: judgement.dlocRationale?.trim() },
  ].filter((d): d is { name: string; reason: string } => Boolean(d.reason));
  const warnings = [];
  for (const d of given) {
    const other = await data.otherEngagementWithDiscountReason(tx, firmId, engagementId, d.reason);
    if (other) {
      warnings.push({
        code: 'DISCOUNT_RATIONALE_REPEATED',
        message: `The reason for the discount for ${d.name} is word for word the one given for ${other.targetEntity} (${other.engagementId}). A discount's reason is specific to the shares valued: say why it fits these.`,
      });
    }
  }
  return warnings;
}

/** The rates are given together, and only a valuation with no DCF (ratesNeeded) is locked without them. */
function ratesRequired(paths: string[], when: string) {
  return paths.map((path) => ({ path, message: `is required ${when}` }));
}
