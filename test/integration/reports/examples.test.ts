// The example reports are made through the workflow (`npm run examples`, scripts/examples/): this runs it into a
// temporary directory and reads back, from each example's review record and verify answer, that the rules held:
// Gate 2 decided by someone who neither locked the assumptions nor approved Gate 1, and every signature made
// by someone holding the registration the statute (and, under the IBC, the asset class) asks for.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeExamples, type MadeExample } from '../../../scripts/examples/make.js';
import { partnerUdin } from '../../../scripts/examples/firm.js';
import { EXAMPLE_PLANS, PROPOSED_ISSUE_DATE } from '../../../scripts/examples/plans.js';
import type { TransactionFacts } from '../../../src/contract/transaction-facts.js';
import { formatDate, rupees } from '../../../src/reports/format.js';
import { createEmptyPostgresDatabase, usingPostgres } from '../../helpers/db.js';
import { assertShows, pdfText } from '../../helpers/pdf.js';
import { discountRows, runningSumFailures, totalFailures } from '../../helpers/footing.js';
import { figureChecks } from '../../helpers/example-figures.js';
import { annexureChecks } from '../../helpers/example-annexures.js';
import { ibcExampleChecks } from '../../helpers/example-ibc-checks.js';
import { caseFileChecks } from '../../helpers/example-case-file.js';
import { signatureChecks } from '../../helpers/example-signatures.js';

let outDir: string;
let made: MadeExample[];
let dropDatabase: (() => Promise<void>) | undefined;

before(
  async () => {
    outDir = mkdtempSync(join(tmpdir(), 'vs-examples-test-'));
    let databaseUrl: string | undefined;
    if (usingPostgres()) {
      const db = await createEmptyPostgresDatabase();
      databaseUrl = db.url;
      dropDatabase = db.drop;
    }
    made = await makeExamples(outDir, { databaseUrl });
  },
  { timeout: 600_000 },
);

after(async () => {
  if (!process.env.KEEP_EXAMPLES) rmSync(outDir, { recursive: true, force: true });
  await dropDatabase?.();
});

// Checks on the same examples, each in its own helper (test/helpers/example-*.ts): per-share figures, present values
// and the workpapers' cached values; the equity annexures; one company, calendar and UDIN per report; each signer's
// own DSC on the issued copy; the IBC examples' insolvency facts, premises and exclusions.
const file = (path: string) => text(path);
figureChecks(
  () => made,
  () => outDir,
);
annexureChecks(
  () => made,
  () => outDir,
);
caseFileChecks(() => made, file);
signatureChecks(() => made);
ibcExampleChecks(() => made, file);

const text = (path: string) => pdfText(readFileSync(join(outDir, path)));
/** The last decision of a gate in the review record (the round the report was issued from). */
function lastDecider(record: string, gate: RegExp, decision = 'Approved'): string {
  const all = [
    ...record.matchAll(new RegExp(`${gate.source} ${decision} ([A-Z][A-Za-z.' ]+?) \\d{1,2} [A-Z][a-z]+`, 'g')),
  ];
  assert.ok(all.length > 0, `no ${decision} decision for ${gate.source} in the review record`);
  return all.at(-1)![1];
}

test('five examples, one per statute and two for the IBC, each FINAL, sealed and verified', () => {
  assert.deepEqual(
    made.map((m) => m.slug),
    ['rule-11ua', 'companies-act-sec-62', 'fema-rbi', 'ibc-cirp', 'ibc-liquidation'],
  );
  for (const m of made) {
    assert.equal(m.verify.valid, true, m.slug);
    assert.equal(m.verify.kind, 'FINAL', m.slug);
    assert.equal(m.verify.sha256, m.reportSha256, m.slug);
    assert.equal(m.verify.place, 'Pune', m.slug);
    assert.ok(
      readFileSync(join(outDir, m.files.workpapers)).subarray(0, 2).equals(Buffer.from('PK')),
      `${m.slug}: workpapers are a zip`,
    );
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
  assert.deepEqual(
    revised.map((m) => m.slug),
    ['companies-act-sec-62'],
  );
  const record = text(revised[0].files.reviewRecord);
  assert.match(record, /Round 2/);
  assert.equal(lastDecider(record, /Gate 2: methodology and assumptions/, 'Returned for revision'), 'Rohan Desai');
  assert.match(
    record,
    /Returned for revision Gate 2: methodology and assumptions, Rohan Desai,/,
    'the return names the reviewer, not an id',
  );
});

test('each signatory holds the registration its statute asks for; a chartered accountant signs with a UDIN of their membership', () => {
  for (const m of made) {
    const registration = String(m.verify.registration);
    const statute = String(m.verify.statute);
    if (statute === 'FEMA_RBI' || statute === 'RULE_11UA') {
      // FEMA Rule 21: a chartered accountant, a SEBI merchant banker or a practising cost accountant; never "registered valuer".
      const membership = /^ICAI membership no\. (\d{6})$/.exec(registration);
      assert.ok(membership, `${m.slug}: signed as ${registration}`);
      assert.equal(
        String(m.verify.udin).slice(2, 8),
        membership[1],
        `${m.slug}: the UDIN carries the membership number`,
      );
      // The portal's shape: the year, the membership number, six letters and four digits.
      assert.match(String(m.verify.udin), /^\d{2}\d{6}[A-Z]{6}\d{4}$/, `${m.slug}: a UDIN of the portal's shape`);
    } else {
      assert.match(registration, /IBBI registered valuer, Securities or financial assets/, m.slug);
      assert.equal(m.verify.udin, undefined, `${m.slug}: no UDIN when not signing as a chartered accountant`);
    }
  }
});

/** The report's pages as pdftotext lays them out (form feeds between pages). */
function pages(path: string): string[] {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(outDir, path), '-'], { encoding: 'utf8' }).split(
    '\f',
  );
}

test('the contents list names every section heading of the body, with the page it starts on', () => {
  for (const m of made) {
    const all = pages(m.files.report);
    // Page 1 the cover, page 2 the executive summary, page 3 the contents.
    const listed = [...all[2].matchAll(/^(\d+)\. (.+?)\s{2,}(\d+)\s*$/gm)].map((x) => ({
      n: Number(x[1]),
      title: x[2],
      page: Number(x[3]),
    }));
    assert.ok(listed.length >= 12, `${m.slug}: ${listed.length} entries in the contents`);
    assert.deepEqual(
      listed.map((x) => x.n),
      listed.map((_, i) => i + 1),
      `${m.slug}: numbered in order`,
    );
    // Each heading in the body, in order, where the contents list says.
    let from = 3;
    for (const entry of listed) {
      const at = all.findIndex(
        (page, i) =>
          i >= from &&
          new RegExp(`^${entry.n}\\. ${escape(entry.title.split(' ').slice(0, 4).join(' '))}`, 'm').test(page),
      );
      assert.ok(at >= 0, `${m.slug}: section ${entry.n} "${entry.title}" not found in the body`);
      assert.equal(
        at + 1,
        entry.page,
        `${m.slug}: "${entry.title}" starts on page ${at + 1}, the contents say ${entry.page}`,
      );
      from = at;
    }
    const last = listed.length;
    assert.ok(
      !all.slice(from).some((page) => new RegExp(`^${last + 1}\\. [A-Z][a-z]+ [a-z]`, 'm').test(page)),
      `${m.slug}: a section after ${last} is not listed`,
    );
  }
});

test('the conclusion on page 1 and in the executive summary on page 2, as the verify answer gives it', () => {
  for (const m of made) {
    const [cover, summary] = pages(m.files.report).map((p) => p.replace(/\s+/g, ' '));
    const c = m.concluded;
    // The public verify answer gives an equity report's conclusion; an IBC valuation's values are confidential.
    if (/^ibc-/.test(m.slug)) assert.equal(m.verify.conclusion, undefined, `${m.slug}: no values in the verify answer`);
    else assert.deepEqual(m.verify.conclusion, c, `${m.slug}: the verify answer's conclusion`);
    assert.ok(summary.includes('Executive summary'), `${m.slug}: page 2 is the executive summary`);
    for (const [where, page] of Object.entries({ cover, summary })) {
      const shown =
        c.valuePerShare !== null
          ? [`Value per equity share ${rupees(c.valuePerShare)}`, 'Value in total ₹', 'Level of value ']
          : c.values.map((x) =>
              /as a whole/.test(x.label)
                ? `${rupees(x.totalValue)} (its assets, tangible and intangible`
                : `${x.label}, in total ${rupees(x.totalValue)} (the assets, gross)`,
            );
      for (const s of [...shown, 'Basis of value ', 'Premise of value '])
        assert.ok(page.includes(s), `${m.slug}: the ${where} shows "${s}"`);
    }
  }
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const paise = (s: string) => BigInt(s.replace(/[₹,]/g, '').replace('−', '-').replace('.', ''));

test('the weighting adds up: the printed weighted values and any rounding difference make the printed conclusion', () => {
  let tables = 0;
  for (const m of made) {
    const lines = pages(m.files.report).join('\n').split('\n');
    const start = lines.findIndex((l) => /^Weighting of methods/.test(l));
    if (start < 0) continue;
    tables++;
    const end = lines.findIndex((l, i) => i > start && /\b100%\s+₹[\d,]+\.\d{2}\s*$/.test(l));
    assert.ok(end > start, `${m.slug}: the weighting table has a total row`);
    const amount = (l: string) => paise(/(−?₹[\d,]+\.\d{2})\s*$/.exec(l)![1]);
    const parts = lines
      .slice(start + 1, end)
      .filter((l) => /\d%\s+−?₹[\d,]+\.\d{2}\s*$/.test(l) || /^Rounding difference\s.*₹/.test(l));
    assert.ok(parts.length >= 2, `${m.slug}: rows of the weighting table: ${lines.slice(start, end + 1).join('\n')}`);
    assert.equal(
      parts.map(amount).reduce((a, b) => a + b, 0n),
      amount(lines[end]),
      `${m.slug}: ${parts.join(' | ')} ≠ ${lines[end]}`,
    );
  }
  assert.ok(tables >= 2, 'the s.62 and FEMA examples weigh their methods');
});

/** Codes and engine phrases a client's report must never show (the report speaks of methods and law, not of our code). */
const INTERNAL = [
  /\b(COMPARABLES|TRANSACTIONS|RECENT_ROUND|NAV_11UA_1CB|NAV_11UA_2A|NAV_RULE_57|IBC_LIQUIDATION|RULE_11UA|FEMA_RBI|COMPANIES_ACT_SEC_62)\b/,
  /\b(ISSUE_TO_NON_RESIDENT|TRANSFER_OR_RECEIPT|ISSUE_OF_SHARES|CIRP_FAIR_AND_LIQUIDATION_VALUE|LIQUIDATION_REALISABLE_VALUE|HALF_UP_TO_PAISA_FOR_PRESENTATION_ONLY)\b/,
  /\b[A-Z]+(_[A-Z0-9]+){1,}\b/, // any other SCREAMING_SNAKE code
  /valuation engine/i,
  /significant digits/i,
  /engine default/i,
  /usr_[0-9A-Z]{10,}/,
  /\b\d{4}-\d{2}-\d{2}\b/, // a date as the API writes it; people read "31 March 2026"
  /\b[a-z]+[A-Z][A-Za-z]*\.[a-z]+[A-Z][A-Za-z]*\b/, // a field path of the API (equityBridge.cashAtValuationDate)
  /\((EQUITY|PREFERENCE|CCPS|CCD|ESOP|WARRANT)\)/,
];

test('every running sum, total and discount the reports print holds on the printed figures', () => {
  let rowsRead = 0;
  for (const m of made) {
    const layout = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(outDir, m.files.report), '-'], {
      encoding: 'utf8',
    }).split('\f');
    const discounts = discountRows(text(m.files.report));
    rowsRead += discounts.checked;
    const failures = [...layout.flatMap(runningSumFailures), ...layout.flatMap(totalFailures), ...discounts.failures];
    assert.deepEqual(failures, [], m.slug);
  }
  assert.ok(rowsRead >= 6, `the discount rows of the s.62 and FEMA examples were read (${rowsRead})`);
  // The checks can fail: a column that does not add up, and a discount off by a paisa, are each found.
  assert.equal(runningSumFailures('Equity value      100.00\nLess: debt      −30.00\nNet      71.00\n').length, 1);
  assert.equal(
    totalFailures('Particulars\nLand      10.00\nPlant      5.00\nTotal fair value of assets      16.00').length,
    1,
  );
  assert.equal(discountRows('₹307.69 marketability 10% ₹276.95 50% ₹138.47').failures.length, 1);
});

test("no internal code or engine phrase reaches the client's report", () => {
  for (const m of made) {
    const body = text(m.files.report);
    for (const pattern of INTERNAL)
      assert.doesNotMatch(
        body,
        pattern,
        `${m.slug}: ${pattern} in "${pattern.exec(body)?.[0]}" …${body.slice(Math.max(0, (pattern.exec(body)?.index ?? 0) - 120), (pattern.exec(body)?.index ?? 0) + 80)}`,
      );
  }
});

test("an IBC report values the corporate debtor's assets: no per-share figure, one liquidation value, gross", () => {
  for (const m of made.filter((x) => x.slug.startsWith('ibc-'))) {
    const body = text(m.files.report);
    assert.doesNotMatch(body, /Per share \(₹\)|Value per (equity )?share|₹ per share/, m.slug); // headings and axes; the framework may say it gives none
    assert.doesNotMatch(body, /Left for equity|net of (liquidation )?costs|Shortfall to creditors/i, m.slug);
    assert.match(
      body,
      new RegExp(
        `${m.slug === 'ibc-cirp' ? 'Insolvency' : 'Liquidation'} commencement date \\(valuation date\\) ${formatDate((EXAMPLE_PLANS.find((p) => p.slug === m.slug)!.engagement as { valuationDate: string }).valuationDate)}`,
      ),
    );
    // The gross total of the classes is the one liquidation value printed: Godavari's 381.875 + 150.50 + 160 + 200 + 180
    // + 105.35 lakh; Panchganga's, the liquidation example's own corporate debtor, its own registers' (ibc-*company.ts).
    const label = m.slug === 'ibc-cirp' ? 'Liquidation value' : 'Realisable value';
    const total = m.slug === 'ibc-cirp' ? '11,77,72,500' : '6,17,60,175';
    // pdftotext may read the table's header before or after the first row's label.
    assert.match(body, new RegExp(`${label} (Total value of the assets )?₹${total}\\.00`), m.slug);
    assert.doesNotMatch(body, /1,135\.25|11,35,25,000/, `${m.slug}: the liquidation value net of costs is not printed`);
    assert.match(
      body,
      m.slug === 'ibc-cirp'
        ? /The resolution professional, who manages the affairs of/
        : /The liquidator, who holds the assets/,
    );
    if (m.slug === 'ibc-liquidation')
      assert.doesNotMatch(body, /projections/i, `${m.slug}: no projection is relied on`);
  }
});

test('a FEMA certificate names the capacity its signatory signs in, never "registered valuer", and the proposed date of the issue', () => {
  const fema = made.find((m) => m.slug === 'fema-rbi')!;
  const body = text(fema.files.report);
  assert.doesNotMatch(body, /registered valuer/i);
  assert.match(body, /Chartered accountant Vikram Mehta, ICAI membership no\. 112233/);
  assert.match(body, /Signs as Chartered accountant Registration ICAI membership no\. 112233/);
  assert.ok(body.includes(`UDIN ${partnerUdin('fema-rbi')}`), 'the report carries its own UDIN');
  assert.match(body, /For .* \(ICAI Firm Registration No\. 118402W\)/);
  assert.ok(body.includes(`Proposed date of the issue ${formatDate(PROPOSED_ISSUE_DATE)}`));
});

/**
 * The firm's working file, which stays in the review record and never reaches the client's report
 * (docs/report-signatures.md): review gates, reviewers, the lock, revision rounds, the service's ids, upload file
 * names and sizes, and the service's key, CA and engine words. A share's "lock-in" and a funding "round of
 * October 2025" are the client's facts and may print.
 */
const WORKING_FILE = [
  /\bgates?\b/i,
  /\breview(s|ed|er|ers)?\b/i,
  /\block(s|ed|ing)?\b(?!-in)/i,
  /\brevision\b|\breturned for\b|\b(first|second|third|\d+(st|nd|rd|th)) round\b|\bround after\b/i,
  /\b(rpt|eng|usr|doc|blob|key)_[0-9A-Za-z]{6,}/,
  /\b[\w-]+\.(json|pdf|xlsx|xls|csv|png|jpe?g|docx?)\b/i,
  /\b\d+(\.\d+)? ?(KB|MB|bytes)\b/,
  /Ed25519|Signing CA|service's own CA|ca-certificate|\/api\/v1\/|\bthe service's\b|Valuation Service/i,
  /decimal arithmetic|computed exactly|Certificate of report integrity/i,
];

test("the client's report carries none of the firm's working file; the review record keeps it", () => {
  for (const m of made) {
    const body = text(m.files.report);
    const record = text(m.files.reviewRecord);
    for (const pattern of WORKING_FILE) {
      const hit = pattern.exec(body);
      assert.equal(
        hit,
        null,
        `${m.slug}: ${pattern} in "${hit?.[0]}" …${body.slice(Math.max(0, (hit?.index ?? 0) - 120), (hit?.index ?? 0) + 80)}`,
      );
    }
    // Each file name the firm received, as the review record lists it, is absent from the report.
    const uploads = [...record.matchAll(/: ([\w-]+\.(?:json|pdf|csv|xlsx))/g)].map((x) => x[1]);
    assert.ok(uploads.length >= 1, `${m.slug}: the review record lists the files received`);
    for (const name of uploads) assert.ok(!body.includes(name), `${m.slug}: ${name} printed in the report`);
    // The firm's own reference, gap-free in the firm's series, on the cover, in every footer and in the one line of
    // verification; the service's ids, the hash and the certificate are in the review record.
    const reference = /Firm's reference ([A-Z0-9]+\/\d{4}-\d{2}\/\d{4})/.exec(body)?.[1];
    assert.ok(reference, `${m.slug}: the cover gives the firm's reference`);
    const pages = Number(/Page 1 of (\d+)/.exec(body)![1]);
    assert.equal(body.split(reference).length - 1, pages + 2, `${m.slug}: cover, footers and verification line`);
    assert.match(
      body,
      new RegExp(`Verify this report \\(${escape(reference)}\\) at https?://\\S+/verify, which confirms`),
    );
    assert.ok(record.includes(`FINAL ${reference} (ready)`), `${m.slug}: the review record names the reference`);
    assert.ok(record.includes(`SHA-256 ${m.finalSha256}`), `${m.slug}: the review record keeps the hash`);
    assert.match(record, /Ed25519 signature \(key/, `${m.slug}: the review record keeps the certificate`);
    assert.match(record, /Gate 3: final sign-off/, `${m.slug}: the review record keeps the gates`);
  }
  // One series for the firm: the five FINALs are numbered in order, without a gap.
  const serials = made.map((m) => Number(/Firm's reference \S+\/(\d{4})/.exec(text(m.files.report))![1]));
  assert.deepEqual(
    serials,
    serials.map((_, i) => serials[0] + i),
  );
});

test('each equity example states its transaction: the parties, their shares and price, and the shareholding after naming them', () => {
  const equity = made.filter((m) => !m.slug.startsWith('ibc-'));
  assert.equal(equity.length, 3);
  for (const m of equity) {
    const plan = EXAMPLE_PLANS.find((p) => p.slug === m.slug)!;
    const t = plan.engagement.transaction as TransactionFacts;
    const report = text(m.files.report);
    const parties = t.kind === 'TRANSFER' ? [t.transferor, t.transferee] : t.allottees.map((a) => a.name);
    const after = t.shareholding.map((r) => r.holder);
    for (const p of parties) assert.ok(after.includes(p), `${m.slug}: ${p} is in the shareholding after`);
    assertShows(report, m.slug, [
      ...parties,
      `Shareholding before and after the ${t.kind === 'ISSUE' ? 'issue' : 'transfer'}`,
      'Basis of appointment.',
      ...(t.kind === 'ISSUE' ? t.allottees.map((a) => rupees(a.pricePerShare)) : [rupees(t.consideration)]),
    ]);
  }
});
