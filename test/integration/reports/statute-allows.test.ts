// Only what the statute allows (docs/reports.md): a transfer valued on the prescribed NAV (Rule 11UA(1)(c)(b))
// prints that NAV alone — no discounted cash flow, sensitivity, WACC, terminal growth or football field, not even
// "for information" — although the API's valuation keeps the DCF it computed beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { engagementAtGate1, valuationOf } from '../../helpers/engagements.js';
import { pdfText } from '../../helpers/pdf.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

test('a transfer on the prescribed NAV: its report has no DCF, WACC, growth, sensitivity or football field', async () => {
  const e = await engagementAtGate1(t, bearer, {
    statute: 'RULE_11UA',
    purpose: 'TRANSFER_OR_RECEIPT',
    valuationDate: '2026-03-31',
  });
  const v = await valuationOf(t, bearer, e.id);
  assert.ok(
    v.methods.some((m: { method: string }) => m.method === 'DCF'),
    'the API still computes the DCF (the premise of this test)',
  );
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: bearer });
  assert.equal(res.statusCode, 200, res.body);
  const text = pdfText(res.rawPayload);
  assert.match(text, /Rule 11UA\(1\)\(c\)\(b\)/);
  const found = [
    /discounted cash flow/i,
    /\bDCF\b/,
    /\bWACC\b/,
    /cost of capital/i,
    /terminal growth/i,
    /growth rate/i,
    /sensitivity/i,
    /football field/i,
    /for information/i,
    /projection/i,
  ].flatMap((word) =>
    [...text.matchAll(new RegExp(`.{0,60}${word.source}.{0,40}`, `g${word.flags}`))].map((m) => m[0]),
  );
  assert.deepEqual(found, [], 'the report speaks of a method the statute does not allow');
});
