/**
 * Renders the example FINAL report (docs/example-report.pdf) from the sample company fixture.
 * Usage: npx tsx scripts/render-example-report.ts [statute] [fixture] [out.pdf] [DRAFT|FINAL]
 * Page 1 preview: pdftoppm -png -r 80 -f 1 -l 1 -singlefile docs/example-report.pdf docs/example-report-page1
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFinancials } from '../src/domain/financials/normalise.js';
import { computeValuation } from '../src/domain/valuation/engine.js';
import type { Purpose, Statute } from '../src/domain/valuation/types.js';
import { renderReport, type ReportInput } from '../src/reports/render.js';
import { LIQUIDATION_EXAMPLE } from '../test/fixtures/sample-report.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const [statuteArg, fixtureArg, outArg, kindArg] = process.argv.slice(2);
const statute = (statuteArg ?? 'COMPANIES_ACT_SEC_62') as Statute;
const fixture = fixtureArg ?? 'sample-company.json';
const out = outArg ?? `${root}docs/example-report.pdf`;
const kind = (kindArg ?? 'FINAL') as 'DRAFT' | 'FINAL';

const document = JSON.parse(readFileSync(`${root}test/fixtures/financials/${fixture}`, 'utf8'));
if (statute === 'IBC_LIQUIDATION' && !document.liquidation) {
  // Asset-class values from the IBC worked example (test/unit/valuation, example 8).
  document.liquidation = LIQUIDATION_EXAMPLE;
}
const parsed = parseFinancials(document);
if (!parsed.ok) throw new Error(`fixture does not parse: ${JSON.stringify(parsed.errors)}`);
const purpose: Purpose | null = statute === 'FEMA_RBI' ? 'ISSUE_TO_NON_RESIDENT' : null;
const rationale =
  'WACC of 12.5% built up from a risk-free rate of 7.0% (10-year G-Sec), an equity risk premium of 7.5%, a relevered beta of 1.05 and a 2.0% size premium, blended with a post-tax cost of debt of 7.1% at a 20% target gearing. Terminal growth of 5% is below long-run nominal GDP growth for India.';
// The valuer's judgement and the client's proposed price (issue 15), where the statute allows them.
const judged = statute === 'COMPANIES_ACT_SEC_62' || statute === 'FEMA_RBI';
const valuation = computeValuation({
  financials: parsed.financials,
  assumptions: { wacc: '12.5', terminalGrowthRate: '5', rationale },
  engagement: { statute, purpose, valuationDate: '2026-03-31', ...(statute !== 'IBC_LIQUIDATION' && { proposedPricePerShare: '215.00' }) },
  ...(judged && {
    judgement: {
      methodWeights: statute === 'FEMA_RBI' ? { DCF: 100 } : { DCF: 70, NAV: 30 },
      weightsRationale:
        'The company is a profitable going concern with five years of board-approved projections, so the income approach leads; net asset value (30%) anchors the conclusion to the balance sheet, as the plant is specialised and carried close to replacement cost.',
      dlomPercent: 10,
      dlomRationale:
        'The shares are unlisted and the allotment carries a three-year lock-in with no tag-along right; restricted-stock studies for comparable holding periods indicate discounts of 8% to 15%, and 10% is taken.',
    },
  }),
});
const input: ReportInput = {
  kind,
  reportId: '01JF0REPORTEXAMPLE000000001',
  firm: { name: 'Mehta & Iyer Valuation Advisors LLP', legalName: 'Mehta & Iyer Valuation Advisors LLP', registration: 'IBBI/RV-E/02/2020/123' },
  engagement: {
    id: '01JF0ENGAGEMENTEXAMPLE0001',
    targetEntity: 'Sahyadri Precision Components Private Limited',
    cin: 'U29299MH2011PTC215870',
    statute,
    purpose,
    valuationDate: '2026-03-31',
    createdAt: '2026-04-06T09:15:00Z',
  },
  assumptions: {
    wacc: '12.5',
    terminalGrowthRate: '5',
    rationale,
    midYear: false,
    lockedAt: '2026-04-20T11:02:00Z',
    lockedBy: 'Ananya Iyer (Registered Valuer)',
  },
  documents: [
    { fileName: 'audited-financial-statements-FY2026.pdf', kind: 'FINANCIAL_STATEMENTS', sha256: 'a3f1c9e07b5d2246e8a0c4f9b61d3e7a58c2f0149d6b8e3a7c5f1d0e9b2a4c68', sizeBytes: 2483117, createdAt: '2026-04-07T10:00:00Z' },
    { fileName: 'financials.json', kind: 'FINANCIALS', sha256: '5b8e2d4f6a1c3e9b7d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a0c2e4b', sizeBytes: 3421, createdAt: '2026-04-08T14:30:00Z' },
    { fileName: 'management-projections-FY2027-FY2031.xlsx', kind: 'PROJECTIONS', sha256: 'e7c4a1f8d5b2e9c6a3f0d7b4e1c8a5f2d9b6e3c0a7f4d1b8e5c2a9f6d3b0e7c4', sizeBytes: 58211, createdAt: '2026-04-08T14:31:00Z' },
  ],
  valuation,
  reviewTrail: [
    { gate: 'GATE_1', decision: 'APPROVED', by: 'Rohan Desai (analyst@mehtaiyer.in)', at: '2026-04-10T16:45:00Z', comment: 'Balance sheet ties; share capital reconciled.' },
    { gate: 'GATE_2', decision: 'APPROVED', by: 'Ananya Iyer (ananya@mehtaiyer.in)', at: '2026-04-20T11:02:00Z', comment: 'Assumptions locked.' },
    { gate: 'GATE_3', decision: 'APPROVED', by: 'Vikram Mehta (vikram@mehtaiyer.in)', at: '2026-04-24T09:30:00Z' },
  ],
  ...(kind === 'FINAL' && {
    certificate: {
      signedBy: 'Vikram Mehta',
      designation: 'Partner',
      registrations: ['IBBI/RV/03/2019/12345 (IBBI registered valuer, Securities or financial assets; ICAI Registered Valuers Organisation)'],
      signedAt: '2026-04-24T09:31:00Z',
      verifyUrl: 'https://valuations.example.in/verify',
    },
  }),
  generatedAt: '2026-04-24T09:31:00Z',
};
const pdf = await renderReport(input);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, pdf);
console.log(`wrote ${out} (${pdf.length} bytes)`);
