// The IBC valuation: fair value and liquidation value of the corporate debtor's assets (docs/statutes.md, IBC),
// CIRP with both values, liquidation with the liquidation value alone.
import { computeLiquidation, fairValueMethod, liquidationValueMethod } from './liquidation.js';
import { dec, formatRupees, toPaise } from './money.js';
import { computeDcf, dcfMethod } from './dcf.js';
import { amountLine } from './lines.js';
import type { ValuationLine } from './types.js';
import { corporateDebtorValue, fairValueAsAWhole } from './ibc-whole.js';
import { MIN_PROJECTION_YEARS } from '../financials/fields.js';
import type { ValuationWarning } from './types.js';
import { dcfRates, type StatuteContext, type StatuteOutcome } from './statute-context.js';

export function valueUnderIbc(ctx: StatuteContext): StatuteOutcome {
  const process = ctx.purpose === 'LIQUIDATION_REALISABLE_VALUE' ? 'LIQUIDATION' : 'CIRP';
  const c = computeLiquidation(ctx.financials, process);
  const fair = fairValueMethod(c);
  const liquidation = liquidationValueMethod(c);
  const liquidationConclusion = {
    totalValue: toPaise(c.totalLiquidationValue),
    equityValue: liquidation.equityValue,
    valuePerShare: liquidation.valuePerShare,
    shortfall: toPaise(c.liquidationValueShortfall),
  };
  if (process === 'LIQUIDATION') {
    return {
      methods: [liquidation],
      conclusion: {
        valuePerShare: null,
        basis:
          "Insolvency and Bankruptcy Board of India (Liquidation Process) Regulations, 2016, Reg 35: the realisable value of the assets per asset class and in total; the average of two registered valuers' estimates is the liquidator's computation.",
        liquidationValue: liquidationConclusion,
      },
      concludedRaw: null,
      dcf: null,
      warnings: [...c.warnings, ...shortfallWarnings(c)],
    };
  }
  // The coordinating valuer's fair value of the corporate debtor as a whole (CIRP Reg 2(1)(hb); docs/ibc-valuation.md):
  // the classes consolidated, with the business's intangibles and synergies where its DCF shows them.
  const projected = ctx.financials.projections.length >= MIN_PROJECTION_YEARS;
  const dcf = projected ? computeDcf(ctx.financials, dcfRates(ctx)) : null;
  const whole = fairValueAsAWhole({
    classes: c.assets.map((a, i) => ({
      assetClass: ctx.financials.liquidation!.assets[i].assetClass,
      fairValue: a.fairValue,
    })),
    goingConcern: dcf
      ? { enterpriseValue: dcf.enterpriseValue, tradePayables: dec(ctx.financials.balanceSheet.tradePayables ?? 0) }
      : null,
  });
  return {
    methods: [fair, liquidation],
    conclusion: {
      valuePerShare: null,
      basis:
        "Insolvency and Bankruptcy Board of India (Insolvency Resolution Process for Corporate Persons) Regulations, 2016, Reg 35: the fair value and the liquidation value of the assets per asset class and in total; the average of the two closest registered valuers' estimates is the resolution professional's computation.",
      fairValue: {
        totalValue: toPaise(c.totalFairValue),
        equityValue: fair.equityValue,
        valuePerShare: fair.valuePerShare,
        shortfall: toPaise(c.fairValueShortfall),
      },
      liquidationValue: liquidationConclusion,
      corporateDebtor: corporateDebtorValue(
        whole,
        dcf ? { wacc: dcfRates(ctx).wacc, growth: dcfRates(ctx).growth } : null,
        dcf ? goingConcernLines(ctx, dcf) : null,
      ),
    },
    concludedRaw: null,
    dcf: null,
    warnings: [...c.warnings, ...shortfallWarnings(c)],
  };
}

/**
 * The going-concern DCF's workings as the report tables them: each year's revenue, then the DCF's own lines up to
 * the enterprise value (no equity bridge and no per-share figure: an IBC valuation values the corporate debtor, not
 * its shares).
 */
function goingConcernLines(ctx: StatuteContext, dcf: ReturnType<typeof computeDcf>): ValuationLine[] {
  const lines = dcfMethod(dcf, dcfRates(ctx)).lines;
  const ev = lines.findIndex((l) => l.label === 'Enterprise value');
  return [
    ...ctx.financials.projections.map((p) => amountLine(`${p.year} Revenue`, dec(p.revenue))),
    ...lines.slice(0, ev + 1),
  ];
}

/** Claims beyond the assets: said in rupees only; an IBC valuation gives no figure per share (docs/statutes.md, IBC). */
function shortfallWarnings(c: ReturnType<typeof computeLiquidation>): ValuationWarning[] {
  const parts = [
    ...(c.fairValueShortfall.isZero() ? [] : [`fair value by ${formatRupees(c.fairValueShortfall)}`]),
    ...(c.liquidationValueShortfall.isZero()
      ? []
      : [`liquidation value by ${formatRupees(c.liquidationValueShortfall)}`]),
  ];
  if (parts.length === 0) return [];
  return [
    {
      code: 'CLAIMS_EXCEED_ASSETS',
      message: `The claims ranking ahead of equity exceed the ${parts.join(' and the ')}; under the s.53 waterfall equity receives nil, and the shortfall is the creditors'.`,
    },
  ];
}
