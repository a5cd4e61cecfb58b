import { optionWords } from './dilution.js';
import { bridgeTermsBeyondBalanceSheet } from './equity-bridge.js';
import { lossCarryForwardCitation, type DcfAssumptions } from './dcf.js';
import { ValuationInputError } from './errors.js';
import { checkJudgement } from './judgement.js';
import { discountByMethod } from './discounts.js';
import { complianceOf } from './compliance.js';
import { dec, isDecimalString, plain, toPaise, type Dec } from './money.js';
import { computeSensitivity } from './sensitivity.js';
import { valueUnderStatute } from './statutes.js';
import type { Conventions, ValuationResult } from './types.js';
import { ENGINE_VERSION } from './version.js';
import {
  balanceSheetDateWarnings,
  growthWarnings,
  negativeEquityWarnings,
  netDebtNotRolledForwardWarnings,
  rateWarnings,
  shareCapitalWarnings,
  terminalValueWarnings,
  valuationDateWarnings,
  femaDiscountWarnings,
  costOfCapitalSourceWarnings,
} from './warnings.js';
import { legalBasisOf } from './law-in-force.js';
import { checkInput, type ValuationInput } from './input.js';

export { ValuationInputError } from './errors.js';
export { ENGINE_VERSION } from './version.js';
export { PURPOSES, PURPOSES_BY_STATUTE, STATUTES } from './types.js';
export type * from './types.js';
export type { Judgement } from './judgement.js';
export type { CostOfCapitalInput } from './cost-of-capital.js';
export { buildCostOfCapital, statedWacc } from './cost-of-capital.js';
export type { Compliance, ComplianceTest } from './compliance.js';
export { DEFAULT_LONG_RUN_GDP_GROWTH, type ValuationInput } from './input.js';

export function computeValuation(input: ValuationInput): ValuationResult {
  const checked = checkInput(input);
  const judgement = input.judgement ?? {};
  checkJudgement(
    checked.statute,
    checked.purpose,
    judgement,
    checked.financials.peers.length > 0,
    checked.transactionDate,
  );
  const outcome = valueUnderStatute({
    financials: checked.financials,
    statute: checked.statute,
    purpose: checked.purpose,
    valuationDate: checked.valuationDate,
    transactionDate: checked.transactionDate,
    dcf: checked.dcf,
    weights: input.options?.weights,
    ...(judgement.methodWeights && { methodWeights: judgement.methodWeights }),
    rule11uaIssueMethod: input.options?.rule11uaIssueMethod,
    ...(judgement.marketApproach && { marketApproach: judgement.marketApproach }),
  });
  const conclusion = { ...outcome.conclusion };
  if (judgement.methodWeights && judgement.weightsRationale)
    conclusion.weightsRationale = judgement.weightsRationale.trim();
  // Discounts in order, lack of control then lack of marketability, method by method on the values on a
  // basis that takes them, before weighting (docs/valuation-method.md, Discounts).
  if (outcome.concludedRaw !== null && (judgement.dlocPercent !== undefined || judgement.dlomPercent !== undefined)) {
    const dloc = judgement.dlocPercent !== undefined ? dec(judgement.dlocPercent) : null;
    const dlom = judgement.dlomPercent !== undefined ? dec(judgement.dlomPercent) : null;
    const components = outcome.components ?? [
      { method: 'DCF' as const, weight: dec(100), value: outcome.concludedRaw },
    ];
    // A method whose value is on another level than its method's usual one (comparable transactions without the
    // control premium) says so on its result.
    const bases = Object.fromEntries(outcome.methods.filter((m) => m.valueBasis).map((m) => [m.method, m.valueBasis]));
    const d = discountByMethod(components, dloc, dlom, bases);
    conclusion.valueBeforeDiscount = toPaise(d.before);
    conclusion.discountsByMethod = d.byMethod;
    const step = (percent: Dec, before: Dec, after: Dec, rationale: string | undefined) => ({
      percent: plain(percent),
      rationale: (rationale ?? '').trim(),
      valueBeforeDiscount: toPaise(before),
      discountPerShare: toPaise(before.minus(after)),
      valueAfterDiscount: toPaise(after),
    });
    if (dloc !== null) conclusion.controlDiscount = step(dloc, d.before, d.afterControl, judgement.dlocRationale);
    if (dlom !== null) conclusion.discount = step(dlom, d.afterControl, d.after, judgement.dlomRationale);
    conclusion.valuePerShare = toPaise(d.after);
    // The floor or ceiling each purpose reads is the concluded value, after the discounts: one figure per report.
    if (conclusion.byPurpose)
      conclusion.byPurpose = conclusion.byPurpose.map((p) => ({
        ...p,
        valuePerShare: conclusion.valuePerShare as string,
      }));
    const named = [
      ...(dloc !== null ? [`lack of control (${plain(dloc)}%)`] : []),
      ...(dlom !== null ? [`lack of marketability (${plain(dlom)}%)`] : []),
    ];
    conclusion.basis = `${conclusion.basis} Less discounts for ${named.join(' and then ')}, method by method before weighting, each only on a value on a basis that takes it: ${d.sentence}; concluded ${conclusion.valueBeforeDiscount} before discounts, ${conclusion.valuePerShare} after.`;
  }
  const price = input.engagement.proposedPricePerShare;
  if (price !== undefined && price !== null && !(isDecimalString(price) && dec(price).gt(0))) {
    throw new ValuationInputError(
      'INVALID_OPTIONS',
      'The proposed price per share must be a positive decimal in rupees.',
    );
  }
  const conversion = input.engagement.conversionPricePerShare;
  if (conversion !== undefined && conversion !== null && !(isDecimalString(conversion) && dec(conversion).gt(0))) {
    throw new ValuationInputError(
      'INVALID_OPTIONS',
      'The conversion price per share must be a positive decimal in rupees.',
    );
  }
  const compliance =
    price || conversion
      ? complianceOf(
          checked.statute,
          checked.purpose,
          checked.valuationDate,
          conclusion,
          price ?? null,
          checked.transactionDate,
          conversion ?? null,
        )
      : null;
  const warnings = [
    ...(outcome.dcf ? terminalValueWarnings(outcome.dcf) : []),
    ...(outcome.dcf && checked.dcf ? growthWarnings(checked.dcf.growth, checked.longRunGdpGrowth) : []),
    ...(outcome.dcf && checked.dcf
      ? rateWarnings(checked.dcf.wacc, checked.dcf.growth, checked.financials.projections)
      : []),
    ...negativeEquityWarnings(outcome.methods),
    ...balanceSheetDateWarnings(checked.financials, checked.valuationDate, checked.statute, checked.transactionDate),
    ...valuationDateWarnings(checked.statute, checked.purpose, checked.valuationDate, checked.transactionDate),
    ...shareCapitalWarnings(checked.financials),
    ...netDebtNotRolledForwardWarnings(
      checked.financials,
      checked.valuationDate,
      outcome.methods.some((m) => m.method === 'DCF' || m.method === 'COMPARABLES' || m.method === 'TRANSACTIONS'),
      checked.dcf?.stub ?? null,
    ),
    ...checked.inputWarnings,
    ...outcome.warnings,
    ...femaDiscountWarnings(checked.statute, checked.purpose, judgement),
    ...costOfCapitalSourceWarnings(checked.statute, checked.valuationDate, checked.costOfCapital?.sourceDate),
  ];
  return {
    engineVersion: ENGINE_VERSION,
    statute: checked.statute,
    purpose: checked.purpose,
    valuationDate: checked.valuationDate,
    transactionDate: checked.transactionDate,
    legalBasis: legalBasisOf(checked.statute, checked.purpose, checked.transactionDate, adoptsDcf(conclusion)),
    balanceSheetDate: checked.financials.balanceSheetDate,
    assumptions: {
      // No rates where none were given because none are needed (the prescribed NAV): nothing stands in for them.
      ...(checked.dcf && { wacc: plain(checked.dcf.wacc), terminalGrowthRate: plain(checked.dcf.growth) }),
      ...(input.assumptions.rationale !== undefined && { rationale: input.assumptions.rationale }),
      ...(checked.costOfCapital && { costOfCapital: checked.costOfCapital }),
    },
    conventions: withDilution(
      conventions(
        checked.dcf,
        outcome.dcf !== null,
        checked.financials.projections.map((p) => p.year),
        checked.financials.equityBridge?.cashAtValuationDate !== undefined &&
          checked.financials.equityBridge?.debtAtValuationDate !== undefined,
        outcome.dcf ? bridgeTermsBeyondBalanceSheet(outcome.dcf.bridge) : '',
      ),
      outcome.methods,
      (checked.financials.shareholding ?? []).map((r) => r.instrument),
    ),
    methods: outcome.methods,
    conclusion,
    ...(outcome.dcf && checked.dcf && { sensitivity: computeSensitivity(checked.financials, checked.dcf) }),
    ...(compliance && { compliance }),
    warnings,
  };
}

/** Rule 11UA(2): the issue concluded by DCF (clause (b)) rather than NAV (clause (a)). */
function adoptsDcf(conclusion: { byPurpose?: { purpose: string; method: string }[] }): boolean {
  return conclusion.byPurpose?.some((p) => p.purpose === 'ISSUE_OF_SHARES' && p.method === 'DCF') ?? false;
}

/** Says so where values per share are fully diluted (docs/valuation-method.md, Fully diluted shares). */
function withDilution(
  c: Conventions,
  methods: { method: string; basicValuePerShare?: string }[],
  instruments: readonly string[],
): Conventions {
  if (!methods.some((m) => m.basicValuePerShare !== undefined)) return c;
  // Only the instruments the capital table holds, and only the methods that are valued.
  const convertibles = ['CCPS', 'CCD'].filter((i) => instruments.includes(i));
  const options = instruments.filter((i) => i === 'ESOP' || i === 'WARRANT');
  const kinds = optionWords(options);
  const converted = convertibles.length
    ? `${convertibles.join(' and ').replace('CCD', 'CCDs')} as converted (their capital and principal added back only where the method deducted them, as the balance sheet presents them)`
    : '';
  const exercised = options.length
    ? `${kinds} as exercised where their exercise price is below the value, with the proceeds added`
    : '';
  const counted = [converted, exercised].filter(Boolean).join(' and ');
  const named = ['DCF', 'NAV', 'COMPARABLES'].filter((m) => methods.some((x) => x.method === m));
  const which = named
    .map((m) => (m === 'COMPARABLES' ? 'comparables' : m))
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
  const prescribed = methods.some((m) => m.method === 'NAV_11UA_1CB' || m.method === 'NAV_11UA_2A')
    ? ' The prescribed net asset value formula divides by its own PV/PE.'
    : '';
  return {
    ...c,
    statements: [
      ...c.statements,
      `Fully diluted: the values per share of the ${which}, and the conclusion, count ${counted || 'the equity shares alone'}${convertibles.length && named.includes('COMPARABLES') ? "; the comparables' P/B and P/E take book equity and earnings on the same as-converted basis" : ''}; the basic value per share is shown beside each, and each method's fully diluted share count with its parts${options.length ? `: the methods' counts differ only by the ${kinds} in the money at each one's own value` : ''}.${prescribed}`,
    ],
  };
}

function conventions(
  dcf: DcfAssumptions | null,
  usesDcf: boolean,
  years: readonly string[] = [],
  rolledForward = false,
  /** The bridge's further terms, as computed ("− lease liabilities …"), so the sentence says what was computed. */
  bridgeTerms = '',
): Conventions {
  const midYear = dcf?.midYear === true;
  const stub = dcf?.stub && !dcf.stub.fraction.eq(1) ? dcf.stub : null;
  // The precision policy is the report's one sentence (basis of value) and `conventions.rounding`; the unit is each
  // table's heading. Neither is a valuation convention the reader needs listed here.
  const statements: string[] = [];
  if (usesDcf) {
    const losses = lossCarryForwardCitation(years);
    // One sentence per convention, stating the exponents actually used (docs/valuation-method.md, Stub period).
    const discounting = stub
      ? midYear
        ? "Mid-year discounting with a stub period: year 1's counted FCFF (s × its FCFF) is discounted by 1/(1 + WACC)^(s/2), the middle of the stub, and year k's FCFF (k ≥ 2) by 1/(1 + WACC)^(s + k − 1.5), as cash is taken to arrive evenly through each period."
        : "End-of-year discounting with a stub period: year 1's counted FCFF (s × its FCFF) is discounted by 1/(1 + WACC)^s and year k's FCFF by 1/(1 + WACC)^(s + k − 1)."
      : midYear
        ? "Mid-year discounting: each year's FCFF is discounted by 1/(1 + WACC)^(t − 0.5), as cash is taken to arrive evenly through the year."
        : "End-of-year discounting: each year's FCFF is discounted by 1/(1 + WACC)^t.";
    statements.push(
      'EBIT = EBITDA − depreciation and amortisation; FCFF = EBIT − tax + depreciation and amortisation − capital expenditure − change in net working capital.',
      `Tax (${losses}, by each projection year's tax year): a year with a negative EBIT pays no tax, never a refund, and its loss is carried forward for eight years and set off against the EBIT of later projection years, oldest loss first; tax is the year's rate on the EBIT after set-off. The terminal value uses the final year's FCFF with tax on its whole EBIT, as a perpetuity keeps no one-off set-off.`,
      discounting,
      stub
        ? "Terminal value = FCFF of the final year × (1 + g) / (WACC − g), discounted at the final year's end-of-year exponent, 1/(1 + WACC)^(s + n − 1), under either convention."
        : 'Terminal value = FCFF of the final year × (1 + g) / (WACC − g), discounted with the end-of-year factor of the final year, 1/(1 + WACC)^n, under either convention.',
      stub
        ? `Stub period: the valuation date falls inside the first projection year, so s = ${stub.days}/${stub.daysInYear} (the days from the valuation date to ${stub.firstYearEnd} over the days in that year); year 1 counts s × its FCFF, the part of the year after the valuation date.`
        : 'No stub period: the first projection year starts the day after the valuation date and is discounted from it in whole years.',
      rolledForward
        ? `Equity value = enterprise value − the debt at the valuation date − preference share capital + the cash and cash equivalents at the valuation date + current investments + non-operating assets${bridgeTerms}; the debt and cash on the valuation date, as given, replace the balance sheet's borrowings and cash, so the net debt is rolled forward to the valuation date; value per share = equity value / equity shares outstanding.`
        : `Equity value = enterprise value − long-term and short-term borrowings − preference share capital + cash and cash equivalents + current investments + non-operating assets${bridgeTerms}; value per share = equity value / equity shares outstanding.`,
      'Sensitivity: WACC and terminal growth each moved by −1 to +1 percentage point in 0.5 point steps; cells where growth is not below WACC are left empty.',
    );
  }
  return {
    discounting: midYear ? 'MID_YEAR' : 'END_OF_YEAR',
    terminalValueDiscounting: 'END_OF_FINAL_YEAR',
    rounding: 'HALF_UP_TO_PAISA_FOR_PRESENTATION_ONLY',
    statements,
  };
}
