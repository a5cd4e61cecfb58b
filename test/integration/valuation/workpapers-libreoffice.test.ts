// The workpapers as a reader of LibreOffice Calc sees them: converted headless to CSV with every cell
// "as shown", amounts must read in Indian grouping at every magnitude and sign (docs/decisions.md, Workpapers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, fixture, sourced, upload, PROJECTIONS_NOTE } from '../../helpers/engagements.js';
import { CAPM_RATIONALE, lockedAndValued } from '../../helpers/engagements.js';
import { libreOfficeSheets } from '../../helpers/libreoffice.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

/**
 * Every sheet of an XLSX as LibreOffice shows it: sheet name → rows of displayed cell text. Filter options: comma,
 * double quote, UTF-8, from row 1, …, token 9 "save cell contents as shown" (true), every sheet (-1).
 */
const asShownInLibreOffice = (xlsx: Buffer) =>
  libreOfficeSheets(xlsx, { filter: '44,34,76,1,,0,false,true,true,false,false,-1', timeoutMs: 120_000 });

test("LibreOffice shows the workpapers' amounts in Indian grouping: ≥ ₹100 crore, negatives with a minus sign, share counts as integers", async () => {
  // A company in ₹ crore with negative reserves: balance-sheet lines well above ₹100 crore, of both signs.
  const financials = { ...fixture('startup-negative-fcff.json'), unit: 'CRORES' };
  const e = await createEngagement(t, bearer, { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  assert.equal(
    (await upload(t, bearer, e.id, 'FINANCIALS', 'crore.json', Buffer.from(JSON.stringify(sourced(financials)))))
      .statusCode,
    201,
  );
  await t.worker.drain();
  await lockedAndValued(t, bearer, e.id, {
    wacc: 16,
    terminalGrowthRate: 5,
    rationale: CAPM_RATIONALE,
    projectionsReasonableness: PROJECTIONS_NOTE,
    methodWeights: { DCF: 50, NAV: 50 },
    weightsRationale: 'Early-stage company: income and cost approaches weighed alike.',
  });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${e.id}/valuation/workpapers.xlsx`,
    headers: bearer,
  });
  assert.equal(res.statusCode, 200, res.body);

  const sheets = asShownInLibreOffice(res.rawPayload);
  const inputs = sheets.get('Inputs');
  assert.ok(inputs, `an Inputs sheet among ${[...sheets.keys()].join(', ')}`);
  const row = (label: string) => inputs.find((r) => r[0] === label);
  // ₹500 crore of share capital and −₹120.50 crore of reserves, as a reader of Indian accounts writes them.
  assert.equal(row('Equity share capital')?.[1], '₹5,00,00,00,000.00');
  assert.equal(row('Reserves and surplus')?.[1], '-₹1,20,50,00,000.00');
  assert.equal(row('Equity shares outstanding')?.[1], '5,00,000');

  // Every amount LibreOffice shows on any sheet is in Indian grouping: no Western thousands grouping anywhere.
  const amounts = [...sheets.values()].flat(2).filter((c) => /^-?₹/.test(c));
  assert.ok(amounts.length > 50, `amounts shown: ${amounts.length}`);
  const indian = /^-?₹(\d{1,2},)?(\d{2},)*\d{1,3}\.\d{2}$|^-?₹\d{1,3}\.\d{2}$/;
  const wrong = amounts.filter((c) => !indian.test(c) || /^-?₹\d{1,3},\d{3},/.test(c));
  assert.deepEqual(
    wrong,
    [],
    `amounts not in Indian grouping: ${JSON.stringify([...sheets].flatMap(([n, rows]) => rows.filter((r) => r.some((c) => wrong.includes(c))).map((r) => [n, ...r])))}`,
  );
  assert.ok(
    amounts.some((c) => /^₹\d{1,2}(,\d{2}){3,},\d{3}\.\d{2}$/.test(c)),
    'an amount of at least ₹100 crore',
  );
  assert.ok(
    amounts.some((c) => c.startsWith('-₹')),
    'a negative amount',
  );
});
