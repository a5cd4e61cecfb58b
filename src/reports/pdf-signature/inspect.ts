/**
 * Reading a PDF's signatures and checking a partner-signed copy of a FINAL report.
 *
 * A signed copy is accepted only when it begins with the exact bytes of the FINAL and what follows is an
 * incremental update that adds signatures and changes no page: every object it rewrites is a page whose
 * only change is new signature widgets in /Annots, the document catalog's /AcroForm (or /DSS), or the
 * form's field list, and every annotation it adds is a signature widget. Each added signature's CMS must
 * verify over its byte range, and the last one must cover the whole file.
 */
import { X509Certificate, createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certificateFacts, type CertificateFacts } from './certificates.js';
import { canonical, dictOf, nameOf, numberOf, objectsInStream, PdfSyntaxError, readObjects, textOf, type PdfObject, type PdfValue } from './objects.js';

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto }));

export interface PdfSignatureInfo extends CertificateFacts {
  fieldName: string | null;
  signingTime: string | null;
  subFilter: string | null;
  byteRange: number[];
  /** The CMS verifies over the byte range (message digest and signature). */
  valid: boolean;
  /** Name in the signature dictionary, where given. */
  name: string | null;
  /** The signer's certificate and the other certificates in the CMS, PEM, to judge trust later. */
  certificatePem: string;
  chainPem: string[];
  /** The byte range ends at the end of the file. */
  coversWholeFile: boolean;
}

export type SignedCopyRefusalReason = 'not_of_this_report' | 'changes_report' | 'signature_invalid';

export class SignedCopyRefusal extends Error {
  constructor(readonly reason: SignedCopyRefusalReason, message: string) {
    super(message);
  }
}

/** Verifies a detached CMS SignedData over `data`. Never throws: an unreadable CMS is not valid. */
export async function verifyCms(cms: Buffer, data: Buffer): Promise<{ valid: boolean; certificate: X509Certificate | null; chain: X509Certificate[]; signingTime: Date | null; error?: string }> {
  let signed: pkijs.SignedData;
  try {
    const asn1 = asn1js.fromBER(new Uint8Array(cms).buffer);
    if (asn1.offset === -1) return { valid: false, certificate: null, chain: [], signingTime: null, error: 'the signature is not DER' };
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    signed = new pkijs.SignedData({ schema: info.content });
  } catch (err) {
    return { valid: false, certificate: null, chain: [], signingTime: null, error: `the signature is not a CMS SignedData (${err instanceof Error ? err.message : String(err)})` };
  }
  const certs = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const x509 = certs.map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER(false))));
  const signer = signed.signerInfos[0];
  const timeAttr = signer?.signedAttrs?.attributes.find((a) => a.type === '1.2.840.113549.1.9.5');
  const timeValue = timeAttr?.values[0] as { toDate?: () => Date } | undefined;
  const signingTime = timeValue?.toDate ? timeValue.toDate() : null;
  try {
    const ab = new Uint8Array(data).buffer;
    const result = await signed.verify({ signer: 0, data: ab, checkChain: false, extendedMode: true });
    const certificate = result.signerCertificate ? new X509Certificate(Buffer.from(result.signerCertificate.toSchema().toBER(false))) : null;
    return { valid: result.signatureVerified === true, certificate, chain: x509.filter((c) => !certificate || c.fingerprint256 !== certificate.fingerprint256), signingTime };
  } catch (err) {
    // pkijs rejects with a result object that still names the signer, when it found one.
    const r = err as { signerCertificate?: pkijs.Certificate | null; message?: string };
    const certificate = r?.signerCertificate ? new X509Certificate(Buffer.from(r.signerCertificate.toSchema().toBER(false))) : x509[0] ?? null;
    return { valid: false, certificate, chain: x509.filter((c) => !certificate || c.fingerprint256 !== certificate.fingerprint256), signingTime, error: r?.message ?? String(err) };
  }
}

/** All objects of a file as its last revision sees them (later definitions replace earlier ones). */
function objectTable(objects: PdfObject[]): Map<number, PdfObject> {
  const table = new Map<number, PdfObject>();
  for (const o of objects) {
    if (nameOf(dictOf(o.value)?.get('Type')) === 'XRef') continue;
    table.set(o.n, o);
    if (nameOf(dictOf(o.value)?.get('Type')) === 'ObjStm') for (const inner of objectsInStream(o)) table.set(inner.n, inner);
  }
  return table;
}

function resolve(table: Map<number, PdfObject>, v: PdfValue | undefined): PdfValue | undefined {
  let cur = v;
  for (let i = 0; cur?.t === 'ref' && i < 8; i++) cur = table.get(cur.n)?.value;
  return cur;
}

const lengthResolver = (table: Map<number, PdfObject>) => (ref: { n: number }) => numberOf(table.get(ref.n)?.value);

function typeOf(table: Map<number, PdfObject>, o: PdfObject | undefined): string {
  const d = dictOf(o?.value);
  if (!d) return o?.value.t === 'array' ? 'array' : 'value';
  const type = nameOf(d.get('Type'));
  if (type) return type;
  if (nameOf(d.get('FT')) || d.has('Fields')) return 'field';
  void table;
  return 'dictionary';
}

/** A signature widget: a Widget annotation whose field (itself or its /Parent) is a signature field. */
function isSignatureWidget(table: Map<number, PdfObject>, v: PdfValue | undefined): boolean {
  const d = dictOf(resolve(table, v));
  if (!d || nameOf(d.get('Subtype')) !== 'Widget') return false;
  if (nameOf(d.get('FT')) === 'Sig') return true;
  return nameOf(dictOf(resolve(table, d.get('Parent')))?.get('FT')) === 'Sig';
}

function refsOf(table: Map<number, PdfObject>, v: PdfValue | undefined): string[] {
  const arr = resolve(table, v);
  if (!arr) return [];
  if (arr.t !== 'array') return ['?'];
  return arr.v.map((x) => (x.t === 'ref' ? `${x.n} ${x.g}` : canonical(x)));
}

/** More signatures than any report carries: a file with more is refused before any is checked (each costs a hash of the file). */
export const MAX_SIGNATURES = 20;

/** The signature dictionaries (/Type /Sig, or any dictionary with /ByteRange and /Contents) among `objects`. */
function signatureDictionaries(table: Map<number, PdfObject>, numbers: Iterable<number>): { n: number; dict: Map<string, PdfValue>; field: string | null }[] {
  const fields = new Map<number, string | null>();
  for (const o of table.values()) {
    const d = dictOf(o.value);
    const v = d?.get('V');
    if (d && v?.t === 'ref') fields.set(v.n, textOf(d.get('T')) ?? null);
  }
  const out = [];
  for (const n of numbers) {
    const d = dictOf(table.get(n)?.value);
    if (!d) continue;
    if (nameOf(d.get('Type')) === 'Sig' || (d.get('ByteRange')?.t === 'array' && d.get('Contents')?.t === 'string')) {
      out.push({ n, dict: d, field: fields.get(n) ?? null });
      if (out.length > MAX_SIGNATURES) throw new PdfSyntaxError(`more than ${MAX_SIGNATURES} signatures`);
    }
  }
  return out;
}

async function signatureInfo(pdf: Buffer, sig: { dict: Map<string, PdfValue>; field: string | null }): Promise<PdfSignatureInfo> {
  const br = sig.dict.get('ByteRange');
  const range = br?.t === 'array' ? br.v.map((x) => (x.t === 'num' ? x.v : NaN)) : [];
  const contents = sig.dict.get('Contents');
  const base = { fieldName: sig.field, subFilter: nameOf(sig.dict.get('SubFilter')) ?? null, byteRange: range, name: textOf(sig.dict.get('Name')) ?? null };
  const [a, b, c, d] = range;
  const wellFormed = range.length === 4 && range.every((x) => Number.isInteger(x) && x >= 0) && a === 0 && b! < c! && c! + d! <= pdf.length;
  // The gap must be exactly the hex string holding /Contents.
  const gap = wellFormed ? pdf.toString('latin1', b!, c!) : '';
  const cms = contents?.t === 'string' ? contents.v : Buffer.alloc(0);
  let verified: Awaited<ReturnType<typeof verifyCms>> = { valid: false, certificate: null, chain: [], signingTime: null };
  if (wellFormed && /^<[0-9a-fA-F\s]*>$/.test(gap) && cms.length > 0) {
    verified = await verifyCms(cms, Buffer.concat([pdf.subarray(a!, a! + b!), pdf.subarray(c!, c! + d!)]));
  } else if (cms.length > 0) {
    verified = { ...(await verifyCms(cms, Buffer.alloc(0))), valid: false };
  }
  const facts: CertificateFacts = verified.certificate
    ? certificateFacts(verified.certificate)
    : { subject: 'unknown', commonName: null, issuer: 'unknown', serialNumber: '', notBefore: '', notAfter: '', sha256Fingerprint: '' };
  const m = textOf(sig.dict.get('M'));
  return {
    ...facts,
    ...base,
    signingTime: verified.signingTime?.toISOString() ?? (m ? pdfDate(m) : null),
    valid: verified.valid,
    certificatePem: verified.certificate?.toString() ?? '',
    chainPem: verified.chain.map((x) => x.toString()),
    coversWholeFile: wellFormed && c! + d! >= pdf.length - trailingWhitespace(pdf),
  };
}

function trailingWhitespace(pdf: Buffer): number {
  let n = 0;
  while (n < pdf.length && (pdf[pdf.length - 1 - n] === 0x0a || pdf[pdf.length - 1 - n] === 0x0d || pdf[pdf.length - 1 - n] === 0x20)) n++;
  return n;
}

function pdfDate(s: string): string | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(s);
  if (!m) return null;
  const tz = !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5)}`;
  const d = new Date(`${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${tz}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Every signature in a PDF, each checked over its byte range (for the sealed FINAL: its own seal). */
export async function readSignatures(pdf: Buffer): Promise<PdfSignatureInfo[]> {
  const table = objectTable(readObjects(pdf));
  const sigs = signatureDictionaries(table, [...table.keys()].sort((x, y) => x - y));
  const out = [];
  for (const s of sigs) out.push(await signatureInfo(pdf, s));
  return out.sort((x, y) => (x.byteRange[1] ?? 0) - (y.byteRange[1] ?? 0));
}

/** Keys of the document catalog a signing application may change. */
const CATALOG_KEYS_SIGNING_MAY_CHANGE = new Set(['AcroForm', 'DSS', 'Extensions', 'Perms', 'Metadata']);
/** Keys of the interactive form dictionary a signing application may change (the field list must keep its fields). */
const FORM_KEYS_SIGNING_MAY_CHANGE = new Set(['Fields', 'SigFlags', 'DR', 'DA', 'NeedAppearances']);

/**
 * Checks a signed copy against the FINAL it claims to be: the signatures it adds (seal excluded), or a
 * refusal saying precisely what is wrong.
 */
export async function inspectSignedCopy(original: Buffer, upload: Buffer): Promise<{ added: PdfSignatureInfo[]; all: PdfSignatureInfo[] }> {
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
    appended = readObjects(upload, original.length, (ref) => numberOf((after ?? before).get(ref.n)?.value) ?? lengthResolver(before)(ref));
    after = new Map(before);
    for (const [n, o] of objectTable(appended)) after.set(n, o);
  } catch (err) {
    if (err instanceof PdfSyntaxError) throw new SignedCopyRefusal('changes_report', `What was appended to the FINAL report cannot be read as a PDF update (${err.message}).`);
    throw err;
  }
  const appendedNumbers = new Set(objectTable(appended).keys());
  if (appendedNumbers.size === 0) throw new SignedCopyRefusal('changes_report', 'What was appended to the FINAL report holds no PDF objects, so it adds no signature.');

  // Which original objects are pages, the catalog, the form, or a page's annotation array.
  const pages = [...before.values()].filter((o) => nameOf(dictOf(o.value)?.get('Type')) === 'Page');
  const pageNumberOf = new Map(pages.map((p, i) => [p.n, i + 1]));
  const annotArrays = new Set(pages.map((p) => dictOf(p.value)?.get('Annots')).filter((v): v is { t: 'ref'; n: number; g: number } => v?.t === 'ref').map((v) => v.n));
  const catalogs = new Set([...before.values()].filter((o) => nameOf(dictOf(o.value)?.get('Type')) === 'Catalog').map((o) => o.n));
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
      if (type === 'Page' || type === 'Pages') throw new SignedCopyRefusal('changes_report', `The appended revision adds a ${type === 'Page' ? 'page' : 'page tree'} (object ${n}); a signature adds none.`);
      continue;
    }
    if (canonical(prev.value) === canonical(next.value) && Buffer.compare(prev.stream ?? Buffer.alloc(0), next.stream ?? Buffer.alloc(0)) === 0) continue;
    if (pageNumberOf.has(n)) {
      const p = dictOf(prev.value)!;
      const q = dictOf(next.value);
      if (!q) throw new SignedCopyRefusal('changes_report', `The appended revision replaces page ${pageNumberOf.get(n)} with something that is not a page.`);
      for (const key of new Set([...p.keys(), ...q.keys()])) {
        if (key === 'Annots') continue;
        if (canonical(resolveShallow(before, p.get(key))) !== canonical(resolveShallow(after, q.get(key)))) {
          throw new SignedCopyRefusal('changes_report', `The appended revision changes page ${pageNumberOf.get(n)} (its /${key}): a signature may add a signature field to a page and nothing else.`);
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
          throw new SignedCopyRefusal('changes_report', `The appended revision changes the document catalog's /${key}; a signature changes only the form.`);
        }
      }
      continue;
    }
    if (forms.has(n)) continue; // its fields are checked below
    if (descriptive.has(n)) continue;
    throw new SignedCopyRefusal('changes_report', `The appended revision rewrites object ${n} (${typeOf(before, prev)}) of the FINAL report; a signature adds objects and changes no existing content.`);
  }

  // Every page keeps its annotations and gains only signature widgets.
  for (const page of pages) {
    const oldRefs = refsOf(before, dictOf(page.value)?.get('Annots'));
    const newPage = after.get(page.n)!;
    const newAnnots = dictOf(newPage.value)?.get('Annots');
    const newRefs = refsOf(after, newAnnots);
    const missing = oldRefs.filter((r) => !newRefs.includes(r));
    if (missing.length) throw new SignedCopyRefusal('changes_report', `The appended revision removes an annotation from page ${pageNumberOf.get(page.n)}.`);
    const resolvedArray = resolve(after, newAnnots);
    for (const item of resolvedArray?.t === 'array' ? resolvedArray.v : []) {
      const key = item.t === 'ref' ? `${item.n} ${item.g}` : canonical(item);
      if (oldRefs.includes(key)) continue;
      if (!isSignatureWidget(after, item)) {
        const sub = nameOf(dictOf(resolve(after, item))?.get('Subtype')) ?? 'unknown';
        throw new SignedCopyRefusal('changes_report', `The appended revision adds a ${sub} annotation to page ${pageNumberOf.get(page.n)}; only signature fields may be added.`);
      }
    }
  }
  // The form keeps its fields.
  for (const n of forms) {
    const oldFields = refsOf(before, dictOf(before.get(n)?.value)?.get('Fields'));
    const newFields = refsOf(after, dictOf(after.get(n)?.value)?.get('Fields'));
    if (oldFields.some((f) => !newFields.includes(f))) throw new SignedCopyRefusal('changes_report', 'The appended revision removes a field of the FINAL report\'s form.');
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
    found = signatureDictionaries(after, [...appendedNumbers].sort((x, y) => x - y));
  } catch (err) {
    if (err instanceof PdfSyntaxError) throw new SignedCopyRefusal('changes_report', `What was appended to the FINAL report adds ${err.message}; a signed report carries a few.`);
    throw err;
  }
  for (const s of found) added.push(await signatureInfo(upload, s));
  added.sort((x, y) => (x.byteRange[1] ?? 0) - (y.byteRange[1] ?? 0));
  if (added.length === 0) throw new SignedCopyRefusal('changes_report', 'What was appended to the FINAL report adds no signature.');
  for (const s of added) {
    const who = s.commonName ?? s.name ?? s.fieldName ?? 'unnamed';
    if ((s.byteRange[1] ?? 0) < original.length) {
      throw new SignedCopyRefusal('signature_invalid', `The signature of ${who} does not cover the FINAL report: its byte range ends before the report does.`);
    }
    if (!s.valid) throw new SignedCopyRefusal('signature_invalid', `The signature of ${who} (field ${s.fieldName ?? 'unnamed'}) does not verify over the bytes it covers: the file was changed after it was signed, or the signature is damaged.`);
  }
  const last = added.at(-1)!;
  if (!last.coversWholeFile) {
    throw new SignedCopyRefusal('changes_report', `Bytes were added after the last signature (of ${last.commonName ?? last.name ?? 'unnamed'}) that no signature covers; it breaks that signature's claim to cover the file.`);
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
