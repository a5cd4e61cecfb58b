// Text the service stores and shows to others (an uploaded file's name, an evidence document's title and provider)
// must read as it was written. A bidirectional control character reorders what follows it on screen and in the
// report: "invoice\u202Efdp.exe" displays as "invoiceexe.pdf". Such text is refused, naming the character
// (docs/decisions.md, Names and titles as shown).

/** The explicit directional embeddings, overrides and isolates, and the invisible direction marks. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `s` may not be shown as it is, or null when it may. */
export function bidiControlReason(s: string): string | null {
  const found = BIDI_CONTROL.exec(s);
  if (!found) return null;
  return `contains a bidirectional control character (${codePoint(found[0])}), which would make it display in a different order than it was written; remove it`;
}
