// Reading a PDF back as a person reads it: poppler's pdftotext, whitespace collapsed so wrapped lines match.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'vs-pdf-'));
let counter = 0;

export function writeTemp(pdf: Buffer): string {
  const file = join(dir, `document-${++counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** The text of the PDF; -nodiag drops the diagonal DRAFT watermark, whose letters poppler would splice into body lines. */
export function pdfText(pdf: Buffer): string {
  return collapse(
    execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', writeTemp(pdf), '-'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
}

/** Fails the test unless `text` (a PDF's, as pdfText reads it) shows every one of `expected`; `what` names the PDF. */
export function assertShows(text: string, what: string, expected: readonly string[]): void {
  for (const e of expected) assert.ok(text.includes(e), `${what} shows ${e}: ${text.slice(0, 1500)}`);
}

/** Each page's text as laid out (pdftotext -layout), whitespace collapsed: pages[0] is page 1. */
export function pdfPages(pdf: Buffer): string[] {
  return execFileSync('pdftotext', ['-layout', '-nodiag', '-enc', 'UTF-8', writeTemp(pdf), '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\f')
    .map(collapse);
}
