/** The DCF sheet: free cash flow to the firm year by year, the terminal value and the equity bridge, all formulas over Inputs. */
import {
  COUNT_FORMAT,
  FACTOR_FORMAT,
  PERCENT_FORMAT,
  RUPEE_FORMAT,
  Sheet,
  colName,
  lineValues,
  type Value,
  SHEET_NAME,
  sheetRef,
} from './cells.js';
import { goingConcernMethod, type InputCells, type WorkbookContext } from './context.js';
import { perShareCells, type PerShareCells } from './per-share.js';

/** What the Sensitivity sheet takes from the DCF sheet. */
export interface DcfCells extends PerShareCells {
  /** The absolute range of a row of the year grid ('pv', 'counted', 'exp', ...). */
  range: (key: string) => string;
  termFcff: string;
  years: number;
}

export function writeDcf(ctx: WorkbookContext, cells: InputCells): DcfCells | undefined {
  const { wb, known, f, name, method, values } = ctx;
  const { wacc, growth, midYear, stub, shares, bridge, projections } = cells;
  // IBC CIRP: the coordinating valuer's going-concern DCF, rebuilt to the enterprise value the report prints.
  const own = method('DCF');
  const dcf = own ?? goingConcernMethod(ctx.v);
  if (!dcf || f.projections.length === 0) return undefined;
  const lv = lineValues(dcf);
  const s = new Sheet(wb, known, SHEET_NAME.DCF);
  s.title(
    own
      ? 'Discounted free cash flow to the firm (formulas over Inputs)'
      : 'The going-concern DCF of the corporate debtor: free cash flow to the firm (formulas over Inputs)',
  );
  const n = f.projections.length;
  const rows: Record<string, number> = {};
  const labels: [key: string, label: string, engineLabel: (year: string) => string | null, format: string][] = [
    ['t', 'Year number t', () => null, COUNT_FORMAT],
    ['exp', 'Discount exponent (end-of-year s + t − 1; mid-year s/2, then s + t − 1.5)', () => null, FACTOR_FORMAT],
    [
      'ebitda',
      'EBITDA (earnings before interest, tax, depreciation and amortisation)',
      (y) => `${y} EBITDA`,
      RUPEE_FORMAT,
    ],
    ['da', 'Depreciation and amortisation', () => null, RUPEE_FORMAT],
    ['ebit', 'EBIT (earnings before interest and tax)', (y) => `${y} EBIT`, RUPEE_FORMAT],
    [
      'lapsed',
      'Loss lapsed (s.72 of the 1961 Act, s.112 of the 2025 Act by tax year: older than 8 years)',
      (y) => `${y} Loss lapsed`,
      RUPEE_FORMAT,
    ],
    ['bf', 'Loss brought forward', (y) => `${y} Loss brought forward`, RUPEE_FORMAT],
    ['setoff', 'Loss set off', () => null, RUPEE_FORMAT],
    ['taxable', 'Taxable EBIT', (y) => `${y} Taxable EBIT`, RUPEE_FORMAT],
    ['cf', 'Loss carried forward', (y) => `${y} Loss carried forward`, RUPEE_FORMAT],
    ['rate', 'Tax rate (%)', () => null, PERCENT_FORMAT],
    ['tax', 'Tax on taxable EBIT', () => null, RUPEE_FORMAT],
    ['nopat', 'NOPAT (net operating profit after tax)', (y) => `${y} NOPAT`, RUPEE_FORMAT],
    ['capex', 'Capital expenditure', () => null, RUPEE_FORMAT],
    ['nwc', 'Change in net working capital', () => null, RUPEE_FORMAT],
    ['fcff', 'Free cash flow to the firm (FCFF)', (y) => `${y} FCFF`, RUPEE_FORMAT],
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
        case 't':
          content = i + 1;
          break;
        case 'exp':
          content = {
            f: `IF(${midYear}=1,IF(${at('t', i)}=1,${stub}/2,${stub}+${at('t', i)}-1.5),${stub}+${at('t', i)}-1)`,
          };
          break;
        case 'counted':
          content = {
            f: `${at('fcff', i)}*IF(${at('t', i)}=1,${stub},1)`,
            result: cached(`${y} FCFF for the stub period`) ?? cached(engineLabel(y)),
          };
          break;
        case 'ebitda':
          content = { f: projections.ebitda[i], result: cached(engineLabel(y)) };
          break;
        case 'da':
          content = { f: projections.depreciationAndAmortisation[i], result: Number(p.depreciationAndAmortisation) };
          break;
        case 'ebit':
          content = { f: `${at('ebitda', i)}-${at('da', i)}`, result: cached(engineLabel(y)) };
          break;
        case 'lapsed':
          // Only a loss of year 1 can lapse within ten projection years (in year 10): what of it was not set off in years 2–9.
          content =
            i === 9
              ? {
                  f: `MAX(0,MAX(-${at('ebit', 0)},0)-SUM(${at('setoff', 1)}:${at('setoff', 8)}))`,
                  result: lv.get(`${y} Loss lapsed`) ?? 0,
                }
              : 0;
          break;
        case 'bf':
          content = i === 0 ? 0 : { f: `${at('cf', i - 1)}-${at('lapsed', i)}`, result: cached(engineLabel(y)) };
          break;
        case 'setoff':
          content = { f: `MIN(${at('bf', i)},MAX(${at('ebit', i)},0))`, result: negCached(`${y} Loss set off`) };
          break;
        case 'taxable':
          content = { f: `MAX(${at('ebit', i)},0)-${at('setoff', i)}`, result: cached(engineLabel(y)) };
          break;
        case 'cf':
          content = { f: `${at('bf', i)}-${at('setoff', i)}+MAX(-${at('ebit', i)},0)`, result: cached(engineLabel(y)) };
          break;
        case 'rate':
          content = { f: projections.taxRate[i], result: Number(p.taxRate) };
          break;
        case 'tax':
          content = {
            f: `${at('taxable', i)}*${at('rate', i)}/100`,
            result: negCached(`${y} Less: tax on EBIT at ${p.taxRate}%`),
          };
          break;
        case 'nopat':
          content = { f: `${at('ebit', i)}-${at('tax', i)}`, result: cached(engineLabel(y)) };
          break;
        case 'capex':
          content = { f: projections.capitalExpenditure[i], result: Number(p.capitalExpenditure) };
          break;
        case 'nwc':
          content = { f: projections.changeInNetWorkingCapital[i], result: Number(p.changeInNetWorkingCapital) };
          break;
        case 'fcff':
          content = {
            f: `${at('nopat', i)}+${at('da', i)}-${at('capex', i)}-${at('nwc', i)}`,
            result: cached(engineLabel(y)),
          };
          break;
        case 'df':
          content = { f: `1/(1+${wacc}/100)^${at('exp', i)}` };
          break;
        default:
          content = { f: `${at('counted', i)}*${at('df', i)}`, result: cached(engineLabel(y)) };
      }
      s.set(rows[key], 2 + i, content, format);
    });
  }
  s.row = rows.pv + 2;
  const range = (key: string) => `${sheetRef(SHEET_NAME.DCF)}!$B$${rows[key]}:$${colName(1 + n)}$${rows[key]}`;
  const sumPv = s.put(
    'Sum of present values of FCFF',
    { f: `SUM(${range('pv')})`, result: lv.get('Sum of present values of FCFF') },
    RUPEE_FORMAT,
  );
  const termFcff = s.put(
    'Terminal-year FCFF (tax without loss set-off)',
    { f: `${at('fcff', last)}-${at('setoff', last)}*${at('rate', last)}/100` },
    RUPEE_FORMAT,
  );
  const tv = s.put(
    'Terminal value',
    {
      f: `${termFcff}*(1+${growth}/100)/(${wacc}/100-${growth}/100)`,
      result: dcf.lines.find((l) => l.label.startsWith('Terminal value at end'))?.value
        ? Number(dcf.lines.find((l) => l.label.startsWith('Terminal value at end'))!.value)
        : undefined,
    },
    RUPEE_FORMAT,
  );
  const tvDf = s.put(
    `Terminal value discount factor (exponent s + ${n} − 1)`,
    { f: `1/(1+${wacc}/100)^(${stub}+${n}-1)` },
    FACTOR_FORMAT,
  );
  const pvTv = s.put(
    'Present value of terminal value',
    { f: `${tv}*${tvDf}`, result: lv.get('Present value of terminal value') },
    RUPEE_FORMAT,
  );
  const ev = s.put('Enterprise value', { f: `${sumPv}+${pvTv}`, result: Number(dcf.enterpriseValue) }, RUPEE_FORMAT);
  if (!own) {
    // The enterprise value goes to the Asset classes sheet's going-concern value; an IBC valuation values no share.
    name('EnterpriseValue_GOING_CONCERN', ev);
    values.GOING_CONCERN_EV = ev;
    return undefined;
  }
  const equity = s.put(
    'Equity value = EV − borrowings − preference capital + cash + current investments + non-operating assets + equity bridge items',
    {
      f: `${ev}${bridge}`,
      result: Number(dcf.equityValue),
    },
    RUPEE_FORMAT,
  );
  const dcfCells = perShareCells(s, dcf, equity, shares, name);
  name('EnterpriseValue_DCF', ev);
  name('EquityValue_DCF', equity);
  values.DCF = dcfCells.perShare;
  return { ...dcfCells, range, termFcff, years: n };
}
