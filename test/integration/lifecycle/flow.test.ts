import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp, asUser, type Session } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, status, upload, VALID_ASSUMPTIONS } from '../../helpers/engagements.js';
import { valuationOf } from '../../helpers/engagements.js';
import { readCsv, readXlsx, writeCsv, writeXlsx } from '../../../src/integrations/spreadsheets/financials-files.js';
import { cellKey, isHeaderRow } from '../../../src/integrations/spreadsheets/financials-grid.js';

const EXAMPLE_VALUE_PER_SHARE = '107.80';

let t: TestApp, admin: Session, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, admin, bearer } = s));

const sample = () => fixture('sample-company.json');

/** The uploaded document `up` answered with, as GET …/documents/{id} shows it now. */
const documentOf = async (engagementId: string, up: { json(): { id: string } }) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${engagementId}/documents/${up.json().id}`,
      headers: bearer,
    })
  ).json();

for (const format of ['json', 'csv', 'xlsx'] as const) {
  test(`CREATED → DATA_INGESTING → DATA_READY → COMPUTING → GATE_1 through a ${format.toUpperCase()} upload`, async () => {
    const e = await createEngagement(t, bearer);
    assert.equal(e.status, 'CREATED');
    const data =
      format === 'json'
        ? Buffer.from(JSON.stringify(sample()))
        : format === 'csv'
          ? writeCsv(sample())
          : await writeXlsx(sample());
    const up = await upload(t, bearer, e.id, 'FINANCIALS', `financials.${format}`, data);
    assert.equal(up.statusCode, 201, up.body);
    assert.equal(up.json().status, 'PARSING');
    assert.equal(await status(t, bearer, e.id), 'DATA_INGESTING');
    await t.worker.drain();
    assert.equal(await status(t, bearer, e.id), 'DATA_READY');
    const doc = await documentOf(e.id, up);
    assert.equal(doc.status, 'PARSED');
    const fin = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/financials`, headers: bearer });
    assert.equal(fin.statusCode, 200);
    assert.ok(fin.json().financials.projections.length >= 3);
    const locked = await lock(t, bearer, e.id);
    assert.equal(locked.statusCode, 200, locked.body);
    assert.equal(await status(t, bearer, e.id), 'COMPUTING');
    await t.worker.drain();
    assert.equal(await status(t, bearer, e.id), 'GATE_1');
    const valuation = await t.app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${e.id}/valuation`,
      headers: bearer,
    });
    assert.equal(valuation.statusCode, 200, valuation.body);
    assert.ok(valuation.json().methods.some((m: { method: string }) => m.method === 'DCF'));
    assert.equal(valuation.json().engineVersion, '1.0.0');
  });
}

test('a CSV file with a bad cell is rejected naming its row and column; the engagement goes back to CREATED', async () => {
  const e = await createEngagement(t, bearer);
  const csv = writeCsv(sample()).toString('utf8').split('\n');
  // Column A holds the label and, on a second line inside the quoted cell, the key: the row's line starts with it.
  const lineNo = csv.findIndex((l) => l.startsWith('revenue",'));
  assert.ok(lineNo > 0, 'the template has a revenue row');
  // A spreadsheet's row: one record per row, however many lines its label cells take in the text.
  const rowNo = readCsv(csv.slice(0, lineNo + 1).join('\n')).length;
  const cells = csv[lineNo].split(',');
  cells[2] = 'lots';
  csv[lineNo] = cells.join(',');
  const up = await upload(t, bearer, e.id, 'FINANCIALS', 'bad.csv', Buffer.from(csv.join('\n')));
  assert.equal(up.statusCode, 201);
  await t.worker.drain();
  assert.equal(await status(t, bearer, e.id), 'CREATED');
  const doc = await documentOf(e.id, up);
  assert.equal(doc.status, 'REJECTED');
  const err = doc.errors[0];
  assert.equal(`${err.location}: ${err.message}`, `row ${rowNo}, column FY2028: not a number`);
});

test('an unbalanced balance sheet is rejected naming the difference; earlier financials stand (back to DATA_READY)', async () => {
  const e = await createEngagement(t, bearer);
  await upload(t, bearer, e.id, 'FINANCIALS', 'ok.json', Buffer.from(JSON.stringify(sample())));
  await t.worker.drain();
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  const unbalanced = sample();
  unbalanced.balanceSheet.cashAndCashEquivalents += 7;
  const up = await upload(t, bearer, e.id, 'FINANCIALS', 'unbalanced.json', Buffer.from(JSON.stringify(unbalanced)));
  await t.worker.drain();
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  const doc = await documentOf(e.id, up);
  assert.equal(doc.status, 'REJECTED');
  const balance = doc.errors.find((x: { path: string }) => x.path === '/balanceSheet');
  assert.ok(balance, JSON.stringify(doc.errors));
  const unit =
    unbalanced.unit === 'LAKHS'
      ? 100000
      : unbalanced.unit === 'CRORES'
        ? 10000000
        : unbalanced.unit === 'THOUSANDS'
          ? 1000
          : 1;
  const rupees = (7 * unit).toLocaleString('en-IN');
  assert.ok(balance.message.includes(rupees) || balance.message.includes(String(7 * unit)), balance.message);
});

test('the audit trail lists every step, oldest first, with actor and request id', async () => {
  const e = await createEngagement(t, { ...bearer, 'x-request-id': 'trail-create' });
  await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(sample())));
  await t.worker.drain();
  await lock(t, { ...bearer, 'x-request-id': 'trail-lock' }, e.id);
  await t.worker.drain();
  const events = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/events`, headers: asUser(admin) })
  ).json();
  const steps = events.map(
    (x: { action: string; toStatus: string | null }) => `${x.action}${x.toStatus ? `→${x.toStatus}` : ''}`,
  );
  assert.deepEqual(steps, [
    'engagement.created→CREATED',
    'document.uploaded',
    'engagement.upload_financials→DATA_INGESTING',
    'engagement.ingest_succeeded→DATA_READY',
    'assumptions.locked',
    'engagement.start_computation→COMPUTING',
    'engagement.computation_succeeded→GATE_1',
    'report.generated',
  ]);
  // The audit entry carries our own request id; the caller's value is kept apart (docs/decisions.md, Request ids).
  assert.match(events[0].requestId, /^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.equal(events[0].clientRequestId, 'trail-create');
  assert.equal(events[0].actor.type, 'API_TOKEN');
  assert.match(events[4].requestId, /^req_/);
  assert.equal(events[4].clientRequestId, 'trail-lock');
  assert.equal(events[3].actor.type, 'SYSTEM');
});

test('the outbox holds stage_changed for each transition and gate_pending on entering GATE_1, in sequence', async () => {
  const e = await createEngagement(t, bearer);
  await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(sample())));
  await t.worker.drain();
  await lock(t, bearer, e.id, VALID_ASSUMPTIONS);
  await t.worker.drain();
  const rows = await t.db.query<{
    type: string;
    sequence: number;
    payload: { data: { engagement: { status: string }; previousStatus: string } };
  }>('SELECT type, sequence, payload FROM outbox_events WHERE engagement_id = $1 ORDER BY sequence', [e.id]);
  assert.deepEqual(
    rows.map((r) => `${r.sequence}:${r.type}:${r.payload.data.engagement.status}`),
    [
      '1:engagement.stage_changed:DATA_INGESTING',
      '2:engagement.stage_changed:DATA_READY',
      '3:engagement.stage_changed:COMPUTING',
      '4:engagement.stage_changed:GATE_1',
      '5:engagement.gate_pending:GATE_1',
    ],
  );
  assert.equal(rows[0].payload.data.previousStatus, 'CREATED');
});

const FORMATS = ['json', 'csv', 'xlsx'] as const;
const download = (name: string) => t.app.inject({ method: 'GET', url: `/api/v1/templates/${name}`, headers: bearer });

/** Every leaf of a JSON value, with its path. */
const leaves = (value: unknown, path = ''): [string, unknown][] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}/${k}`))
    : [[path, value]];

test('the templates are blank: no value in any field, and uploaded unchanged they are rejected field by field', async () => {
  for (const format of FORMATS) {
    const res = await download(`financials.${format}`);
    assert.equal(res.statusCode, 200, format);
    assert.match(String(res.headers['content-disposition']), new RegExp(`financials-template-blank\\.${format}`));
    if (format === 'json') {
      const filled = leaves(JSON.parse(res.body)).filter(([, v]) => v !== null);
      assert.deepEqual(filled, [], 'every field of the blank JSON is null');
    } else {
      const grid = format === 'csv' ? readCsv(res.rawPayload) : await readXlsx(res.rawPayload);
      const valued = grid.filter(
        (row) =>
          !isHeaderRow(row) &&
          !String(row[0] ?? '').startsWith('#') &&
          row.slice(1).some((c) => c !== null && c !== ''),
      );
      assert.deepEqual(valued, [], `no value in the blank ${format}`);
      assert.ok(
        grid.some((row) => cellKey(row[0]) === 'balanceSheet.inventories'),
        `${format}: the blank template still lists every field`,
      );
      // The valuer's label, with the key path on the cell's second line for whoever maps a file.
      assert.ok(
        grid.some((row) => row[0] === 'Property, plant and equipment\nbalanceSheet.propertyPlantEquipment'),
        `${format}: column A names the field in the valuer's words, the key below`,
      );
    }
    const e = await createEngagement(t, bearer);
    const up = await upload(t, bearer, e.id, 'FINANCIALS', `blank.${format}`, res.rawPayload);
    assert.equal(up.statusCode, 201, up.body);
    await t.worker.drain();
    assert.equal(await status(t, bearer, e.id), 'CREATED', `${format}: a blank template values nothing`);
    const doc = await documentOf(e.id, up);
    assert.equal(doc.status, 'REJECTED', format);
    const paths = doc.errors.map((err: { path: string }) => err.path);
    // An empty projections table in CSV/XLSX is no projections (a valuation without a DCF); the blank JSON's one
    // blank projection year is named.
    const named = ['/balanceSheetDate', '/shares', '/balanceSheet', ...(format === 'json' ? ['/projections'] : [])];
    for (const field of named) {
      assert.ok(
        paths.some((p: string) => p.startsWith(field)),
        `${format}: the rejection names ${field} (${paths.join(', ')})`,
      );
    }
  }
});

test('the example files (JSON, CSV, XLSX) each ingest and value to the same figures as the example company always has', async () => {
  const conclusions: string[] = [];
  for (const format of FORMATS) {
    const res = await download(`financials-example.${format}`);
    assert.equal(res.statusCode, 200, format);
    assert.match(String(res.headers['content-disposition']), new RegExp(`financials-example\\.${format}`));
    const e = await createEngagement(t, bearer);
    const up = await upload(t, bearer, e.id, 'FINANCIALS', `example.${format}`, res.rawPayload);
    assert.equal(up.statusCode, 201, `${format}: ${up.body}`);
    await t.worker.drain();
    assert.equal(await status(t, bearer, e.id), 'DATA_READY', format);
    assert.equal((await lock(t, bearer, e.id)).statusCode, 200, format);
    await t.worker.drain();
    const v = await valuationOf(t, bearer, e.id);
    conclusions.push(v.conclusion.valuePerShare);
  }
  // The figure the example company has valued to under these assumptions since the templates were filled in.
  assert.deepEqual(conclusions, [EXAMPLE_VALUE_PER_SHARE, EXAMPLE_VALUE_PER_SHARE, EXAMPLE_VALUE_PER_SHARE]);
});
