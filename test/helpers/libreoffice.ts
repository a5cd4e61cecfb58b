// An XLSX read back through LibreOffice Calc: converted headless to CSV, one file a sheet, in a throwaway profile.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LibreOfficeCsv {
  /** The CSV filter's options: comma, double quote, UTF-8, from row 1, …; the caller says which language and how cells are written. */
  filter: string;
  /** registrymodifications.xcu for the profile, where the caller needs Calc set otherwise than by default. */
  registry?: string;
  timeoutMs: number;
}

/**
 * LibreOffice converts `input` (a file in `dir`) headless to `target`, into `dir/out`, with its profile in
 * `dir/profile` (where a caller may have put registry settings first).
 */
function sofficeConvert(dir: string, input: string, target: string, timeoutMs: number): string {
  const out = join(dir, 'out');
  execFileSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--convert-to',
      target,
      '--outdir',
      out,
      join(dir, input),
    ],
    { stdio: 'pipe', timeout: timeoutMs },
  );
  return out;
}

/** Every sheet of the XLSX as LibreOffice writes it to CSV: sheet name → rows of cell text. */
export function libreOfficeSheets(
  xlsx: Buffer,
  { filter, registry, timeoutMs }: LibreOfficeCsv,
): Map<string, string[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'vs-soffice-'));
  try {
    if (registry !== undefined) {
      mkdirSync(join(dir, 'profile', 'user'), { recursive: true });
      writeFileSync(join(dir, 'profile', 'user', 'registrymodifications.xcu'), registry);
    }
    writeFileSync(join(dir, 'workpapers.xlsx'), xlsx);
    const out = sofficeConvert(dir, 'workpapers.xlsx', `csv:Text - txt - csv (StarCalc):${filter}`, timeoutMs);
    const sheets = new Map<string, string[][]>();
    for (const file of readdirSync(out)) {
      const text = readFileSync(join(out, file), 'utf8');
      sheets.set(
        file.replace(/^workpapers-/, '').replace(/\.csv$/, ''),
        text
          .split(/\r?\n/)
          .map((line) =>
            line
              .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
              .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')),
          ),
      );
    }
    return sheets;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Always recalculate on load, whatever the file caches (Tools ▸ Options ▸ Calc ▸ Formula ▸ Recalculation on file load). */
export const RECALCULATE_ON_LOAD = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/**
 * Every sheet as LibreOffice computes it from the formulas alone: each cached result is stripped first, Calc
 * recalculates on load, and the cells are read back as stored (not as shown).
 */
export async function recalculatedInLibreOffice(xlsx: Buffer): Promise<Map<string, string[][]>> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value as unknown;
        if (v && typeof v === 'object' && 'formula' in v)
          cell.value = { formula: (v as { formula: string }).formula } as import('exceljs').CellFormulaValue;
      }),
    ),
  );
  const stripped = Buffer.from(await wb.xlsx.writeBuffer());
  return libreOfficeSheets(stripped, {
    filter: '44,34,76,1,,1033,false,true,false,false,false,-1',
    registry: RECALCULATE_ON_LOAD,
    timeoutMs: 180_000,
  });
}

/** The XLSX as LibreOffice Calc saves it again (opened and written back headless, in a throwaway profile). */
export function libreOfficeXlsx(xlsx: Buffer, timeoutMs: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'vs-soffice-'));
  try {
    writeFileSync(join(dir, 'financials.xlsx'), xlsx);
    const out = sofficeConvert(dir, 'financials.xlsx', 'xlsx:Calc MS Excel 2007 XML', timeoutMs);
    return readFileSync(join(out, 'financials.xlsx'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
