import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { RATIONALE, valuationFor, reportInput } from '../../fixtures/sample-report.js';

const dir = mkdtempSync(join(tmpdir(), 'vs-report-'));
let counter = 0;

export function writeTemp(pdf: Buffer): string {
  const file = join(dir, `report-${++counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/**
 * Text of the PDF via poppler's pdftotext, whitespace collapsed so wrapped lines still match.
 * -nodiag drops the diagonal DRAFT watermark, whose letters poppler would splice into body lines.
 */
export function pdfText(pdf: Buffer): string {
  const raw = execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', writeTemp(pdf), '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return collapse(raw);
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Words with their boxes in PDF points, from `pdftotext -bbox`. */
export function pdfWords(pdf: Buffer): { page: number; pageWidth: number; xMax: number; yMax: number; pageHeight: number; word: string }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', writeTemp(pdf), '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const words: ReturnType<typeof pdfWords> = [];
  let page = 0;
  let pageWidth = 0;
  let pageHeight = 0;
  for (const line of html.split('\n')) {
    const p = /<page width="([\d.]+)" height="([\d.]+)"/.exec(line);
    if (p) {
      page += 1;
      pageWidth = Number(p[1]);
      pageHeight = Number(p[2]);
      continue;
    }
    const w = /<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (w) words.push({ page, pageWidth, pageHeight, xMax: Number(w[1]), yMax: Number(w[2]), word: w[3] });
  }
  return words;
}
