// The report's Sources of information lists every document relied upon, however many there are (docs/evidence.md,
// Documents): with 201 and with 1,000 evidence documents the report rendered by the worker lists every one, numbered
// in the order received, by its title, date and provider; the files' SHA-256 digests stay in the review record, and
// the financials entered from the documents are not listed as a document of their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/pdf.js';
import { adminTokenApp, type Session } from '../../helpers/principals.js';
import { person } from '../../helpers/service.js';
import { createEngagement, lock, uploadFixture } from '../../helpers/engagements.js';
import { uploadDocument } from '../../../src/features/engagements/documents.service.js';

let t: TestApp;
let admin: Session;
let bearer: Record<string, string>;
adminTokenApp((s) => ({ t, admin, bearer } = s));

const title = (i: number, n: number) => `Bank confirmation no. ${String(i).padStart(4, '0')} of ${n}`;

/** An engagement with its financials and `n` evidence documents (through the upload service), valued to GATE_1. */
async function reportWithEvidence(n: number): Promise<{ text: string; sha256s: string[] }> {
  const e = await createEngagement(t, bearer);
  const financials = await uploadFixture(t, bearer, e.id);
  assert.equal(financials.statusCode, 201, financials.body);
  await t.worker.drain();
  const uploader = person(admin, 'ADMIN', 'Asha Admin');
  const sha256s = [financials.json().sha256 as string];
  for (let i = 1; i <= n; i++) {
    const data = Buffer.from(`%PDF-1.4\n% evidence ${i} of ${n}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
    const stored = await uploadDocument(t.app.services, uploader, e.id, {
      kind: 'EVIDENCE',
      fileName: `confirmation-${i}.pdf`,
      data,
      evidence: { title: title(i, n), documentDate: '2026-05-18', providedBy: 'The management of the company' },
    });
    sha256s.push(stored.sha256);
    assert.equal(stored.sha256, createHash('sha256').update(data).digest('hex'));
  }
  const locked = await lock(t, bearer, e.id);
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  const report = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: bearer });
  assert.equal(report.statusCode, 200, report.body);
  return { text: pdfText(report.rawPayload), sha256s };
}

function assertEveryDocumentListed(text: string, sha256s: string[], n: number) {
  // Evidence first, in the order received, numbered to the end; each by its title.
  for (let i = 1; i <= n; i++)
    assert.ok(text.includes(`${i}. ${title(i, n)}`), `the report lists ${title(i, n)} as number ${i}`);
  assert.ok(text.indexOf(title(1, n)) < text.indexOf(title(n, n)));
  // No digest and no data entry of the firm's in the client's report.
  for (const sha of sha256s) assert.ok(!text.includes(sha), `the report prints the digest ${sha}`);
  assert.doesNotMatch(text, /SHA-256|as submitted for this valuation/);
  assert.doesNotMatch(
    text,
    /confirmation-\d+\.pdf|financials\.json|received \d+ \w+ \d{4}, \d\d:\d\d IST/,
    'no upload file names or minutes of arrival',
  );
}

test('201 evidence documents: the report lists all of them', async () => {
  const { text, sha256s } = await reportWithEvidence(201);
  assertEveryDocumentListed(text, sha256s, 201);
});

test('1,000 evidence documents: the report lists all of them, the first and the last included', async () => {
  const started = Date.now();
  const { text, sha256s } = await reportWithEvidence(1000);
  assertEveryDocumentListed(text, sha256s, 1000);
  console.log(`1,000 evidence documents stored and the report rendered in ${Date.now() - started} ms`);
});
