/**
 * Live workpapers: an XLSX in which every computed cell is an Excel formula over
 * the input cells, with the engine's figure as its cached value, so a reviewer can trace and re-run
 * each figure. Sheets: Inputs, one per method (DCF, NAV_11UA_2A, NAV_11UA_1CB, NAV, IBC), Sensitivity
 * and Summary. Workbook-level names: WACC, TerminalGrowth, StubFraction, RiskFreeRate and Ke (with a cost-of-capital build-up), EnterpriseValue_DCF, EquityValue_DCF,
 * ValuePerShare_<METHOD> for every method with formulas, ValuePerShare_Concluded when a value concludes.
 * The COMPARABLES sheet lists each peer's multiples; the medians and implied values are formulas over them.
 */
import ExcelJS from 'exceljs';
import { ASSET_FIELDS, BALANCE_SHEET_FIELDS, EQUITY_AND_LIABILITY_FIELDS, NAV_ADJUSTMENT_FIELDS } from '../domain/financials/schema.js';
import type { NormalisedFinancials } from '../domain/financials/normalise.js';
import type { MethodResult, ValuationResult } from '../domain/valuation/types.js';
import { MULTIPLE_LABELS, type MultipleKey } from '../domain/valuation/comparables.js';
import { stubPeriod } from '../domain/valuation/stub.js';
import { dilutiveInstruments } from '../domain/valuation/dilution.js';
import { INDIAN_RUPEES_UNKNOWN_MAGNITUDE, estimateFormula, indianNumberFormat } from './spreadsheet-number-formats.js';

/** Rupee amounts and counts get an Indian-grouping format chosen for each cell's figure (spreadsheet-number-formats.ts). */
const RUPEE_FORMAT = 'RUPEES';
const COUNT_FORMAT = 'COUNT';
const FACTOR_FORMAT = '0.000000';
const MULTIPLE_FORMAT = '0.00##"x"';
const PERCENT_FORMAT = '0.00##"%"';

type Value = number | string | null;

/** The figure of every numeric cell written so far, by absolute address, so a plain reference can be formatted for it. */
type KnownFigures = Map<string, number>;

/**
 * Functions newer than Excel 2007 must be stored with the `_xlfn.` prefix (ECMA-376 / MS-XLSX, "future
 * functions"): Excel and LibreOffice then compute them, where the bare name reads as #NAME?.
 */
const FUTURE_FUNCTIONS = ['PERCENTILE.INC', 'PERCENTILE.EXC', 'QUARTILE.INC', 'QUARTILE.EXC', 'STDEV.S', 'STDEV.P', 'VAR.S', 'VAR.P', 'MODE.SNGL', 'RANK.EQ', 'RANK.AVG', 'IFNA', 'IFS', 'MAXIFS', 'MINIFS', 'SWITCH', 'CONCAT', 'TEXTJOIN', 'XLOOKUP', 'XMATCH'];
const FUTURE_FUNCTION = new RegExp(`(?<![A-Za-z0-9_.])(${FUTURE_FUNCTIONS.map((f) => f.replace('.', '\\.')).join('|')})\\(`, 'g');

export function withFuturePrefix(formula: string): string {
  return formula.replace(FUTURE_FUNCTION, '_xlfn.$1(');
}

class Sheet {
  readonly ws: ExcelJS.Worksheet;
  row = 1;
  constructor(readonly wb: ExcelJS.Workbook, private readonly known: KnownFigures, readonly name: string) {
    this.ws = wb.addWorksheet(name);
    this.ws.getColumn(1).width = 58;
    for (let c = 2; c <= 14; c++) this.ws.getColumn(c).width = 18;
  }

  title(text: string): void {
    const cell = this.ws.getCell(this.row, 1);
    cell.value = text;
    cell.font = { bold: true, size: 13 };
    this.row += 2;
  }

  heading(text: string): void {
    const cell = this.ws.getCell(this.row, 1);
    cell.value = text;
    cell.font = { bold: true };
    this.row += 1;
  }

  /** Writes a label and a value or formula in column B; returns the absolute address ('Sheet'!$B$n). */
  put(label: string, content: { f: string; result?: Value } | Value, format?: string, col = 2): string {
    this.ws.getCell(this.row, 1).value = label;
    const address = this.set(this.row, col, content, format);
    this.row += 1;
    return address;
  }

  set(row: number, col: number, content: { f: string; result?: Value } | Value, format?: string): string {
    const cell = this.ws.getCell(row, col);
    if (content !== null && typeof content === 'object') {
      cell.value = { formula: withFuturePrefix(content.f), ...(content.result !== undefined && content.result !== null ? { result: content.result as number } : {}) } as ExcelJS.CellFormulaValue;
    } else if (content !== null) {
      cell.value = content;
    }
    const address = this.ref(row, col);
    // A formula without the engine's figure is estimated from the cells it names, to choose its format.
    const figure = typeof content === 'number' ? content
      : content !== null && typeof content === 'object' ? (typeof content.result === 'number' ? content.result : estimateFormula(content.f, this.known, this.name))
      : undefined;
    if (figure !== undefined && Number.isFinite(figure)) this.known.set(address, figure);
    if (format === RUPEE_FORMAT || format === COUNT_FORMAT) {
      const currency = format === RUPEE_FORMAT;
      cell.numFmt = figure !== undefined && Number.isFinite(figure)
        ? indianNumberFormat(figure, { decimals: currency ? 2 : 0, currency })
        : currency ? INDIAN_RUPEES_UNKNOWN_MAGNITUDE : '#,##0';
    } else if (format) {
      cell.numFmt = format;
    }
    return address;
  }

  ref(row: number, col: number): string {
    return `${this.name}!$${colName(col)}$${row}`;
  }
}

export function colName(col: number): string {
  let n = col;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** The engine's line values by label, as numbers (the cached values of the formula cells). */
function lineValues(m: MethodResult | undefined): Map<string, number> {
  return new Map((m?.lines ?? []).map((l) => [l.label, Number(l.value)]));
}

/**
 * The value per share under `ValuePerShare_<METHOD>`: equity ÷ shares, or, where the engine concluded fully
 * diluted (docs/valuation-method.md, Fully diluted shares), the basic figure (`ValuePerShare_<METHOD>_Basic`)
 * and then (equity + CCPS/CCD add-back + exercise proceeds) ÷ (shares + conversion shares + options
 * exercised), with the options the engine found in the money.
 */
/** The per-share cell, and where it is fully diluted the add-back and conversion-share cells it uses. */
interface PerShareCells { perShare: string; addBack?: string; conversion?: string }

function perShareCells(s: Sheet, m: MethodResult, equity: string, shares: string, name: (n: string, address: string) => void): PerShareCells {
  if (m.basicValuePerShare === undefined) {
    const perShare = s.put('Value per equity share', { f: `${equity}/${shares}`, result: Number(m.valuePerShare) }, RUPEE_FORMAT);
    name(`ValuePerShare_${m.method}`, perShare);
    return { perShare };
  }
  const line = (label: string) => m.lines.find((l) => l.label.startsWith(label));
  const basic = s.put('Value per equity share (basic)', { f: `${equity}/${shares}`, result: Number(m.basicValuePerShare) }, RUPEE_FORMAT);
  const addBackValue = line('Of which added back for this method')?.value
    ?? String(Number(line('Add: CCPS capital')?.value ?? 0) + Number(line('Add: CCD principal')?.value ?? 0));
  const addBack = s.put('Add: CCPS capital and CCD principal (converted, not deducted)', Number(addBackValue), RUPEE_FORMAT);
  const conversion = s.put('Equity shares on conversion of CCPS and CCDs', Number(line('Equity shares on conversion')?.value ?? 0), COUNT_FORMAT);
  const proceeds: string[] = [];
  const exercised: string[] = [];
  for (const l of m.lines.filter((x) => x.label.startsWith('Exercised: '))) {
    const count = s.put(`${l.label} (options)`, Number(l.value), COUNT_FORMAT);
    const price = s.put('    exercise price (₹)', Number(/₹([\d.]+)$/.exec(l.label)?.[1] ?? 0), RUPEE_FORMAT);
    exercised.push(count);
    proceeds.push(`${count}*${price}`);
  }
  const perShare = s.put('Value per equity share (fully diluted)', {
    f: `(${equity}+${addBack}${proceeds.map((p) => `+${p}`).join('')})/(${shares}+${conversion}${exercised.map((c) => `+${c}`).join('')})`,
    result: Number(m.valuePerShare),
  }, RUPEE_FORMAT);
  name(`ValuePerShare_${m.method}_Basic`, basic);
  name(`ValuePerShare_${m.method}`, perShare);
  // Each diluted method's figure under a name that says whose it is.
  name(`ValuePerShare_Diluted_${m.method}`, perShare);
  return { perShare, addBack, conversion };
}

export interface WorkpaperInput {
  targetEntity: string;
  financials: NormalisedFinancials;
  valuation: ValuationResult;
}

export async function buildWorkpapers(input: WorkpaperInput): Promise<Buffer> {
  const { financials: f, valuation: v } = input;
  const wb = new ExcelJS.Workbook();
  const known: KnownFigures = new Map();
  wb.creator = 'Valuation Service';
  wb.created = new Date(0);
  const names: [string, string][] = [];
  const name = (n: string, address: string) => {
    if (!names.some(([existing]) => existing === n)) names.push([n, address]);
  };
  const method = (code: MethodResult['method']) => v.methods.find((m) => m.method === code);

  // ------------------------------------------------------------------ Inputs
  const inp = new Sheet(wb, known, 'Inputs');
  inp.title(`Inputs: ${input.targetEntity} (${v.statute}${v.purpose ? `, ${v.purpose}` : ''}), valuation date ${v.valuationDate}`);
  const build = v.assumptions.costOfCapital;
  let waccContent: { f: string; result?: Value } | number = Number(v.assumptions.wacc);
  if (build) {
    // docs/valuation-method.md, Cost of capital: every step a formula, so a changed input flows into the WACC.
    inp.heading(`Cost of capital (percent; source: ${build.source})`);
    const rf = inp.put('Risk-free rate Rf (%)', Number(build.riskFreeRate), PERCENT_FORMAT);
    const erp = inp.put('Equity risk premium ERP (%)', Number(build.equityRiskPremium), PERCENT_FORMAT);
    const beta = inp.put(build.betaBasis === 'UNLEVERED' ? 'Unlevered beta βU' : 'Levered beta βL (as given)', Number(build.beta), FACTOR_FORMAT);
    const de = inp.put('Debt to equity D/E', Number(build.debtToEquity), FACTOR_FORMAT);
    const tax = inp.put('Tax rate t (%)', Number(build.taxRate), PERCENT_FORMAT);
    const kd = inp.put('Pre-tax cost of debt Kd (%)', Number(build.preTaxCostOfDebt), PERCENT_FORMAT);
    const size = inp.put('Size premium (%)', Number(build.sizePremium), PERCENT_FORMAT);
    const specific = inp.put('Company-specific premium (%)', Number(build.companySpecificPremium), PERCENT_FORMAT);
    const levered = build.betaBasis === 'UNLEVERED'
      ? inp.put('Relevered beta βL = βU × (1 + (1 − t) × D/E)', { f: `${beta}*(1+(1-${tax}/100)*${de})`, result: Number(build.leveredBeta) }, FACTOR_FORMAT)
      : beta;
    const ke = inp.put('Cost of equity Ke = Rf + βL × ERP + premiums (%)', { f: `${rf}+${levered}*${erp}+${size}+${specific}`, result: Number(build.costOfEquity) }, PERCENT_FORMAT);
    const kdAfterTax = inp.put('Cost of debt after tax = Kd × (1 − t) (%)', { f: `${kd}*(1-${tax}/100)`, result: Number(build.costOfDebtAfterTax) }, PERCENT_FORMAT);
    const ev = inp.put('Weight of equity E/V = 1 / (1 + D/E)', { f: `1/(1+${de})`, result: Number(build.equityWeight) }, FACTOR_FORMAT);
    const dv = inp.put('Weight of debt D/V = (D/E) / (1 + D/E)', { f: `${de}/(1+${de})`, result: Number(build.debtWeight) }, FACTOR_FORMAT);
    const exact = inp.put('WACC = Ke × E/V + Kd after tax × D/V (%)', { f: `${ke}*${ev}+${kdAfterTax}*${dv}`, result: Number(build.wacc) }, PERCENT_FORMAT);
    name('RiskFreeRate', rf);
    name('Ke', ke);
    waccContent = { f: `ROUND(${exact},4)`, result: Number(v.assumptions.wacc) };
    inp.row += 1;
  }
  inp.heading('Assumptions (percent)');
  const wacc = inp.put(build ? 'WACC (%), the build-up to 4 decimals' : 'WACC (%)', waccContent, PERCENT_FORMAT);
  const growth = inp.put('Terminal growth rate (%)', Number(v.assumptions.terminalGrowthRate), PERCENT_FORMAT);
  const midYear = inp.put('Mid-year discounting (1 = yes, 0 = no)', v.conventions.discounting === 'MID_YEAR' ? 1 : 0);
  // docs/valuation-method.md, Stub period: s = days after the valuation date to the end of year 1 ÷ days in year 1.
  const stubPeriodOfYear1 = f.projections.length > 0 ? stubPeriod(v.valuationDate, f.projections[0].year) : null;
  const stub = stubPeriodOfYear1
    ? inp.put(`Stub fraction s (${stubPeriodOfYear1.days} days after the valuation date to ${stubPeriodOfYear1.firstYearEnd} ÷ ${stubPeriodOfYear1.daysInYear})`, {
      f: `${stubPeriodOfYear1.days}/${stubPeriodOfYear1.daysInYear}`, result: Number(stubPeriodOfYear1.fraction),
    }, FACTOR_FORMAT)
    : '1';
  if (stubPeriodOfYear1) name('StubFraction', stub);
  const dloc = inp.put('Discount for lack of control (%)', Number(v.conclusion.controlDiscount?.percent ?? 0), PERCENT_FORMAT);
  const dlom = inp.put('Discount for lack of marketability (%)', Number(v.conclusion.discount?.percent ?? 0), PERCENT_FORMAT);
  name('WACC', wacc);
  name('TerminalGrowth', growth);
  inp.row += 1;
  inp.heading('Shares');
  const shares = inp.put('Equity shares outstanding', Number(f.shares.equitySharesOutstanding), COUNT_FORMAT);
  const faceValue = inp.put('Paid-up value per share (PV)', Number(f.shares.faceValuePerShare), RUPEE_FORMAT);
  inp.row += 1;
  inp.heading(`Balance sheet as at ${f.balanceSheetDate} (₹)`);
  const bs: Record<string, string> = {};
  for (const field of BALANCE_SHEET_FIELDS) bs[field] = inp.put(field, Number(f.balanceSheet[field]), RUPEE_FORMAT);
  inp.row += 1;
  inp.heading('Net asset value adjustments: the A, B, C, D and L items (₹)');
  const adj: Record<string, string> = {};
  for (const field of NAV_ADJUSTMENT_FIELDS) adj[field] = inp.put(field, Number(f.navAdjustments[field] ?? 0), RUPEE_FORMAT);
  const nonOperating = inp.put('nonOperatingAssets', Number(f.nonOperatingAssets), RUPEE_FORMAT);
  // docs/valuation-method.md, Equity bridge: the items beyond the balance sheet, one net cell every bridge adds.
  let bridgeItems = '0';
  let atValuationDate: { debt: string; cash: string } | null = null;
  const eb = f.equityBridge;
  if (eb) {
    inp.row += 1;
    inp.heading('Equity bridge items (₹; a contingent liability counts at amount × probability)');
    const parts: string[] = [];
    if (eb.leaseLiabilities !== undefined) parts.push(`-${inp.put('Less: lease liabilities', Number(eb.leaseLiabilities), RUPEE_FORMAT)}`);
    for (const c of eb.contingentLiabilities ?? []) {
      const amount = inp.put(`Less: contingent liability, ${c.description} (amount)`, Number(c.amount), RUPEE_FORMAT);
      const probability = inp.put(`    probability (%)`, Number(c.probability), PERCENT_FORMAT);
      parts.push(`-${amount}*${probability}/100`);
    }
    if (eb.minorityInterest !== undefined) parts.push(`-${inp.put('Less: minority interest', Number(eb.minorityInterest), RUPEE_FORMAT)}`);
    if (eb.surplusCash !== undefined) parts.push(`+${inp.put('Add: surplus cash', Number(eb.surplusCash), RUPEE_FORMAT)}`);
    for (const a of eb.nonOperatingAssets ?? []) parts.push(`+${inp.put(`Add: non-operating asset, ${a.name} (fair value)`, Number(a.fairValue), RUPEE_FORMAT)}`);
    if (eb.cashAdjustmentSinceBalanceSheet !== undefined) parts.push(`+${inp.put('Cash movement since the balance sheet (signed)', Number(eb.cashAdjustmentSinceBalanceSheet), RUPEE_FORMAT)}`);
    // Rolled forward to the valuation date: these replace the balance sheet's borrowings and cash in the bridge.
    if (eb.cashAtValuationDate !== undefined && eb.debtAtValuationDate !== undefined) {
      atValuationDate = {
        debt: inp.put('Debt at the valuation date (replaces the balance sheet\'s borrowings)', Number(eb.debtAtValuationDate), RUPEE_FORMAT),
        cash: inp.put('Cash at the valuation date (replaces the balance sheet\'s cash)', Number(eb.cashAtValuationDate), RUPEE_FORMAT),
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
  if (f.projections.length > 0) {
    inp.heading('Projections (₹; tax rate in percent)');
    const header = inp.row;
    inp.ws.getCell(header, 1).value = 'Field';
    f.projections.forEach((p, i) => (inp.ws.getCell(header, 2 + i).value = p.year));
    inp.row += 1;
    for (const field of ['revenue', 'ebitda', 'depreciationAndAmortisation', 'capitalExpenditure', 'changeInNetWorkingCapital', 'taxRate'] as const) {
      const r = inp.row;
      inp.ws.getCell(r, 1).value = field;
      projections[field] = f.projections.map((p, i) => inp.set(r, 2 + i, Number(p[field]), field === 'taxRate' ? PERCENT_FORMAT : RUPEE_FORMAT));
      inp.row += 1;
    }
    inp.row += 1;
  }

  const sumOf = (fields: readonly string[]) => fields.map((k) => bs[k]).join(',');
  const totalAssetsF = `SUM(${sumOf(ASSET_FIELDS)})`;
  const totalClaimsF = `SUM(${sumOf(EQUITY_AND_LIABILITY_FIELDS)})`;
  const values: Record<string, string> = {};

  // ------------------------------------------------------------------ DCF
  const dcf = method('DCF');
  if (dcf && f.projections.length > 0) {
    const lv = lineValues(dcf);
    const s = new Sheet(wb, known, 'DCF');
    s.title('Discounted free cash flow to the firm (formulas over Inputs)');
    const n = f.projections.length;
    const rows: Record<string, number> = {};
    const labels: [key: string, label: string, engineLabel: (year: string) => string | null, format: string][] = [
      ['t', 'Year number t', () => null, COUNT_FORMAT],
      ['exp', 'Discount exponent (end-of-year s + t − 1; mid-year s/2, then s + t − 1.5)', () => null, FACTOR_FORMAT],
      ['ebitda', 'EBITDA', (y) => `${y} EBITDA`, RUPEE_FORMAT],
      ['da', 'Depreciation and amortisation', () => null, RUPEE_FORMAT],
      ['ebit', 'EBIT', (y) => `${y} EBIT`, RUPEE_FORMAT],
      ['lapsed', 'Loss lapsed (s.72 of the 1961 Act, s.112 of the 2025 Act by tax year: older than 8 years)', (y) => `${y} Loss lapsed`, RUPEE_FORMAT],
      ['bf', 'Loss brought forward', (y) => `${y} Loss brought forward`, RUPEE_FORMAT],
      ['setoff', 'Loss set off', () => null, RUPEE_FORMAT],
      ['taxable', 'Taxable EBIT', (y) => `${y} Taxable EBIT`, RUPEE_FORMAT],
      ['cf', 'Loss carried forward', (y) => `${y} Loss carried forward`, RUPEE_FORMAT],
      ['rate', 'Tax rate (%)', () => null, PERCENT_FORMAT],
      ['tax', 'Tax on taxable EBIT', () => null, RUPEE_FORMAT],
      ['nopat', 'NOPAT', (y) => `${y} NOPAT`, RUPEE_FORMAT],
      ['capex', 'Capital expenditure', () => null, RUPEE_FORMAT],
      ['nwc', 'Change in net working capital', () => null, RUPEE_FORMAT],
      ['fcff', 'FCFF', (y) => `${y} FCFF`, RUPEE_FORMAT],
      ['counted', 'FCFF counted (year 1: s × FCFF)', (y) => `${y} FCFF`, RUPEE_FORMAT],
      ['df', 'Discount factor', () => null, FACTOR_FORMAT],
      ['pv', 'Present value of FCFF', (y) => `${y} Present value of FCFF`, RUPEE_FORMAT],
    ];
    const yearRow = s.row;
    s.ws.getCell(yearRow, 1).value = 'Year';
    f.projections.forEach((p, i) => (s.ws.getCell(yearRow, 2 + i).value = p.year));
    s.row += 1;
    for (const [key] of labels) rows[key] = s.row + labels.findIndex(([k]) => k === key);
    const at = (key: string, i: number) => `${colName(2 + i)}${rows[key]}`;
    const last = n - 1;
    for (const [key, label, engineLabel, format] of labels) {
      s.ws.getCell(rows[key], 1).value = label;
      f.projections.forEach((p, i) => {
        const y = p.year;
        const cached = (l: string | null) => (l === null ? undefined : lv.get(l));
        const negCached = (l: string) => (lv.has(l) ? -lv.get(l)! : undefined);
        let content: { f: string; result?: Value } | number;
        switch (key) {
          case 't': content = i + 1; break;
          case 'exp': content = { f: `IF(${midYear}=1,IF(${at('t', i)}=1,${stub}/2,${stub}+${at('t', i)}-1.5),${stub}+${at('t', i)}-1)` }; break;
          case 'counted': content = { f: `${at('fcff', i)}*IF(${at('t', i)}=1,${stub},1)`, result: cached(`${y} FCFF for the stub period`) ?? cached(engineLabel(y)) }; break;
          case 'ebitda': content = { f: projections.ebitda[i], result: cached(engineLabel(y)) }; break;
          case 'da': content = { f: projections.depreciationAndAmortisation[i], result: Number(p.depreciationAndAmortisation) }; break;
          case 'ebit': content = { f: `${at('ebitda', i)}-${at('da', i)}`, result: cached(engineLabel(y)) }; break;
          case 'lapsed':
            // Only a loss of year 1 can lapse within ten projection years (in year 10): what of it was not set off in years 2–9.
            content = i === 9
              ? { f: `MAX(0,MAX(-${at('ebit', 0)},0)-SUM(${at('setoff', 1)}:${at('setoff', 8)}))`, result: lv.get(`${y} Loss lapsed`) ?? 0 }
              : 0;
            break;
          case 'bf': content = i === 0 ? 0 : { f: `${at('cf', i - 1)}-${at('lapsed', i)}`, result: cached(engineLabel(y)) }; break;
          case 'setoff': content = { f: `MIN(${at('bf', i)},MAX(${at('ebit', i)},0))`, result: negCached(`${y} Loss set off`) }; break;
          case 'taxable': content = { f: `MAX(${at('ebit', i)},0)-${at('setoff', i)}`, result: cached(engineLabel(y)) }; break;
          case 'cf': content = { f: `${at('bf', i)}-${at('setoff', i)}+MAX(-${at('ebit', i)},0)`, result: cached(engineLabel(y)) }; break;
          case 'rate': content = { f: projections.taxRate[i], result: Number(p.taxRate) }; break;
          case 'tax': content = { f: `${at('taxable', i)}*${at('rate', i)}/100`, result: negCached(`${y} Less: tax on EBIT at ${p.taxRate}%`) }; break;
          case 'nopat': content = { f: `${at('ebit', i)}-${at('tax', i)}`, result: cached(engineLabel(y)) }; break;
          case 'capex': content = { f: projections.capitalExpenditure[i], result: Number(p.capitalExpenditure) }; break;
          case 'nwc': content = { f: projections.changeInNetWorkingCapital[i], result: Number(p.changeInNetWorkingCapital) }; break;
          case 'fcff': content = { f: `${at('nopat', i)}+${at('da', i)}-${at('capex', i)}-${at('nwc', i)}`, result: cached(engineLabel(y)) }; break;
          case 'df': content = { f: `1/(1+${wacc}/100)^${at('exp', i)}` }; break;
          default: content = { f: `${at('counted', i)}*${at('df', i)}`, result: cached(engineLabel(y)) };
        }
        s.set(rows[key], 2 + i, content, format);
      });
    }
    s.row = rows.pv + 2;
    const range = (key: string) => `DCF!$B$${rows[key]}:$${colName(1 + n)}$${rows[key]}`;
    const sumPv = s.put('Sum of present values of FCFF', { f: `SUM(${range('pv')})`, result: lv.get('Sum of present values of FCFF') }, RUPEE_FORMAT);
    const termFcff = s.put('Terminal-year FCFF (tax without loss set-off)', { f: `${at('fcff', last)}-${at('setoff', last)}*${at('rate', last)}/100` }, RUPEE_FORMAT);
    const tv = s.put('Terminal value', { f: `${termFcff}*(1+${growth}/100)/(${wacc}/100-${growth}/100)`, result: dcf.lines.find((l) => l.label.startsWith('Terminal value at end'))?.value ? Number(dcf.lines.find((l) => l.label.startsWith('Terminal value at end'))!.value) : undefined }, RUPEE_FORMAT);
    const tvDf = s.put(`Terminal value discount factor (exponent s + ${n} − 1)`, { f: `1/(1+${wacc}/100)^(${stub}+${n}-1)` }, FACTOR_FORMAT);
    const pvTv = s.put('Present value of terminal value', { f: `${tv}*${tvDf}`, result: lv.get('Present value of terminal value') }, RUPEE_FORMAT);
    const ev = s.put('Enterprise value', { f: `${sumPv}+${pvTv}`, result: Number(dcf.enterpriseValue) }, RUPEE_FORMAT);
    const equity = s.put('Equity value = EV − borrowings − preference capital + cash + current investments + non-operating assets + equity bridge items', {
      f: `${ev}${bridge}`,
      result: Number(dcf.equityValue),
    }, RUPEE_FORMAT);
    const dcfCells = perShareCells(s, dcf, equity, shares, name);
    name('EnterpriseValue_DCF', ev);
    name('EquityValue_DCF', equity);
    values.DCF = dcfCells.perShare;

    // ---------------------------------------------------------------- Sensitivity
    if (v.sensitivity) {
      const sensitivity = v.sensitivity;
      const sens = new Sheet(wb, known, 'Sensitivity');
      const options = dcfCells.addBack !== undefined ? dilutiveInstruments(f)?.options ?? [] : null;
      sens.title(options
        ? 'Sensitivity: DCF value per share, fully diluted (rows: WACC, columns: terminal growth), formulas over DCF and Inputs'
        : 'Sensitivity: DCF value per share (rows: WACC, columns: terminal growth), formulas over DCF and Inputs');
      const steps = [-1, -0.5, 0, 0.5, 1];
      // The DCF's equity value at WACC wl and growth g; none where g ≥ WACC or WACC ≤ 0 (no perpetuity value).
      const noValue = (g: string, wl: string) => `OR(${g}>=${wl},${wl}<=0)`;
      const equityAt = (g: string, wl: string) =>
        `SUMPRODUCT(${range('counted')}/(1+${wl}/100)^${range('exp')})+${termFcff}*(1+${g}/100)/(${wl}/100-${g}/100)/(1+${wl}/100)^(${stub}+${n}-1)${bridge}`;
      // A grid of WACC rows and growth columns; `cell` gives each figure's content from its growth and WACC cells.
      const grid = (corner: string, cell: (g: string, wl: string, i: number, j: number) => { f: string; result?: Value }) => {
        const top = sens.row;
        sens.ws.getCell(top, 1).value = corner;
        steps.forEach((d, j) => sens.set(top, 2 + j, { f: `${growth}+(${d})`, result: Number(sensitivity.growthValues[j]) }, PERCENT_FORMAT));
        const cells = steps.map((d, i) => {
          const r = top + 1 + i;
          sens.set(r, 1, { f: `${wacc}+(${d})`, result: Number(sensitivity.waccValues[i]) }, PERCENT_FORMAT);
          return steps.map((_, j) => sens.set(r, 2 + j, cell(`Sensitivity!${colName(2 + j)}$${top}`, `Sensitivity!$A${r}`, i, j), RUPEE_FORMAT));
        });
        sens.row = top + steps.length + 2;
        return cells;
      };
      const cached = (i: number, j: number) => (sensitivity.grid[i][j] === null ? '' : Number(sensitivity.grid[i][j]));
      if (!options) {
        grid('WACC \\ g (percentage points from the base)', (g, wl, i, j) => ({ f: `IF(${noValue(g, wl)},"",(${equityAt(g, wl)})/${shares})`, result: cached(i, j) }));
      } else {
        // Fully diluted as the engine dilutes (docs/valuation-method.md, Fully diluted shares): every option and
        // warrant in order of exercise price, the largest set exercised whose last price is below the value it
        // gives. Laid out as the derivation runs: the dilution inputs, each cell's equity value, then per share.
        sens.heading('Dilution: the DCF\'s add-back and conversion shares; options and warrants by exercise price, cumulated');
        const addBack = sens.put('Add: CCPS capital and CCD principal (DCF)', { f: dcfCells.addBack! }, RUPEE_FORMAT);
        const conversion = sens.put('Equity shares on conversion of CCPS and CCDs (DCF)', { f: dcfCells.conversion! }, COUNT_FORMAT);
        const tranches = options.map((o, k) => {
          const r = sens.row;
          sens.ws.getCell(r, 1).value = `${o.holder} (${o.instrument}): number, exercise price (₹), proceeds and number so far`;
          const number = sens.set(r, 2, Number(o.number), COUNT_FORMAT);
          const price = sens.set(r, 3, Number(o.exercisePrice), RUPEE_FORMAT);
          const proceeds = sens.set(r, 4, { f: `${k > 0 ? `Sensitivity!$D$${r - 1}+` : ''}${number}*${price}` }, RUPEE_FORMAT);
          const count = sens.set(r, 5, { f: `${k > 0 ? `Sensitivity!$E$${r - 1}+` : ''}${number}` }, COUNT_FORMAT);
          sens.row += 1;
          return { price, proceeds, count };
        });
        sens.row += 1;
        const equity = grid('Equity value (₹): WACC \\ g', (g, wl) => ({ f: `IF(${noValue(g, wl)},"",${equityAt(g, wl)})` }));
        grid('WACC \\ g (percentage points from the base)', (_g, _wl, i, j) => {
          const eq = equity[i][j];
          const valueWith = (m: number) => (m === 0
            ? `(${eq}+${addBack})/(${shares}+${conversion})`
            : `(${eq}+${addBack}+${tranches[m - 1].proceeds})/(${shares}+${conversion}+${tranches[m - 1].count})`);
          let f = valueWith(0);
          for (let m = 1; m <= tranches.length; m++) f = `IF(${tranches[m - 1].price}<${valueWith(m)},${valueWith(m)},${f})`;
          return { f: `IF(${eq}="","",${f})`, result: cached(i, j) };
        });
      }
    }
  }

  // ------------------------------------------------------------------ NAV under Rule 11UA
  for (const code of ['NAV_11UA_2A', 'NAV_11UA_1CB', 'NAV_RULE_57'] as const) {
    const m = method(code);
    if (!m) continue;
    const lv = lineValues(m);
    const fair = code !== 'NAV_11UA_2A';
    const s = new Sheet(wb, known, code);
    s.title(code === 'NAV_RULE_57' ? 'Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4): (A + B + C + D − L) × PV / PE' : fair ? 'Rule 11UA(1)(c)(b): (A + B + C + D − L) × PV / PE' : 'Rule 11UA(2)(a): (A − L) × PV / PE');
    const total = s.put('Total assets as per balance sheet (book value)', { f: totalAssetsF, result: lv.get('Total assets as per balance sheet (book value)') }, RUPEE_FORMAT);
    const less = [
      ...(fair ? [adj.jewelleryAndArtBookValue, adj.sharesAndSecuritiesBookValue, adj.immovablePropertyBookValue] : []),
      adj.incomeTaxPaidNetOfRefund,
      adj.unamortisedExpenditure,
    ];
    const a = s.put('A = total assets − excluded assets', { f: `${total}-${less.join('-')}`, result: lv.get('A') }, RUPEE_FORMAT);
    const bcd = fair
      ? [
          s.put('B: jewellery and artistic work at open-market value', { f: adj.jewelleryAndArtMarketValue }, RUPEE_FORMAT),
          s.put('C: shares and securities at fair market value', { f: adj.sharesAndSecuritiesFairValue }, RUPEE_FORMAT),
          s.put('D: immovable property at stamp-duty value', { f: adj.immovablePropertyStampDutyValue }, RUPEE_FORMAT),
        ]
      : [];
    const claims = s.put('Total equity and liabilities (book value)', { f: totalClaimsF, result: lv.get('Total equity and liabilities as per balance sheet (book value)') }, RUPEE_FORMAT);
    const arrears = s.put('Add: arrears of dividends on cumulative preference shares', { f: adj.arrearsOfCumulativePreferenceDividend }, RUPEE_FORMAT);
    const l = s.put('L = claims − equity capital − reserves − undeclared dividends − excess tax provision − unascertained provisions + arrears', {
      f: `${claims}-${bs.equityShareCapital}-${bs.reservesAndSurplus}-${adj.proposedDividendsNotDeclared}-${adj.provisionForTaxationExcess}-${adj.unascertainedLiabilityProvisions}+${arrears}`,
      result: lv.get('L'),
    }, RUPEE_FORMAT);
    const nav = s.put(fair ? '(A + B + C + D − L)' : '(A − L)', { f: `${a}${bcd.map((x) => `+${x}`).join('')}-${l}`, result: Number(m.equityValue) }, RUPEE_FORMAT);
    const pe = s.put('PE: paid-up equity share capital', { f: bs.equityShareCapital }, RUPEE_FORMAT);
    const perShare = s.put('Fair market value per share = NAV × PV / PE', { f: `${nav}*${faceValue}/${pe}`, result: Number(m.valuePerShare) }, RUPEE_FORMAT);
    name(`ValuePerShare_${code}`, perShare);
    values[code] = perShare;
  }

  // ------------------------------------------------------------------ Book NAV (Companies Act)
  const book = method('NAV');
  if (book) {
    const s = new Sheet(wb, known, 'NAV');
    s.title('Book net asset value');
    const total = s.put('Total assets', { f: totalAssetsF }, RUPEE_FORMAT);
    const outside = s.put('Outside liabilities (claims other than equity, reserves and preference capital)', {
      f: `${totalClaimsF}-${bs.equityShareCapital}-${bs.reservesAndSurplus}-${bs.preferenceShareCapital}`,
    }, RUPEE_FORMAT);
    const nav = s.put('Net asset value = assets − unamortised expenditure − outside liabilities − preference capital', {
      f: `${total}-${adj.unamortisedExpenditure}-${outside}-${bs.preferenceShareCapital}`, result: Number(book.equityValue),
    }, RUPEE_FORMAT);
    const perShare = perShareCells(s, book, nav, shares, name).perShare;
    values.NAV = perShare;
  }

  // ------------------------------------------------------------------ Comparables
  const comparables = method('COMPARABLES');
  if (comparables && f.peers.length > 0) {
    const s = new Sheet(wb, known, 'COMPARABLES');
    // The statistic and any discount the valuer chose, as the engine's lines name them.
    const statisticLine = comparables.lines.find((l) => / of \d+ peer\(s\)$/.test(l.label));
    const statistic = /: (median|mean|([\d.]+)th percentile) of/.exec(statisticLine?.label ?? '');
    const statisticName = statistic?.[1] ?? 'median';
    const statisticFormula = (range: string) =>
      statisticName === 'mean' ? `AVERAGE(${range})` : statistic?.[2] ? `PERCENTILE.INC(${range},${Number(statistic[2]) / 100})` : `MEDIAN(${range})`;
    s.title(`Comparable company multiples: each peer, the ${statisticName} of each multiple, the implied values (formulas)`);
    const keys = Object.keys(MULTIPLE_LABELS) as MultipleKey[];
    const header = s.row;
    ['Peer', ...keys.map((k) => MULTIPLE_LABELS[k].multiple)].forEach((h, i) => {
      const cell = s.ws.getCell(header, 1 + i);
      cell.value = h;
      cell.font = { bold: true };
    });
    s.row += 1;
    const firstPeer = s.row;
    for (const peer of f.peers) {
      s.ws.getCell(s.row, 1).value = peer.name;
      // A multiple a peer does not report stays blank, and one that is not positive is written as text: the
      // statistic skips both, as the engine leaves them out.
      keys.forEach((k, i) => {
        if (peer[k] === undefined) return;
        if (Number(peer[k]) > 0) s.set(s.row, 2 + i, Number(peer[k]), MULTIPLE_FORMAT);
        else s.set(s.row, 2 + i, `${peer[k]} (excluded: ${Number(peer[k]) === 0 ? 'zero' : 'negative'})`);
      });
      s.row += 1;
    }
    const lastPeer = s.row - 1;
    const medianRow = s.row;
    s.ws.getCell(medianRow, 1).value = `${statisticName[0].toUpperCase()}${statisticName.slice(1)} of the peers' positive multiples`;
    s.ws.getCell(medianRow, 1).font = { bold: true };
    const lv = lineValues(comparables);
    const medians: Partial<Record<MultipleKey, string>> = {};
    keys.forEach((k, i) => {
      const col = colName(2 + i);
      const label = MULTIPLE_LABELS[k].multiple;
      const engineStatistic = comparables.lines.find((l) => l.label.startsWith(`${label}: ${statisticName} of`));
      if (!f.peers.some((p) => p[k] !== undefined && Number(p[k]) > 0)) return;
      let cell = s.set(medianRow, 2 + i, { f: statisticFormula(`${col}${firstPeer}:${col}${lastPeer}`), result: engineStatistic ? Number(engineStatistic.value) : undefined }, MULTIPLE_FORMAT);
      const discount = comparables.lines.find((l) => l.label.startsWith(`${label}: after a `));
      const percent = /after a ([\d.]+)% discount/.exec(discount?.label ?? '')?.[1];
      if (percent) {
        // The discount to the peers, one row below the statistic.
        s.ws.getCell(medianRow + 1, 1).value = `After a ${percent}% discount to the peers`;
        cell = s.set(medianRow + 1, 2 + i, { f: `${cell}*(1-${percent}/100)`, result: Number(discount!.value) }, MULTIPLE_FORMAT);
      }
      medians[k] = cell;
    });
    if (comparables.lines.some((l) => l.label.includes(': after a '))) s.row += 1;
    s.row += 2;
    const implied: string[] = [];
    for (const k of keys) {
      const label = MULTIPLE_LABELS[k].multiple;
      const equityLine = `${label}: implied equity value`;
      if (!lv.has(equityLine) || !medians[k]) continue; // not applied (the engine says why in its warnings)
      s.heading(label);
      const metricLine = comparables.lines.find((l) => l.label.startsWith(`${label}: target `))!;
      const metric = s.put(`Target ${MULTIPLE_LABELS[k].metric}${metricLine.note ? ` (${metricLine.note})` : ''}`, Number(metricLine.value), RUPEE_FORMAT);
      const enterprise = k === 'evToEbitda' || k === 'evToRevenue';
      if (enterprise) {
        const ev = s.put(`Implied enterprise value = ${statisticName} multiple × target metric`, { f: `${medians[k]}*${metric}`, result: lv.get(`${label}: implied enterprise value`) }, RUPEE_FORMAT);
        implied.push(s.put('Implied equity value = EV − borrowings − preference capital + cash + current investments + non-operating assets', { f: `${ev}${bridge}`, result: lv.get(equityLine) }, RUPEE_FORMAT));
      } else {
        implied.push(s.put(`Implied equity value = ${statisticName} multiple × target metric`, { f: `${medians[k]}*${metric}`, result: lv.get(equityLine) }, RUPEE_FORMAT));
      }
      s.row += 1;
    }
    const equity = s.put(`Equity value (simple average of ${implied.length} multiple(s))`, { f: `AVERAGE(${implied.join(',')})`, result: Number(comparables.equityValue) }, RUPEE_FORMAT);
    const perShare = perShareCells(s, comparables, equity, shares, name).perShare;
    name('EquityValue_COMPARABLES', equity);
    values.COMPARABLES = perShare;
  }

  // ------------------------------------------------------------------ Comparable transactions
  const transactions = method('TRANSACTIONS');
  if (transactions && f.transactions?.length) {
    const s = new Sheet(wb, known, 'TRANSACTIONS');
    s.title('Comparable transactions: each deal\'s multiples, their median, the implied values (formulas)');
    const lv = lineValues(transactions);
    const implied: string[] = [];
    for (const key of ['evToEbitda', 'evToRevenue'] as const) {
      const label = MULTIPLE_LABELS[key].multiple;
      if (!lv.has(`${label}: implied equity value`)) continue;
      s.heading(label);
      const first = s.row;
      for (const d of f.transactions) {
        if (d[key] === undefined) continue;
        s.ws.getCell(s.row, 1).value = `${d.deal} (${d.date})`;
        if (Number(d[key]) > 0) s.set(s.row, 2, Number(d[key]), MULTIPLE_FORMAT);
        else s.set(s.row, 2, `${d[key]} (excluded: not positive)`);
        s.row += 1;
      }
      // The statistic the valuer chose for the deals (median by default), as the engine computed it.
      const statisticLine = transactions.lines.find((l) => l.label.startsWith(`${label}: `) && / of \d+ deal\(s\)$/.test(l.label))!;
      const chosen = /: (median|mean|([\d.]+)th percentile) of /.exec(statisticLine.label)!;
      const range = `B${first}:B${s.row - 1}`;
      const statistic = s.put(`${chosen[1][0].toUpperCase()}${chosen[1].slice(1)} of the deals' positive multiples`, {
        f: chosen[1] === 'mean' ? `AVERAGE(${range})` : chosen[2] ? `PERCENTILE.INC(${range},${Number(chosen[2]) / 100})` : `MEDIAN(${range})`,
        result: Number(statisticLine.value),
      }, MULTIPLE_FORMAT);
      const metricLine = transactions.lines.find((l) => l.label.startsWith(`${label}: target `))!;
      const metric = s.put(`Target ${MULTIPLE_LABELS[key].metric}`, Number(metricLine.value), RUPEE_FORMAT);
      const ev = s.put('Implied enterprise value = median × target metric', { f: `${statistic}*${metric}`, result: lv.get(`${label}: implied enterprise value`) }, RUPEE_FORMAT);
      implied.push(s.put('Implied equity value (the DCF\'s equity bridge)', { f: `${ev}${bridge}`, result: lv.get(`${label}: implied equity value`) }, RUPEE_FORMAT));
      s.row += 1;
    }
    const equity = s.put(`Equity value (simple average of ${implied.length} multiple(s))`, { f: `AVERAGE(${implied.join(',')})`, result: Number(transactions.equityValue) }, RUPEE_FORMAT);
    values.TRANSACTIONS = perShareCells(s, transactions, equity, shares, name).perShare;
  }

  // ------------------------------------------------------------------ Recent investment round
  const round = method('RECENT_ROUND');
  if (round && f.recentRound) {
    const s = new Sheet(wb, known, 'RECENT_ROUND');
    s.title(`Price of a recent investment (${f.recentRound.date}, ${f.recentRound.instrument}), adjusted`);
    const price = s.put('Price per share in the round (₹)', Number(f.recentRound.pricePerShare), RUPEE_FORMAT);
    const factors = f.recentRound.adjustments.map((a) =>
      s.put(`Adjustment for ${a.kind === 'TIME' ? 'the time since the round' : 'the instrument\'s rights'} (%): ${a.reason}`, Number(a.percent), PERCENT_FORMAT));
    const perShare = s.put('Value per equity share = price × Π (1 + adjustment)', {
      f: `${price}${factors.map((x) => `*(1+${x}/100)`).join('')}`, result: Number(round.valuePerShare),
    }, RUPEE_FORMAT);
    name('ValuePerShare_RECENT_ROUND', perShare);
    values.RECENT_ROUND = perShare;
  }

  // ------------------------------------------------------------------ IBC
  const fairMethod = method('FAIR_VALUE');
  const liqMethod = method('LIQUIDATION_VALUE');
  if (fairMethod && liqMethod && f.liquidation) {
    const s = new Sheet(wb, known, 'IBC');
    s.title('CIRP Regulation 35: fair value and liquidation value (s.53: equity never below nil)');
    const fairCells: string[] = [];
    const liqCells: string[] = [];
    for (const asset of f.liquidation.assets) {
      const label = asset.description ? `${asset.assetClass} (${asset.description})` : asset.assetClass;
      for (const basis of ['fairValue', 'liquidationValue'] as const) {
        let cell: string;
        if (asset.estimates && asset.estimates.length > 0) {
          const estimateCells = asset.estimates.map((e) => s.put(`${label}: ${basis} estimated by ${e.valuer}`, Number(e[basis]), RUPEE_FORMAT));
          // Consecutive cells in column B: one range.
          const list = `${estimateCells[0]}:${estimateCells[estimateCells.length - 1].replace(/^.*!/, '')}`;
          // Average of the two closest estimates (the lower pair on a tie).
          const formula = estimateCells.length === 2
            ? `AVERAGE(${list})`
            : `IF(SMALL(${list},3)-SMALL(${list},2)<SMALL(${list},2)-SMALL(${list},1),(SMALL(${list},2)+SMALL(${list},3))/2,(SMALL(${list},1)+SMALL(${list},2))/2)`;
          cell = s.put(`${label}: ${basis} (average of the two closest)`, { f: formula }, RUPEE_FORMAT);
        } else {
          cell = s.put(`${label}: ${basis}`, Number(asset[basis] ?? 0), RUPEE_FORMAT);
        }
        (basis === 'fairValue' ? fairCells : liqCells).push(cell);
      }
    }
    const liabilities = s.put('Liabilities ranking ahead of equity', f.liquidation.liabilities !== undefined
      ? Number(f.liquidation.liabilities)
      : { f: `${totalClaimsF}-${bs.equityShareCapital}-${bs.reservesAndSurplus}` }, RUPEE_FORMAT);
    const costs = s.put('Liquidation costs', Number(f.liquidation.liquidationCosts), RUPEE_FORMAT);
    const totalFair = s.put('Total fair value of assets', { f: `SUM(${fairCells.join(',')})` }, RUPEE_FORMAT);
    const totalLiq = s.put('Total liquidation value of assets', { f: `SUM(${liqCells.join(',')})` }, RUPEE_FORMAT);
    const fairEquity = s.put('Fair value available to equity', { f: `MAX(${totalFair}-${liabilities},0)`, result: Number(fairMethod.equityValue) }, RUPEE_FORMAT);
    s.put('Shortfall to creditors (fair value)', { f: `MAX(${liabilities}-${totalFair},0)` }, RUPEE_FORMAT);
    const liqEquity = s.put('Liquidation value available to equity', { f: `MAX(${totalLiq}-${costs}-${liabilities},0)`, result: Number(liqMethod.equityValue) }, RUPEE_FORMAT);
    s.put('Shortfall to creditors (liquidation value)', { f: `MAX(${liabilities}+${costs}-${totalLiq},0)` }, RUPEE_FORMAT);
    const fairPer = s.put('Fair value per equity share', { f: `${fairEquity}/${shares}`, result: Number(fairMethod.valuePerShare) }, RUPEE_FORMAT);
    const liqPer = s.put('Liquidation value per equity share', { f: `${liqEquity}/${shares}`, result: Number(liqMethod.valuePerShare) }, RUPEE_FORMAT);
    name('ValuePerShare_FAIR_VALUE', fairPer);
    name('ValuePerShare_LIQUIDATION_VALUE', liqPer);
    values.FAIR_VALUE = fairPer;
    values.LIQUIDATION_VALUE = liqPer;
  }

  // ------------------------------------------------------------------ Summary
  const sum = new Sheet(wb, known, 'Summary');
  sum.title('Summary: each method, the weights, the discount and the concluded value');
  const c = v.conclusion;
  const chosen = c.byPurpose?.find((p) => p.purpose === v.purpose);
  const weights: { method: string; weight: number }[] = c.weights?.length
    ? c.weights.map((w) => ({ method: w.method, weight: Number(w.weightPercent) }))
    : chosen
      ? [{ method: chosen.method, weight: 100 }]
      : c.valuePerShare !== null && v.statute === 'FEMA_RBI'
        ? [{ method: 'DCF', weight: 100 }]
        : [];
  const header = sum.row;
  // Discounts apply method by method, before weighting, each only on a value on a basis that takes it.
  const byMethod = c.discountsByMethod;
  ['Method', 'Value per share', 'Weight (%)', 'Weighted value',
    ...(byMethod ? ['Basis', 'DLOC applies (1 = yes)', 'DLOM applies (1 = yes)', 'Value after discounts', 'Weighted value after discounts'] : [])].forEach((h, i) => {
    const cell = sum.ws.getCell(header, 1 + i);
    cell.value = h;
    cell.font = { bold: true };
  });
  sum.row += 1;
  const weighted: string[] = [];
  const weightedAfter: string[] = [];
  for (const m of v.methods) {
    if (!values[m.method]) continue;
    const r = sum.row;
    sum.ws.getCell(r, 1).value = m.method;
    const value = sum.set(r, 2, { f: values[m.method], result: Number(m.valuePerShare) }, RUPEE_FORMAT);
    const w = weights.find((x) => x.method === m.method);
    if (w) {
      const weight = sum.set(r, 3, w.weight, PERCENT_FORMAT);
      weighted.push(sum.set(r, 4, { f: `${value}*${weight}/100` }, RUPEE_FORMAT));
      const d = byMethod?.find((x) => x.method === m.method);
      if (d) {
        sum.ws.getCell(r, 5).value = d.basis;
        const control = sum.set(r, 6, d.controlDiscountApplies ? 1 : 0, COUNT_FORMAT);
        const marketability = sum.set(r, 7, d.marketabilityDiscountApplies ? 1 : 0, COUNT_FORMAT);
        const after = sum.set(r, 8, { f: `${value}*(1-${dloc}/100*${control})*(1-${dlom}/100*${marketability})`, result: Number(d.valueAfterDiscounts) }, RUPEE_FORMAT);
        weightedAfter.push(sum.set(r, 9, { f: `${after}*${weight}/100` }, RUPEE_FORMAT));
      }
    }
    sum.row += 1;
  }
  sum.row += 1;
  if (c.valuePerShare !== null && weighted.length > 0) {
    const before = sum.put('Weighted value per share (before any discount)', { f: `SUM(${weighted.join(',')})`, result: Number(c.valueBeforeDiscount ?? c.valuePerShare) }, RUPEE_FORMAT);
    const concluded = weightedAfter.length > 0
      ? sum.put('Concluded value per share = Σ weight × value × (1 − DLOC where on a control basis) × (1 − DLOM where marketable)', {
        f: `SUM(${weightedAfter.join(',')})`, result: Number(c.valuePerShare),
      }, RUPEE_FORMAT)
      : sum.put('Concluded value per share = weighted value × (1 − discount for lack of control) × (1 − discount for lack of marketability)', {
        f: `${before}*(1-${dloc}/100)*(1-${dlom}/100)`, result: Number(c.valuePerShare),
      }, RUPEE_FORMAT);
    name('ValuePerShare_Concluded', concluded);
  }
  if (c.weightsRationale) sum.put('Weights rationale', c.weightsRationale);
  if (c.controlDiscount) sum.put('Discount for lack of control: rationale', c.controlDiscount.rationale);
  if (c.discount) sum.put('Discount rationale', c.discount.rationale);

  for (const [n, address] of names) wb.definedNames.add(address, n);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
