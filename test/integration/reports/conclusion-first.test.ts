// The conclusion where a reader looks first (docs/reports.md): the cover (page 1) and the executive summary
// (page 2) state the value per share and in total, the share count it multiplies, the basis, the premise, the
// level of value and the valuation date; the public verify answer carries the same conclusion beside the hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { TestApp } from '../../helpers/app.js';
import { reviewTeamApp, type Session } from '../../helpers/principals.js';
import { completedWithFinal } from '../../helpers/final-report.js';
import { pdfPages } from '../../helpers/pdf.js';
import { rupees } from '../../../src/contract/money-format.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Conclusion First LLP', 'Vani Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

test('the cover and the executive summary carry the conclusion, and the verify answer returns it beside the hash', async () => {
  const { pdf } = await completedWithFinal(t, { admin, valuer, reviewer });
  const sha = createHash('sha256').update(pdf).digest('hex');
  const verified = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha}` })).json();
  assert.equal(verified.valid, true);
  const c = verified.conclusion;
  assert.ok(c, 'the verify answer carries the conclusion');
  assert.match(c.valuePerShare, /^\d+\.\d{2}$/);
  assert.match(c.shares, /^\d+$/);
  assert.ok(['BASIC', 'FULLY_DILUTED'].includes(c.shareBasis));
  assert.equal(c.totalValue, new Decimal(c.valuePerShare).times(c.shares).toFixed(2), 'total = per share × shares');
  assert.match(c.basisOfValue, /value/i);
  assert.match(c.premiseOfValue, /^Going concern/);
  assert.ok(c.levelOfValue, 'a level of value');
  assert.match(c.valuationDate, /^\d{4}-\d{2}-\d{2}$/);

  // The same file, examined by upload, answers the same conclusion.
  const boundary = 'conclusion-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const byFile = await t.app.inject({
    method: 'POST',
    url: '/api/v1/reports/verify-file',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  assert.equal(byFile.statusCode, 200, byFile.body);
  assert.deepEqual(byFile.json().conclusion, c);

  const pages = pdfPages(pdf);
  const [cover, summary] = pages;
  assert.match(summary, /Executive summary/);
  for (const [name, page] of [
    ['the cover', cover],
    ['the executive summary', summary],
  ] as const) {
    assert.ok(page.includes(`Value per equity share ${rupees(c.valuePerShare)}`), `${name}: value per share`);
    assert.ok(page.includes(rupees(c.totalValue)), `${name}: the total ${rupees(c.totalValue)}`);
    assert.ok(
      page.includes(`Value in total ${rupees(c.totalValue)}: ${rupees(c.valuePerShare)} × `),
      `${name}: the total and what it multiplies`,
    );
    assert.match(page, /Number of equity shares [\d,]+ \((basic|fully diluted)\)/, `${name}: the share count's basis`);
    assert.ok(page.includes(`Basis of value ${c.basisOfValue}`), `${name}: basis of value`);
    assert.match(page, /Premise of value Going concern/, `${name}: premise`);
    assert.match(page, /Level of value (Control|Minority|Pro-rata)/, `${name}: level of value`);
    assert.match(page, /Valuation date \d{1,2} [A-Z][a-z]+ \d{4}/, `${name}: valuation date`);
  }
});
