import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Purpose, Statute, ValuationResult } from '../../../src/domain/valuation/types.js';
import { rupees } from '../../../src/reports/format.js';
import { DRAFT_WATERMARK, renderReport } from '../../../src/reports/render.js';
import { RATIONALE, pdfText, pdfWords, reportInput, valuationFor } from './helpers.js';

interface Case {
  name: string;
  statute: Statute;
  purpose: Purpose | null;
  wording: string[];
  values: (v: ValuationResult) => string[];
}

const cases: Case[] = [
  {
    name: 'RULE_11UA without purpose',
    statute: 'RULE_11UA',
    purpose: null,
    wording: ['Rule 11UA of the Income-tax Rules, 1962', 'FMV = (A − L) × PV / PE', 'FMV = (A + B + C + D − L) × PV / PE', 'ceiling', 'floor'],
    // No single conclusion: each purpose's value is shown.
    values: (v) => v.conclusion.byPurpose!.map((p) => rupees(p.valuePerShare)),
  },
  {
    name: 'RULE_11UA for an issue of shares',
    statute: 'RULE_11UA',
    purpose: 'ISSUE_OF_SHARES',
    wording: ['s.56(2)(viib)', 'Rule 11UA(2)(a)', 'ceiling on a tax-neutral issue price'],
    values: (v) => [rupees(v.conclusion.valuePerShare!)],
  },
  {
    name: 'FEMA_RBI issue to a non-resident',
    statute: 'FEMA_RBI',
    purpose: 'ISSUE_TO_NON_RESIDENT',
    wording: [
      'Foreign Exchange Management (Non-Debt Instruments) Rules, 2019',
      "internationally accepted pricing methodology for valuation on an arm's length basis",
      'Not less than fair value (floor)',
      'Not more than fair value (ceiling)',
    ],
    values: (v) => [rupees(v.conclusion.valuePerShare!)],
  },
  {
    name: 'COMPANIES_ACT_SEC_62',
    statute: 'COMPANIES_ACT_SEC_62',
    purpose: null,
    wording: ['Section 62(1)(c) of the Companies Act, 2013', 'Rule 13 of the Companies (Share Capital and Debentures) Rules, 2014', 'Companies (Registered Valuers and Valuation) Rules, 2017', 'registered valuer'],
    values: (v) => [rupees(v.conclusion.valuePerShare!)],
  },
  {
    name: 'IBC_LIQUIDATION',
    statute: 'IBC_LIQUIDATION',
    purpose: null,
    wording: ['Regulation 35', 'fair value', 'liquidation value', 'average of the two closest estimates'],
    values: (v) => [rupees(v.conclusion.fairValue!.valuePerShare), rupees(v.conclusion.liquidationValue!.valuePerShare)],
  },
];

for (const c of cases) {
  for (const kind of ['FINAL', 'DRAFT'] as const) {
    test(`${kind} report, ${c.name}: required contents are in the text`, async () => {
      const valuation = valuationFor(c.statute, c.purpose);
      const input = reportInput(valuation, kind);
      const pdf = await renderReport(input);
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      const text = pdfText(pdf);
      const expected = [
        input.engagement.targetEntity,
        input.engagement.cin!,
        input.reportId,
        input.engagement.id,
        input.firm.name,
        '31 March 2026',
        'WACC',
        '12.5%',
        'Terminal growth rate (g) 5%',
        RATIONALE,
        'Rohan Desai',
        'Ananya Iyer',
        'vikram@mehtaiyer.in',
        input.documents[0].sha256,
        '₹',
        ...c.wording,
        ...c.values(valuation),
      ];
      for (const e of expected) assert.ok(text.includes(e), `missing ${JSON.stringify(e)}`);
      assert.match(text, /Page 1 of \d+/);
      if (kind === 'DRAFT') {
        assert.ok(text.includes(DRAFT_WATERMARK));
        assert.ok(text.includes('Verify at /api/v1/reports/verify/<SHA-256 of this file>'));
      } else {
        assert.ok(!text.includes(DRAFT_WATERMARK));
        assert.ok(text.includes(input.certificate!.verifyUrl));
        assert.ok(text.includes('Certificate of report integrity'));
      }
    });
  }
}

test('DRAFT carries the watermark status on every page', async () => {
  const pdf = await renderReport(reportInput(valuationFor('COMPANIES_ACT_SEC_62'), 'DRAFT'));
  const text = pdfText(pdf);
  const pages = Number(/Page 1 of (\d+)/.exec(text)![1]);
  assert.ok(pages > 3);
  assert.equal(text.split(DRAFT_WATERMARK).length - 1, pages);
});

test('amounts use ₹ with Indian digit grouping', async () => {
  const valuation = valuationFor('COMPANIES_ACT_SEC_62');
  const text = pdfText(await renderReport(reportInput(valuation)));
  const dcf = valuation.methods.find((m) => m.method === 'DCF')!;
  assert.ok(text.includes(rupees(dcf.enterpriseValue!)));
  assert.match(text, /₹\d{1,2},\d{2},\d{2},\d{3}\.\d{2}/); // e.g. ₹33,59,43,816.51
});

test('sensitivity grid shows empty cells as a dash', async () => {
  const valuation = valuationFor('COMPANIES_ACT_SEC_62');
  valuation.sensitivity!.grid[0][4] = null;
  const text = pdfText(await renderReport(reportInput(valuation)));
  assert.ok(text.includes('Sensitivity analysis'));
  assert.ok(text.includes('—'));
});

test('no text runs past the right margin, even with long labels and long tables', async () => {
  const valuation = valuationFor('COMPANIES_ACT_SEC_62', null, 'ten-year-company.json');
  const long = 'Adjustment for an exceptionally long description of a balance-sheet item that must wrap within its column '.repeat(3);
  valuation.methods[1].lines.push(
    ...Array.from({ length: 80 }, (_, i) => ({ label: `${i + 1}. ${long}`, value: '123456789012.34', kind: 'AMOUNT' as const, note: long })),
  );
  const pdf = await renderReport(reportInput(valuation));
  const words = pdfWords(pdf);
  assert.ok(words.length > 1000);
  const over = words.filter((w) => w.xMax > w.pageWidth - 56 + 1 || w.yMax > w.pageHeight - 20);
  assert.deepEqual(over, []);
  // Every long row made it into the document, and the table header repeats on continuation pages.
  const text = pdfText(pdf);
  assert.ok(text.includes('80. Adjustment'));
  const pages = Number(/Page 1 of (\d+)/.exec(text)![1]);
  assert.ok(pages >= 12);
  assert.ok(text.split('Particulars').length - 1 >= 6, 'header row repeated on continuation pages');
});

test('the certificate block is on the last page', async () => {
  const input = reportInput(valuationFor('RULE_11UA', 'TRANSFER_OR_RECEIPT'));
  const words = pdfWords(await renderReport(input));
  const last = Math.max(...words.map((w) => w.page));
  const certificatePages = words.filter((w) => w.word === 'integrity').map((w) => w.page);
  assert.deepEqual(certificatePages, [last]);
});

test('the same input renders identical bytes', async () => {
  const input = reportInput(valuationFor('COMPANIES_ACT_SEC_62'));
  const a = await renderReport(input);
  const b = await renderReport(structuredClone(input));
  assert.ok(a.equals(b));
  const later = await renderReport({ ...input, generatedAt: '2026-04-25T09:31:00Z' });
  assert.ok(!a.equals(later));
});

test('refuses an unparseable generatedAt rather than reading the clock', async () => {
  await assert.rejects(renderReport({ ...reportInput(valuationFor('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT')), generatedAt: 'yesterday' }));
});
