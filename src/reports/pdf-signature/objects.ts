/**
 * Just enough of PDF's object syntax to read the objects of a file's revisions: `N G obj … endobj` with
 * dictionaries, arrays, names, strings, numbers, references and streams (whose bytes are skipped by their
 * /Length), and the objects packed in an object stream. Used to check what a signed copy's appended
 * revision adds; never to render anything.
 */

export type PdfValue =
  | { t: 'dict'; v: Map<string, PdfValue> }
  | { t: 'array'; v: PdfValue[] }
  | { t: 'name'; v: string }
  | { t: 'string'; v: Buffer }
  | { t: 'num'; v: number }
  | { t: 'ref'; n: number; g: number }
  | { t: 'bool'; v: boolean }
  | { t: 'null' };

export interface PdfObject {
  n: number;
  g: number;
  /** Offset of `N G obj` in the bytes it was read from. */
  offset: number;
  value: PdfValue;
  /** The raw stream bytes, for stream objects. */
  stream?: Buffer;
}

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

export class PdfSyntaxError extends Error {}

class Lexer {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    readonly end: number = buf.length,
  ) {}

  skipWs(): void {
    while (this.pos < this.end) {
      const c = this.buf[this.pos]!;
      if (WS.has(c)) this.pos++;
      else if (c === 0x25) {
        // comment
        while (this.pos < this.end && this.buf[this.pos] !== 0x0a && this.buf[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  private regular(): string {
    const start = this.pos;
    while (this.pos < this.end && !WS.has(this.buf[this.pos]!) && !DELIM.has(this.buf[this.pos]!)) this.pos++;
    return this.buf.toString('latin1', start, this.pos);
  }

  /** The next token as text without consuming it (regular tokens only). */
  peekWord(): string {
    const save = this.pos;
    this.skipWs();
    const w = this.regular();
    this.pos = save;
    return w;
  }

  value(depth = 0): PdfValue {
    if (depth > 64) throw new PdfSyntaxError('objects nested too deeply');
    this.skipWs();
    if (this.pos >= this.end) throw new PdfSyntaxError('unexpected end of data');
    const c = this.buf[this.pos]!;
    if (c === 0x3c && this.buf[this.pos + 1] === 0x3c) {
      this.pos += 2;
      const v = new Map<string, PdfValue>();
      for (;;) {
        this.skipWs();
        if (this.buf[this.pos] === 0x3e && this.buf[this.pos + 1] === 0x3e) {
          this.pos += 2;
          return { t: 'dict', v };
        }
        const key = this.value(depth + 1);
        if (key.t !== 'name') throw new PdfSyntaxError(`dictionary key is not a name at ${this.pos}`);
        v.set(key.v, this.value(depth + 1));
      }
    }
    if (c === 0x5b) {
      this.pos++;
      const v: PdfValue[] = [];
      for (;;) {
        this.skipWs();
        if (this.buf[this.pos] === 0x5d) {
          this.pos++;
          return { t: 'array', v };
        }
        v.push(this.value(depth + 1));
      }
    }
    if (c === 0x2f) {
      this.pos++;
      const raw = this.regular();
      return {
        t: 'name',
        v: raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      };
    }
    if (c === 0x28) return { t: 'string', v: this.literalString() };
    if (c === 0x3c) {
      const close = this.buf.indexOf(0x3e, this.pos);
      if (close < 0 || close > this.end) throw new PdfSyntaxError('unterminated hex string');
      const hex = this.buf.toString('latin1', this.pos + 1, close).replace(/\s+/g, '');
      this.pos = close + 1;
      return { t: 'string', v: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex') };
    }
    const word = this.regular();
    if (word === '') throw new PdfSyntaxError(`unexpected character at ${this.pos}`);
    if (word === 'true' || word === 'false') return { t: 'bool', v: word === 'true' };
    if (word === 'null') return { t: 'null' };
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      // A reference: two integers and R.
      if (/^\d+$/.test(word)) {
        const save = this.pos;
        this.skipWs();
        const g = this.regular();
        if (/^\d+$/.test(g)) {
          this.skipWs();
          if (
            this.buf[this.pos] === 0x52 &&
            (this.pos + 1 >= this.end || WS.has(this.buf[this.pos + 1]!) || DELIM.has(this.buf[this.pos + 1]!))
          ) {
            this.pos++;
            return { t: 'ref', n: Number(word), g: Number(g) };
          }
        }
        this.pos = save;
      }
      return { t: 'num', v: Number(word) };
    }
    throw new PdfSyntaxError(`unexpected token "${word.slice(0, 20)}" at ${this.pos}`);
  }

  private literalString(): Buffer {
    this.pos++; // (
    const out: number[] = [];
    let depth = 1;
    while (this.pos < this.end) {
      const c = this.buf[this.pos++]!;
      if (c === 0x5c) {
        const n = this.buf[this.pos++]!;
        const map: Record<number, number> = {
          0x6e: 0x0a,
          0x72: 0x0d,
          0x74: 0x09,
          0x62: 0x08,
          0x66: 0x0c,
          0x28: 0x28,
          0x29: 0x29,
          0x5c: 0x5c,
        };
        if (map[n] !== undefined) out.push(map[n]);
        else if (n >= 0x30 && n <= 0x37) {
          let oct = n - 0x30;
          for (let i = 0; i < 2 && this.buf[this.pos]! >= 0x30 && this.buf[this.pos]! <= 0x37; i++)
            oct = oct * 8 + (this.buf[this.pos++]! - 0x30);
          out.push(oct & 0xff);
        } else if (n === 0x0d) {
          if (this.buf[this.pos] === 0x0a) this.pos++;
        } else if (n !== 0x0a) out.push(n);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) return Buffer.from(out);
        out.push(c);
      } else out.push(c);
    }
    throw new PdfSyntaxError('unterminated string');
  }
}

/**
 * Every `N G obj` in `buf` from `from` on, in the order written. A stream's bytes are skipped by its
 * /Length (a direct number; an indirect one is resolved through `lengthOf`, else the stream ends at the
 * first `endstream`).
 */
export function readObjects(
  buf: Buffer,
  from = 0,
  lengthOf?: (ref: { n: number; g: number }) => number | undefined,
): PdfObject[] {
  const text = buf.toString('latin1');
  const out: PdfObject[] = [];
  let pos = from;
  while (pos < buf.length) {
    const next = findHeader(text, pos);
    if (!next) break;
    const { offset, n, g, bodyAt } = next;
    const lex = new Lexer(buf, bodyAt);
    const value = lex.value();
    lex.skipWs();
    let stream: Buffer | undefined;
    if (lex.peekWord() === 'stream' && value.t === 'dict') {
      lex.skipWs();
      lex.pos += 'stream'.length;
      if (buf[lex.pos] === 0x0d) lex.pos++;
      if (buf[lex.pos] === 0x0a) lex.pos++;
      const len = value.v.get('Length');
      let length = len?.t === 'num' ? len.v : len?.t === 'ref' ? lengthOf?.(len) : undefined;
      if (
        length === undefined ||
        lex.pos + length > buf.length ||
        !/^\s*endstream/.test(text.slice(lex.pos + length, lex.pos + length + 12))
      ) {
        const end = text.indexOf('endstream', lex.pos);
        if (end < 0) throw new PdfSyntaxError(`object ${n} ${g}: stream without endstream`);
        length = end - lex.pos;
      }
      stream = buf.subarray(lex.pos, lex.pos + length);
      lex.pos += length;
      const endAt = text.indexOf('endstream', lex.pos);
      lex.pos = endAt + 'endstream'.length;
    }
    const endobj = text.indexOf('endobj', lex.pos);
    if (endobj < 0) throw new PdfSyntaxError(`object ${n} ${g}: no endobj`);
    out.push({ n, g, offset, value, ...(stream ? { stream } : {}) });
    pos = endobj + 'endobj'.length;
  }
  return out;
}

function findHeader(text: string, from: number): { offset: number; n: number; g: number; bodyAt: number } | null {
  // Bounded repetitions: a long run of digits or spaces costs linear time, never quadratic.
  const re = /(\d{1,10})[\0\t\n\f\r ]{1,16}(\d{1,5})[\0\t\n\f\r ]{1,16}obj\b/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // Must start a token: preceded by whitespace, a delimiter or the start.
    const before = m.index === 0 ? 0x0a : text.charCodeAt(m.index - 1);
    if (m.index === 0 || WS.has(before) || DELIM.has(before)) {
      return { offset: m.index, n: Number(m[1]), g: Number(m[2]), bodyAt: m.index + m[0].length };
    }
  }
  return null;
}

/**
 * The object a cross-reference entry points at: `N G obj` must stand exactly at `offset` with the number and
 * generation the entry gives, and a stream's /Length must end exactly at its `endstream` (no searching: a
 * reader follows the entry, and so does this). `end` is the offset just after `endobj`.
 */
export function readObjectAt(
  buf: Buffer,
  offset: number,
  expected: { n: number; g: number },
  lengthOf: (ref: { n: number; g: number }) => number | undefined,
): PdfObject & { end: number } {
  const lex = new Lexer(buf, offset);
  const at = (what: string) => `object ${expected.n} ${expected.g} at byte ${offset}: ${what}`;
  const n = lex.peekWord();
  lex.skipWs();
  if (lex.pos !== offset) throw new PdfSyntaxError(at('the entry does not point at the start of an object'));
  const header = /^(\d{1,10})[\0\t\n\f\r ]{1,16}(\d{1,5})[\0\t\n\f\r ]{1,16}obj\b/.exec(
    buf.toString('latin1', offset, Math.min(buf.length, offset + 64)),
  );
  if (!header || n !== header[1]) throw new PdfSyntaxError(at('no `N G obj` there'));
  if (Number(header[1]) !== expected.n || Number(header[2]) !== expected.g)
    throw new PdfSyntaxError(at(`the object there is ${header[1]} ${header[2]}`));
  lex.pos = offset + header[0].length;
  const value = lex.value();
  lex.skipWs();
  let stream: Buffer | undefined;
  if (lex.peekWord() === 'stream') {
    if (value.t !== 'dict') throw new PdfSyntaxError(at('a stream without a dictionary'));
    lex.skipWs();
    lex.pos += 'stream'.length;
    if (buf[lex.pos] === 0x0d) lex.pos++;
    if (buf[lex.pos] === 0x0a) lex.pos++;
    const len = value.v.get('Length');
    const length = len?.t === 'num' ? len.v : len?.t === 'ref' ? lengthOf(len) : undefined;
    if (length === undefined || !Number.isInteger(length) || length < 0 || lex.pos + length > buf.length)
      throw new PdfSyntaxError(at('its stream has no usable /Length'));
    stream = buf.subarray(lex.pos, lex.pos + length);
    lex.pos += length;
    lex.skipWs();
    if (buf.toString('latin1', lex.pos, lex.pos + 9) !== 'endstream')
      throw new PdfSyntaxError(at('its stream does not end where its /Length says'));
    lex.pos += 9;
    lex.skipWs();
  }
  if (buf.toString('latin1', lex.pos, lex.pos + 6) !== 'endobj') throw new PdfSyntaxError(at('no `endobj`'));
  return { n: expected.n, g: expected.g, offset, value, ...(stream ? { stream } : {}), end: lex.pos + 6 };
}

/** The value (a dictionary, for a trailer) that begins at `offset`. */
export function readValueAt(buf: Buffer, offset: number): { value: PdfValue; end: number } {
  const lex = new Lexer(buf, offset);
  const value = lex.value();
  return { value, end: lex.pos };
}

export const numberOf = (v: PdfValue | undefined): number | undefined => (v?.t === 'num' ? v.v : undefined);
export const nameOf = (v: PdfValue | undefined): string | undefined => (v?.t === 'name' ? v.v : undefined);
export const dictOf = (v: PdfValue | undefined): Map<string, PdfValue> | undefined =>
  v?.t === 'dict' ? v.v : undefined;

/** A canonical text of a value, for comparing two definitions of an object. */
export function canonical(v: PdfValue | undefined): string {
  if (!v) return 'undefined';
  switch (v.t) {
    case 'dict':
      return `<<${[...v.v.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, x]) => `/${k} ${canonical(x)}`)
        .join(' ')}>>`;
    case 'array':
      return `[${v.v.map(canonical).join(' ')}]`;
    case 'name':
      return `/${v.v}`;
    case 'string':
      return `<${v.v.toString('hex')}>`;
    case 'num':
      return String(v.v);
    case 'ref':
      return `${v.n} ${v.g} R`;
    case 'bool':
      return String(v.v);
    case 'null':
      return 'null';
  }
}

/** A PDF text string (UTF-16BE with BOM, or PDFDocEncoding taken as Latin-1). */
export function textOf(v: PdfValue | undefined): string | undefined {
  if (v?.t !== 'string') return undefined;
  const b = v.v;
  if (b[0] === 0xfe && b[1] === 0xff) {
    const body = Buffer.from(b.subarray(2, 2 + ((b.length - 2) & ~1)));
    return body.swap16().toString('utf16le');
  }
  return b.toString('latin1');
}
