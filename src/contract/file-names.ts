// Downloaded files named in words (docs/console/README.md): the company, what the file is and its date, never
// an internal id. The service's Content-Disposition and the console's saved files share these names.
import { DOCUMENT_KIND_LABELS, type DocumentKind } from './document-kinds.js';
import { todayInIndia } from './today.js';
import type { Statute } from './vocabulary.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A YYYY-MM-DD date as a person writes it: "31 Mar 2026" (the same on every machine, whatever its locale). */
export function dayInWords(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!m) return ymd;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** The content types a browser shows itself (opened in a tab); every other file is saved as a download. */
export const SHOWN_IN_BROWSER = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const shownInBrowser = (contentType: string): boolean =>
  (SHOWN_IN_BROWSER as readonly string[]).includes(contentType.split(';')[0]!.trim().toLowerCase());

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** Characters no common file system takes in a name (and control characters), as spaces. */
const fileNameText = (s: string) =>
  s
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A stored document's file name in words: "Konkan Coastal Logistics – Audited statements FY 2025-26 – 18 May
 * 2026.pdf" for evidence (its title and its own date), "… – Financials – 12 Jun 2026.xlsx" for a financials
 * file (the day it was uploaded, in India). The extension follows the content as judged at upload.
 */
export function documentFileName(d: {
  targetEntity: string;
  kind: DocumentKind;
  contentType: string;
  fileName: string;
  createdAt: string | Date;
  title?: string | null;
  documentDate?: string | null;
}): string {
  const uploaded = todayInIndia(typeof d.createdAt === 'string' ? new Date(d.createdAt) : d.createdAt);
  const what = d.title?.trim() || DOCUMENT_KIND_LABELS[d.kind];
  const day = dayInWords(d.documentDate || uploaded);
  const ext = EXTENSIONS[d.contentType] ?? /\.([A-Za-z0-9]{1,8})$/.exec(d.fileName)?.[1]?.toLowerCase() ?? 'bin';
  // A file system's 255 bytes: the title is cut, never the company, the date or the extension.
  const name = (w: string) => `${fileNameText(d.targetEntity)} – ${fileNameText(w)} – ${day}.${ext}`;
  let cut = what;
  while (new TextEncoder().encode(name(cut)).length > 240 && cut.length > 1) cut = `${cut.slice(0, -2).trimEnd()}…`;
  return name(cut);
}

/** The law a file is made under, as its name says it ("FEMA valuation"). */
const STATUTE_IN_FILE_NAMES: Record<Statute, string> = {
  RULE_11UA: 'Rule 11UA valuation',
  COMPANIES_ACT_SEC_62: 'Section 62 valuation',
  FEMA_RBI: 'FEMA valuation',
  IBC_LIQUIDATION: 'IBC valuation',
};

/**
 * A file made for an engagement, named in words: "Konkan Coastal Logistics – FEMA valuation – 31 Oct 2026 –
 * FINAL.pdf" (the company, the law, the valuation date, what the file is).
 */
export function engagementFileName(
  e: { targetEntity: string; statute: string; valuationDate?: string | null },
  what: string,
  ext: string,
): string {
  const law = STATUTE_IN_FILE_NAMES[e.statute as Statute] ?? 'Valuation';
  const day = e.valuationDate ? ` – ${dayInWords(e.valuationDate)}` : '';
  return `${fileNameText(e.targetEntity)} – ${law}${day} – ${fileNameText(what)}.${ext}`;
}
