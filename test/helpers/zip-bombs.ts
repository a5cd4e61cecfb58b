// Zip archives that lie about their sizes, written byte by byte as an attacker would: each entry inflates to
// `inflated` bytes while its local header and central directory claim `claimed`.
import { deflateRawSync } from 'node:zlib';

export type BombShape = 'lying-sizes' | 'no-central-directory' | 'zip64-sizes';

function localHeader(name: Buffer, compressed: number, claimed: number, zip64: boolean): Buffer {
  const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(claimed), 4);
    extra.writeBigUInt64LE(BigInt(compressed), 12);
  }
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(zip64 ? 45 : 20, 4);
  h.writeUInt16LE(8, 8); // deflated
  h.writeUInt32LE(zip64 ? 0xffffffff : compressed, 18);
  h.writeUInt32LE(zip64 ? 0xffffffff : claimed, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(extra.length, 28);
  return Buffer.concat([h, name, extra]);
}

function centralHeader(name: Buffer, compressed: number, claimed: number, offset: number): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(8, 10);
  h.writeUInt32LE(compressed, 20);
  h.writeUInt32LE(claimed, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, name]);
}

/** An XLSX-looking archive ([Content_Types].xml first) whose sheet entry inflates to `inflated` bytes. */
export function lyingZip(shape: BombShape, inflated: number, claimed = 4096): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const add = (nameText: string, content: Buffer, claim: number) => {
    const name = Buffer.from(nameText);
    const data = deflateRawSync(content, { level: 9 });
    const header = localHeader(name, data.length, claim, shape === 'zip64-sizes');
    central.push(centralHeader(name, data.length, claim, offset));
    parts.push(header, data);
    offset += header.length + data.length;
  };
  add('[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types/>'), 30);
  add('xl/worksheets/sheet1.xml', Buffer.alloc(inflated, 0x20), claimed);
  if (shape !== 'no-central-directory') {
    const dir = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(central.length, 8);
    end.writeUInt16LE(central.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(offset, 16);
    parts.push(dir, end);
  }
  return Buffer.concat(parts);
}
