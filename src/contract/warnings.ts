// What each warning and input-problem code of the valuation means, said for people: one catalogue the
// console shows above the engine's own specific message (the code only in a tooltip, for support).
// Every code the engine or the services emit has an entry (test/unit/contract-warnings.test.ts).

export const WARNING_CATALOGUE: Record<string, string> = {
  BALANCE_SHEET_DATE_MORE_THAN_90_DAYS_FROM_VALUATION_DATE:
    'The balance sheet is more than 90 days away from the valuation date.',
  NAV_BALANCE_SHEET_NOT_AT_VALUATION_DATE:
    'The net asset value uses a balance sheet not drawn up on the valuation date.',
  CAPITAL_TABLE_MISMATCH: "The capital table's convertibles do not fit where the balance sheet presents them.",
  VALUER_APPOINTMENT_LATE:
    "The valuer was appointed later than the regulation's days allow; the appointment stands, and the regulation is named.",
  CLAIMS_EXCEED_ASSETS: 'The claims ahead of equity exceed the assets, so equity receives nothing.',
  COMPARABLES_NOT_APPLICABLE: 'No peer multiple could be applied, so the comparable-company method is left out.',
  COMPARABLE_MULTIPLE_SKIPPED: 'One peer multiple was not applied.',
  DCF_OMITTED_PROJECTIONS_NOT_FROM_VALUATION_DATE:
    'The discounted cash flow is left out: the projections do not start at the valuation date.',
  DISCOUNT_NOT_PERMITTED: 'The rule prescribes the value, so no discount may be applied.',
  EQUITY_CAPITAL_NOT_POSITIVE: 'The paid-up equity share capital must be greater than zero.',
  COST_OF_CAPITAL_SOURCE_STALE:
    'The market figures behind the cost of capital were read more than 30 days from the valuation date.',
  MISSING_SOURCE: 'A figure the valuation rests on does not say where it comes from.',
  ASSET_NOT_ACCOUNTED:
    'An asset on the balance sheet at the commencement date is neither valued in an asset class nor excluded with a reason.',
  ENGINE_REFUSAL: 'The valuation cannot be computed on these figures and assumptions; the field named says why.',
  FEMA_DISCOUNT_LOWERS_FLOOR: 'A discount lowers the fair value that FEMA sets as the floor on the price.',
  DISCOUNT_RATIONALE_REPEATED: "The reason for the discount is word for word another engagement's.",
  GROWTH_ABOVE_LONG_RUN_GDP: "Terminal growth is above the economy's long-run growth.",
  INVALID_DISCOUNT: 'The discount must be a percent from 0 to 50.',
  INVALID_WEIGHTS: 'The method weights cannot be used as given.',
  INVALID_MARKET_APPROACH: 'The market evidence cannot be used as given.',
  REPORT_DATE_LONG_AFTER_VALUATION_DATE:
    'The report is dated more than 90 days after its valuation date; it says why that date was chosen.',
  RECENT_ROUND_STALE: 'The recent investment round is more than a year before the valuation date.',
  RECENT_ROUND_AFTER_VALUATION_DATE: 'The recent investment round is after the valuation date.',
  RECENT_ROUND_NOT_ARMS_LENGTH: "The recent investment round was not at arm's length.",
  LIQUIDATION_ESTIMATES_SIGNIFICANTLY_DIFFERENT: 'The two liquidation value estimates differ by 25 % or more.',
  METRIC_BASIS_MISMATCH: 'Multiples of one period basis would be applied to a figure of the other.',
  MISSING_LIQUIDATION_INPUTS: 'Each asset class needs its fair value and liquidation value.',
  MISSING_MARKET_VALUES: 'The rule needs market values the financials do not give.',
  MISSING_PROJECTIONS: 'The discounted cash flow needs at least one projection year.',
  MISSING_RATIONALE: 'Explain the choice in writing.',
  NET_DEBT_NOT_ROLLED_FORWARD:
    "The equity bridge uses the balance sheet's cash and debt, not those on the later valuation date.",
  NEGATIVE_EQUITY: 'A method gives a negative equity value.',
  NON_POSITIVE_ENTERPRISE_VALUE: 'The enterprise value is zero or negative.',
  PROJECTIONS_OUT_OF_RANGE: 'The projections do not suit this valuation.',
  PE_EARNINGS_NOT_AS_CONVERTED: 'The P/E earnings are not on the as-converted basis of the diluted share count.',
  RATES_LOOK_LIKE_FRACTIONS: 'A rate looks like a fraction typed for a percent.',
  S56_2_VIIB_NOT_APPLICABLE: 'Section 56(2)(viib) no longer applies to this transaction.',
  SHARE_CAPITAL_MISMATCH: 'Shares outstanding times face value do not match the equity share capital.',
  TERMINAL_VALUE_ABOVE_75_PERCENT: 'Most of the value rests on the terminal value.',
  VALUATION_DATE_NOT_TRANSACTION_DATE: 'The valuation date is not the transaction date the rule asks for.',
  VALUATION_DATE_STALE: 'The valuation is old for this transaction.',
  WACC_GROWTH_SPREAD_NARROW: 'WACC is close to terminal growth, so the value is very sensitive to both.',
};

/** The catalogue's sentence for a code, or a plain fallback that never shows the code as the sentence. */
export function warningSentence(code: string): string {
  return WARNING_CATALOGUE[code] ?? 'Check this before relying on the valuation.';
}
