import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFinancials } from '../../../src/domain/financials/normalise.js';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import type { Purpose, Statute, ValuationResult } from '../../../src/domain/valuation/types.js';
import type { ReportInput } from '../../../src/reports/render.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/financials/', import.meta.url));

export const RATIONALE =
  'WACC built up from a 7.0% risk-free rate, 7.5% equity risk premium and a relevered beta of 1.05; terminal growth below long-run nominal GDP.';

/** Asset-class values from valuation worked example 8 (IBC needs the liquidation extension). */
const LIQUIDATION = {
  assets: [
    { assetClass: 'LAND_AND_BUILDING', bookValue: 400, fairValue: 520, liquidationValue: 390 },
    { assetClass: 'PLANT_AND_MACHINERY', bookValue: 300, fairValue: 240, liquidationValue: 150.5 },
    { assetClass: 'INVENTORIES', bookValue: 260, fairValue: 230, liquidationValue: 160 },
    { assetClass: 'TRADE_RECEIVABLES', bookValue: 310, fairValue: 280, liquidationValue: 200 },
    { assetClass: 'CASH_AND_BANK', bookValue: 180, fairValue: 180, liquidationValue: 180 },
    { assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS', bookValue: 100, fairValue: 115, liquidationValue: 100 },
  ],
  liquidationCosts: 45.25,
};

export function valuationFor(
  statute: Statute,
  purpose: Purpose | null = null,
  fixture = 'sample-company.json',
): ValuationResult {
  const document = JSON.parse(readFileSync(`${FIXTURES}${fixture}`, 'utf8'));
  if (statute === 'IBC_LIQUIDATION') document.liquidation = LIQUIDATION;
  const parsed = parseFinancials(document);
  if (!parsed.ok) assert.fail(`fixture does not parse: ${JSON.stringify(parsed.errors)}`);
  return computeValuation({
    financials: parsed.financials,
    assumptions: { wacc: '12.5', terminalGrowthRate: '5', rationale: RATIONALE },
    engagement: { statute, purpose, valuationDate: '2026-03-31' },
  });
}

export function reportInput(valuation: ValuationResult, kind: 'DRAFT' | 'FINAL' = 'FINAL'): ReportInput {
  return {
    kind,
    reportId: 'RPT-01JTESTREPORT0000000001',
    firm: { name: 'Mehta & Iyer Valuation Advisors LLP' },
    engagement: {
      id: 'ENG-01JTESTENGAGEMENT00001',
      targetEntity: 'Sahyadri Precision Components Private Limited',
      cin: 'U29299MH2011PTC215870',
      statute: valuation.statute,
      purpose: valuation.purpose,
      valuationDate: valuation.valuationDate,
      createdAt: '2026-04-06T09:15:00Z',
    },
    assumptions: {
      wacc: valuation.assumptions.wacc,
      terminalGrowthRate: valuation.assumptions.terminalGrowthRate,
      rationale: RATIONALE,
      midYear: false,
      lockedAt: '2026-04-20T11:02:00Z',
      lockedBy: 'Ananya Iyer',
    },
    documents: [
      {
        fileName: 'financials.json',
        kind: 'FINANCIALS',
        sha256: '5b8e2d4f6a1c3e9b7d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a0c2e4b',
        sizeBytes: 3421,
        createdAt: '2026-04-08T14:30:00Z',
      },
    ],
    valuation,
    reviewTrail: [
      { gate: 'GATE_1', decision: 'APPROVED', by: 'Rohan Desai', at: '2026-04-10T16:45:00Z', comment: 'Balance sheet ties.' },
      { gate: 'GATE_2', decision: 'APPROVED', by: 'Ananya Iyer', at: '2026-04-20T11:02:00Z' },
      { gate: 'GATE_3', decision: 'APPROVED', by: 'vikram@mehtaiyer.in', at: '2026-04-24T09:30:00Z' },
    ],
    ...(kind === 'FINAL' && {
      certificate: {
        signedBy: 'Vikram Mehta, Registered Valuer',
        signedAt: '2026-04-24T09:31:00Z',
        verifyUrl: 'https://valuations.example.in/api/v1/reports/verify/',
      },
    }),
    generatedAt: '2026-04-24T09:31:00Z',
  };
}

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
  const raw = execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', writeTemp(pdf), '-'], { encoding: 'utf8' });
  return collapse(raw);
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Words with their boxes in PDF points, from `pdftotext -bbox`. */
export function pdfWords(pdf: Buffer): { page: number; pageWidth: number; xMax: number; yMax: number; pageHeight: number; word: string }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', writeTemp(pdf), '-'], { encoding: 'utf8' });
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
