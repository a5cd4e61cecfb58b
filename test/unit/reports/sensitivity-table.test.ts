// The report's sensitivity table stays readable for large values: each figure on one line, in ₹ with paise
// in a smaller type while it fits, else in ₹ lakh (or crore) a share with the unit stated.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderReport } from '../../../src/reports/render.js';
import { gridPresentation } from '../../../src/reports/sections/sensitivity.js';
import { rupees } from '../../../src/reports/format.js';
import { inUnit } from '../../../src/reports/sections/units.js';
import { pdfText, pdfWords, reportInput, valuationFor } from './helpers.js';

/** The s.62 sample valuation with every sensitivity cell multiplied by `scale` (exactly, as decimal text). */
function withScaledGrid(scale: bigint) {
  const v = valuationFor('COMPANIES_ACT_SEC_62');
  v.sensitivity!.grid = v.sensitivity!.grid.map((row) =>
    row.map((c) => {
      if (c === null) return c;
      const paise = BigInt(c.replace('.', '')) * scale;
      return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
    }),
  );
  return v;
}

/** Each grid row's figures, as printed, share the line of the row's WACC: no figure wraps. */
async function assertOneLinePerRow(v: ReturnType<typeof withScaledGrid>, shown: (c: string) => string) {
  const pdf = await renderReport(reportInput(v));
  const words = pdfWords(pdf);
  const s = v.sensitivity!;
  const page = words.find(
    (w) => w.word === 'Sensitivity' && words.some((x) => x.page === w.page && x.word === 'WACC'),
  )!;
  const onPage = words.filter((w) => w.page >= page.page);
  s.waccValues.forEach((wacc, i) => {
    const label = onPage.find((w) => w.word === `${wacc}%`)!;
    assert.ok(label, `row ${wacc}%`);
    for (const c of s.grid[i]) {
      if (c === null) continue;
      const word = onPage.find((w) => w.word === shown(c) && Math.abs(w.yMax - label.yMax) < 1);
      assert.ok(word, `${shown(c)} on the line of WACC ${wacc}%, whole`);
    }
  });
  return pdfText(pdf);
}

test('eight- and ten-digit values per share print in rupees with paise, one line a row, in a smaller type', async () => {
  // ₹302.55 × 34,750 = ₹1,05,13,612.50: the held-out ₹1.05 crore a share; × 3,47,500 passes ₹10 crore.
  for (const scale of [34_750n, 347_500n]) {
    const v = withScaledGrid(scale);
    const text = await assertOneLinePerRow(v, rupees);
    assert.ok(!text.includes('lakh a share'), 'no unit other than the rupee is needed');
  }
});

test('values too wide for the columns in rupees print in ₹ lakh a share, the unit stated above and in the corner', async () => {
  const v = withScaledGrid(1_000_000_000n); // ₹302.55 → ₹3,02,55,00,00,000.00 → 30,25,500.00 lakh
  const text = await assertOneLinePerRow(v, (c) => inUnit(c, 'LAKH'));
  assert.ok(text.includes('The figures are in ₹ lakh a share (₹1 lakh = ₹1,00,000)'));
  assert.ok(text.includes('30,25,500.00'));
  assert.match(text, /WACC \\ g\s*\(₹ lakh\)/);
});

test('the presentation: the largest type at which the widest figure fits, then lakh, then crore', () => {
  const width = (text: string, size: number) => text.length * size * 0.6; // a monospaced stand-in for the font
  assert.deepEqual(gridPresentation(['302.55'], 70, width), { unit: null, fontSize: 9 });
  // ₹1,05,13,612.50 is 15 characters: 15 × 0.6 × 7.5 = 67.5 ≤ 70, 15 × 0.6 × 8 = 72 > 70.
  assert.deepEqual(gridPresentation(['302.55', '10513612.50'], 70, width), { unit: null, fontSize: 7.5 });
  // ₹3,02,55,00,00,000.00 (21 characters) does not fit at 7.5 pt; 30,25,500.00 lakh (12) does at 9 pt.
  assert.deepEqual(gridPresentation(['302550000000.00'], 70, width), { unit: 'LAKH', fontSize: 9 });
  // 30,25,50,00,000.00 lakh (18) fits at no size; 30,25,50,000.00 crore (15) at 7.5 pt.
  assert.deepEqual(gridPresentation(['3025500000000000.00'], 70, width), { unit: 'CRORE', fontSize: 7.5 });
});
