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
    execFileSync(
      'soffice',
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--convert-to',
        `csv:Text - txt - csv (StarCalc):${filter}`,
        '--outdir',
        join(dir, 'out'),
        join(dir, 'workpapers.xlsx'),
      ],
      { stdio: 'pipe', timeout: timeoutMs },
    );
    const sheets = new Map<string, string[][]>();
    for (const file of readdirSync(join(dir, 'out'))) {
      const text = readFileSync(join(dir, 'out', file), 'utf8');
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
