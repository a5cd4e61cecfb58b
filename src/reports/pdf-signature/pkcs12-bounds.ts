/**
 * The work a PKCS#12 file asks for, read before it is opened: its MAC and key-derivation iteration counts.
 * Opening one runs each count as given (a 2 KB file may ask for 2³¹−1 rounds, an hour of work), so a count
 * above MAX_PKCS12_ITERATIONS is refused first (docs/report-signatures.md, Bounds).
 *
 * Every iteration count in PKCS#12 sits in a SEQUENCE right after an OCTET STRING salt: MacData
 * (mac, macSalt, iterations), pkcs-12PbeParams (salt, iterations) and PBKDF2-params (salt, iterationCount, …).
 * The DER is walked (OCTET STRINGs that hold DER, as the authenticated safe does, included) and every such
 * count read. Counts inside encrypted bags cannot be read before decrypting; the thread's time limit bounds those.
 */

/** Ten times the highest count common tools write (OpenSSL 2,048; Windows 2,000; Java keytool 10,000). */
export const MAX_PKCS12_ITERATIONS = 100_000;
/** A PKCS#12 with a key and its chain is a few kilobytes. */
export const MAX_PKCS12_BYTES = 256 * 1024;

interface Tlv {
  tag: number;
  content: Uint8Array;
  end: number;
}

function readTlv(der: Uint8Array, at: number, limit: number): Tlv | null {
  if (at + 2 > limit) return null;
  const tag = der[at]!;
  if ((tag & 0x1f) === 0x1f) return null; // high tag numbers do not occur in PKCS#12
  let length = der[at + 1]!;
  let p = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4 || p + bytes > limit) return null;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[p++]!;
  }
  if (p + length > limit) return null;
  return { tag, content: der.subarray(p, p + length), end: p + length };
}

function children(content: Uint8Array): Tlv[] | null {
  const out: Tlv[] = [];
  let p = 0;
  while (p < content.length) {
    const t = readTlv(content, p, content.length);
    if (!t) return null;
    out.push(t);
    p = t.end;
  }
  return out;
}

/** An INTEGER's value, or Infinity when it has more than six bytes. */
function integer(content: Uint8Array): number {
  if (content.length > 6) return Infinity;
  let v = 0;
  for (const b of content) v = v * 256 + b;
  return v;
}

/** The largest iteration count `der` asks for (0 when it names none). */
export function largestIterationCount(der: Uint8Array): number {
  let largest = 0;
  let visited = 0;
  const walk = (items: Tlv[], depth: number) => {
    if (depth > 24 || ++visited > 10_000) return;
    for (let i = 0; i < items.length; i++) {
      const t = items[i]!;
      const next = items[i + 1];
      if (t.tag === 0x04 && next?.tag === 0x02) largest = Math.max(largest, integer(next.content));
      if (t.tag & 0x20) {
        const inner = children(t.content);
        if (inner) walk(inner, depth + 1);
      } else if (t.tag === 0x04 && t.content.length > 1 && t.content[0] === 0x30) {
        const inner = children(t.content);
        if (inner) walk(inner, depth + 1);
      }
    }
  };
  const top = children(der);
  if (top) walk(top, 0);
  return largest;
}
