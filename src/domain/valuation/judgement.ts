import { ValuationInputError } from './errors.js';
import { HUNDRED, ONE, dec, isDecimalString, plain, toPaise, type Dec } from './money.js';
import type { MethodCode, Purpose, Statute } from './types.js';
import type { MarketApproach } from './comparables.js';
import { incomeTaxRegime } from './law-in-force.js';
import { onControlBasis, onMarketableBasis, valueBasis } from './discounts.js';

/**
 * The valuer's judgement, locked with the assumptions:
 * - `methodWeights`: method code → percent (0–100, at most 2 decimals, adding up to 100), only for
 *   the methods the statute's valuation produces, with `weightsRationale` (≥ 20 characters);
 * - `dlomPercent`: a discount for lack of marketability (0–50 %), with `dlomRationale` (≥ 20);
 * - `dlocPercent`: a discount for lack of control (0–50 %), with `dlocRationale` (≥ 20), applied first.
 * Concluded value = Σ weightᵢ × valueᵢ / 100 × (1 − dloc / 100) × (1 − dlom / 100), in exact decimals.
 *
 * Where the statute fixes the method the weights can only restate it:
 * - Rule 11UA(1)(c)(b) (transfer or receipt): NAV_11UA_1CB 100 %.
 * - Rule 11UA(2) (issue): one method the issuer chooses, NAV_11UA_2A or DCF, at 100 %.
 * - FEMA: DCF, NAV and COMPARABLES (where peers are given), as for s.62. IBC: no weights (Reg 35 reports both values).
 * A discount (either) is refused where the statute prescribes the formula (Rule 11UA NAV) and for IBC.
 */
export interface Judgement {
  methodWeights?: Partial<Record<MethodCode, string | number>>;
  weightsRationale?: string;
  dlomPercent?: string | number;
  dlomRationale?: string;
  dlocPercent?: string | number;
  dlocRationale?: string;
  /** Which multiples, which statistic, and a discount to the peers (docs/valuation-method.md, Market approach). */
  marketApproach?: MarketApproach;
}

export const MIN_RATIONALE_LENGTH = 20;
export const MAX_DLOM_PERCENT = dec('50');

export type JudgementErrorCode =
  'INVALID_WEIGHTS' | 'MISSING_RATIONALE' | 'DISCOUNT_NOT_PERMITTED' | 'INVALID_DISCOUNT' | 'INVALID_MARKET_APPROACH';

export interface JudgementError {
  code: JudgementErrorCode;
  /** JSON Pointer into the lock body. */
  path: string;
  message: string;
}

/**
 * Methods a statute's valuation produces, for weights (COMPARABLES only when peers can be applied). The
 * market evidence (TRANSACTIONS, RECENT_ROUND) may be weighed under s.62 and FEMA; the engine refuses a
 * weight on evidence the financials do not give.
 */
export function weightableMethods(
  statute: Statute,
  purpose: Purpose | null,
  hasPeers: boolean,
  transactionDate?: string,
): MethodCode[] {
  switch (statute) {
    case 'COMPANIES_ACT_SEC_62':
      return [
        ...(hasPeers ? (['DCF', 'NAV', 'COMPARABLES'] as const) : (['DCF', 'NAV'] as const)),
        'TRANSACTIONS',
        'RECENT_ROUND',
      ];
    case 'FEMA_RBI':
      // NDI Rule 21: any internationally accepted pricing methodology.
      return [
        ...(hasPeers ? (['DCF', 'NAV', 'COMPARABLES'] as const) : (['DCF', 'NAV'] as const)),
        'TRANSACTIONS',
        'RECENT_ROUND',
      ];
    case 'RULE_11UA':
      // From 1 April 2026 (Income-tax Act, 2025) Rule 57 Sl. No. 4 is the only formula.
      if (transactionDate !== undefined && incomeTaxRegime(transactionDate) === 'INCOME_TAX_ACT_2025')
        return purpose === 'TRANSFER_OR_RECEIPT' ? ['NAV_RULE_57'] : [];
      if (purpose === 'TRANSFER_OR_RECEIPT') return ['NAV_11UA_1CB'];
      if (purpose === 'ISSUE_OF_SHARES') return ['NAV_11UA_2A', 'DCF'];
      return [];
    case 'IBC_LIQUIDATION':
      return [];
  }
}

const readPercent = (raw: unknown): Dec | null => {
  if (typeof raw === 'number' && Number.isFinite(raw)) return dec(raw);
  if (typeof raw === 'string' && isDecimalString(raw)) return dec(raw);
  return null;
};

/**
 * Every refusal, each naming the rule. `hasPeers` is null when the financials are not known yet
 * (COMPARABLES is then accepted for s.62 and checked again when the computation runs).
 */
export function judgementErrors(
  statute: Statute,
  purpose: Purpose | null,
  j: Judgement,
  hasPeers: boolean | null,
  /** YYYY-MM-DD: for Rule 11UA, decides the Income-tax Act (and so the methods). */
  transactionDate?: string,
): JudgementError[] {
  const errors: JudgementError[] = [];
  const rationaleOk = (text: unknown) => typeof text === 'string' && text.trim().length >= MIN_RATIONALE_LENGTH;

  if (j.methodWeights !== undefined) {
    const allowed = weightableMethods(statute, purpose, hasPeers ?? true, transactionDate);
    const rule57 =
      statute === 'RULE_11UA' &&
      transactionDate !== undefined &&
      incomeTaxRegime(transactionDate) === 'INCOME_TAX_ACT_2025';
    const entries = Object.entries(j.methodWeights);
    if (statute === 'IBC_LIQUIDATION') {
      errors.push({
        code: 'INVALID_WEIGHTS',
        path: '/methodWeights',
        message:
          'IBC valuations take no method weights: CIRP Regulation 35 reports fair value and liquidation value side by side.',
      });
    } else if (statute === 'RULE_11UA' && purpose === null) {
      errors.push({
        code: 'INVALID_WEIGHTS',
        path: '/methodWeights',
        message: "Rule 11UA weights need the engagement's purpose: the rule fixes the method per transaction.",
      });
    } else {
      let total = dec(0);
      for (const [method, raw] of entries) {
        const value = readPercent(raw);
        if (!allowed.includes(method as MethodCode)) {
          errors.push({
            code: 'INVALID_WEIGHTS',
            path: `/methodWeights/${method}`,
            message: `${method} is not a method the ${statute}${purpose ? ` ${purpose}` : ''} valuation produces; weigh only ${allowed.join(', ')}.`,
          });
          continue;
        }
        if (value === null || value.isNegative() || value.gt(HUNDRED) || value.decimalPlaces() > 2) {
          errors.push({
            code: 'INVALID_WEIGHTS',
            path: `/methodWeights/${method}`,
            message: 'must be a percent from 0 to 100 with at most 2 decimals',
          });
          continue;
        }
        total = total.plus(value);
      }
      if (errors.length === 0 && !total.eq(HUNDRED)) {
        errors.push({
          code: 'INVALID_WEIGHTS',
          path: '/methodWeights',
          message: `Method weights must add up to 100%; they add up to ${plain(total)}%.`,
        });
      }
      const positive = entries.filter(([, raw]) => readPercent(raw)?.gt(0));
      if (errors.length === 0 && statute === 'RULE_11UA' && positive.length !== 1) {
        errors.push({
          code: 'INVALID_WEIGHTS',
          path: '/methodWeights',
          message: rule57
            ? 'Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026 prescribes the NAV formula for a receipt or transfer: NAV_RULE_57 takes 100%.'
            : purpose === 'ISSUE_OF_SHARES'
              ? 'Rule 11UA(2) values an issue by the one method the issuer chooses (NAV under clause (a) or DCF under clause (b)): give that method 100%.'
              : 'Rule 11UA(1)(c)(b) prescribes the NAV formula for a transfer or receipt: NAV_11UA_1CB takes 100%.',
        });
      }
    }
    if (!rationaleOk(j.weightsRationale)) {
      errors.push({
        code: 'MISSING_RATIONALE',
        path: '/weightsRationale',
        message: `is required with methodWeights (at least ${MIN_RATIONALE_LENGTH} characters)`,
      });
    }
  } else if (j.weightsRationale !== undefined) {
    errors.push({ code: 'INVALID_WEIGHTS', path: '/weightsRationale', message: 'is given without methodWeights' });
  }

  for (const [kind, percent, rationale] of [
    ['dlom', j.dlomPercent, j.dlomRationale],
    ['dloc', j.dlocPercent, j.dlocRationale],
  ] as const) {
    if (percent !== undefined) {
      const d = readPercent(percent);
      if (d === null || d.isNegative() || d.gt(MAX_DLOM_PERCENT) || d.decimalPlaces() > 2) {
        errors.push({
          code: 'INVALID_DISCOUNT',
          path: `/${kind}Percent`,
          message: 'must be a percent from 0 to 50 with at most 2 decimals',
        });
      }
      const refusal = discountRefusal(statute, purpose, j.methodWeights, transactionDate);
      if (refusal) errors.push({ code: 'DISCOUNT_NOT_PERMITTED', path: `/${kind}Percent`, message: refusal });
      if (!rationaleOk(rationale)) {
        errors.push({
          code: 'MISSING_RATIONALE',
          path: `/${kind}Rationale`,
          message: `is required with ${kind}Percent (at least ${MIN_RATIONALE_LENGTH} characters)`,
        });
      }
    } else if (rationale !== undefined) {
      errors.push({ code: 'INVALID_DISCOUNT', path: `/${kind}Rationale`, message: `is given without ${kind}Percent` });
    }
  }
  if (errors.length === 0) errors.push(...discountsNoMethodTakes(j));
  if (j.marketApproach !== undefined) errors.push(...marketApproachErrors(j.marketApproach, rationaleOk));
  return errors;
}

/**
 * A discount above nil that no adopted method (weight above nil) takes is refused, so no report prints a discount
 * that was not applied (docs/valuation-method.md, Discounts): a DLOC needs a method on a control basis, a DLOM one
 * on a marketable basis. Without weights the default weights lead with the DCF, which takes both.
 */
function discountsNoMethodTakes(j: Judgement): JudgementError[] {
  if (j.methodWeights === undefined) return [];
  const adopted = Object.entries(j.methodWeights)
    .filter(([, raw]) => readPercent(raw)?.gt(0))
    .map(([method]) => method as MethodCode);
  const names = adopted.join(', ');
  const errors: JudgementError[] = [];
  if (readPercent(j.dlocPercent)?.gt(0) && !adopted.some((m) => onControlBasis(valueBasis(m))))
    errors.push({
      code: 'DISCOUNT_NOT_PERMITTED',
      path: '/dlocPercent',
      message: `No adopted method (${names}) values the shares on a control basis, so none takes a discount for lack of control: give it as 0 with the reason, or leave it out.`,
    });
  if (readPercent(j.dlomPercent)?.gt(0) && !adopted.some((m) => onMarketableBasis(valueBasis(m))))
    errors.push({
      code: 'DISCOUNT_NOT_PERMITTED',
      path: '/dlomPercent',
      message: `No adopted method (${names}) values the shares on a marketable basis, so none takes a discount for lack of marketability: give it as 0 with the reason, or leave it out.`,
    });
  return errors;
}

const MULTIPLES = ['evToEbitda', 'evToRevenue', 'peRatio', 'priceToBook'] as const;

function marketApproachErrors(m: MarketApproach, rationaleOk: (text: unknown) => boolean): JudgementError[] {
  const errors: JudgementError[] = [];
  const at = (path: string, message: string): JudgementError => ({
    code: 'INVALID_MARKET_APPROACH',
    path: `/marketApproach${path}`,
    message,
  });
  if (m.multiples !== undefined) {
    if (!Array.isArray(m.multiples) || m.multiples.length === 0)
      errors.push(at('/multiples', 'must name at least one multiple'));
    else if (m.multiples.some((x) => !MULTIPLES.includes(x)) || new Set(m.multiples).size !== m.multiples.length) {
      errors.push(at('/multiples', `must be distinct, from ${MULTIPLES.join(', ')}`));
    }
  }
  if (m.statistic === 'PERCENTILE') {
    const p = readPercent(m.percentile);
    if (p === null || p.lt(25) || p.gt(75) || p.decimalPlaces() > 2)
      errors.push(at('/percentile', 'must be a percentile from 25 to 75 with statistic PERCENTILE'));
  } else if (m.percentile !== undefined) {
    errors.push(at('/percentile', 'is given without statistic PERCENTILE'));
  }
  if (m.transactionStatistic !== undefined && !['MEDIAN', 'MEAN', 'PERCENTILE'].includes(m.transactionStatistic)) {
    errors.push(at('/transactionStatistic', 'must be MEDIAN, MEAN or PERCENTILE'));
  }
  if (m.transactionStatistic === 'PERCENTILE') {
    const p = readPercent(m.transactionPercentile);
    if (p === null || p.lt(25) || p.gt(75) || p.decimalPlaces() > 2)
      errors.push(
        at('/transactionPercentile', 'must be a percentile from 25 to 75 with transactionStatistic PERCENTILE'),
      );
  } else if (m.transactionPercentile !== undefined) {
    errors.push(at('/transactionPercentile', 'is given without transactionStatistic PERCENTILE'));
  }
  if (m.acceptBasisMismatch !== undefined && typeof m.acceptBasisMismatch !== 'boolean')
    errors.push(at('/acceptBasisMismatch', 'must be true or false'));
  if (m.discountPercent !== undefined) {
    const d = readPercent(m.discountPercent);
    if (d === null || d.isNegative() || d.gt(MAX_DLOM_PERCENT) || d.decimalPlaces() > 2)
      errors.push(at('/discountPercent', 'must be a percent from 0 to 50 with at most 2 decimals'));
    if (!rationaleOk(m.discountRationale))
      errors.push({
        code: 'MISSING_RATIONALE',
        path: '/marketApproach/discountRationale',
        message: `is required with discountPercent (at least ${MIN_RATIONALE_LENGTH} characters)`,
      });
  } else if (m.discountRationale !== undefined) {
    errors.push(at('/discountRationale', 'is given without discountPercent'));
  }
  if (m.transactionControlDiscountPercent !== undefined) {
    const d = readPercent(m.transactionControlDiscountPercent);
    if (d === null || d.isNegative() || d.gt(MAX_DLOM_PERCENT) || d.decimalPlaces() > 2)
      errors.push(at('/transactionControlDiscountPercent', 'must be a percent from 0 to 50 with at most 2 decimals'));
    if (!rationaleOk(m.transactionControlDiscountRationale))
      errors.push({
        code: 'MISSING_RATIONALE',
        path: '/marketApproach/transactionControlDiscountRationale',
        message: `is required with transactionControlDiscountPercent (at least ${MIN_RATIONALE_LENGTH} characters)`,
      });
  } else if (m.transactionControlDiscountRationale !== undefined) {
    errors.push(at('/transactionControlDiscountRationale', 'is given without transactionControlDiscountPercent'));
  }
  return errors;
}

/** Why a discount is not allowed here, naming the rule; null when it is. */
function discountRefusal(
  statute: Statute,
  purpose: Purpose | null,
  weights: Judgement['methodWeights'],
  transactionDate?: string,
): string | null {
  if (statute === 'IBC_LIQUIDATION') {
    return 'No discount applies to IBC values: fair value and liquidation value are defined by CIRP Regulation 2(1)(hb) and (k) and estimated under Regulation 35.';
  }
  if (
    statute === 'RULE_11UA' &&
    transactionDate !== undefined &&
    incomeTaxRegime(transactionDate) === 'INCOME_TAX_ACT_2025'
  ) {
    return 'Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026 prescribes the NAV formula (A + B + C + D − L) × PV / PE and offers no other method: no discount may be applied to it.';
  }
  if (statute === 'RULE_11UA') {
    const dcfChosen =
      purpose === 'ISSUE_OF_SHARES' && weights !== undefined && readPercent(weights.DCF)?.eq(HUNDRED) === true;
    if (!dcfChosen) {
      return 'Rule 11UA prescribes the NAV formula ((A − L) × PV / PE under Rule 11UA(2)(a), (A + B + C + D − L) × PV / PE under Rule 11UA(1)(c)(b)): no discount may be applied to it. A discount is possible only on a DCF under Rule 11UA(2)(b) (methodWeights {"DCF": 100}).';
    }
  }
  return null;
}

/** Throws the first refusal as the engine's error. */
export function checkJudgement(
  statute: Statute,
  purpose: Purpose | null,
  j: Judgement,
  hasPeers: boolean,
  transactionDate?: string,
): void {
  const errors = judgementErrors(statute, purpose, j, hasPeers, transactionDate);
  if (errors.length > 0) {
    // An out-of-range discount is INVALID_DISCOUNT naming the field, never DISCOUNT_NOT_PERMITTED.
    const e = errors[0];
    throw new ValuationInputError(e.code, `${e.path}: ${e.message}`, e.path);
  }
}

export interface DiscountApplied {
  percent: string;
  rationale: string;
  valueBeforeDiscount: string;
  discountPerShare: string;
  valueAfterDiscount: string;
}

/** value × (1 − d/100), exact; presented half-up to the paisa. */
export function applyDiscount(raw: Dec, percent: Dec, rationale: string): { value: Dec; applied: DiscountApplied } {
  const value = raw.times(ONE.minus(percent.div(HUNDRED)));
  return {
    value,
    applied: {
      percent: plain(percent),
      rationale,
      valueBeforeDiscount: toPaise(raw),
      discountPerShare: toPaise(raw.minus(value)),
      valueAfterDiscount: toPaise(value),
    },
  };
}
