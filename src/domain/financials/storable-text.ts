// Text that cannot be stored: PostgreSQL refuses the NUL character (U+0000) in text and jsonb, and a
// UTF-16 surrogate without its pair is not text at all (it has no UTF-8 form). An uploaded file that
// holds either, in a value or in a key, is refused at ingestion with the place named, instead of
// failing in the database on every retry (docs/decisions.md, The financials document).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `s` cannot be stored, or null when it can. */
export function unstorableTextReason(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL character (U+0000), which cannot be stored; remove it';
  if (LONE_SURROGATE.test(s)) return 'contains an unpaired UTF-16 surrogate, which is not valid text; remove it';
  return null;
}

/** A key or value shown in a message or a JSON Pointer without the characters that cannot be stored. */
export function printable(s: string): string {
  return s
    .replace(/\u0000/g, '\\u0000')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const pointerToken = (key: string) => printable(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Every key and string value below `value` that cannot be stored, as JSON Pointers, in document order. */
export function findUnstorableText(value: unknown, path = ''): { path: string; message: string }[] {
  if (typeof value === 'string') {
    const reason = unstorableTextReason(value);
    return reason ? [{ path: path || '/', message: reason }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => findUnstorableText(v, `${path}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      const at = `${path}/${pointerToken(k)}`;
      const reason = unstorableTextReason(k);
      return [...(reason ? [{ path: at, message: `the key ${reason}` }] : []), ...findUnstorableText(v, at)];
    });
  }
  return [];
}
