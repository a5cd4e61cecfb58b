// The kinds of document an engagement holds (docs/evidence.md): the financials the valuation is computed from,
// the evidence it relies on (each with a title, its date and who provided it), and the older untitled kind.

export const DOCUMENT_KINDS = ['FINANCIALS', 'EVIDENCE', 'SUPPORTING'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What a person reads for each kind. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  FINANCIALS: 'Financials',
  EVIDENCE: 'Evidence relied upon',
  SUPPORTING: 'Supporting document',
};

/** The most characters of an evidence document's title and of the name of who provided it. */
export const EVIDENCE_TEXT_MAX = 200;

/** The form fields that describe an EVIDENCE document, sent beside the file. */
export const EVIDENCE_FIELDS = ['title', 'documentDate', 'providedBy'] as const;
export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];
