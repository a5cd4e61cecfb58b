// Only what the statute allows (docs/reports.md, Only what the statute allows): a transfer or receipt of unquoted
// shares is valued on the prescribed NAV formula (Rule 11UA(1)(c)(b); Rule 57 Table Sl. No. 4 from 1 April 2026),
// and its report hands the tax officer nothing else — no discounted cash flow, sensitivity, cost of capital,
// terminal growth or football field, not even "for information". The API's valuation keeps every method it
// computed; this is the report's view of it, and the workpapers' (src/reports/workpapers/index.ts).
import type { MethodResult, ValuationResult } from '../domain/valuation/types.js';
import type { ReportInput } from './report-input.js';

/** Warnings about a discounted cash flow's inputs, which a report without one does not carry. */
const INCOME_WARNINGS = new Set([
  'TERMINAL_VALUE_ABOVE_75_PERCENT',
  'GROWTH_ABOVE_LONG_RUN_GDP',
  'RATES_LOOK_LIKE_FRACTIONS',
  'WACC_GROWTH_SPREAD_NARROW',
  'NET_DEBT_NOT_ROLLED_FORWARD',
  'COST_OF_CAPITAL_SOURCE_STALE',
  'NON_POSITIVE_ENTERPRISE_VALUE',
  'DCF_OMITTED_PROJECTIONS_NOT_FROM_VALUATION_DATE',
]);

/** True where the value is the prescribed NAV for a transfer or receipt: the only method the statute allows. */
export function prescribedNavOnly(v: Pick<ValuationResult, 'statute' | 'purpose' | 'legalBasis'>): boolean {
  if (v.statute !== 'RULE_11UA') return false;
  return v.purpose === 'TRANSFER_OR_RECEIPT' || v.legalBasis?.act === 'INCOME_TAX_ACT_2025';
}

const prescribed = (m: MethodResult) => m.method === 'NAV_11UA_1CB' || m.method === 'NAV_RULE_57';

/** The report's input with the valuation cut to what the statute allows. */
export function statutoryView(input: ReportInput): ReportInput {
  const valuation = statutoryValuation(input.valuation);
  return valuation === input.valuation ? input : { ...input, valuation };
}

/** The valuation cut to what the statute allows: the report's and the workpapers' view of it alike. */
export function statutoryValuation(v: ValuationResult): ValuationResult {
  if (!prescribedNavOnly(v) || !v.methods.some(prescribed)) return v;
  const methods = v.methods.filter(prescribed);
  const kept = new Set(methods.map((m) => m.method));
  return {
    ...v,
    methods,
    sensitivity: undefined,
    conclusion: {
      ...v.conclusion,
      ...(v.conclusion.byPurpose && {
        byPurpose: v.conclusion.byPurpose.filter((p) => p.method === 'WEIGHTED' || kept.has(p.method)),
      }),
    },
    warnings: v.warnings.filter((x) => !INCOME_WARNINGS.has(x.code)),
  };
}
