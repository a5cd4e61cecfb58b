/** Reading a PDF's signatures: each signature dictionary, its certificate and whether its CMS verifies over its byte range. */
import { certificateFacts, type CertificateFacts } from './certificates.js';
import { dictOf, nameOf, readObjects, textOf, type PdfObject, type PdfValue } from './objects.js';
import { verifyCms } from './cms.js';
import { objectTable } from './object-table.js';
import { MAX_CMS_BYTES, MAX_SIGNATURES_PER_FILE, PdfLimitExceeded, shownName } from './limits.js';

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

/** The signature dictionaries (/Type /Sig, or any dictionary with /ByteRange and /Contents) among `objects`. */
export function signatureDictionaries(
  table: Map<number, PdfObject>,
  numbers: Iterable<number>,
): { n: number; dict: Map<string, PdfValue>; field: string | null }[] {
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
      out.push({ n, dict: d, field: shownName(fields.get(n) ?? null) });
    }
  }
  return out;
}

export async function signatureInfo(
  pdf: Buffer,
  sig: { dict: Map<string, PdfValue>; field: string | null },
): Promise<PdfSignatureInfo> {
  const br = sig.dict.get('ByteRange');
  const range = br?.t === 'array' ? br.v.map((x) => (x.t === 'num' ? x.v : NaN)) : [];
  const contents = sig.dict.get('Contents');
  if (contents?.t === 'string' && contents.v.length > MAX_CMS_BYTES)
    throw new PdfLimitExceeded(
      `a signature whose CMS has ${contents.v.length} bytes; the bound is ${MAX_CMS_BYTES} bytes (64 KiB)`,
    );
  const base = {
    fieldName: sig.field,
    subFilter: nameOf(sig.dict.get('SubFilter')) ?? null,
    byteRange: range,
    name: shownName(textOf(sig.dict.get('Name')) ?? null),
  };
  const [a, b, c, d] = range;
  const wellFormed =
    range.length === 4 &&
    range.every((x) => Number.isInteger(x) && x >= 0) &&
    a === 0 &&
    b! < c! &&
    c! + d! <= pdf.length;
  // The gap must be exactly the hex string holding /Contents.
  const gap = wellFormed ? pdf.toString('latin1', b!, c!) : '';
  const cms = contents?.t === 'string' ? contents.v : Buffer.alloc(0);
  let verified: Awaited<ReturnType<typeof verifyCms>> = {
    valid: false,
    certificate: null,
    chain: [],
    signingTime: null,
  };
  if (wellFormed && /^<[0-9a-fA-F\s]*>$/.test(gap) && cms.length > 0) {
    verified = await verifyCms(cms, Buffer.concat([pdf.subarray(a!, a! + b!), pdf.subarray(c!, c! + d!)]));
  } else if (cms.length > 0) {
    verified = { ...(await verifyCms(cms, Buffer.alloc(0))), valid: false };
  }
  if (verified.overLimit) throw new PdfLimitExceeded(`a signature carrying ${verified.overLimit}`);
  const facts: CertificateFacts = verified.certificate
    ? certificateFacts(verified.certificate)
    : {
        subject: 'unknown',
        commonName: null,
        issuer: 'unknown',
        serialNumber: '',
        notBefore: '',
        notAfter: '',
        sha256Fingerprint: '',
      };
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

export function trailingWhitespace(pdf: Buffer): number {
  let n = 0;
  while (
    n < pdf.length &&
    (pdf[pdf.length - 1 - n] === 0x0a || pdf[pdf.length - 1 - n] === 0x0d || pdf[pdf.length - 1 - n] === 0x20)
  )
    n++;
  return n;
}

export function pdfDate(s: string): string | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(s);
  if (!m) return null;
  const tz = !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5)}`;
  const d = new Date(`${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${tz}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** At most MAX_SIGNATURES_PER_FILE signatures, counted before any is checked (each costs a hash of the file). */
export function boundSignatureCount(count: number): void {
  if (count > MAX_SIGNATURES_PER_FILE)
    throw new PdfLimitExceeded(
      `${count} signatures, the firm's seal included; a file may carry at most ${MAX_SIGNATURES_PER_FILE}`,
    );
}

/** Every signature in a PDF, each checked over its byte range (for the sealed FINAL: its own seal). */
export async function readSignatures(pdf: Buffer): Promise<PdfSignatureInfo[]> {
  const table = objectTable(readObjects(pdf));
  const sigs = signatureDictionaries(
    table,
    [...table.keys()].sort((x, y) => x - y),
  );
  boundSignatureCount(sigs.length);
  const out = [];
  for (const s of sigs) out.push(await signatureInfo(pdf, s));
  return out.sort((x, y) => (x.byteRange[1] ?? 0) - (y.byteRange[1] ?? 0));
}
