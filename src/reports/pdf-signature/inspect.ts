/**
 * Checking a partner-signed copy of a FINAL report.
 *
 * A signed copy is accepted only when it begins with the exact bytes of the FINAL and what follows is an
 * incremental update that adds signatures and changes no page: every object it rewrites is a page whose
 * only change is new signature widgets in /Annots, the document catalog's /AcroForm (or /DSS), or the
 * form's field list, and every annotation it adds is a signature widget. Each added signature's CMS must
 * verify over its byte range, and the last one must cover the whole file.
 */
import { createHash } from 'node:crypto';
import {
  canonical,
  dictOf,
  nameOf,
  numberOf,
  PdfSyntaxError,
  readObjects,
  type PdfObject,
  type PdfValue,
} from './objects.js';
import { isSignatureWidget, lengthResolver, objectTable, refsOf, resolve, typeOf } from './object-table.js';
import { readSignatures, signatureDictionaries, signatureInfo, type PdfSignatureInfo } from './signatures.js';

export type SignedCopyRefusalReason = 'not_of_this_report' | 'changes_report' | 'signature_invalid';

export class SignedCopyRefusal extends Error {
  constructor(
    readonly reason: SignedCopyRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** Keys of the document catalog a signing application may change. */
const CATALOG_KEYS_SIGNING_MAY_CHANGE = new Set(['AcroForm', 'DSS', 'Extensions', 'Perms', 'Metadata']);
/** Keys of the interactive form dictionary a signing application may change (the field list must keep its fields). */
const FORM_KEYS_SIGNING_MAY_CHANGE = new Set(['Fields', 'SigFlags', 'DR', 'DA', 'NeedAppearances']);

/**
 * Checks a signed copy against the FINAL it claims to be: the signatures it adds (seal excluded), or a
 * refusal saying precisely what is wrong.
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
  let before: Map<number, PdfObject>;
  let after: Map<number, PdfObject>;
  let appended: PdfObject[];
  try {
    before = objectTable(readObjects(original));
    appended = readObjects(
      upload,
      original.length,
      (ref) => numberOf((after ?? before).get(ref.n)?.value) ?? lengthResolver(before)(ref),
    );
    after = new Map(before);
    for (const [n, o] of objectTable(appended)) after.set(n, o);
  } catch (err) {
    if (err instanceof PdfSyntaxError)
      throw new SignedCopyRefusal(
        'changes_report',
        `What was appended to the FINAL report cannot be read as a PDF update (${err.message}).`,
      );
    throw err;
  }
  const appendedNumbers = new Set(objectTable(appended).keys());
  if (appendedNumbers.size === 0)
    throw new SignedCopyRefusal(
      'changes_report',
      'What was appended to the FINAL report holds no PDF objects, so it adds no signature.',
    );

  // Which original objects are pages, the catalog, the form, or a page's annotation array.
  const pages = [...before.values()].filter((o) => nameOf(dictOf(o.value)?.get('Type')) === 'Page');
  const pageNumberOf = new Map(pages.map((p, i) => [p.n, i + 1]));
  const annotArrays = new Set(
    pages
      .map((p) => dictOf(p.value)?.get('Annots'))
      .filter((v): v is { t: 'ref'; n: number; g: number } => v?.t === 'ref')
      .map((v) => v.n),
  );
  const catalogs = new Set(
    [...before.values()].filter((o) => nameOf(dictOf(o.value)?.get('Type')) === 'Catalog').map((o) => o.n),
  );
  const forms = new Set<number>();
  for (const n of catalogs) {
    const af = dictOf(before.get(n)?.value)?.get('AcroForm');
    if (af?.t === 'ref') forms.add(af.n);
  }
  for (const o of before.values()) if (nameOf(dictOf(o.value)?.get('Type')) === 'AcroForm') forms.add(o.n);
  // Signing software may update the document information (its modification date) and the XMP metadata:
  // neither is part of a page.
  const descriptive = new Set<number>();
  for (const m of original.toString('latin1').matchAll(/\/Info\s+(\d+)\s+\d+\s+R/g)) descriptive.add(Number(m[1]));
  for (const n of catalogs) {
    const md = dictOf(before.get(n)?.value)?.get('Metadata');
    if (md?.t === 'ref') descriptive.add(md.n);
  }

  for (const n of appendedNumbers) {
    const prev = before.get(n);
    const next = after.get(n)!;
    if (!prev) {
      const type = nameOf(dictOf(next.value)?.get('Type'));
      if (type === 'Page' || type === 'Pages')
        throw new SignedCopyRefusal(
          'changes_report',
          `The appended revision adds a ${type === 'Page' ? 'page' : 'page tree'} (object ${n}); a signature adds none.`,
        );
      continue;
    }
    if (
      canonical(prev.value) === canonical(next.value) &&
      Buffer.compare(prev.stream ?? Buffer.alloc(0), next.stream ?? Buffer.alloc(0)) === 0
    )
      continue;
    if (pageNumberOf.has(n)) {
      const p = dictOf(prev.value)!;
      const q = dictOf(next.value);
      if (!q)
        throw new SignedCopyRefusal(
          'changes_report',
          `The appended revision replaces page ${pageNumberOf.get(n)} with something that is not a page.`,
        );
      for (const key of new Set([...p.keys(), ...q.keys()])) {
        if (key === 'Annots') continue;
        if (canonical(resolveShallow(before, p.get(key))) !== canonical(resolveShallow(after, q.get(key)))) {
          throw new SignedCopyRefusal(
            'changes_report',
            `The appended revision changes page ${pageNumberOf.get(n)} (its /${key}): a signature may add a signature field to a page and nothing else.`,
          );
        }
      }
      continue;
    }
    if (annotArrays.has(n)) continue; // checked with its page below
    if (catalogs.has(n)) {
      const p = dictOf(prev.value)!;
      const q = dictOf(next.value) ?? new Map();
      for (const key of new Set([...p.keys(), ...q.keys()])) {
        if (!CATALOG_KEYS_SIGNING_MAY_CHANGE.has(key) && canonical(p.get(key)) !== canonical(q.get(key))) {
          throw new SignedCopyRefusal(
            'changes_report',
            `The appended revision changes the document catalog's /${key}; a signature changes only the form.`,
          );
        }
      }
      continue;
    }
    if (forms.has(n)) continue; // its fields are checked below
    if (descriptive.has(n)) continue;
    throw new SignedCopyRefusal(
      'changes_report',
      `The appended revision rewrites object ${n} (${typeOf(before, prev)}) of the FINAL report; a signature adds objects and changes no existing content.`,
    );
  }

  // Every page keeps its annotations and gains only signature widgets.
  for (const page of pages) {
    const oldRefs = refsOf(before, dictOf(page.value)?.get('Annots'));
    const newPage = after.get(page.n)!;
    const newAnnots = dictOf(newPage.value)?.get('Annots');
    const newRefs = refsOf(after, newAnnots);
    const missing = oldRefs.filter((r) => !newRefs.includes(r));
    if (missing.length)
      throw new SignedCopyRefusal(
        'changes_report',
        `The appended revision removes an annotation from page ${pageNumberOf.get(page.n)}.`,
      );
    const resolvedArray = resolve(after, newAnnots);
    for (const item of resolvedArray?.t === 'array' ? resolvedArray.v : []) {
      const key = item.t === 'ref' ? `${item.n} ${item.g}` : canonical(item);
      if (oldRefs.includes(key)) continue;
      if (!isSignatureWidget(after, item)) {
        const sub = nameOf(dictOf(resolve(after, item))?.get('Subtype')) ?? 'unknown';
        throw new SignedCopyRefusal(
          'changes_report',
          `The appended revision adds a ${sub} annotation to page ${pageNumberOf.get(page.n)}; only signature fields may be added.`,
        );
      }
    }
  }
  // The form keeps its fields.
  for (const n of forms) {
    const oldFields = refsOf(before, dictOf(before.get(n)?.value)?.get('Fields'));
    const newFields = refsOf(after, dictOf(after.get(n)?.value)?.get('Fields'));
    if (oldFields.some((f) => !newFields.includes(f)))
      throw new SignedCopyRefusal(
        'changes_report',
        "The appended revision removes a field of the FINAL report's form.",
      );
    const p = dictOf(before.get(n)?.value) ?? new Map();
    const q = dictOf(after.get(n)?.value) ?? new Map();
    for (const key of new Set([...p.keys(), ...q.keys()])) {
      if (!FORM_KEYS_SIGNING_MAY_CHANGE.has(key) && canonical(p.get(key)) !== canonical(q.get(key))) {
        throw new SignedCopyRefusal('changes_report', `The appended revision changes the form's /${key}.`);
      }
    }
  }

  const added = [];
  let found: ReturnType<typeof signatureDictionaries>;
  try {
    found = signatureDictionaries(
      after,
      [...appendedNumbers].sort((x, y) => x - y),
    );
  } catch (err) {
    if (err instanceof PdfSyntaxError)
      throw new SignedCopyRefusal(
        'changes_report',
        `What was appended to the FINAL report adds ${err.message}; a signed report carries a few.`,
      );
    throw err;
  }
  for (const s of found) added.push(await signatureInfo(upload, s));
  added.sort((x, y) => (x.byteRange[1] ?? 0) - (y.byteRange[1] ?? 0));
  if (added.length === 0)
    throw new SignedCopyRefusal('changes_report', 'What was appended to the FINAL report adds no signature.');
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
    throw new SignedCopyRefusal(
      'changes_report',
      `Bytes were added after the last signature (of ${last.commonName ?? last.name ?? 'unnamed'}) that no signature covers; it breaks that signature's claim to cover the file.`,
    );
  }
  const all = await readSignatures(upload);
  return { added, all };
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
