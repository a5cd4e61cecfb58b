// A zip archive (an XLSX workbook) measured by what it actually inflates to. The sizes an archive writes in its
// local headers and central directory are the sender's claims: a bomb writes small ones. Here every entry is
// found by walking the local headers from the start of the file (no central directory needed, ZIP64 sizes
// ignored) and inflated with a running total that stops at the bound, so no more than the bound is ever held.
// The entries that pass are written again as a plain archive for the workbook reader, which then cannot
// inflate more than was counted here (docs/decisions.md, Upload bounds per format).
import { constants as bufferConstants } from 'node:buffer';
import { inflateRawSync } from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const DATA_DESCRIPTOR = 0x08074b50;
const STORED = 0;
const DEFLATED = 8;
/** A workbook has a few dozen parts; a hundred thousand headers is only ever a way to spend our time. */
const MAX_ENTRIES = 10_000;

/** The archive inflates past the bound: `inflated` bytes counted when it stopped, from `consumed` bytes of the file. */
export class ZipBoundExceeded extends Error {
  constructor(
    readonly bound: number,
    readonly inflated: number,
    readonly consumed: number,
  ) {
    super(`the archive inflates to more than ${bound} bytes`);
    this.name = 'ZipBoundExceeded';
  }
}

/** The bytes are not a zip archive this reader can walk (encrypted, an unknown method, a broken header). */
export class ZipUnreadable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ZipUnreadable';
  }
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The compressed size a ZIP64 extra field (header 0x0001) gives a stored entry, when the header says 0xFFFFFFFF. */
function zip64CompressedSize(
  view: DataView,
  extraStart: number,
  extraLength: number,
  uncompressedIsZip64: boolean,
): number | null {
  for (let p = extraStart; p + 4 <= extraStart + extraLength;) {
    const id = view.getUint16(p, true);
    const size = view.getUint16(p + 2, true);
    if (id === 0x0001) {
      const at = p + 4 + (uncompressedIsZip64 ? 8 : 0);
      if (at + 8 > extraStart + extraLength) return null;
      const value = view.getBigUint64(at, true);
      return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
    }
    p += 4 + size;
  }
  return null;
}

/**
 * Every entry of the archive, inflated, as long as together they come to at most `bound` bytes; otherwise
 * ZipBoundExceeded as soon as the running total passes it. ZipUnreadable for what cannot be walked.
 */
export function inflateZipBounded(data: Uint8Array, bound: number): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries: ZipEntry[] = [];
  let total = 0;
  let offset = 0;
  while (offset + 4 <= data.length) {
    const signature = view.getUint32(offset, true);
    if (
      signature === CENTRAL_HEADER ||
      signature === END_OF_CENTRAL_DIRECTORY ||
      signature === ZIP64_END_OF_CENTRAL_DIRECTORY
    )
      break;
    if (signature !== LOCAL_HEADER || offset + 30 > data.length)
      throw new ZipUnreadable(`no entry header at byte ${offset}`);
    if (entries.length >= MAX_ENTRIES) throw new ZipUnreadable(`more than ${MAX_ENTRIES} entries`);
    const flags = view.getUint16(offset + 6, true);
    const method = view.getUint16(offset + 8, true);
    const compressedSize = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    const dataStart = offset + 30 + nameLength + extraLength;
    if (dataStart > data.length)
      throw new ZipUnreadable(`entry header at byte ${offset} runs past the end of the file`);
    if (flags & 0x1) throw new ZipUnreadable('the workbook is encrypted');
    const name = bytes.toString('utf8', offset + 30, offset + 30 + nameLength);
    const remaining = bound - total;
    let content: Buffer;
    let consumed: number;
    if (method === DEFLATED) {
      try {
        // One byte more than what is left: producing it proves the bound is passed, and no more is ever made.
        const result = inflateRawSync(bytes.subarray(dataStart), {
          info: true,
          maxOutputLength: Math.min(remaining + 1, bufferConstants.MAX_LENGTH),
        }) as unknown as {
          buffer: Buffer;
          engine: { bytesWritten: number };
        };
        content = result.buffer;
        consumed = result.engine.bytesWritten;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new ZipBoundExceeded(bound, bound + 1, dataStart);
        throw new ZipUnreadable(`entry ${JSON.stringify(name)} does not inflate (${(err as Error).message})`);
      }
    } else if (method === STORED) {
      let size: number | null = compressedSize;
      if (compressedSize === 0xffffffff) {
        size = zip64CompressedSize(
          view,
          offset + 30 + nameLength,
          extraLength,
          view.getUint32(offset + 22, true) === 0xffffffff,
        );
      }
      // A stored entry whose size comes only after its data cannot be delimited without trusting a scan.
      if (size === null || (flags & 0x8 && size === 0))
        throw new ZipUnreadable(`stored entry ${JSON.stringify(name)} has no size`);
      if (dataStart + size > data.length)
        throw new ZipUnreadable(`entry ${JSON.stringify(name)} runs past the end of the file`);
      content = bytes.subarray(dataStart, dataStart + size);
      consumed = size;
    } else {
      throw new ZipUnreadable(`entry ${JSON.stringify(name)} uses compression method ${method}`);
    }
    total += content.length;
    if (total > bound) throw new ZipBoundExceeded(bound, total, dataStart + consumed);
    entries.push({ name, data: content });
    offset = dataStart + consumed;
    if (flags & 0x8) offset = skipDataDescriptor(view, offset);
  }
  if (entries.length === 0) throw new ZipUnreadable('the archive has no entries');
  return entries;
}

/** Past the data descriptor after an entry (signature optional; 32- or 64-bit sizes), to the next header. */
function skipDataDescriptor(view: DataView, at: number): number {
  const start = at + 4 <= view.byteLength && view.getUint32(at, true) === DATA_DESCRIPTOR ? at + 4 : at;
  for (const length of [12, 20]) {
    const next = start + length;
    if (next + 4 > view.byteLength) continue;
    const signature = view.getUint32(next, true);
    if (signature === LOCAL_HEADER || signature === CENTRAL_HEADER || signature === END_OF_CENTRAL_DIRECTORY)
      return next;
  }
  return start + 12;
}

/**
 * The entries as a new archive, stored without compression: what it expands to is exactly what was counted.
 * `first` entries come before the rest (a workbook's parts before its sheets, so a streaming reader meets the
 * workbook and its shared strings before any sheet and need not park sheets in temporary files).
 */
export function rezip(entries: ZipEntry[], first: (name: string) => boolean = () => false): Buffer {
  const files: Zippable = {};
  const ordered = [...entries.filter((e) => first(e.name)), ...entries.filter((e) => !first(e.name))];
  for (const e of ordered) if (!(e.name in files)) files[e.name] = [e.data, { level: 0 }];
  return Buffer.from(zipSync(files));
}
