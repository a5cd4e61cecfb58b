// The example reports are made through the workflow (`npm run examples`, scripts/examples/): this runs it into a
// temporary directory and reads back, from each example's review record and verify answer, that the rules held:
// Gate 2 decided by someone who neither locked the assumptions nor approved Gate 1, and every signature made
// by someone holding the registration the statute (and, under the IBC, the asset class) asks for.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeExamples, type MadeExample } from '../../../scripts/examples/make.js';
import { createEmptyPostgresDatabase, usingPostgres } from '../../helpers/db.js';
import { pdfText } from '../../helpers/pdf.js';

let outDir: string;
let made: MadeExample[];
let dropDatabase: (() => Promise<void>) | undefined;

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'vs-examples-test-'));
  let databaseUrl: string | undefined;
  if (usingPostgres()) {
    const db = await createEmptyPostgresDatabase();
    databaseUrl = db.url;
    dropDatabase = db.drop;
  }
  made = await makeExamples(outDir, { databaseUrl });
}, { timeout: 600_000 });

after(async () => {
  rmSync(outDir, { recursive: true, force: true });
  await dropDatabase?.();
});

const text = (path: string) => pdfText(readFileSync(join(outDir, path)));
/** The last decision of a gate in the review record (the round the report was issued from). */
function lastDecider(record: string, gate: RegExp, decision = 'Approved'): string {
  const all = [...record.matchAll(new RegExp(`${gate.source} ${decision} ([A-Z][A-Za-z.' ]+?) \\d{1,2} [A-Z][a-z]+`, 'g'))];
  assert.ok(all.length > 0, `no ${decision} decision for ${gate.source} in the review record`);
  return all.at(-1)![1];
}

test('five examples, one per statute and two for the IBC, each FINAL, sealed and verified', () => {
  assert.deepEqual(made.map((m) => m.slug), ['rule-11ua', 'companies-act-sec-62', 'fema-rbi', 'ibc-cirp', 'ibc-liquidation']);
  for (const m of made) {
    assert.equal(m.verify.valid, true, m.slug);
    assert.equal(m.verify.kind, 'FINAL', m.slug);
    assert.equal(m.verify.sha256, m.reportSha256, m.slug);
    assert.equal(m.verify.place, 'Pune', m.slug);
    assert.ok(readFileSync(join(outDir, m.files.workpapers)).subarray(0, 2).equals(Buffer.from('PK')), `${m.slug}: workpapers are a zip`);
  }
});

test('Gate 2 is approved by someone who neither locked the assumptions nor approved Gate 1, in every round', () => {
  for (const m of made) {
    const record = text(m.files.reviewRecord);
    const locker = [...record.matchAll(/Locked ([A-Z][A-Za-z.' ]+?), \d{1,2} [A-Z][a-z]+ \d{4}/g)].at(-1)?.[1];
    const gate1 = lastDecider(record, /Gate 1: data verification/);
    const gate2 = lastDecider(record, /Gate 2: methodology and assumptions/);
    const gate3 = lastDecider(record, /Gate 3: final sign-off/);
    assert.ok(locker, `${m.slug}: the review record names who locked`);
    assert.notEqual(gate2, locker, `${m.slug}: Gate 2 by the locker`);
    assert.notEqual(gate2, gate1, `${m.slug}: Gate 2 by the Gate 1 approver`);
    assert.notEqual(gate3, gate2, `${m.slug}: sign-off by the Gate 2 reviewer`);
    assert.equal(gate3, m.verify.signedBy, `${m.slug}: the verify answer names the partner who signed off`);
  }
  // One example went through a return for revision, decided by the reviewer, and a second round.
  const revised = made.filter((m) => /Returned for revision/.test(text(m.files.reviewRecord)));
  assert.deepEqual(revised.map((m) => m.slug), ['companies-act-sec-62']);
  const record = text(revised[0].files.reviewRecord);
  assert.match(record, /Round 2/);
  assert.equal(lastDecider(record, /Gate 2: methodology and assumptions/, 'Returned for revision'), 'Rohan Desai');
  assert.match(record, /Returned for revision Gate 2: methodology and assumptions, Rohan Desai,/, 'the return names the reviewer, not an id');
});

test('each signatory holds the registration its statute asks for; a chartered accountant signs with a UDIN of their membership', () => {
  for (const m of made) {
    const registration = String(m.verify.registration);
    const statute = String(m.verify.statute);
    if (statute === 'FEMA_RBI' || statute === 'RULE_11UA') {
      // FEMA Rule 21: a chartered accountant, a SEBI merchant banker or a practising cost accountant; never "registered valuer".
      const membership = /^ICAI membership no\. (\d{6})$/.exec(registration);
      assert.ok(membership, `${m.slug}: signed as ${registration}`);
      assert.equal(String(m.verify.udin).slice(2, 8), membership[1], `${m.slug}: the UDIN carries the membership number`);
    } else {
      assert.match(registration, /IBBI registered valuer, Securities or financial assets/, m.slug);
      assert.equal(m.verify.udin, undefined, `${m.slug}: no UDIN when not signing as a chartered accountant`);
    }
  }
  // Under the IBC each asset class is signed by a valuer registered for that class.
  for (const m of made.filter((x) => x.slug.startsWith('ibc-'))) {
    const report = text(m.files.report);
    const table = /Estimates by asset class, signed by Asset class Registered valuer Registration (.*?)(?:\d+\. [A-Z]|$)/.exec(report)?.[1] ?? '';
    for (const [label, signer] of [
      ['Land and building', 'Suresh Nair'],
      ['Plant and machinery', 'Kavita Rao'],
      ['Securities or financial assets', 'Vikram Mehta'],
    ]) {
      const row = new RegExp(`${label} ${signer} IBBI/RV/\\d{2}/\\d{4}/\\d{5} \\(IBBI registered valuer, ${label}`).exec(table);
      assert.ok(row, `${m.slug}: ${label} signed by ${signer}, registered for it: ${table.slice(0, 600)}`);
    }
  }
});
