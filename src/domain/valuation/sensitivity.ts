import type { NormalisedFinancials } from '../financials/normalise.js';
import { computeDcf, type DcfAssumptions } from './dcf.js';
import { dec, plain, toPaise } from './money.js';
import type { Sensitivity } from './types.js';

/** WACC and growth each moved −1 to +1 percentage point in 0.5 pp steps (docs/statutes.md, DCF conventions). */
const STEPS = ['-1', '-0.5', '0', '0.5', '1'].map((s) => dec(s));

export function computeSensitivity(f: NormalisedFinancials, base: DcfAssumptions): Sensitivity {
  const waccs = STEPS.map((s) => base.wacc.plus(s));
  const growths = STEPS.map((s) => base.growth.plus(s));
  const grid = waccs.map((wacc) =>
    growths.map((growth) =>
      // No perpetuity value exists when g ≥ WACC, and a non-positive WACC is meaningless.
      growth.gte(wacc) || !wacc.isPositive() || wacc.isZero()
        ? null
        : toPaise(computeDcf(f, { ...base, wacc, growth }).valuePerShare),
    ),
  );
  return { waccValues: waccs.map(plain), growthValues: growths.map(plain), grid };
}
