/** The Inputs sheet: cost of capital, assumptions, shares, balance sheet, NAV adjustments, equity bridge, projections. */
import {
  ASSET_FIELDS,
  BALANCE_SHEET_FIELDS,
  EQUITY_AND_LIABILITY_FIELDS,
  NAV_ADJUSTMENT_FIELDS,
} from '../../domain/financials/fields.js';
import { isFullYear, stubPeriod } from '../../domain/valuation/stub.js';
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { formatDate, purposeTitle, statuteShort } from '../format.js';
import { COUNT_FORMAT, FACTOR_FORMAT, PERCENT_FORMAT, RUPEE_FORMAT, Sheet, type Value } from './cells.js';
import { goingConcernMethod, type InputCells, type WorkbookContext } from './context.js';

export function writeInputs(ctx: WorkbookContext): InputCells {
  const { wb, known, input, f, v, name } = ctx;
  const inp = new Sheet(wb, known, 'Inputs');
  inp.title(
    `Inputs: ${input.targetEntity} (${statuteShort(v.statute, v.legalBasis)}${v.purpose ? `; ${purposeTitle(v.purpose, v.legalBasis?.act, v.legalBasis)}` : ''}), valuation date ${formatDate(v.valuationDate)}`,
  );
  // The cost of capital, growth and projections only where a method takes them (a DCF, or the market methods'
  // projected metrics): a prescribed NAV alone carries none of them (docs/reports.md, Only what the statute allows).
  // IBC CIRP: the going-concern DCF of the corporate debtor takes the rates and the business plan too.
  const goingConcern = goingConcernMethod(v) !== undefined;
  const showsDcf = v.methods.some((m) => m.method === 'DCF') || goingConcern;
  const usesProjections =
    v.methods.some((m) => ['DCF', 'COMPARABLES', 'TRANSACTIONS'].includes(m.method)) || goingConcern;
  const build = showsDcf ? v.assumptions.costOfCapital : undefined;
  let waccContent: { f: string; result?: Value } | number = Number(v.assumptions.wacc);
  if (build) {
    // docs/valuation-method.md, Cost of capital: every step a formula, so a changed input flows into the WACC.
    inp.heading(`Cost of capital (percent; source: ${build.source})`);
    const rf = inp.put('Risk-free rate Rf (%)', Number(build.riskFreeRate), PERCENT_FORMAT);
    const erp = inp.put('Equity risk premium ERP (%)', Number(build.equityRiskPremium), PERCENT_FORMAT);
    const beta = inp.put(
      build.betaBasis === 'UNLEVERED' ? 'Unlevered beta βU' : 'Levered beta βL (as given)',
      Number(build.beta),
      FACTOR_FORMAT,
    );
    const de = inp.put('Debt to equity D/E', Number(build.debtToEquity), FACTOR_FORMAT);
    const tax = inp.put('Tax rate t (%)', Number(build.taxRate), PERCENT_FORMAT);
    const kd = inp.put('Pre-tax cost of debt Kd (%)', Number(build.preTaxCostOfDebt), PERCENT_FORMAT);
    const size = inp.put('Size premium (%)', Number(build.sizePremium), PERCENT_FORMAT);
    const specific = inp.put('Company-specific premium (%)', Number(build.companySpecificPremium), PERCENT_FORMAT);
    const levered =
      build.betaBasis === 'UNLEVERED'
        ? inp.put(
            'Relevered beta βL = βU × (1 + (1 − t) × D/E)',
            { f: `${beta}*(1+(1-${tax}/100)*${de})`, result: Number(build.leveredBeta) },
            FACTOR_FORMAT,
          )
        : beta;
    const ke = inp.put(
      'Cost of equity Ke = Rf + βL × ERP + premiums (%)',
      { f: `${rf}+${levered}*${erp}+${size}+${specific}`, result: Number(build.costOfEquity) },
      PERCENT_FORMAT,
    );
    const kdAfterTax = inp.put(
      'Cost of debt after tax = Kd × (1 − t) (%)',
      { f: `${kd}*(1-${tax}/100)`, result: Number(build.costOfDebtAfterTax) },
      PERCENT_FORMAT,
    );
    const ev = inp.put(
      'Weight of equity E/V = 1 / (1 + D/E)',
      { f: `1/(1+${de})`, result: Number(build.equityWeight) },
      FACTOR_FORMAT,
    );
    const dv = inp.put(
      'Weight of debt D/V = (D/E) / (1 + D/E)',
      { f: `${de}/(1+${de})`, result: Number(build.debtWeight) },
      FACTOR_FORMAT,
    );
    const exact = inp.put(
      'WACC = Ke × E/V + Kd after tax × D/V (%)',
      { f: `${ke}*${ev}+${kdAfterTax}*${dv}`, result: Number(build.wacc) },
      PERCENT_FORMAT,
    );
    name('RiskFreeRate', rf);
    name('Ke', ke);
    waccContent = { f: `ROUND(${exact},4)`, result: Number(v.assumptions.wacc) };
    inp.row += 1;
  }
  inp.heading(showsDcf ? 'Assumptions (percent)' : 'Discounts (percent)');
  const wacc = showsDcf
    ? inp.put(build ? 'WACC (%), the build-up to 4 decimals' : 'WACC (%)', waccContent, PERCENT_FORMAT)
    : '0';
  const growth = showsDcf
    ? inp.put('Terminal growth rate (%)', Number(v.assumptions.terminalGrowthRate), PERCENT_FORMAT)
    : '0';
  const midYear = showsDcf
    ? inp.put('Mid-year discounting (1 = yes, 0 = no)', v.conventions.discounting === 'MID_YEAR' ? 1 : 0)
    : '0';
  // docs/valuation-method.md, Stub period: s = days after the valuation date to the end of year 1 ÷ days in year 1.
  // Only where the DCF is shown: a DCF left out (omitted, or weighed at nil) has no stub fraction.
  // A full first year has no stub (s = 1, whole-year exponents): no row, as the report says "No stub period".
  const firstYear = showsDcf && f.projections.length > 0 ? stubPeriod(v.valuationDate, f.projections[0].year) : null;
  const stubPeriodOfYear1 = firstYear && !isFullYear(firstYear) ? firstYear : null;
  const stub = stubPeriodOfYear1
    ? inp.put(
        `Stub fraction s (${stubPeriodOfYear1.days} days after the valuation date to ${formatDate(stubPeriodOfYear1.firstYearEnd)} ÷ ${stubPeriodOfYear1.daysInYear})`,
        {
          f: `${stubPeriodOfYear1.days}/${stubPeriodOfYear1.daysInYear}`,
          result: Number(stubPeriodOfYear1.fraction),
        },
        FACTOR_FORMAT,
      )
    : '1';
  if (stubPeriodOfYear1) name('StubFraction', stub);
  const dloc = inp.put(
    'Discount for lack of control (%)',
    Number(v.conclusion.controlDiscount?.percent ?? 0),
    PERCENT_FORMAT,
  );
  const dlom = inp.put(
    'Discount for lack of marketability (%)',
    Number(v.conclusion.discount?.percent ?? 0),
    PERCENT_FORMAT,
  );
  if (showsDcf) {
    name('WACC', wacc);
    name('TerminalGrowth', growth);
  }
  inp.row += 1;
  inp.heading('Shares');
  const shares = inp.put('Equity shares outstanding', Number(f.shares.equitySharesOutstanding), COUNT_FORMAT);
  const faceValue = inp.put('Paid-up value per share (PV)', Number(f.shares.faceValuePerShare), RUPEE_FORMAT);
  inp.row += 1;
  inp.heading(`Balance sheet as at ${formatDate(f.balanceSheetDate)} (₹)`);
  const bs: Record<string, string> = {};
  for (const field of BALANCE_SHEET_FIELDS)
    bs[field] = inp.put(label(field), Number(f.balanceSheet[field]), RUPEE_FORMAT);
  inp.row += 1;
  inp.heading('Net asset value adjustments: the A, B, C, D and L items (₹)');
  const adj: Record<string, string> = {};
  for (const field of NAV_ADJUSTMENT_FIELDS)
    adj[field] = inp.put(label(field), Number(f.navAdjustments[field] ?? 0), RUPEE_FORMAT);
  const nonOperating = inp.put('Non-operating assets', Number(f.nonOperatingAssets), RUPEE_FORMAT);
  // docs/valuation-method.md, Equity bridge: the items beyond the balance sheet, one net cell every bridge adds.
  let bridgeItems = '0';
  let atValuationDate: { debt: string; cash: string } | null = null;
  const eb = f.equityBridge;
  if (eb) {
    inp.row += 1;
    inp.heading('Equity bridge items (₹; a contingent liability counts at amount × probability)');
    const parts: string[] = [];
    if (eb.leaseLiabilities !== undefined)
      parts.push(`-${inp.put('Less: lease liabilities', Number(eb.leaseLiabilities), RUPEE_FORMAT)}`);
    for (const c of eb.contingentLiabilities ?? []) {
      const amount = inp.put(`Less: contingent liability, ${c.description} (amount)`, Number(c.amount), RUPEE_FORMAT);
      const probability = inp.put(`    probability (%)`, Number(c.probability), PERCENT_FORMAT);
      parts.push(`-${amount}*${probability}/100`);
    }
    if (eb.minorityInterest !== undefined)
      parts.push(`-${inp.put('Less: minority interest', Number(eb.minorityInterest), RUPEE_FORMAT)}`);
    if (eb.surplusCash !== undefined)
      parts.push(`+${inp.put('Add: surplus cash', Number(eb.surplusCash), RUPEE_FORMAT)}`);
    for (const a of eb.nonOperatingAssets ?? [])
      parts.push(`+${inp.put(`Add: non-operating asset, ${a.name} (fair value)`, Number(a.fairValue), RUPEE_FORMAT)}`);
    if (eb.cashAdjustmentSinceBalanceSheet !== undefined)
      parts.push(
        `+${inp.put('Cash movement since the balance sheet (signed)', Number(eb.cashAdjustmentSinceBalanceSheet), RUPEE_FORMAT)}`,
      );
    // Rolled forward to the valuation date: these replace the balance sheet's borrowings and cash in the bridge.
    if (eb.cashAtValuationDate !== undefined && eb.debtAtValuationDate !== undefined) {
      atValuationDate = {
        debt: inp.put(
          "Debt at the valuation date (replaces the balance sheet's borrowings)",
          Number(eb.debtAtValuationDate),
          RUPEE_FORMAT,
        ),
        cash: inp.put(
          "Cash at the valuation date (replaces the balance sheet's cash)",
          Number(eb.cashAtValuationDate),
          RUPEE_FORMAT,
        ),
      };
    }
    bridgeItems = inp.put('Equity bridge items, net', { f: parts.length ? parts.join('') : '0' }, RUPEE_FORMAT);
  }
  inp.row += 1;

  // The equity bridge from an enterprise value (docs/valuation-method.md, Equity bridge), one formula tail
  // for the DCF, its sensitivity grid, the comparables and the transactions.
  const bridge = atValuationDate
    ? `-${atValuationDate.debt}-${bs.preferenceShareCapital}+${atValuationDate.cash}+${bs.currentInvestments}+${nonOperating}+${bridgeItems}`
    : `-${bs.longTermBorrowings}-${bs.shortTermBorrowings}-${bs.preferenceShareCapital}+${bs.cashAndCashEquivalents}+${bs.currentInvestments}+${nonOperating}+${bridgeItems}`;

  const projections: Record<string, string[]> = {};
  if (usesProjections && f.projections.length > 0) {
    inp.heading('Projections (₹; tax rate in percent)');
    const header = inp.row;
    inp.ws.getCell(header, 1).value = 'Projection year';
    f.projections.forEach((p, i) => (inp.ws.getCell(header, 2 + i).value = p.year));
    inp.row += 1;
    for (const field of [
      'revenue',
      'ebitda',
      'depreciationAndAmortisation',
      'capitalExpenditure',
      'changeInNetWorkingCapital',
      'taxRate',
    ] as const) {
      const r = inp.row;
      inp.ws.getCell(r, 1).value = label(field);
      projections[field] = f.projections.map((p, i) =>
        inp.set(r, 2 + i, Number(p[field]), field === 'taxRate' ? PERCENT_FORMAT : RUPEE_FORMAT),
      );
      inp.row += 1;
    }
    inp.row += 1;
  }

  const sumOf = (fields: readonly string[]) => fields.map((k) => bs[k]).join(',');
  const totalAssetsF = `SUM(${sumOf(ASSET_FIELDS)})`;
  const totalClaimsF = `SUM(${sumOf(EQUITY_AND_LIABILITY_FIELDS)})`;
  return {
    wacc,
    growth,
    midYear,
    stub,
    dloc,
    dlom,
    shares,
    faceValue,
    bs,
    adj,
    bridge,
    projections,
    totalAssetsF,
    totalClaimsF,
  };
}

/** A financials field as the valuer writes it (docs/reports.md, Figures and rounding): never its code name. */
function label(field: string): string {
  if (field === 'ebitda') return 'EBITDA (earnings before interest, tax, depreciation and amortisation)';
  return FINANCIAL_LABELS[field] ?? field.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}
