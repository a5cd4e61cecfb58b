// Every file opens where it is listed (docs/evidence.md): a document's bytes for any member who may read the
// engagement, a PDF or an image inline (the browser shows it), any other file as an attachment, each named in
// words (the company, the title or "Financials", the date), never by an id; another firm's is not found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { addMember, appWith, asUser, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, fixture, upload } from '../../helpers/engagements.js';
import { documentFileName, dayInWords } from '../../../src/contract/file-names.js';

let t: TestApp;
let admin: Session;
let viewer: Session;
let stranger: Session;
appWith(
  async (app) => {
    const a = await signupAdmin(app, 'Konkan Valuers LLP');
    return { admin: a, viewer: await addMember(app, a, 'VIEWER', 'Vera Viewer'), stranger: await signupAdmin(app) };
  },
  (s) => ({ t, admin, viewer, stranger } = s),
);

const PDF = Buffer.from('%PDF-1.4\n% evidence\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DESCRIBED = {
  title: 'Audited statements: FY 2025/26',
  documentDate: '2026-05-18',
  providedBy: 'The management of the company',
};

const content = (s: Session, engagementId: string, docId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${engagementId}/documents/${docId}/content`,
    headers: asUser(s),
  });

test('an evidence PDF opens inline, named by the company, its title and its date, for a VIEWER too', async () => {
  const e = await createEngagement(t, asUser(admin), { targetEntity: 'Konkan Coastal Logistics Private Limited' });
  const up = await upload(t, asUser(admin), e.id, 'EVIDENCE', 'scan_0042.pdf', PDF, DESCRIBED);
  assert.equal(up.statusCode, 201, up.body);
  for (const who of [admin, viewer]) {
    const res = await content(who, e.id, up.json().id);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.rawPayload, PDF);
    assert.equal(res.headers['content-type'], 'application/pdf');
    const name = 'Konkan Coastal Logistics Private Limited – Audited statements FY 2025 26 – 18 May 2026.pdf';
    assert.equal(
      res.headers['content-disposition'],
      `inline; filename="${name.replace(/–/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    assert.doesNotMatch(String(res.headers['content-disposition']), /eng_|doc_|scan_0042/);
  }
});

test('a financials spreadsheet is a download named "Financials" and the day it was uploaded', async () => {
  const e = await createEngagement(t, asUser(admin), { targetEntity: 'Ratnagiri Mangoes Private Limited' });
  const data = Buffer.from(JSON.stringify(fixture('sample-company.json')));
  const up = await upload(t, asUser(admin), e.id, 'FINANCIALS', 'fin_v3_final.json', data);
  assert.equal(up.statusCode, 201, up.body);
  const res = await content(viewer, e.id, up.json().id);
  assert.equal(res.statusCode, 200, res.body);
  const day = dayInWords(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(up.json().createdAt)),
  );
  assert.match(
    String(res.headers['content-disposition']),
    new RegExp(
      `^attachment; .*filename\\*=UTF-8''${encodeURIComponent(`Ratnagiri Mangoes Private Limited – Financials – ${day}.json`)}$`,
    ),
  );
});

test("another firm's member cannot read a document, nor learn that it exists (404)", async () => {
  const e = await createEngagement(t, asUser(admin));
  const up = await upload(t, asUser(admin), e.id, 'EVIDENCE', 'x.pdf', PDF, DESCRIBED);
  const res = await content(stranger, e.id, up.json().id);
  assert.equal(res.statusCode, 404, res.body);
  assert.equal(res.json().code, 'not_found');
  // And their own engagement with this firm's document id is not found either.
  const own = await createEngagement(t, asUser(stranger));
  assert.equal((await content(stranger, own.id, up.json().id)).statusCode, 404);
});

test('file names in words: dates as "31 Mar 2026", no characters a file system refuses, long titles cut', () => {
  assert.equal(dayInWords('2026-03-31'), '31 Mar 2026');
  const name = documentFileName({
    targetEntity: 'A/B "Quoted" Ltd',
    kind: 'EVIDENCE',
    contentType: 'image/png',
    fileName: 'x.png',
    createdAt: '2026-01-01T00:00:00Z',
    title: 'T'.repeat(400),
    documentDate: '2026-01-02',
  });
  assert.match(name, /^A B Quoted Ltd – T+… – 2 Jan 2026\.png$/);
  assert.ok(new TextEncoder().encode(name).length <= 240);
});
