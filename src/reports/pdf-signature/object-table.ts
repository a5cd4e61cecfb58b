/** A PDF's objects as its last revision sees them, and the questions asked of them about signatures. */
import { canonical, dictOf, nameOf, numberOf, type PdfObject, type PdfValue } from './objects.js';
import { objectsInStream } from './object-streams.js';
import { InflateBudget } from '../../lib/inflate-budget.js';

/**
 * All objects of a file as a scan of its `N G obj` headers finds them, later definitions replacing earlier
 * ones. Used for the service's own FINAL and to list a file's signatures; what a signed copy appends is read
 * through its cross-reference sections instead (revisions.ts).
 */
export function objectTable(objects: PdfObject[], budget = new InflateBudget()): Map<number, PdfObject> {
  const table = new Map<number, PdfObject>();
  for (const o of objects) {
    if (nameOf(dictOf(o.value)?.get('Type')) === 'XRef') continue;
    table.set(o.n, o);
    if (nameOf(dictOf(o.value)?.get('Type')) === 'ObjStm')
      for (const inner of objectsInStream(o, budget)) table.set(inner.n, inner);
  }
  return table;
}

export function resolve(table: Map<number, PdfObject>, v: PdfValue | undefined): PdfValue | undefined {
  let cur = v;
  for (let i = 0; cur?.t === 'ref' && i < 8; i++) cur = table.get(cur.n)?.value;
  return cur;
}

export const lengthResolver = (table: Map<number, PdfObject>) => (ref: { n: number }) =>
  numberOf(table.get(ref.n)?.value);

export function typeOf(table: Map<number, PdfObject>, o: PdfObject | undefined): string {
  const d = dictOf(o?.value);
  if (!d) return o?.value.t === 'array' ? 'array' : 'value';
  const type = nameOf(d.get('Type'));
  if (type) return type;
  if (nameOf(d.get('FT')) || d.has('Fields')) return 'field';
  void table;
  return 'dictionary';
}

/** A signature widget: a Widget annotation whose field (itself or its /Parent) is a signature field. */
export function isSignatureWidget(table: Map<number, PdfObject>, v: PdfValue | undefined): boolean {
  const d = dictOf(resolve(table, v));
  if (!d || nameOf(d.get('Subtype')) !== 'Widget') return false;
  if (nameOf(d.get('FT')) === 'Sig') return true;
  return nameOf(dictOf(resolve(table, d.get('Parent')))?.get('FT')) === 'Sig';
}

export function refsOf(table: Map<number, PdfObject>, v: PdfValue | undefined): string[] {
  const arr = resolve(table, v);
  if (!arr) return [];
  if (arr.t !== 'array') return ['?'];
  return arr.v.map((x) => (x.t === 'ref' ? `${x.n} ${x.g}` : canonical(x)));
}

/**
 * The first key whose value differs between two definitions of a dictionary, leaving out the keys in `mayChange`;
 * values compare by their canonical text, or as `shown` presents each side.
 */
export function changedKey(
  before: Map<string, PdfValue>,
  after: Map<string, PdfValue>,
  mayChange: ReadonlySet<string>,
  shown: (v: PdfValue | undefined, side: 'before' | 'after') => string = (v) => canonical(v),
): string | undefined {
  for (const key of new Set([...before.keys(), ...after.keys()]))
    if (!mayChange.has(key) && shown(before.get(key), 'before') !== shown(after.get(key), 'after')) return key;
  return undefined;
}
