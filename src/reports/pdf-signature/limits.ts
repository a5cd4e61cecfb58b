/**
 * What a PDF read by the service may hold (docs/report-signatures.md, Bounds). Each bound is far above what
 * a genuine report carries and is checked before the work it bounds, so a file built to exhaust the process
 * is refused with the bound it exceeds.
 */
import { PdfSyntaxError } from './objects.js';

/** Signatures in one file, the firm's seal included: a report carries the seal and one or two partners'. */
export const MAX_SIGNATURES_PER_FILE = 10;
/** A signature's CMS (its /Contents, decoded): signing software reserves 8–32 KiB, with revocation data. */
export const MAX_CMS_BYTES = 64 * 1024;
/** One certificate in a CMS, DER. */
export const MAX_CERTIFICATE_BYTES = 16 * 1024;
/** A name (a certificate's subject, issuer or common name, a field's name) as it is stored and shown. */
export const MAX_NAME_CHARS = 256;

/** A bound of this file exceeded: refused with the bound named, like a syntax error. */
export class PdfLimitExceeded extends PdfSyntaxError {}

/** `text` cut to MAX_NAME_CHARS characters (an ellipsis marks the cut). */
export function shownName(text: string): string;
export function shownName(text: string | null): string | null;
export function shownName(text: string | null): string | null {
  if (text === null) return null;
  const chars = [...text];
  return chars.length <= MAX_NAME_CHARS ? text : `${chars.slice(0, MAX_NAME_CHARS - 1).join('')}…`;
}
