/**
 * Decoding the streams a signed copy's update may carry: FlateDecode through the file's inflation budget (with the
 * PNG predictors cross-reference streams use), and the objects packed in an object stream.
 */
import type { InflateBudget } from '../../lib/inflate-budget.js';
import { dictOf, numberOf, PdfSyntaxError, readValueAt, type PdfObject } from './objects.js';

/**
 * A stream's decoded bytes: unfiltered, or FlateDecode (with the PNG predictors cross-reference streams use),
 * inflated through the file's budget. Any other filter is refused: nothing a signature adds needs one we read.
 */
export function decodeStream(obj: PdfObject, budget: InflateBudget): Buffer {
  if (obj.value.t !== 'dict' || !obj.stream) return Buffer.alloc(0);
  const filter = obj.value.v.get('Filter');
  const filters = filter?.t === 'array' ? filter.v : filter ? [filter] : [];
  let data: Buffer = obj.stream;
  for (const f of filters) {
    if (f.t === 'name' && f.v === 'FlateDecode') data = budget.inflate(data, `stream ${obj.n}`);
    else throw new PdfSyntaxError(`stream ${obj.n}: filter ${f.t === 'name' ? f.v : '?'} is not supported`);
  }
  const parms = dictOf(obj.value.v.get('DecodeParms'));
  const predictor = numberOf(parms?.get('Predictor')) ?? 1;
  if (predictor >= 10) data = unpredictPng(data, numberOf(parms?.get('Columns')) ?? 1, obj.n);
  else if (predictor !== 1) throw new PdfSyntaxError(`stream ${obj.n}: predictor ${predictor} is not supported`);
  return data;
}

/** Undoes PNG row predictors (one filter-type byte per row), as cross-reference streams are commonly written. */
function unpredictPng(data: Buffer, columns: number, n: number): Buffer {
  if (!Number.isInteger(columns) || columns < 1 || columns > 64)
    throw new PdfSyntaxError(`stream ${n}: ${columns} predictor columns`);
  const rowLength = columns + 1;
  if (data.length % rowLength !== 0) throw new PdfSyntaxError(`stream ${n}: rows do not fit the predictor's columns`);
  const rows = data.length / rowLength;
  const out = Buffer.alloc(rows * columns);
  for (let r = 0; r < rows; r++) {
    const type = data[r * rowLength]!;
    for (let c = 0; c < columns; c++) {
      const raw = data[r * rowLength + 1 + c]!;
      const left = c > 0 ? out[r * columns + c - 1]! : 0;
      const up = r > 0 ? out[(r - 1) * columns + c]! : 0;
      const upLeft = r > 0 && c > 0 ? out[(r - 1) * columns + c - 1]! : 0;
      let value: number;
      if (type === 0) value = raw;
      else if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new PdfSyntaxError(`stream ${n}: PNG filter type ${type}`);
      out[r * columns + c] = value & 0xff;
    }
  }
  return out;
}

/** The objects packed in an object stream (/Type /ObjStm, FlateDecode or unfiltered). */
export function objectsInStream(obj: PdfObject, budget: InflateBudget): PdfObject[] {
  if (obj.value.t !== 'dict' || !obj.stream) return [];
  const data = decodeStream(obj, budget);
  const count = numberOf(obj.value.v.get('N'));
  const first = numberOf(obj.value.v.get('First'));
  if (count === undefined || first === undefined) throw new PdfSyntaxError(`object stream ${obj.n}: no /N or /First`);
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(first) || first < 0 || first > data.length)
    throw new PdfSyntaxError(`object stream ${obj.n}: its /N or /First is not a count within the stream`);
  const header = data.toString('latin1', 0, first).trim().split(/\s+/).map(Number);
  const out: PdfObject[] = [];
  for (let i = 0; i < count; i++) {
    const n = header[2 * i];
    const rel = header[2 * i + 1];
    if (!Number.isInteger(n) || !Number.isInteger(rel) || n! < 0 || rel! < 0 || first + rel! >= data.length)
      throw new PdfSyntaxError(`object stream ${obj.n}: entry ${i} is not an object number and offset within it`);
    out.push({ n: n!, g: 0, offset: obj.offset, value: readValueAt(data, first + rel!).value });
  }
  return out;
}
