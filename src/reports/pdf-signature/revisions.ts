/**
 * The revisions a signed copy appends to the FINAL, read as a PDF reader reads them: from the last
 * `startxref` through each cross-reference section (a table or a cross-reference stream) and its /Prev, back
 * to the FINAL's own. Every object an appended section defines is read at the offset its entry gives, and the
 * appended bytes must hold exactly those objects, none inside another: an entry that points inside another
 * object's stream (a "shadow" redefinition) or an object no entry names is refused, so what a reader sees and
 * what this check sees cannot differ (docs/report-signatures.md, What the signed-copy proof checks).
 */
import type { InflateBudget } from '../../lib/inflate-budget.js';
import { decodeStream, objectsInStream } from './object-streams.js';
import {
  dictOf,
  nameOf,
  numberOf,
  PdfSyntaxError,
  readObjectAt,
  readObjects,
  readValueAt,
  type PdfObject,
  type PdfValue,
} from './objects.js';

/** More revisions, entries or objects than any signing software appends: refused before they are read. */
export const MAX_REVISIONS = 64;
export const MAX_ENTRIES = 20_000;

export interface Revision {
  /** Offset of the cross-reference section (`xref` or the cross-reference stream's object). */
  xrefAt: number;
  trailer: Map<string, PdfValue>;
  /** Objects this revision defines, by number. */
  objects: Map<number, PdfObject>;
  /** Object numbers this revision marks free. */
  freed: number[];
}

type Entry =
  | { n: number; g: number; kind: 'free' }
  | { n: number; g: number; kind: 'offset'; offset: number }
  | { n: number; g: number; kind: 'compressed'; stream: number; index: number };

/** The offset after the file's last `startxref`. */
export function lastStartxref(pdf: Buffer, what: string): number {
  const tail = pdf.toString('latin1', Math.max(0, pdf.length - 1024));
  const m = /startxref\s+(\d{1,12})\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new PdfSyntaxError(`${what} does not end with \`startxref\` and \`%%EOF\``);
  return Number(m[1]);
}

/**
 * The revisions appended after the FINAL's `originalLength` bytes, oldest first. Each /Prev must lead,
 * without a loop, to the previous appended section and the last to the FINAL's own `startxref`.
 */
export function readAppendedRevisions(pdf: Buffer, originalLength: number, budget: InflateBudget): Revision[] {
  const originalStartxref = lastStartxref(pdf.subarray(0, originalLength), 'The FINAL');
  const chain: { xrefAt: number; trailer: Map<string, PdfValue>; entries: Entry[]; xrefObject?: PdfObject }[] = [];
  const seen = new Set<number>();
  let at = lastStartxref(pdf, 'The file');
  while (at !== originalStartxref) {
    if (seen.has(at)) throw new PdfSyntaxError(`the cross-reference chain loops: /Prev leads back to byte ${at}`);
    if (at < originalLength || at >= pdf.length)
      throw new PdfSyntaxError(
        `a cross-reference offset (${at}) points ${at < originalLength ? 'into the FINAL instead of at its own cross-reference section' : 'past the end of the file'}`,
      );
    if (chain.length >= MAX_REVISIONS) throw new PdfSyntaxError(`more than ${MAX_REVISIONS} revisions were appended`);
    seen.add(at);
    const section = readSection(pdf, at, budget);
    chain.push({ xrefAt: at, ...section });
    const prev = section.trailer.get('Prev');
    if (prev?.t !== 'num' || !Number.isInteger(prev.v))
      throw new PdfSyntaxError(`the cross-reference section at byte ${at} has no /Prev leading back to the FINAL`);
    if (section.trailer.has('XRefStm'))
      throw new PdfSyntaxError(`the cross-reference section at byte ${at} is a hybrid one (/XRefStm)`);
    if (section.trailer.has('Encrypt')) throw new PdfSyntaxError('the appended revision encrypts the file');
    at = prev.v;
  }
  chain.reverse();

  // Each revision's objects, read where its entries point. A stream's indirect /Length is looked up in the
  // revisions read so far and this one.
  const revisions: Revision[] = [];
  const spans: { from: number; to: number; n: number }[] = [];
  const defined = new Map<number, PdfObject>();
  // Each object stream is inflated once, however many entries name objects in it: the budget counts a file's
  // bytes once.
  const unpacked = new WeakMap<PdfObject, PdfObject[]>();
  const packedIn = (container: PdfObject | undefined, stream: number, n: number): PdfObject[] => {
    if (!container)
      throw new PdfSyntaxError(`object ${n} is said to be in object stream ${stream}, which was not appended`);
    const known = unpacked.get(container);
    if (known) return known;
    if (nameOf(dictOf(container.value)?.get('Type')) !== 'ObjStm')
      throw new PdfSyntaxError(`object ${n} is said to be in object ${stream}, which is not an object stream`);
    const inner = objectsInStream(container, budget);
    unpacked.set(container, inner);
    return inner;
  };
  let total = 0;
  for (const section of chain) {
    const objects = new Map<number, PdfObject>();
    const freed: number[] = [];
    // Where this section puts each object, for a stream whose /Length refers to one not read yet.
    const offsets = new Map<number, number>();
    for (const e of section.entries) if (e.kind === 'offset') offsets.set(e.n, e.offset);
    const lengthOf = (ref: { n: number }) => {
      const direct = objects.get(ref.n) ?? defined.get(ref.n);
      if (direct) return numberOf(direct.value);
      const offset = offsets.get(ref.n);
      if (offset === undefined || offset < originalLength) return undefined;
      return numberOf(readValueAfterHeader(pdf, offset));
    };
    for (const e of section.entries) {
      if (++total > MAX_ENTRIES) throw new PdfSyntaxError(`more than ${MAX_ENTRIES} objects were appended`);
      if (e.kind === 'free') {
        if (e.n !== 0) freed.push(e.n);
        continue;
      }
      if (e.kind !== 'offset') continue;
      if (e.offset < originalLength)
        throw new PdfSyntaxError(
          `the appended cross-reference section points object ${e.n} at byte ${e.offset}, inside the FINAL`,
        );
      const o = readObjectAt(pdf, e.offset, e, lengthOf);
      spans.push({ from: o.offset, to: o.end, n: o.n });
      objects.set(o.n, o);
    }
    if (section.xrefObject) {
      const x = section.xrefObject as PdfObject & { end: number };
      spans.push({ from: x.offset, to: x.end, n: x.n });
    }
    for (const e of section.entries) {
      if (e.kind !== 'compressed') continue;
      const inner = packedIn(objects.get(e.stream) ?? defined.get(e.stream), e.stream, e.n)[e.index];
      if (!inner || inner.n !== e.n)
        throw new PdfSyntaxError(`object stream ${e.stream} holds no object ${e.n} at index ${e.index}`);
      objects.set(e.n, inner);
    }
    for (const [n, o] of objects) defined.set(n, o);
    revisions.push({ xrefAt: section.xrefAt, trailer: section.trailer, objects, freed });
  }

  // No object inside another: the spans the entries give are disjoint.
  spans.sort((a, b) => a.from - b.from);
  for (let i = 1; i < spans.length; i++) {
    const [a, b] = [spans[i - 1]!, spans[i]!];
    if (b.from < a.to)
      throw new PdfSyntaxError(
        `the cross-reference entry of object ${b.n} points inside object ${a.n} (bytes ${a.from}–${a.to}); a reader would take bytes of one object for another`,
      );
  }
  // And the appended bytes hold no object the entries do not name: a scan of the headers (what a reader that
  // rebuilds a damaged cross-reference would find) sees the same objects at the same places.
  const named = new Set(spans.map((s) => `${s.n}@${s.from}`));
  const scanned = readObjects(pdf, originalLength, (ref) => numberOf(defined.get(ref.n)?.value));
  for (const o of scanned) {
    if (!named.has(`${o.n}@${o.offset}`))
      throw new PdfSyntaxError(
        `object ${o.n} ${o.g} at byte ${o.offset} is in the appended bytes but no cross-reference entry points at it`,
      );
  }
  return revisions;
}

function readValueAfterHeader(pdf: Buffer, offset: number): PdfValue | undefined {
  const header = /^\d{1,10}[\0\t\n\f\r ]{1,16}\d{1,5}[\0\t\n\f\r ]{1,16}obj\b/.exec(
    pdf.toString('latin1', offset, Math.min(pdf.length, offset + 64)),
  );
  if (!header) return undefined;
  try {
    return readValueAt(pdf, offset + header[0].length).value;
  } catch {
    return undefined;
  }
}

/** One cross-reference section at `at`: a classic table with its trailer, or a cross-reference stream. */
function readSection(
  pdf: Buffer,
  at: number,
  budget: InflateBudget,
): { trailer: Map<string, PdfValue>; entries: Entry[]; xrefObject?: PdfObject } {
  if (pdf.toString('latin1', at, at + 4) === 'xref') return readTable(pdf, at);
  const header = /^(\d{1,10})[\0\t\n\f\r ]{1,16}(\d{1,5})[\0\t\n\f\r ]{1,16}obj\b/.exec(
    pdf.toString('latin1', at, Math.min(pdf.length, at + 64)),
  );
  if (!header) throw new PdfSyntaxError(`no cross-reference section at byte ${at}`);
  const obj = readObjectAt(pdf, at, { n: Number(header[1]), g: Number(header[2]) }, () => undefined);
  const dict = dictOf(obj.value);
  if (!dict || nameOf(dict.get('Type')) !== 'XRef' || !obj.stream)
    throw new PdfSyntaxError(`the object at byte ${at} is not a cross-reference stream`);
  const widths = arrayOfInts(dict.get('W'));
  const size = numberOf(dict.get('Size'));
  if (!widths || widths.length !== 3 || widths.some((w) => w < 0 || w > 8) || size === undefined)
    throw new PdfSyntaxError(`the cross-reference stream at byte ${at} has no usable /W or /Size`);
  const index = arrayOfInts(dict.get('Index')) ?? [0, size];
  if (index.length % 2) throw new PdfSyntaxError(`the cross-reference stream at byte ${at} has an odd /Index`);
  const data = decodeStream(obj, budget);
  const rowLength = widths[0]! + widths[1]! + widths[2]!;
  const field = (row: number, i: number, fallback: number) => {
    if (widths[i] === 0) return fallback;
    let v = 0;
    let p = row * rowLength + widths.slice(0, i).reduce((a, b) => a + b, 0);
    for (let k = 0; k < widths[i]!; k++) v = v * 256 + data[p++]!;
    return v;
  };
  const entries: Entry[] = [];
  let row = 0;
  for (let s = 0; s < index.length; s += 2) {
    const [first, count] = [index[s]!, index[s + 1]!];
    if (count > MAX_ENTRIES) throw new PdfSyntaxError(`more than ${MAX_ENTRIES} objects were appended`);
    for (let i = 0; i < count; i++, row++) {
      if ((row + 1) * rowLength > data.length)
        throw new PdfSyntaxError(`the cross-reference stream at byte ${at} is shorter than its /Index says`);
      const n = first + i;
      const type = field(row, 0, 1);
      if (type === 0) entries.push({ n, g: field(row, 2, 0), kind: 'free' });
      else if (type === 1) entries.push({ n, g: field(row, 2, 0), kind: 'offset', offset: field(row, 1, 0) });
      else if (type === 2)
        entries.push({ n, g: 0, kind: 'compressed', stream: field(row, 1, 0), index: field(row, 2, 0) });
      else throw new PdfSyntaxError(`the cross-reference stream at byte ${at} has an entry of type ${type}`);
    }
  }
  // The stream describes itself too; its own entry is the offset it stands at.
  return { trailer: dict, entries: entries.filter((e) => e.n !== obj.n), xrefObject: obj };
}

function readTable(pdf: Buffer, at: number): { trailer: Map<string, PdfValue>; entries: Entry[] } {
  const trailerAt = pdf.indexOf('trailer', at, 'latin1');
  if (trailerAt < 0) throw new PdfSyntaxError(`the cross-reference table at byte ${at} has no trailer`);
  const lines = pdf
    .toString('latin1', at + 4, trailerAt)
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const entries: Entry[] = [];
  let next = -1;
  let left = 0;
  for (const line of lines) {
    if (left === 0) {
      const sub = /^(\d{1,10}) (\d{1,6})$/.exec(line);
      if (!sub)
        throw new PdfSyntaxError(`the cross-reference table at byte ${at} has a malformed line "${line.slice(0, 30)}"`);
      [next, left] = [Number(sub[1]), Number(sub[2])];
      if (entries.length + left > MAX_ENTRIES)
        throw new PdfSyntaxError(`more than ${MAX_ENTRIES} objects were appended`);
      continue;
    }
    const e = /^(\d{10}) (\d{5}) ([nf])$/.exec(line);
    if (!e)
      throw new PdfSyntaxError(`the cross-reference table at byte ${at} has a malformed entry "${line.slice(0, 30)}"`);
    const [offset, g] = [Number(e[1]), Number(e[2])];
    entries.push(e[3] === 'n' ? { n: next, g, kind: 'offset', offset } : { n: next, g, kind: 'free' });
    next++;
    left--;
  }
  if (left !== 0) throw new PdfSyntaxError(`the cross-reference table at byte ${at} ends before its last entry`);
  const { value } = readValueAt(pdf, trailerAt + 'trailer'.length);
  const trailer = dictOf(value);
  if (!trailer) throw new PdfSyntaxError(`the trailer at byte ${trailerAt} is not a dictionary`);
  return { trailer, entries };
}

function arrayOfInts(v: PdfValue | undefined): number[] | undefined {
  if (v?.t !== 'array') return undefined;
  const out = v.v.map((x) => (x.t === 'num' && Number.isInteger(x.v) && x.v >= 0 ? x.v : NaN));
  return out.some(Number.isNaN) ? undefined : out;
}
