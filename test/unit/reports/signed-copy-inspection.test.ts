// What a signed copy's appended revision may do (src/reports/pdf-signature/inspect.ts): each kind of change
// that is not a signature is refused by name, in plain and in compressed (object stream) updates. The
// partner's real signatures (pdfsig -add-signature) are tested in test/integration/reports/pdf-signatures.test.ts.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { createDeploymentCa, issueFirmCertificate } from '../../../src/reports/pdf-signature/certificates.js';
import { addSealPlaceholder, sealPdf } from '../../../src/reports/pdf-signature/seal.js';
import { inspectSignedCopy, SignedCopyRefusal } from '../../../src/reports/pdf-signature/inspect.js';
import { readSignatures } from '../../../src/reports/pdf-signature/signatures.js';
import { compressedRevision } from '../../helpers/pdf-attacks.js';
import { readAppendedRevisions } from '../../../src/reports/pdf-signature/revisions.js';
import { InflateBudget, MAX_INFLATED_BYTES_PER_FILE } from '../../../src/lib/inflate-budget.js';

let sealed: Buffer;
let text: string;
let pageNo: number;
let catalogNo: number;
let size: number;

before(async () => {
  const doc = new PDFDocument({ bufferPages: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((r) => doc.on('end', () => r(Buffer.concat(chunks))));
  doc.text('Page one');
  doc.addPage().text('Page two: the signature page');
  const at = new Date('2026-11-20T10:00:00Z');
  addSealPlaceholder(doc, { name: 'Asha Admin', reason: 'Valuation report under test', signingTime: at });
  doc.end();
  const ca = createDeploymentCa('Test CA');
  sealed = await sealPdf(await done, issueFirmCertificate(ca, { legalName: 'Test Firm LLP' }), at);
  text = sealed.toString('latin1');
  pageNo = Number(/(\d+) 0 obj\s*<<\s*\/Type \/Page\b/.exec(text)![1]);
  catalogNo = Number(/(\d+) 0 obj\s*<<\s*\/Type \/Catalog/.exec(text)![1]);
  size = Number(/\/Size (\d+)/.exec(text.slice(text.lastIndexOf('trailer')))![1]);
});

const objectText = (n: number) => new RegExp(`\\n${n} 0 obj\\s*(<<[\\s\\S]*?>>)\\s*endobj`).exec(text)![1]!;

/** An incremental update writing `objects` (number → body) with a classic cross-reference section. */
function append(pdf: Buffer, objects: Record<number, string>): Buffer {
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))![1]);
  let body = '\n';
  const offsets: [number, number][] = [];
  for (const [n, o] of Object.entries(objects)) {
    offsets.push([Number(n), pdf.length + Buffer.byteLength(body, 'latin1')]);
    body += `${n} 0 obj\n${o}\nendobj\n`;
  }
  const xrefAt = pdf.length + Buffer.byteLength(body, 'latin1');
  const xref = offsets.map(([n, off]) => `${n} 1\n${String(off).padStart(10, '0')} 00000 n \n`).join('');
  const trailer = `xref\n0 1\n0000000000 65535 f \n${xref}trailer\n<< /Size ${Math.max(size, ...offsets.map(([n]) => n + 1))} /Root ${catalogNo} 0 R /Prev ${startxref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(body + trailer, 'latin1')]);
}

async function refusal(upload: Buffer): Promise<SignedCopyRefusal> {
  try {
    await inspectSignedCopy(sealed, upload);
  } catch (err) {
    if (err instanceof SignedCopyRefusal) return err;
    throw err;
  }
  assert.fail('accepted');
}

test('the seal itself: one signature, valid over its byte range, covering the whole file', async () => {
  const [seal, ...rest] = await readSignatures(sealed);
  assert.equal(rest.length, 0);
  assert.equal(seal!.valid, true);
  assert.equal(seal!.coversWholeFile, true);
  assert.equal(seal!.commonName, 'Test Firm LLP');
  assert.equal(seal!.name, 'Asha Admin');
  assert.equal(seal!.signingTime, '2026-11-20T10:00:00.000Z');
});

test('a new page, a non-signature annotation, a changed page box or catalog entry, or no signature at all: each refused by name', async () => {
  const page = objectText(pageNo);
  const r1 = await refusal(append(sealed, { [size]: `<< /Type /Page /Parent 1 0 R /MediaBox [0 0 612 792] >>` }));
  assert.equal(r1.reason, 'changes_report');
  assert.match(r1.message, /adds object \d+ \(Page\) that is not part of a signature/);

  const withNote = page.replace(/>>\s*$/, ` /Annots [${size} 0 R] >>`);
  const r2 = await refusal(
    append(sealed, {
      [pageNo]: withNote,
      [size]: '<< /Type /Annot /Subtype /FreeText /Rect [0 0 100 100] /Contents (Value revised) >>',
    }),
  );
  assert.match(r2.message, /adds a FreeText annotation to page 1/);

  const r3 = await refusal(
    append(sealed, { [pageNo]: page.replace('/MediaBox [0 0 612 792]', '/MediaBox [0 0 612 800]') }),
  );
  assert.match(r3.message, /changes page 1 \(its \/MediaBox\)/);

  const catalog = objectText(catalogNo);
  const r4 = await refusal(append(sealed, { [catalogNo]: catalog.replace(/>>\s*$/, ' /OpenAction [0 0 R /Fit] >>') }));
  assert.match(r4.message, /catalog's \/OpenAction/);

  const r5 = await refusal(append(sealed, { [size]: '<< /Producer (Someone) >>' }));
  assert.match(r5.message, /adds object \d+ \(dictionary\) that is not part of a signature/);
});

test('the document information (a new modification date) may be rewritten with a signature: no refusal for it', async () => {
  const infoNo = Number(/\/Info (\d+) 0 R/.exec(text)![1]);
  const info = objectText(infoNo).replace(/>>\s*$/, ' /ModDate (D:20261121120000Z) >>');
  const r = await refusal(append(sealed, { [infoNo]: info }));
  assert.match(r.message, /adds no signature/, 'refused only because nothing was signed');
});

test('a signature whose CMS does not verify is refused naming it; the same rewrite inside an object stream is seen too', async () => {
  const widget = `<< /Type /Annot /Subtype /Widget /FT /Sig /Rect [0 0 0 0] /V ${size + 1} 0 R /T (Partner) /P ${pageNo} 0 R >>`;
  const sig = `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 30] /Contents <3082000a> /Name (Partner Name) >>`;
  const page = objectText(pageNo).replace(/>>\s*$/, ` /Annots [${size} 0 R] >>`);
  const r1 = await refusal(append(sealed, { [pageNo]: page, [size]: widget, [size + 1]: sig }));
  assert.equal(r1.reason, 'signature_invalid');
  assert.match(r1.message, /The signature of Partner Name/);

  // The catalog rewritten inside a compressed object stream, named by a cross-reference stream as a reader reads it.
  const catalog = objectText(catalogNo).replace(/>>\s*$/, ' /OpenAction [0 0 R /Fit] >>');
  const header = `${catalogNo} 0 `;
  const deflated = deflateSync(Buffer.from(header + catalog, 'latin1'));
  const r2 = await refusal(
    compressedRevision(sealed, { stm: size + 5, packed: [catalogNo], first: header.length, deflated, root: catalogNo }),
  );
  assert.match(r2.message, /catalog's \/OpenAction/);
});

test("an object stream named by many entries is inflated once: the file's budget counts its bytes once", async () => {
  // 40 small objects in one stream padded to 300 KiB: 40 inflations would come to 12 MiB, past the 8 MiB budget.
  const numbers = Array.from({ length: 40 }, (_, i) => size + 10 + i);
  const bodies = numbers.map((n) => `<< /Note (object ${n}) >>`);
  let at = 0;
  const offsets = bodies.map((b) => {
    const here = at;
    at += b.length + 1;
    return here;
  });
  const header = numbers.map((n, i) => `${n} ${offsets[i]}`).join(' ') + '\n';
  const data = Buffer.from(header + bodies.join('\n') + '\n' + '%'.repeat(300 * 1024), 'latin1');
  assert.ok(data.length * numbers.length > MAX_INFLATED_BYTES_PER_FILE);
  const upload = compressedRevision(sealed, {
    stm: size + 5,
    packed: numbers,
    first: header.length,
    deflated: deflateSync(data),
    root: catalogNo,
  });
  const budget = new InflateBudget();
  const [revision] = readAppendedRevisions(upload, sealed.length, budget);
  assert.deepEqual(
    numbers.map((n) => revision!.objects.get(n)?.value.t),
    numbers.map(() => 'dict'),
  );
  assert.equal(budget.inflated, data.length, 'inflated once');
});
