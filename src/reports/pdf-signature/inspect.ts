/**
 * Checking a partner-signed copy of a FINAL report: the proof that it is the FINAL plus signatures and
 * nothing else (docs/report-signatures.md, What the signed-copy proof checks).
 *
 * 1. It begins with the exact bytes of the FINAL.
 * 2. What follows is read as a reader reads it (revisions.ts): the cross-reference chain leads back to the
 *    FINAL's own, every entry points at its own object and none inside another.
 * 3. The FINAL's catalog stays the document's root and its page tree is untouched; an object of the FINAL
 *    is rewritten only where signing must (a page's /Annots, the catalog's form and security store, the
 *    form's field list, the document information); nothing of the FINAL is freed.
 * 4. Every object the update adds is part of a signature: a signature field and widget (no actions), its
 *    signature dictionary, appearance streams and their resources, the DSS; nothing else.
 * 5. Each added signature's CMS verifies over its byte range, the last one covering the whole file, within
 *    the bounds of limits.ts.
 * 6. A PDF reader (pdf.js, reader-view.ts) opens both files and sees the same pages with the same content,
 *    the same document actions, and no annotation but signature widgets added.
 */
import { createHash } from 'node:crypto';
import { InflateBudget, InflateBudgetExceeded } from '../../lib/inflate-budget.js';
import {
  canonical,
  dictOf,
  nameOf,
  PdfSyntaxError,
  readObjects,
  readValueAt,
  type PdfObject,
  type PdfValue,
} from './objects.js';
import { changedKey, objectTable, refsOf, resolve, typeOf } from './object-table.js';
import { readAppendedRevisions, type Revision } from './revisions.js';
import {
  boundSignatureCount,
  readSignatures,
  signatureDictionaries,
  signatureInfo,
  type PdfSignatureInfo,
} from './signatures.js';
import { compareAsReader } from './reader-view.js';
import { refuse, SignedCopyRefusal } from './refusal.js';
import { SignatureParts } from './signature-parts.js';

export { SignedCopyRefusal, type SignedCopyRefusalReason } from './refusal.js';

/** Keys of the document catalog a signing application may change. */
const CATALOG_KEYS_SIGNING_MAY_CHANGE = new Set(['AcroForm', 'DSS', 'Extensions', 'Perms', 'Metadata']);
/** The one key of a page a signing application may change: its annotations gain the signature widget. */
const PAGE_KEYS_SIGNING_MAY_CHANGE = new Set(['Annots']);

/**
 * Checks a signed copy against the FINAL it claims to be: the signatures it adds (seal excluded) and every
 * signature of the file, or a refusal saying precisely what is wrong.
 */
export async function inspectSignedCopy(
  original: Buffer,
  upload: Buffer,
): Promise<{ added: PdfSignatureInfo[]; all: PdfSignatureInfo[] }> {
  if (upload.length <= original.length || !upload.subarray(0, original.length).equals(original)) {
    const same = commonPrefix(original, upload);
    throw new SignedCopyRefusal(
      'not_of_this_report',
      upload.length <= original.length && same === upload.length
        ? 'The file is the FINAL report itself or a part of it: nothing was added to it. Upload the copy your signing software saved.'
        : `The file differs from the FINAL report issued by this service from byte ${same} on (the FINAL has ${original.length} bytes, SHA-256 ${createHash('sha256').update(original).digest('hex')}). Sign the FINAL as downloaded, without saving it again in another program.`,
    );
  }
  const budget = new InflateBudget();
  const unreadable = (err: unknown): never => {
    if (err instanceof PdfSyntaxError || err instanceof InflateBudgetExceeded)
      refuse(`What was appended to the FINAL report cannot be accepted as a signature's update: ${err.message}.`);
    throw err;
  };
  let before: Map<number, PdfObject>;
  let revisions: Revision[];
  let originalTrailer: Map<string, PdfValue>;
  try {
    before = objectTable(readObjects(original), budget);
    originalTrailer = trailerOf(original);
    revisions = readAppendedRevisions(upload, original.length, budget);
  } catch (err) {
    return unreadable(err);
  }

  const after = new Map(before);
  const appended = new Set<number>();
  for (const r of revisions) {
    for (const n of r.freed)
      if (before.has(n))
        refuse(`The appended revision deletes object ${n} (${typeOf(before, before.get(n))}) of the FINAL report.`);
    for (const [n, o] of r.objects) {
      after.set(n, o);
      appended.add(n);
    }
  }
  if (appended.size === 0)
    refuse('What was appended to the FINAL report holds no PDF objects, so it adds no signature.');

  // The FINAL's catalog stays the root of every revision.
  const root = originalTrailer.get('Root');
  if (root?.t !== 'ref') return refuse('The FINAL report has no catalog.');
  for (const r of revisions) {
    const newRoot = r.trailer.get('Root');
    if (newRoot?.t !== 'ref' || newRoot.n !== root.n || newRoot.g !== root.g)
      refuse(
        `The appended revision replaces the document catalog (object ${newRoot?.t === 'ref' ? newRoot.n : 'none'} instead of ${root.n}): a signature keeps the report's catalog, its pages and actions.`,
      );
  }
  const catalogBefore = dictOf(before.get(root.n)?.value) ?? new Map<string, PdfValue>();
  const catalogAfter =
    dictOf(after.get(root.n)?.value) ??
    refuse('The appended revision replaces the document catalog with something that is not a dictionary.');

  // The page tree as the FINAL's catalog gives it; its nodes may not change.
  const { pages, nodes } = pageTree(before, catalogBefore.get('Pages'));
  const pageNumberOf = new Map(pages.map((n, i) => [n, i + 1]));
  for (const n of nodes)
    if (appended.has(n) && !sameObject(before.get(n), after.get(n)))
      refuse(`The appended revision changes the page tree (object ${n}): a signature adds no page and removes none.`);

  const annotArrays = new Set<number>();
  for (const p of pages) {
    const a = dictOf(before.get(p)?.value)?.get('Annots');
    if (a?.t === 'ref') annotArrays.add(a.n);
  }
  const form = catalogBefore.get('AcroForm');
  const formNumber = form?.t === 'ref' ? form.n : undefined;
  if (formNumber !== undefined && canonical(catalogAfter.get('AcroForm')) !== canonical(form))
    refuse(
      "The appended revision replaces the report's form (the catalog's /AcroForm); a signature adds its field to it.",
    );
  // Signing software may update the document information (its modification date) and the XMP metadata.
  const descriptive = new Set<number>();
  for (const v of [originalTrailer.get('Info'), catalogBefore.get('Metadata')])
    if (v?.t === 'ref') descriptive.add(v.n);

  // Rewritten objects of the FINAL.
  for (const n of appended) {
    const prev = before.get(n);
    if (!prev || sameObject(prev, after.get(n))) continue;
    const next = after.get(n)!;
    if (pageNumberOf.has(n)) {
      const p = dictOf(prev.value)!;
      const q =
        dictOf(next.value) ??
        refuse(`The appended revision replaces page ${pageNumberOf.get(n)} with something that is not a page.`);
      const key = changedKey(p, q, PAGE_KEYS_SIGNING_MAY_CHANGE, (v, side) =>
        canonical(resolveShallow(side === 'before' ? before : after, v)),
      );
      if (key)
        refuse(
          `The appended revision changes page ${pageNumberOf.get(n)} (its /${key}): a signature may add a signature field to a page and nothing else.`,
        );
      continue;
    }
    if (annotArrays.has(n)) continue; // checked with its page below
    if (n === root.n) {
      const key = changedKey(catalogBefore, catalogAfter, CATALOG_KEYS_SIGNING_MAY_CHANGE);
      if (key)
        refuse(`The appended revision changes the document catalog's /${key}; a signature changes only the form.`);
      continue;
    }
    if (n === formNumber) continue; // checked below
    if (descriptive.has(n)) continue;
    refuse(
      `The appended revision rewrites object ${n} (${typeOf(before, prev)}) of the FINAL report; a signature adds objects and changes no existing content.`,
    );
  }

  // Every new object must be reached as part of a signature, from the places signing may change.
  const roles = new SignatureParts(before, after, appended, pages, pageNumberOf);
  for (const key of CATALOG_KEYS_SIGNING_MAY_CHANGE) {
    if (canonical(catalogBefore.get(key)) === canonical(catalogAfter.get(key))) continue;
    if (key === 'AcroForm') roles.visit(catalogAfter.get(key), 'form', 'the catalog');
    else if (key === 'Perms') roles.visit(catalogAfter.get(key), 'permissions', 'the catalog');
    else roles.visit(catalogAfter.get(key), 'inert', `the catalog's /${key}`);
  }
  const formAfter = resolve(after, catalogAfter.get('AcroForm'));
  if (formNumber !== undefined && appended.has(formNumber)) roles.checkForm(before.get(formNumber)?.value, formAfter);
  for (const p of pages) {
    const oldRefs = refsOf(before, dictOf(before.get(p)?.value)?.get('Annots'));
    const newAnnots = dictOf(after.get(p)?.value)?.get('Annots');
    const newRefs = refsOf(after, newAnnots);
    if (oldRefs.some((r) => !newRefs.includes(r)))
      refuse(`The appended revision removes an annotation from page ${pageNumberOf.get(p)}.`);
    roles.visitAnnots(p, newAnnots, new Set(oldRefs));
  }
  for (const r of revisions) roles.visit(r.trailer.get('Info'), 'inert', 'the trailer');
  roles.checkEveryNewObjectPlaced();

  // The signatures it adds, bounded before any is checked.
  let found: ReturnType<typeof signatureDictionaries>;
  let seal: PdfSignatureInfo[];
  const added: PdfSignatureInfo[] = [];
  try {
    seal = await readSignatures(original);
    found = signatureDictionaries(
      after,
      [...appended].sort((x, y) => x - y),
    );
    boundSignatureCount(seal.length + found.length);
    for (const s of found) added.push(await signatureInfo(upload, s));
  } catch (err) {
    return unreadable(err);
  }
  added.sort((x, y) => (x.byteRange[1] ?? 0) - (y.byteRange[1] ?? 0));
  if (added.length === 0) refuse('What was appended to the FINAL report adds no signature.');
  for (const s of added) {
    const who = s.commonName ?? s.name ?? s.fieldName ?? 'unnamed';
    if ((s.byteRange[1] ?? 0) < original.length) {
      throw new SignedCopyRefusal(
        'signature_invalid',
        `The signature of ${who} does not cover the FINAL report: its byte range ends before the report does.`,
      );
    }
    if (!s.valid)
      throw new SignedCopyRefusal(
        'signature_invalid',
        `The signature of ${who} (field ${s.fieldName ?? 'unnamed'}) does not verify over the bytes it covers: the file was changed after it was signed, or the signature is damaged.`,
      );
  }
  const last = added.at(-1)!;
  if (!last.coversWholeFile) {
    refuse(
      `Bytes were added after the last signature (of ${last.commonName ?? last.name ?? 'unnamed'}) that no signature covers; it breaks that signature's claim to cover the file.`,
    );
  }

  // Last, as a reader sees the two files.
  const difference = await compareAsReader(original, upload);
  if (difference) refuse(`Opened in a PDF reader, the signed copy differs from the FINAL report: ${difference}.`);
  return { added, all: [...seal, ...added] };
}

/** The FINAL's own trailer dictionary (the service writes a classic one). */
function trailerOf(pdf: Buffer): Map<string, PdfValue> {
  const at = pdf.lastIndexOf('trailer', undefined, 'latin1');
  if (at < 0) throw new PdfSyntaxError('the FINAL report has no trailer');
  return dictOf(readValueAt(pdf, at + 'trailer'.length).value) ?? new Map();
}

/** The page objects in reading order and the page tree's nodes, from the catalog's /Pages (no loops). */
function pageTree(table: Map<number, PdfObject>, top: PdfValue | undefined): { pages: number[]; nodes: number[] } {
  const pages: number[] = [];
  const nodes: number[] = [];
  const seen = new Set<number>();
  const walk = (v: PdfValue | undefined, depth: number) => {
    if (v?.t !== 'ref' || seen.has(v.n) || depth > 32) return;
    seen.add(v.n);
    const d = dictOf(table.get(v.n)?.value);
    if (!d) return;
    if (nameOf(d.get('Type')) === 'Pages' || d.has('Kids')) {
      nodes.push(v.n);
      const kids = resolve(table, d.get('Kids'));
      for (const k of kids?.t === 'array' ? kids.v : []) walk(k, depth + 1);
    } else pages.push(v.n);
  };
  walk(top, 0);
  return { pages, nodes };
}

function sameObject(a: PdfObject | undefined, b: PdfObject | undefined): boolean {
  return (
    !!a &&
    !!b &&
    canonical(a.value) === canonical(b.value) &&
    Buffer.compare(a.stream ?? Buffer.alloc(0), b.stream ?? Buffer.alloc(0)) === 0
  );
}

/** References to streams and dictionaries compare by their content, so a rewritten but equal object is no change. */
function resolveShallow(table: Map<number, PdfObject>, v: PdfValue | undefined): PdfValue | undefined {
  if (v?.t !== 'ref') return v;
  const o = table.get(v.n);
  if (!o) return v;
  return o.stream ? { t: 'string', v: Buffer.concat([Buffer.from(canonical(o.value)), o.stream]) } : v;
}

function commonPrefix(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}
