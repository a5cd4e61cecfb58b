import { computeDcf, dcfMethod } from './dcf.js';
import { ValuationInputError } from './errors.js';
import { HUNDRED, dec, plain, toPaise, type Dec } from './money.js';
import { computeNav11ua, nav11uaMethod } from './nav-11ua.js';
import { usesDcf } from './readiness.js';
import { incomeTaxRegime, noProvisionInForce } from './law-in-force.js';
import { s56viibApplies, s56viibWarning } from './warnings.js';
import type {
  Conclusion,
  FloorOrCeiling,
  MethodCode,
  MethodResult,
  Purpose,
  PurposeConclusion,
  ValuationWarning,
} from './types.js';
import {
  DEFAULT_WEIGHTS_WITH_PEERS,
  DEFAULT_WEIGHTS_WITHOUT_PEERS,
  dcfRates,
  type MethodWeights,
  type StatuteContext,
  type StatuteOutcome,
} from './statute-context.js';
import { valueUnderIbc } from './statute-ibc.js';
import { methodInWords } from '../../contract/vocabulary.js';
import { flooredSentence, givenWeights, weighableMethods, weighMethods } from './statute-weights.js';

export { DEFAULT_WEIGHTS_WITH_PEERS, DEFAULT_WEIGHTS_WITHOUT_PEERS };
export type { MethodWeights, Rule11uaIssueMethod, StatuteContext, StatuteOutcome } from './statute-context.js';

export function valueUnderStatute(ctx: StatuteContext): StatuteOutcome {
  switch (ctx.statute) {
    case 'RULE_11UA':
      return valueUnderRule11ua(ctx);
    case 'FEMA_RBI':
      return valueUnderFema(ctx);
    case 'COMPANIES_ACT_SEC_62':
      return valueUnderCompaniesAct(ctx);
    case 'IBC_LIQUIDATION':
      return valueUnderIbc(ctx);
  }
}

// ---------------------------------------------------------------------------------------------
// Rule 11UA

const ISSUE_NAV_PURPOSE =
  'ISSUE_OF_SHARES: Rule 11UA(2)(a) for s.56(2)(viib); the fair market value is the ceiling on a tax-neutral issue price.';
const TRANSFER_NAV_PURPOSE =
  'TRANSFER_OR_RECEIPT: Rule 11UA(1)(c)(b) for s.56(2)(x) and s.50CA; the fair market value is the floor for the consideration.';
const ISSUE_NAV_PURPOSE_AFTER_SUNSET =
  'ISSUE_OF_SHARES: Rule 11UA(2)(a); s.56(2)(viib) reaches only consideration received before 1 April 2024 (proviso inserted by the Finance (No. 2) Act, 2024, from assessment year 2025-26), so for this issue the value is for information and not a ceiling.';
const ISSUE_DCF_PURPOSE =
  "ISSUE_OF_SHARES: the alternative under Rule 11UA(2)(b) (merchant banker's report); for information only for TRANSFER_OR_RECEIPT, where Rule 11UA(1)(c)(b) prescribes NAV.";

function valueUnderRule11ua(ctx: StatuteContext): StatuteOutcome {
  if (incomeTaxRegime(ctx.transactionDate) === 'INCOME_TAX_ACT_2025') return valueUnderRule57(ctx);
  const f = ctx.financials;
  const shares = dec(f.shares.equitySharesOutstanding);
  // NAV needs no projections; DCF is shown when they exist (readiness demands them when adopted). A transfer's
  // prescribed NAV may be locked without rates (ratesNeeded): its DCF, for information only, is then not computed.
  const forInformationOnly = ctx.purpose === 'TRANSFER_OR_RECEIPT' && !ctx.dcf;
  const dcf = usesDcf(ctx, f) && !forInformationOnly ? computeDcf(f, dcfRates(ctx)) : null;
  const chosenByWeight =
    ctx.methodWeights && dec(ctx.methodWeights.DCF ?? 0).eq(HUNDRED) ? 'DCF' : ctx.methodWeights ? 'NAV' : undefined;
  const issueAdoptsDcf =
    (chosenByWeight ?? ctx.rule11uaIssueMethod ?? 'NAV') === 'DCF' && ctx.purpose !== 'TRANSFER_OR_RECEIPT';
  // The method the issuer adopted is the method valued: a DCF that cannot be computed is refused, never replaced by NAV.
  if (issueAdoptsDcf && dcf === null) {
    throw new ValuationInputError(
      'MISSING_PROJECTIONS',
      '/projections: the discounted cash flow method adopted under Rule 11UA(2)(b) needs at least one projection year.',
    );
  }
  const issueUsesDcf = issueAdoptsDcf && dcf !== null;
  const raw: Partial<Record<Purpose, Dec>> = {};
  const showIssue = ctx.purpose !== 'TRANSFER_OR_RECEIPT';
  const showTransfer = ctx.purpose !== 'ISSUE_OF_SHARES';
  // s.56(2)(viib) reaches consideration received before 1-4-2024, tested on the issue's date: after it the Rule 11UA(2) value binds nothing.
  const viibApplies = s56viibApplies(ctx.transactionDate);
  const warnings: ValuationWarning[] =
    showIssue && !viibApplies ? [s56viibWarning(ctx.transactionDate, ctx.valuationDate)] : [];

  const methods: MethodResult[] = [];
  const byPurpose: PurposeConclusion[] = [];
  if (showIssue) {
    const navComputation = computeNav11ua(f, '2A');
    const nav = nav11uaMethod(navComputation, shares);
    raw.ISSUE_OF_SHARES = issueUsesDcf && dcf ? dcf.valuePerShare : navComputation.valuePerShare;
    methods.push({
      ...nav,
      servesPurpose: viibApplies ? ISSUE_NAV_PURPOSE : ISSUE_NAV_PURPOSE_AFTER_SUNSET,
      purposes: ['ISSUE_OF_SHARES'],
    });
    const concluded = issueUsesDcf ? 'DCF' : 'NAV_11UA_2A';
    const basis = issueUsesDcf
      ? 'Rule 11UA(2)(b): DCF, adopted by the issuer in place of NAV under Rule 11UA(2)(a).'
      : 'Rule 11UA(2)(a): (A − L) × PV / PE at book values.';
    byPurpose.push({
      purpose: 'ISSUE_OF_SHARES',
      method: concluded,
      valuePerShare: issueUsesDcf && dcf ? toPaise(dcf.valuePerShare) : nav.valuePerShare,
      ...(viibApplies && { floorOrCeiling: 'CEILING' as const }),
      basis: viibApplies
        ? basis
        : `${basis} Section 56(2)(viib) reaches only consideration received before 1 April 2024 (Finance (No. 2) Act, 2024, from assessment year 2025-26); this issue is dated ${ctx.transactionDate}, so this value is not a ceiling on the issue price.`,
    });
  }
  if (showTransfer) {
    const navComputation = computeNav11ua(f, '1CB');
    const nav = nav11uaMethod(navComputation, shares);
    raw.TRANSFER_OR_RECEIPT = navComputation.valuePerShare;
    methods.push({ ...nav, servesPurpose: TRANSFER_NAV_PURPOSE, purposes: ['TRANSFER_OR_RECEIPT'] });
    byPurpose.push({
      purpose: 'TRANSFER_OR_RECEIPT',
      method: 'NAV_11UA_1CB',
      valuePerShare: nav.valuePerShare,
      floorOrCeiling: 'FLOOR',
      basis:
        'Rule 11UA(1)(c)(b): (A + B + C + D − L) × PV / PE, with jewellery and art, shares and securities and immovable property at market, fair and stamp-duty values.',
    });
  }
  if (dcf)
    methods.push({ ...dcfMethod(dcf, dcfRates(ctx)), servesPurpose: ISSUE_DCF_PURPOSE, purposes: ['ISSUE_OF_SHARES'] });
  const conclusion = concludeByPurpose(byPurpose, ctx.purpose);
  const chosen = byPurpose.find((p) => p.purpose === ctx.purpose);
  if (ctx.methodWeights && chosen) {
    conclusion.weights = [
      {
        method: chosen.method as MethodCode,
        weightPercent: '100',
        valuePerShare: chosen.valuePerShare,
        weightedValuePerShare: chosen.valuePerShare,
      },
    ];
    conclusion.weightsSetBy = 'VALUER';
  }
  const concludedRaw = ctx.purpose ? (raw[ctx.purpose] ?? null) : null;
  return {
    methods,
    conclusion,
    concludedRaw,
    dcf,
    warnings,
    ...(chosen &&
      concludedRaw !== null && {
        components: [{ method: chosen.method as MethodCode, weight: HUNDRED, value: concludedRaw }],
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Income-tax Act, 2025: Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026

const RULE_57_PURPOSE =
  'TRANSFER_OR_RECEIPT: Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026, for a receipt under s.92(2)(m)(iii) and a transfer under s.79 read with s.72 of the Income-tax Act, 2025; the fair market value is the floor for the consideration.';

/**
 * A receipt or transfer in a tax year beginning on or after 1 April 2026. Rule 57 Sl. No. 4 prescribes
 * one formula for unquoted equity shares, (A + B + C + D − L) × PV / PE (the arithmetic of Rule
 * 11UA(1)(c)(b)); there is no DCF alternative and no issuer's formula, so neither is computed.
 */
function valueUnderRule57(ctx: StatuteContext): StatuteOutcome {
  if (ctx.purpose === 'ISSUE_OF_SHARES') {
    throw new ValuationInputError(
      'NO_PROVISION_IN_FORCE',
      noProvisionInForce(ctx.statute, ctx.purpose, ctx.transactionDate)!,
    );
  }
  const f = ctx.financials;
  const navComputation = computeNav11ua(f, '1CB');
  const nav = rule57Method(nav11uaMethod(navComputation, dec(f.shares.equitySharesOutstanding)));
  const byPurpose: PurposeConclusion[] = [
    {
      purpose: 'TRANSFER_OR_RECEIPT',
      method: 'NAV_RULE_57',
      valuePerShare: nav.valuePerShare,
      floorOrCeiling: 'FLOOR',
      basis:
        'Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026: (A + B + C + D − L) × PV / PE, with jewellery and art, shares and securities and immovable property at market, fair and stamp-duty values.',
    },
  ];
  const conclusion = concludeByPurpose(byPurpose, 'TRANSFER_OR_RECEIPT');
  if (ctx.methodWeights) {
    conclusion.weights = [
      {
        method: 'NAV_RULE_57',
        weightPercent: '100',
        valuePerShare: nav.valuePerShare,
        weightedValuePerShare: nav.valuePerShare,
      },
    ];
    conclusion.weightsSetBy = 'VALUER';
  }
  return {
    methods: [{ ...nav, servesPurpose: RULE_57_PURPOSE, purposes: ['TRANSFER_OR_RECEIPT'] }],
    conclusion,
    concludedRaw: navComputation.valuePerShare,
    dcf: null,
    warnings: [],
  };
}

function rule57Method(m: MethodResult): MethodResult {
  return {
    ...m,
    method: 'NAV_RULE_57',
    title:
      'Net asset value under Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026: (A + B + C + D − L) × PV / PE',
  };
}

function concludeByPurpose(byPurpose: PurposeConclusion[], purpose: Purpose | null): Conclusion {
  const chosen = byPurpose.find((p) => p.purpose === purpose);
  if (chosen) {
    return {
      valuePerShare: chosen.valuePerShare,
      basis: `${chosen.purpose}: ${chosen.basis}`,
      ...(chosen.floorOrCeiling && { floorOrCeiling: chosen.floorOrCeiling }),
      byPurpose,
    };
  }
  return {
    valuePerShare: null,
    basis:
      'No purpose was given, so every variant that applies is shown with the purpose it serves; the value that binds depends on the transaction.',
    byPurpose,
  };
}

// ---------------------------------------------------------------------------------------------
// FEMA

const FEMA_DIRECTION: Record<string, { bound: FloorOrCeiling; rule: string }> = {
  ISSUE_TO_NON_RESIDENT: { bound: 'FLOOR', rule: 'NDI Rule 21(2)(a): issue price not less than fair value' },
  TRANSFER_RESIDENT_TO_NON_RESIDENT: { bound: 'FLOOR', rule: 'NDI Rule 21(2)(b): price not less than fair value' },
  TRANSFER_NON_RESIDENT_TO_RESIDENT: { bound: 'CEILING', rule: 'NDI Rule 21(2)(c): price not more than fair value' },
};

/**
 * NDI Rule 21 asks for "any internationally accepted pricing methodology" on an arm's length basis and
 * prescribes none: DCF, book NAV and (where peers are given) comparable multiples are computed, and the
 * valuer weighs them with a rationale, as for s.62. Without the valuer's weights the fair value is the
 * DCF (the engine's documented FEMA default).
 */
function valueUnderFema(ctx: StatuteContext): StatuteOutcome {
  const weighable = weighableMethods(ctx);
  const { dcf, comparables, evidence, methods, rawValues } = weighable;
  const given: MethodWeights = givenWeights(ctx) ?? { dcf: '100', nav: '0', comparables: '0' };
  const { weights, components, weighted } = weighMethods(ctx, given, weighable);
  const adopted = components.filter((c) => c.weight.gt(0));
  const valuePerShare = toPaise(weighted);
  const methodCode: PurposeConclusion['method'] = adopted.length === 1 ? adopted[0].method : 'WEIGHTED';
  const described =
    adopted.length === 1
      ? methodInWords(adopted[0].method)
      : `a weighted average of ${adopted.map((c) => `${methodInWords(c.method)} ${plain(c.weight)}%`).join(', ')}`;
  const byPurpose: PurposeConclusion[] = Object.entries(FEMA_DIRECTION)
    .filter(([purpose]) => ctx.purpose === null || ctx.purpose === purpose)
    .map(([purpose, d]) => ({
      purpose: purpose as Purpose,
      method: methodCode,
      valuePerShare,
      floorOrCeiling: d.bound,
      basis: `${d.rule}; fair value by ${described}, internationally accepted pricing methodology on an arm's length basis.${flooredSentence(components)}`,
    }));
  const servesPurpose = byPurpose
    .map((p) => `${p.purpose}: fair value is the ${p.floorOrCeiling?.toLowerCase()}`)
    .join('; ');
  const chosen = byPurpose.find((p) => p.purpose === ctx.purpose);
  const conclusion: Conclusion = chosen
    ? { valuePerShare, basis: `${chosen.purpose}: ${chosen.basis}`, floorOrCeiling: chosen.floorOrCeiling, byPurpose }
    : {
        valuePerShare,
        basis: `Fair value by ${described}. No direction was given: it is a floor for an issue or transfer to a non-resident (NDI Rule 21(2)(a), (b)) and a ceiling for a transfer from a non-resident to a resident (Rule 21(2)(c)).${flooredSentence(components)}`,
        byPurpose,
      };
  if (ctx.methodWeights) {
    conclusion.weights = components.map((c) => ({
      method: c.method,
      weightPercent: plain(c.weight),
      valuePerShare: toPaise(c.value),
      weightedValuePerShare: toPaise(c.value.times(c.weight).div(HUNDRED)),
    }));
    conclusion.weightsSetBy = 'VALUER';
  }
  return {
    methods: methods.map((m) =>
      rawValues[m.method] !== undefined && weights[m.method as 'DCF' | 'NAV' | 'COMPARABLES'].gt(0)
        ? { ...m, servesPurpose, purposes: byPurpose.map((p) => p.purpose) }
        : { ...m, servesPurpose: 'Computed for comparison; not weighted in the fair value.' },
    ),
    conclusion,
    concludedRaw: weighted,
    dcf,
    warnings: [...comparables.warnings, ...evidence.warnings],
    components,
  };
}

// ---------------------------------------------------------------------------------------------
// Companies Act s.62

function valueUnderCompaniesAct(ctx: StatuteContext): StatuteOutcome {
  const weighable = weighableMethods(ctx);
  const { dcf, comparables, evidence, methods } = weighable;
  const given: MethodWeights | undefined = givenWeights(ctx) ?? ctx.weights;
  const { components, weighted } = weighMethods(ctx, given, weighable);
  const described = components.map((c) => `${methodInWords(c.method)} ${plain(c.weight)}%`).join(', ');
  return {
    methods,
    conclusion: {
      valuePerShare: toPaise(weighted),
      basis: `Weighted average of the methods (${described}); weights ${given ? 'as given by the valuer' : 'by the engine default'}.${flooredSentence(components)}`,
      weightsSetBy: given ? 'VALUER' : 'ENGINE_DEFAULT',
      weights: components.map((c) => ({
        method: c.method,
        weightPercent: plain(c.weight),
        valuePerShare: toPaise(c.value),
        weightedValuePerShare: toPaise(c.value.times(c.weight).div(HUNDRED)),
      })),
    },
    concludedRaw: weighted,
    dcf,
    warnings: [...comparables.warnings, ...evidence.warnings],
    components,
  };
}
