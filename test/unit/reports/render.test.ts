import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Purpose, Statute, ValuationResult } from '../../../src/domain/valuation/types.js';
import { rupees } from '../../../src/reports/format.js';
import { DRAFT_WATERMARK, renderReport } from '../../../src/reports/render.js';
import { inUnit } from '../../../src/reports/sections/units.js';
import { pdfText, pdfWords, reportInput, valuationFor } from './helpers.js';
import { EXAMPLE_FACTS } from '../../fixtures/sample-report.js';
import { reportSections } from '../../helpers/report-sections.js';

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
    wording: [
      'Rule 11UA of the Income-tax Rules, 1962',
      'FMV = (A − L) × PV / PE',
      'FMV = (A + B + C + D − L) × PV / PE',
      'ceiling',
      'floor',
    ],
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
    wording: [
      'Section 62(1)(c) of the Companies Act, 2013',
      'Rule 13 of the Companies (Share Capital and Debentures) Rules, 2014',
      'Companies (Registered Valuers and Valuation) Rules, 2017',
      'registered valuer',
    ],
    values: (v) => [rupees(v.conclusion.valuePerShare!)],
  },
  {
    name: 'IBC_LIQUIDATION',
    statute: 'IBC_LIQUIDATION',
    purpose: null,
    wording: [
      'Regulations 27 and 35 of the Insolvency and Bankruptcy Board of India (Insolvency Resolution Process for Corporate Persons) Regulations, 2016',
      'fair value',
      'liquidation value',
      'average of the two closest estimates',
      'Confidentiality (Regulation 35(2))',
    ],
    // The assets' totals are the headline; no value per share is printed.
    values: (v) => [rupees(v.conclusion.fairValue!.totalValue!), rupees(v.conclusion.liquidationValue!.totalValue!)],
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
      const headings = reportSections({ ibc: c.statute === 'IBC_LIQUIDATION' });
      const expected = [
        input.engagement.targetEntity,
        input.engagement.cin!,
        input.firm.name,
        '31 March 2026',
        // WACC, growth and their rationale only where a DCF is used: an equity DCF, or an IBC CIRP's going-concern DCF
        // of the corporate debtor (docs/ibc-valuation.md); otherwise no income approach, and none named.
        ...(valuation.methods.some((m) => m.method === 'DCF') ||
        (valuation.conclusion.corporateDebtor?.goingConcernLines?.length ?? 0) > 0
          ? ['WACC', '12.5%', 'Terminal growth rate (g) 5%', input.assumptions.rationale]
          : ["Method The registered valuers' estimates of each asset class"]),
        // The signing partner, on a FINAL only; the firm's own reference on the cover and in every footer.
        ...(kind === 'FINAL' ? ['Vikram Mehta', `Firm's reference ${input.reference}`] : []),
        // The contents Rule 8 of the Companies (Registered Valuers and Valuation) Rules, 2017 and ICAI VS 202 ask for, in order.
        // Under the IBC the resolution professional or the liquidator represents (the board is suspended).
        ...headings,
        EXAMPLE_FACTS.appointingAuthority!,
        'Rahul Kulkarni (promoter)',
        'FY2024',
        // The document relied upon, as a report cites it: no file digest (the firm's review record keeps it).
        'Financial information provided by the management of the company',
        '₹',
        ...c.wording,
        ...c.values(valuation),
      ];
      for (const e of expected) assert.ok(text.includes(e), `missing ${JSON.stringify(e)}`);
      // In the body, after the contents page (which lists them too).
      const body = text.indexOf(headings[0], text.indexOf(headings[0]) + 1);
      const at = headings.map((h) => text.indexOf(h, body));
      assert.ok(body > 0 && at.every((i) => i >= body), 'every section heading is in the body');
      assert.deepEqual(
        [...at].sort((a, b) => a - b),
        at,
        'the sections come in the order of Rule 8',
      );
      // The reviewers' notes stay in the firm's own record; the report says only that the reviews took place.
      assert.ok(!text.includes('Balance sheet ties.'), 'a gate comment is not printed in the report');
      // Nor the working file: no reviewer, review gate, lock, service id or service key (docs/report-signatures.md).
      for (const internal of [
        input.documents[0].sha256,
        'SHA-256',
        input.reportId,
        input.engagement.id,
        'Rohan Desai',
        'Ananya Iyer',
        'Gate',
        'Locked',
        'Ed25519',
        'decimal arithmetic',
        'financials.json',
      ])
        assert.ok(!text.includes(internal), `${JSON.stringify(internal)} is printed in the client's report`);
      if (kind === 'FINAL')
        assert.equal(
          text.split(input.reference!).length - 1,
          Number(/Page 1 of (\d+)/.exec(text)![1]) + 2,
          'the reference on the cover, in the verification line and in every footer',
        );
      if (valuation.conclusion.valuePerShare) assert.ok(text.includes('In words: Rupees'), 'the value in words');
      if (valuation.statute === 'IBC_LIQUIDATION' && !valuation.conclusion.corporateDebtor?.goingConcernLines?.length)
        assert.ok(!text.includes('Weighted average cost of capital'), 'no WACC without an income approach');
      assert.match(text, /Page 1 of \d+/);
      if (kind === 'DRAFT') {
        assert.ok(text.includes(DRAFT_WATERMARK));
        assert.ok(text.includes('DRAFT: not signed, and not to be relied upon.'));
        assert.ok(!text.includes('/api/v1/reports/verify'));
      } else {
        assert.ok(!text.includes(DRAFT_WATERMARK));
        // The public verification page, never an API link that answers "not valid" for a genuine report.
        assert.ok(
          text.includes(
            `Verify this report (${input.reference}) at https://valuations.example.in/verify, which confirms whether a copy is the report as issued`,
          ),
        );
        assert.ok(!text.includes('/api/v1/'));
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

test('amounts in ₹ lakh with the unit in the heading and Indian grouping; per-share figures in ₹ with paise', async () => {
  const valuation = valuationFor('COMPANIES_ACT_SEC_62');
  const text = pdfText(await renderReport(reportInput(valuation)));
  const dcf = valuation.methods.find((m) => m.method === 'DCF')!;
  assert.ok(
    text.includes(`Enterprise value (₹ lakh) ${inUnit(dcf.enterpriseValue!, 'LAKH')}`),
    'the DCF enterprise value in ₹ lakh',
  );
  assert.match(text, /Discounted cash flow by projection year \(₹ lakh/);
  assert.match(text, /FY2027 FY2028 FY2029 FY2030 FY2031/, 'projection years are the columns');
  assert.ok(text.includes(rupees(dcf.valuePerShare)));
});

test('sensitivity grid shows empty cells as a dash, once', async () => {
  const valuation = valuationFor('COMPANIES_ACT_SEC_62');
  valuation.sensitivity!.grid[0][4] = null;
  const text = pdfText(await renderReport(reportInput(valuation)));
  assert.ok(text.includes('Sensitivity analysis'));
  assert.ok(text.includes('—'));
  assert.ok(!text.includes('Heat map'), 'the grid is printed once');
});

test('no text runs past the right margin, even with long labels and long tables', async () => {
  const valuation = valuationFor('COMPANIES_ACT_SEC_62', null, 'ten-year-company.json');
  const long =
    'Adjustment for an exceptionally long description of a balance-sheet item that must wrap within its column '.repeat(
      3,
    );
  valuation.methods[1].lines.push(
    ...Array.from({ length: 80 }, (_, i) => ({
      label: `${i + 1}. ${long}`,
      value: '123456789012.34',
      kind: 'AMOUNT' as const,
      note: long,
    })),
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

test('the one line of verification closes the signature; only the annexures follow, no page about the service key', async () => {
  const input = reportInput(valuationFor('RULE_11UA', 'TRANSFER_OR_RECEIPT'));
  const words = pdfWords(await renderReport(input));
  const last = Math.max(...words.map((w) => w.page));
  const verify = words.filter((w) => w.word === 'Verify').map((w) => w.page);
  assert.equal(verify.length, 1);
  assert.ok(words.some((w) => w.word === 'Signature' && w.page === verify[0]));
  // Each page after the signature is an annexure (docs/reports.md, Annexures).
  for (let page = verify[0] + 1; page <= last; page++)
    assert.ok(
      words.some((w) => w.page === page && w.word.startsWith('Annexure')),
      `page ${page + 1} is an annexure`,
    );
  assert.ok(!words.some((w) => w.word === 'integrity' || w.word === 'Certificate'));
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
  await assert.rejects(
    renderReport({ ...reportInput(valuationFor('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT')), generatedAt: 'yesterday' }),
  );
});

test('the statutory corrections in the report: arrears line in L, s.56(2)(viib) sunset in the purpose, three dates in IST, IBC shortfall, s.72 columns', async () => {
  // Rule 11UA issue valued on 31-3-2026 (after 1-4-2025), with arrears of 150 lakhs.
  const issue = valuationFor('RULE_11UA', 'ISSUE_OF_SHARES', 'arrears-company.json');
  const input = reportInput(issue);
  input.generatedAt = '2026-04-24T20:00:00Z'; // 25 April in India
  const text = pdfText(await renderReport(input));
  // Amounts in ₹ lakh (the table's heading says so): 150 lakh of arrears added to L.
  assert.ok(text.includes('Add: arrears of dividends on cumulative preference shares 150.00'));
  assert.ok(text.includes('shall not apply on or after the 1st day of April, 2025'));
  assert.ok(text.includes('is not a ceiling on the issue price'));
  // The warning prints as its sentence, never as its code.
  assert.ok(
    text.includes(
      'Section 56(2)(viib) of the Income-tax Act, 1961 reaches only consideration received before 1 April 2024',
    ),
  );
  assert.ok(!text.includes('S56_2_VIIB_NOT_APPLICABLE') && !text.includes('S56 2 viib'));
  assert.match(
    text,
    /Valuation date 31 March 2026 Balance-sheet date 31 March 2026 Date of appointment 2 April 2026 Date of report 25 April 2026/,
  );
  // Days only, so no time zone to state: the minute of each review is the firm's working file (the review record), not the client's report.
  assert.doesNotMatch(text, /\d{2}:\d{2} IST/);
  assert.ok(!text.includes('UTC '));

  // IBC with claims above the assets: the assets' values, gross, and nothing of the claims or a share.
  const ibc = valuationFor('IBC_LIQUIDATION', null, 'ibc-shortfall.json');
  const ibcText = pdfText(await renderReport(reportInput(ibc)));
  assert.ok(
    ibcText.includes(
      `Fair value ${rupees(ibc.conclusion.fairValue!.totalValue!)} Liquidation value ${rupees(ibc.conclusion.liquidationValue!.totalValue!)}`,
    ),
    ibcText.slice(ibcText.indexOf('Basis of value'), ibcText.indexOf('Basis of value') + 300),
  );
  assert.ok(
    !ibcText.includes('Shortfall to creditors') && !ibcText.includes('Left for equity'),
    "the claims are not the report's conclusion",
  );
  assert.ok(
    ibcText.includes(
      'before the costs of the process and before any distribution to creditors or members under section 53',
    ),
  );
  assert.ok(!/per (equity )?share \(₹\)/i.test(ibcText), 'no per-share figure in an IBC report');

  // A loss-making DCF shows the carried-forward loss columns.
  const losses = valuationFor('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', 'startup-negative-fcff.json');
  const lossText = pdfText(await renderReport(reportInput(losses)));
  // The DCF table has the years as columns (₹ lakh): FY2027 makes a loss of 2.10, FY2028 sets off 0.50 of it.
  assert.ok(lossText.includes('Loss brought forward 0.00 2.10 1.60 0.00'));
  assert.ok(lossText.includes('Loss set off 0.00 −0.50 −1.60 0.00'));
  assert.ok(lossText.includes('Loss carried forward 2.10 1.60 0.00 0.00'));
});

test('weights set by the valuer, their rationale and the discount with values before and after are in the conclusion', async () => {
  const valuation = valuationFor('COMPANIES_ACT_SEC_62');
  const { computeValuation } = await import('../../../src/domain/valuation/engine.js');
  const { loadFinancials } = await import('../valuation/helpers.js');
  const judged = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: '12.5', terminalGrowthRate: '5' },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', purpose: null, valuationDate: '2026-03-31' },
    judgement: {
      methodWeights: { DCF: 70, NAV: 30 },
      weightsRationale: 'DCF leads: the business is a going concern with reliable projections.',
      dlomPercent: 15,
      dlomRationale: 'Unlisted minority stake with no exit route within five years.',
    },
  });
  assert.ok(valuation);
  const text = pdfText(await renderReport(reportInput(judged)));
  assert.ok(text.includes('Weights set by the valuer. DCF leads: the business is a going concern'));
  // Method by method: each value, the discount its basis takes, the value after it, weighted to the conclusion.
  assert.ok(text.includes('Weighting of methods, after the discounts each takes'));
  for (const m of judged.conclusion.discountsByMethod!) {
    assert.ok(
      text.includes(`${rupees(m.valueBeforeDiscounts)} marketability 15% ${rupees(m.valueAfterDiscounts)}`),
      m.method,
    );
  }
  const table = text.slice(
    text.indexOf('Weighting of methods, after'),
    text.indexOf('Weighting of methods, after') + 1500,
  );
  assert.ok(table.includes(`100% ${rupees(judged.conclusion.valuePerShare!)}`), table);
  assert.ok(text.includes(`(${rupees(judged.conclusion.valueBeforeDiscount!)} before it)`));
  assert.ok(text.includes('Rationale for the discount. Unlisted minority stake'));
});

test('charts: a football field (methods, DCF range, concluded value, proposed price) as vectors, and no heat map', async () => {
  const { computeValuation } = await import('../../../src/domain/valuation/engine.js');
  const { loadFinancials } = await import('../valuation/helpers.js');
  const v = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: '12.5', terminalGrowthRate: '5' },
    engagement: {
      statute: 'COMPANIES_ACT_SEC_62',
      purpose: null,
      valuationDate: '2026-03-31',
      proposedPricePerShare: '215.00',
    },
  });
  const pdf = await renderReport(reportInput(v));
  const text = pdfText(pdf);
  assert.ok(
    text.includes(
      'Football field: value per share by method (diamonds) and the DCF sensitivity range (bar); the solid line is the concluded value',
    ),
  );
  // The fixture's allotment is dated 31 March 2026, before the report of 24 April 2026: made, so its price is no
  // longer proposed; the same allotment dated after the report is (docs/reports.md, Dates).
  assert.ok(text.includes('the dashed red line is the price, ₹215.00'), 'a price already paid');
  const proposed = reportInput(v);
  proposed.facts = { ...proposed.facts!, transactionDate: '2026-05-15' };
  assert.ok(pdfText(await renderReport(proposed)).includes('the dashed red line is the proposed price, ₹215.00'));
  assert.ok(text.includes('DCF sensitivity range'));
  assert.ok(text.includes('₹ per share'), 'the value axis is named');
  assert.ok(!text.includes('Heat map'), 'the sensitivity grid is printed once, as its table');
  // The chart text is drawn text (vector), not an embedded image.
  assert.ok(text.includes('g 4.5%'));
  assert.ok(!pdf.includes(Buffer.from('/Subtype /Image')));
  // The transaction is dated before the report: made, so its price is not "proposed" (docs/reports.md, Dates).
  assert.ok(text.includes('Price and its test'));
  assert.match(text, /was made at ₹215\.00 per equity share/);
  assert.ok(!text.includes('Proposed price and its test'));
});
