// What describes a document the valuation relies on (docs/evidence.md): its title, its own date and who provided it.
import { EVIDENCE_FIELDS, EVIDENCE_TEXT_MAX, type DocumentKind } from '../../contract/document-kinds.js';
import { unstorableTextReason } from '../financials/storable-text.js';
import { isCalendarDate } from '../financials/schema.js';
import { bidiControlReason } from './shown-text.js';

export interface EvidenceDescription {
  title: string;
  /** YYYY-MM-DD: the document's own date (of the statements, the board resolution, the agreement…). */
  documentDate: string;
  /** Who gave the document to the valuer: the management, a registered valuer, a database… */
  providedBy: string;
}

function textProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return 'is required for an EVIDENCE document';
  if (text.length > EVIDENCE_TEXT_MAX) return `must be at most ${EVIDENCE_TEXT_MAX} characters`;
  return unstorableTextReason(text) ?? bidiControlReason(text);
}

/**
 * The refusals of an upload's description, each naming its field: an EVIDENCE document needs all three (the date
 * not after `today`); any other kind takes none of them, so nothing sent is silently dropped.
 */
export function evidenceDescriptionErrors(
  kind: DocumentKind,
  given: Partial<EvidenceDescription>,
  today: string,
): { path: string; message: string }[] {
  if (kind !== 'EVIDENCE') {
    return EVIDENCE_FIELDS.filter((f) => given[f] !== undefined).map((f) => ({
      path: `/${f}`,
      message: 'is given only with an EVIDENCE document',
    }));
  }
  const errors: { path: string; message: string }[] = [];
  for (const f of ['title', 'providedBy'] as const) {
    const problem = textProblem(given[f]);
    if (problem) errors.push({ path: `/${f}`, message: problem });
  }
  const date = given.documentDate;
  if (date === undefined || date === '') {
    errors.push({ path: '/documentDate', message: 'is required for an EVIDENCE document' });
  } else if (!isCalendarDate(date)) {
    errors.push({ path: '/documentDate', message: 'must be a date YYYY-MM-DD' });
  } else if (date > today) {
    errors.push({ path: '/documentDate', message: `must not be after today (${today})` });
  }
  return errors;
}
