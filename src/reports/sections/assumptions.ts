// Key assumptions and the conventions applied.
import { formatDate, percent } from '../format.js';
import { SIZE, type Writer } from '../pdf/layout.js';
import { goingConcernDcf, type ReportInput } from '../report-input.js';
import { humanise } from './method-lines.js';
import { annexureRef } from './annexures.js';

export function assumptions(w: Writer, input: ReportInput): void {
  const a = input.assumptions;
  const v = input.valuation;
  w.section('Key assumptions');
  // The cost of capital and growth matter only where an income approach (DCF) is used.
  // A valuation with no DCF may have been locked without rates (the prescribed NAV of a transfer); an IBC CIRP's
  // going-concern DCF of the corporate debtor as a whole takes them too.
  const rates = a.wacc !== null && a.terminalGrowthRate !== null ? { wacc: a.wacc, g: a.terminalGrowthRate } : null;
  const dcf = rates !== null && (v.methods.some((m) => m.method === 'DCF') || goingConcernDcf(input));
  w.facts(
    [
      ...(rates && dcf
        ? ([
            ['Weighted average cost of capital (WACC)', percent(rates.wacc)],
            ['Terminal growth rate (g)', percent(rates.g)],
            ['Discounting convention', a.midYear ? 'Mid-year discounting' : 'End-of-year discounting'],
          ] as [string, string][])
        : ([['Method', noIncomeApproach(v)]] as [string, string][])),
    ],
    0.4,
  );
  const build = v.assumptions.costOfCapital;
  if (rates && dcf && build) {
    // docs/valuation-method.md, Cost of capital: the WACC built up, each figure with its formula.
    // The build-up table (about fourteen rows) stays with its heading.
    w.ensureSpace(300);
    w.subheading('Cost of capital');
    const unlevered = build.betaBasis === 'UNLEVERED';
    w.table(
      [
        { header: 'Component', width: 0.42 },
        { header: 'Figure', width: 0.18, align: 'right' },
        { header: 'How', width: 0.4 },
      ],
      [
        ['Risk-free rate (Rf)', percent(build.riskFreeRate), 'as stated in the source below'],
        ['Equity risk premium (ERP)', percent(build.equityRiskPremium), ''],
        [unlevered ? 'Unlevered beta (βU)' : 'Levered beta (βL)', build.beta, unlevered ? '' : 'used as given'],
        ['Debt to equity (D/E)', build.debtToEquity, 'target capital structure'],
        ['Tax rate (t)', percent(build.taxRate), ''],
        ...(unlevered ? [['Relevered beta (βL)', build.leveredBeta, 'βU × (1 + (1 − t) × D/E)']] : []),
        ['Size premium', percent(build.sizePremium), ''],
        ['Company-specific premium', percent(build.companySpecificPremium), ''],
        ['Cost of equity (Ke)', percent(build.costOfEquity), 'Rf + βL × ERP + premiums'],
        ['Pre-tax cost of debt (Kd)', percent(build.preTaxCostOfDebt), ''],
        ['Cost of debt after tax', percent(build.costOfDebtAfterTax), 'Kd × (1 − t)'],
        ['Weight of equity (E/V)', build.equityWeight, '1 / (1 + D/E)'],
        ['Weight of debt (D/V)', build.debtWeight, '(D/E) / (1 + D/E)'],
        ['WACC', percent(build.wacc), `Ke × E/V + Kd after tax × D/V; ${percent(rates.wacc)} to 4 decimals is used`],
      ],
      { fontSize: SIZE.small + 0.5, boldRows: new Set([unlevered ? 13 : 12]) },
    );
    // The date inside the last sentence: "… for India, read on 30 October 2026."
    w.labelled(
      'Source',
      build.sourceDate
        ? `${build.source.trim().replace(/\.$/, '')}; read on ${formatDate(build.sourceDate)}.`
        : build.source,
    );
    const inputs = annexureRef(input, 'costOfCapital');
    if (inputs) w.paragraph(`Each input with its source and the date it was read is ${inputs}.`);
  }
  // The locked rationale explains the rates; without an income approach no rate enters, and neither does it.
  if (dcf) {
    w.subheading('Rationale');
    w.paragraph(a.rationale);
    const projections = annexureRef(input, 'projections');
    if (projections)
      w.paragraph(
        `The projections the discounted cash flow rests on, and the valuer's note on their reasonableness, are ${projections}.`,
      );
  }
  const statements = dcf ? v.conventions.statements : v.conventions.statements.filter((s) => !INCOME_WORDS.test(s));
  if (statements.length > 0) {
    w.subheading('Conventions applied');
    for (const s of statements) w.bullet(humanise(s));
  }
}

/** The conventions of a discounted cash flow, which a valuation without one neither applies nor mentions. */
const INCOME_WORDS = /WACC|FCFF|EBIT|enterprise value|terminal|stub|sensitivity|DCF|discounted|projection|growth/i;

/** What the valuation rests on where no income approach is used, in words that name no rate it does not use. */
function noIncomeApproach(v: ReportInput['valuation']): string {
  if (v.statute === 'RULE_11UA')
    return 'The formula the rule prescribes, applied to the balance sheet as at the valuation date; no assumption of the valuer enters it.';
  if (v.statute === 'IBC_LIQUIDATION')
    return "The registered valuers' estimates of each asset class, as the regulations ask for them.";
  return 'The methods set out in the approaches and methods section; no projection enters this valuation.';
}
