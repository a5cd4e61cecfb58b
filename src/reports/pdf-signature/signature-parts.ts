/**
 * The new objects of a signed copy's update, each placed in the signature it belongs to, walking from where signing
 * may change the FINAL (docs/report-signatures.md, What the signed-copy proof checks, step 5).
 */
import { canonical, dictOf, nameOf, numberOf, type PdfObject, type PdfValue } from './objects.js';
import { changedKey, isSignatureWidget, refsOf, resolve, typeOf } from './object-table.js';
import { refuse } from './refusal.js';

/** Keys of the interactive form dictionary a signing application may change (the field list must keep its fields). */
export const FORM_KEYS_SIGNING_MAY_CHANGE = new Set(['Fields', 'SigFlags', 'DR', 'DA', 'NeedAppearances']);
/** Keys that make an annotation or field act (run an action, JavaScript) rather than show a signature. */
const ACTION_KEYS = ['A', 'AA', 'JS'];
/** A signature's appearance may cover at most this share of its page: it shows who signed, not the report. */
const MAX_WIDGET_SHARE_OF_PAGE = 0.25;

type Role = 'form' | 'field' | 'widget' | 'signature' | 'permissions' | 'annots' | 'inert';

/**
 * Places every new object of the update in the signature it belongs to, walking from where signing may
 * change the FINAL; refuses one that is placed as something other than a signature's part.
 */
export class SignatureParts {
  private readonly placed = new Map<number, Role>();

  constructor(
    private readonly before: Map<number, PdfObject>,
    private readonly after: Map<number, PdfObject>,
    private readonly appended: Set<number>,
    private readonly pages: number[],
    private readonly pageNumberOf: Map<number, number>,
  ) {}

  private isNew(n: number): boolean {
    return this.appended.has(n) && !this.before.has(n);
  }

  /** Visits a value reached as `role` from `from`: new objects it refers to take that role. */
  visit(v: PdfValue | undefined, role: Role, from: string, depth = 0): void {
    if (!v || depth > 64) return;
    if (v.t === 'ref') {
      if (!this.isNew(v.n) || this.placed.has(v.n)) return;
      this.placed.set(v.n, role);
      const o = this.after.get(v.n);
      if (!o) return;
      this.check(v.n, o.value, role, from);
      this.children(o.value, role, `object ${v.n}`, depth + 1);
      return;
    }
    if (v.t === 'dict' && role !== 'inert') this.check(null, v, role, from);
    this.children(v, role, from, depth + 1);
  }

  private children(v: PdfValue, role: Role, from: string, depth: number): void {
    if (v.t === 'array') {
      for (const x of v.v) this.visit(x, role === 'annots' ? 'widget' : role === 'form' ? 'field' : role, from, depth);
      return;
    }
    if (v.t !== 'dict') return;
    for (const [key, x] of v.v) this.visit(x, childRole(role, key), from, depth);
  }

  private check(n: number | null, v: PdfValue, role: Role, from: string): void {
    const what = n === null ? `a dictionary in ${from}` : `object ${n}`;
    const d = dictOf(v);
    switch (role) {
      case 'inert':
        return;
      case 'annots':
        if (v.t !== 'array') refuse(`The appended revision gives a page annotations that are not a list (${what}).`);
        return;
      case 'form':
        if (!d && v.t !== 'array')
          refuse(`The appended revision gives the catalog a form that is not a dictionary (${what}).`);
        return;
      case 'permissions':
        if (!d) refuse(`The appended revision gives the catalog permissions that are not a dictionary (${what}).`);
        return;
      case 'signature':
        if (!d || !(nameOf(d.get('Type')) === 'Sig' || nameOf(d.get('Type')) === 'DocTimeStamp' || d.has('ByteRange')))
          refuse(`The appended revision adds ${what} where a signature value belongs, and it is not one.`);
        return;
      case 'field':
      case 'widget': {
        const isField =
          d &&
          (nameOf(d.get('FT')) === 'Sig' || nameOf(dictOf(resolve(this.after, d.get('Parent')))?.get('FT')) === 'Sig');
        if (!d || !isField) {
          const sub =
            nameOf(d?.get('Subtype')) ??
            nameOf(d?.get('FT')) ??
            typeOf(this.after, { n: 0, g: 0, offset: 0, value: v });
          refuse(
            `The appended revision adds a ${sub} ${role === 'widget' ? 'annotation' : 'form field'} (${what}); only signature fields may be added.`,
          );
        }
        for (const key of ACTION_KEYS)
          if (d!.has(key))
            refuse(
              `The appended revision adds a signature field with an action (/${key}, ${what}); a signature runs nothing.`,
            );
        if (nameOf(d!.get('Subtype')) === 'Widget') this.checkWidgetPlacement(d!, what);
        return;
      }
    }
  }

  /** A visible signature stays a signature's size on a page of the report. */
  private checkWidgetPlacement(widget: Map<string, PdfValue>, what: string): void {
    const rect = resolve(this.after, widget.get('Rect'));
    const page = widget.get('P');
    if (page !== undefined && (page.t !== 'ref' || !this.pageNumberOf.has(page.n)))
      refuse(`The appended revision adds a signature widget (${what}) that names no page of the report.`);
    const area = (r: PdfValue | undefined) => {
      const xs = r?.t === 'array' ? r.v.map((x) => numberOf(resolve(this.after, x)) ?? NaN) : [];
      return xs.length === 4 && xs.every(Number.isFinite) ? Math.abs((xs[2]! - xs[0]!) * (xs[3]! - xs[1]!)) : NaN;
    };
    const widgetArea = area(rect);
    if (!Number.isFinite(widgetArea))
      refuse(`The appended revision adds a signature widget (${what}) without a rectangle.`);
    const pageNumber = page?.t === 'ref' ? page.n : this.pages[0]!;
    const pageArea = area(dictOf(this.before.get(pageNumber)?.value)?.get('MediaBox'));
    if (Number.isFinite(pageArea) && widgetArea > pageArea * MAX_WIDGET_SHARE_OF_PAGE)
      refuse(
        `The appended revision adds a signature widget (${what}) covering more than a quarter of its page; a signature's appearance may not cover the report.`,
      );
  }

  /** A page's new /Annots: the FINAL's annotations, plus signature widgets. */
  visitAnnots(page: number, annots: PdfValue | undefined, old: Set<string>): void {
    if (annots?.t === 'ref' && this.isNew(annots.n))
      this.visit(annots, 'annots', `page ${this.pageNumberOf.get(page)}`);
    const items = resolve(this.after, annots);
    for (const item of items?.t === 'array' ? items.v : []) {
      const key = item.t === 'ref' ? `${item.n} ${item.g}` : canonical(item);
      if (old.has(key)) continue;
      if (item.t === 'ref' && !this.isNew(item.n))
        refuse(
          `The appended revision puts object ${item.n} (${typeOf(this.before, this.before.get(item.n))}) of the FINAL on page ${this.pageNumberOf.get(page)} as an annotation.`,
        );
      if (!isSignatureWidget(this.after, item)) {
        const sub = nameOf(dictOf(resolve(this.after, item))?.get('Subtype')) ?? 'unknown';
        refuse(
          `The appended revision adds a ${sub} annotation to page ${this.pageNumberOf.get(page)}; only signature fields may be added.`,
        );
      }
      this.visit(item, 'widget', `page ${this.pageNumberOf.get(page)}`);
    }
  }

  /** The form keeps its fields and changes only what signing changes; new fields are signature fields. */
  checkForm(prev: PdfValue | undefined, next: PdfValue | undefined): void {
    const p = dictOf(prev) ?? new Map<string, PdfValue>();
    const q = dictOf(next) ?? new Map<string, PdfValue>();
    const oldFields = refsOf(this.before, p.get('Fields'));
    const newFields = refsOf(this.after, q.get('Fields'));
    if (oldFields.some((f) => !newFields.includes(f)))
      refuse("The appended revision removes a field of the FINAL report's form.");
    const key = changedKey(p, q, FORM_KEYS_SIGNING_MAY_CHANGE);
    if (key) refuse(`The appended revision changes the form's /${key}.`);
    this.visit(q.get('Fields'), 'form', 'the form');
    this.visit(q.get('DR'), 'inert', "the form's resources");
  }

  /** A new object nothing reaches is inert only if it is an appearance stream (some signing software leaves them). */
  checkEveryNewObjectPlaced(): void {
    for (const n of this.appended) {
      if (this.before.has(n) || this.placed.has(n)) continue;
      const o = this.after.get(n)!;
      const d = dictOf(o.value);
      if (o.stream && d && nameOf(d.get('Subtype')) === 'Form') continue;
      if (d && nameOf(d.get('Type')) === 'ObjStm') continue;
      refuse(
        `The appended revision adds object ${n} (${typeOf(this.after, o)}) that is not part of a signature; a signature adds its field, widget, value, appearance and validation data only.`,
      );
    }
  }
}

/** The role of what a key of a signature part refers to. */
function childRole(role: Role, key: string): Role {
  if (role === 'inert') return 'inert';
  if (role === 'form') return key === 'Fields' ? 'form' : 'inert';
  if (role === 'permissions') return 'signature';
  if (role === 'field' || role === 'widget') {
    if (key === 'V') return 'signature';
    if (key === 'Kids') return 'widget';
    if (key === 'Parent') return 'field';
    return 'inert';
  }
  return 'inert';
}
