// API token format (GitHub style): `evk_` + 30 base62 characters + 6 base62 characters of the CRC32 of those 30.
// The checksum lets scanners (and us, before any database lookup) reject non-tokens offline.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const TOKEN_PREFIX = 'evk_';
export const TOKEN_PATTERN = /^evk_[0-9A-Za-z]{36}$/;

// CRC-32 (IEEE), table-driven; kept here so the format has no I/O dependency.
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function base62(value: number, width: number): string {
  let s = '';
  let x = value;
  do {
    s = ALPHABET[x % 62] + s;
    x = Math.floor(x / 62);
  } while (x > 0);
  return s.padStart(width, '0');
}

/** Turns random bytes into 30 unbiased base62 characters (rejection sampling); returns null if more bytes are needed. */
export function base62FromBytes(bytes: Uint8Array, length = 30): string | null {
  let s = '';
  for (const b of bytes) {
    if (b < 248) s += ALPHABET[b % 62];
    if (s.length === length) return s;
  }
  return null;
}

export function formatToken(body30: string): string {
  return `${TOKEN_PREFIX}${body30}${base62(crc32(body30), 6)}`;
}

/** Format and checksum check, no database: a typo or a non-token fails here. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(4, 34);
  return token.slice(34) === base62(crc32(body), 6);
}
