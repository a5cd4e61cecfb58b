// Names and titles read as they were written (docs/decisions.md, Names and titles as shown): a bidirectional control
// character in an uploaded file's name or an evidence document's title or provider is refused with 400 naming the
// field and the character, for every kind of document, and nothing is stored; right-to-left letters are accepted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, fixture, upload } from '../../helpers/engagements.js';

let t: TestApp;
let bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const PDF = Buffer.from('%PDF-1.4\n% evidence\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const FINANCIALS = Buffer.from(JSON.stringify(fixture('sample-company.json')));
const DESCRIBED = {
  title: 'Board resolution approving the projections',
  documentDate: '2026-05-18',
  providedBy: 'The management of the company',
};
const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

async function documentsOf(id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/documents`, headers: bearer })).json();
}

test('a file name with a right-to-left override is refused for every kind, naming /file and U+202E', async () => {
  const e = await createEngagement(t, bearer);
  const name = 'invoice\u202efdp.exe';
  for (const [kind, data, fields] of [
    ['EVIDENCE', PDF, DESCRIBED],
    ['SUPPORTING', PDF, {}],
    ['FINANCIALS', FINANCIALS, {}],
  ] as const) {
    const res = await upload(t, bearer, e.id, kind, name, data, fields);
    assert.equal(res.statusCode, 400, `${kind}: ${res.body}`);
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    const body = res.json();
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(
      body.errors.map((x: { path: string }) => x.path),
      ['/file'],
    );
    assert.match(body.errors[0].message, /^the file name contains a bidirectional control character \(U\+202E\)/);
  }
  // Nothing was stored, and the engagement did not move.
  assert.deepEqual(await documentsOf(e.id), []);
  const engagement = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: bearer });
  assert.equal(engagement.json().status, 'CREATED');
});

test('every bidirectional control is refused, in the file name, the title and the provider, each by its field', async () => {
  const e = await createEngagement(t, bearer);
  for (const c of BIDI) {
    const inName = await upload(t, bearer, e.id, 'EVIDENCE', `report${c}.pdf`, PDF, DESCRIBED);
    assert.equal(inName.statusCode, 400, `${codePoint(c)} in the name: ${inName.body}`);
    assert.equal(inName.json().errors[0].path, '/file');
    assert.ok(inName.json().errors[0].message.includes(codePoint(c)), inName.body);

    const inTitle = await upload(t, bearer, e.id, 'EVIDENCE', 'report.pdf', PDF, {
      ...DESCRIBED,
      title: `Valuation ${c}of land`,
      providedBy: `The ${c}management`,
    });
    assert.equal(inTitle.statusCode, 400, `${codePoint(c)} in the title: ${inTitle.body}`);
    assert.deepEqual(
      inTitle.json().errors.map((x: { path: string; message: string }) => [x.path, x.message.includes(codePoint(c))]),
      [
        ['/title', true],
        ['/providedBy', true],
      ],
    );
  }
  assert.deepEqual(await documentsOf(e.id), []);
});

test('right-to-left letters are text, not controls: an Arabic or Hebrew name and title are stored as sent', async () => {
  const e = await createEngagement(t, bearer);
  const res = await upload(t, bearer, e.id, 'EVIDENCE', 'عقد-الإيجار.pdf', PDF, {
    ...DESCRIBED,
    title: 'חוזה שכירות (lease agreement)',
  });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(res.json().fileName, 'عقد-الإيجار.pdf');
  assert.equal(res.json().title, 'חוזה שכירות (lease agreement)');
});
