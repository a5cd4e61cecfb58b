// Test-only: recalculates an XLSX's formulas with HyperFormula (GPL-3.0, licence key 'gpl-v3';
// a devDependency, never imported from src/).
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { HyperFormula } from 'hyperformula';
import type { TestApp } from './app.js';

export interface Recalculated {
  hf: HyperFormula;
  names: Map<string, { sheet: string; row: number; col: number }>;
  value(name: string): unknown;
  set(name: string, value: number): void;
}

/** The workbook's defined names, each the one cell it stands for (0-based row and column). */
export function definedNames(wb: ExcelJS.Workbook): Map<string, { sheet: string; row: number; col: number }> {
  const names = new Map<string, { sheet: string; row: number; col: number }>();
  const model = (wb.definedNames as unknown as { model: { name: string; ranges: string[] }[] }).model;
  for (const { name, ranges } of model) {
    const m = /^'?([^'!]+)'?!\$?([A-Z]+)\$?(\d+)$/.exec(ranges[0]);
    if (!m) throw new Error(`unexpected defined name range ${ranges[0]}`);
    const col = m[2].split('').reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
    names.set(name, { sheet: m[1], row: Number(m[3]) - 1, col });
  }
  return names;
}

export async function recalculate(xlsx: Buffer): Promise<Recalculated> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheets: Record<string, (string | number | null)[][]> = {};
  wb.eachSheet((ws) => {
    const rows: (string | number | null)[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, r) => {
      const cells: (string | number | null)[] = [];
      row.eachCell({ includeEmpty: true }, (cell, c) => {
        const v = cell.value as unknown;
        let content: string | number | null = null;
        // The file writes functions newer than Excel 2007 with their _xlfn. prefix; HyperFormula knows them without it.
        if (v && typeof v === 'object' && 'formula' in (v as object))
          content = `=${(v as { formula: string }).formula.replace(/_xlfn\./g, '')}`;
        else if (typeof v === 'number' || typeof v === 'string') content = v;
        cells[c - 1] = content;
      });
      rows[r - 1] = Array.from(cells, (x) => x ?? null);
    });
    sheets[ws.name] = Array.from(rows, (x) => x ?? []);
  });
  const hf = HyperFormula.buildFromSheets(sheets, { licenseKey: 'gpl-v3', useArrayArithmetic: true });
  const names = definedNames(wb);
  const address = (name: string) => {
    const n = names.get(name);
    if (!n) throw new Error(`no defined name ${name}; have ${[...names.keys()].join(', ')}`);
    return { sheet: hf.getSheetId(n.sheet)!, row: n.row, col: n.col };
  };
  return {
    hf,
    names,
    value: (name) => hf.getCellValue(address(name)),
    set: (name, value) => {
      hf.setCellContents(address(name), [[value]]);
    },
  };
}

/** The engagement's workpapers (GET …/valuation/workpapers.xlsx, 200), recalculated. */
export async function recalculatedWorkpapers(t: TestApp, headers: Record<string, string>, engagementId: string) {
  const url = `/api/v1/engagements/${engagementId}/valuation/workpapers.xlsx`;
  const res = await t.app.inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, res.body);
  return recalculate(res.rawPayload);
}
