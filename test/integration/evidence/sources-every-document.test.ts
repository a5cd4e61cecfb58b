// The report's Sources of information lists every document relied upon, however many there are (docs/evidence.md,
// Documents): with 201 and with 1,000 evidence documents the report rendered by the worker shows the first and the
// last evidence and the financials, and one SHA-256 digest per document stored.
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
  const listed = [...text.matchAll(/SHA-256: ([0-9a-f]{64})/g)].map((m) => m[1]);
  assert.equal(listed.length, n + 1, `${n} evidence documents and the financials, each with its digest`);
  assert.deepEqual(new Set(listed), new Set(sha256s));
  for (const expected of [title(1, n), title(n, n), 'Financial data of the company, as submitted for this valuation']) {
    assert.ok(text.includes(expected), `the report lists ${expected}`);
  }
  // Evidence first, in the order received, then the financials, numbered to the end.
  assert.ok(text.indexOf(title(1, n)) < text.indexOf(title(n, n)));
  assert.ok(text.includes(`${n + 1}. Financial data of the company`), `the financials are listed as number ${n + 1}`);
  assert.doesNotMatch(
    text,
    /confirmation-\d+\.pdf|financials\.json|received \d+ \w+ \d{4}, \d\d:\d\d IST/,
    'no upload file names or minutes of arrival',
  );
}

test('201 evidence documents: the report lists all of them and the financials', async () => {
  const { text, sha256s } = await reportWithEvidence(201);
  assertEveryDocumentListed(text, sha256s, 201);
});

test('1,000 evidence documents: the report lists all of them, the first and the financials included', async () => {
  const started = Date.now();
  const { text, sha256s } = await reportWithEvidence(1000);
  assertEveryDocumentListed(text, sha256s, 1000);
  console.log(`1,000 evidence documents stored and the report rendered in ${Date.now() - started} ms`);
});
