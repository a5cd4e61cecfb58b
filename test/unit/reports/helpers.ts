import { execFileSync } from 'node:child_process';
import { writeTemp } from '../../helpers/pdf.js';

export { RATIONALE, valuationFor, reportInput } from '../../fixtures/sample-report.js';
export { collapse, pdfText, writeTemp } from '../../helpers/pdf.js';

/** Words with their boxes in PDF points, from `pdftotext -bbox`. */
export function pdfWords(
  pdf: Buffer,
): { page: number; pageWidth: number; xMax: number; yMax: number; pageHeight: number; word: string }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', writeTemp(pdf), '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
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
