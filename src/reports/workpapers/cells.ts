/**
 * The workpapers' cell toolkit: the number formats, the Sheet writer (labels, values, formulas with the engine's figure
 * as the cached value, a format chosen for each figure), column names and Excel's future-function prefix.
 */
import ExcelJS from 'exceljs';
import type { MethodResult } from '../../domain/valuation/types.js';
import { INDIAN_RUPEES_UNKNOWN_MAGNITUDE, estimateFormula, indianNumberFormat } from '../spreadsheet-number-formats.js';

/** Rupee amounts and counts get an Indian-grouping format chosen for each cell's figure (spreadsheet-number-formats.ts). */
export const RUPEE_FORMAT = 'RUPEES';
export const COUNT_FORMAT = 'COUNT';
export const FACTOR_FORMAT = '0.000000';
export const MULTIPLE_FORMAT = '0.00##"x"';
export const PERCENT_FORMAT = '0.00##"%"';

export type Value = number | string | null;

/** The figure of every numeric cell written so far, by absolute address, so a plain reference can be formatted for it. */
export type KnownFigures = Map<string, number>;

/**
 * Functions newer than Excel 2007 must be stored with the `_xlfn.` prefix (ECMA-376 / MS-XLSX, "future
 * functions"): Excel and LibreOffice then compute them, where the bare name reads as #NAME?.
 */
const FUTURE_FUNCTIONS = [
  'PERCENTILE.INC',
  'PERCENTILE.EXC',
  'QUARTILE.INC',
  'QUARTILE.EXC',
  'STDEV.S',
  'STDEV.P',
  'VAR.S',
  'VAR.P',
  'MODE.SNGL',
  'RANK.EQ',
  'RANK.AVG',
  'IFNA',
  'IFS',
  'MAXIFS',
  'MINIFS',
  'SWITCH',
  'CONCAT',
  'TEXTJOIN',
  'XLOOKUP',
  'XMATCH',
];
const FUTURE_FUNCTION = new RegExp(
  `(?<![A-Za-z0-9_.])(${FUTURE_FUNCTIONS.map((f) => f.replace('.', '\\.')).join('|')})\\(`,
  'g',
);

export function withFuturePrefix(formula: string): string {
  return formula.replace(FUTURE_FUNCTION, '_xlfn.$1(');
}

export class Sheet {
  readonly ws: ExcelJS.Worksheet;
  row = 1;
  constructor(
    readonly wb: ExcelJS.Workbook,
    private readonly known: KnownFigures,
    readonly name: string,
  ) {
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
      cell.value = {
        formula: withFuturePrefix(content.f),
        ...(content.result !== undefined && content.result !== null ? { result: content.result as number } : {}),
      } as ExcelJS.CellFormulaValue;
    } else if (content !== null) {
      cell.value = content;
    }
    const address = this.ref(row, col);
    // A formula without the engine's figure is estimated from the cells it names, to choose its format.
    const figure =
      typeof content === 'number'
        ? content
        : content !== null && typeof content === 'object'
          ? typeof content.result === 'number'
            ? content.result
            : estimateFormula(content.f, this.known, sheetRef(this.name))
          : undefined;
    if (figure !== undefined && Number.isFinite(figure)) this.known.set(address, figure);
    if (format === RUPEE_FORMAT || format === COUNT_FORMAT) {
      const currency = format === RUPEE_FORMAT;
      cell.numFmt =
        figure !== undefined && Number.isFinite(figure)
          ? indianNumberFormat(figure, { decimals: currency ? 2 : 0, currency })
          : currency
            ? INDIAN_RUPEES_UNKNOWN_MAGNITUDE
            : '#,##0';
    } else if (format) {
      cell.numFmt = format;
    }
    return address;
  }

  ref(row: number, col: number): string {
    return `${sheetRef(this.name)}!$${colName(col)}$${row}`;
  }
}

/**
 * Each sheet by the valuer's name for it, never a method's code (docs/reports.md, Figures and rounding): Excel
 * allows 31 characters and no : \\ / ? * [ ].
 */
export const SHEET_NAME = {
  DCF: 'Discounted cash flow',
  NAV_11UA_2A: 'NAV Rule 11UA(2)(a)',
  NAV_11UA_1CB: 'NAV Rule 11UA(1)(c)(b)',
  NAV_RULE_57: 'NAV Rule 57 Sl. 4',
  NAV: 'Net asset value',
  COMPARABLES: 'Comparable companies',
  TRANSACTIONS: 'Comparable transactions',
  RECENT_ROUND: 'Recent investment',
  IBC: 'Asset classes',
} as const;

/** A sheet's name as a formula refers to it: quoted where it is more than letters, digits and underscores. */
export function sheetRef(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
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
export function lineValues(m: MethodResult | undefined): Map<string, number> {
  return new Map((m?.lines ?? []).map((l) => [l.label, Number(l.value)]));
}
