/**
 * Valuation report renderer: a pure function from report data to PDF bytes (no I/O besides reading
 * the bundled fonts, no clock: generatedAt is injected). The FINAL report's bytes are what the
 * certificate signs, so the renderer never embeds its own hash. The page toolkit is pdf/layout.ts;
 * each section of the report is its own module in sections/.
 */
import { statuteShort } from './format.js';
import { openDocument } from './pdf/document.js';
import { firmName, type ReportInput } from './report-input.js';
import { contents, contentsPage, cover } from './sections/cover.js';
import { executiveSummary } from './sections/summary.js';
import { statutoryView } from './statutory-view.js';
import { purposeAndStatute } from './sections/purpose.js';
import { scope } from './sections/scope.js';
import { sources } from './sections/sources.js';
import { methods } from './sections/methods.js';
import { assumptions } from './sections/assumptions.js';
import { computations } from './sections/computation.js';
import { sensitivity } from './sections/sensitivity.js';
import { complianceBlock, conclusion, warnings } from './sections/conclusion.js';
import { priceWords } from './sections/transaction-words.js';
import { valuer } from './sections/valuer.js';
import { background } from './sections/background.js';
import { history } from './sections/history.js';
import { basisAndPremise } from './sections/basis.js';
import { caveats, representations, signatureBlock } from './sections/closing.js';
import { decoratePages } from './sections/page-decoration.js';
import { annexures } from './sections/annexures.js';
import { addSealPlaceholder, type SealPlaceholder } from './pdf-signature/seal.js';

export { DRAFT_WATERMARK, type ReportInput } from './report-input.js';

/**
 * With `seal`, the file carries an empty PDF signature field on the signature page, to be filled by
 * pdf-signature/seal.ts (sealPdf); without it, no signature field.
 */
export async function renderReport(given: ReportInput, options: { seal?: SealPlaceholder } = {}): Promise<Buffer> {
  // What the statute allows the report to show (a transfer on the prescribed NAV shows that NAV alone).
  const input = statutoryView(given);
  const at = new Date(input.generatedAt);
  if (Number.isNaN(at.getTime())) throw new Error(`generatedAt is not a timestamp: ${input.generatedAt}`);
  const { w, finish } = openDocument(
    {
      Title: `Valuation Report: ${input.engagement.targetEntity}`,
      Author: firmName(input),
      Subject: `${statuteShort(input.engagement.statute, input.valuation.legalBasis)} valuation report${input.reference ? ` ${input.reference}` : ''}${input.kind === 'FINAL' ? '' : ` (${input.kind})`}`,
    },
    at,
  );
  cover(w, input);
  executiveSummary(w, input);
  const contentsAt = contentsPage(w);
  // The order of Rule 8 of the Companies (Registered Valuers and Valuation) Rules, 2017 and ICAI VS 202.
  purposeAndStatute(w, input);
  valuer(w, input);
  scope(w, input);
  background(w, input);
  history(w, input);
  sources(w, input);
  basisAndPremise(w, input);
  methods(w, input.valuation, input);
  assumptions(w, input);
  computations(w, input.valuation);
  sensitivity(w, input.valuation);
  conclusion(w, input.valuation, priceWords(input).label);
  complianceBlock(w, input);
  warnings(w, input.valuation);
  representations(w, input);
  caveats(w, input);
  signatureBlock(w, input);
  const signaturePage = w.page;
  // After the signature, each on its own page and listed in the contents (docs/reports.md, Annexures).
  annexures(w, input);
  contents(w, contentsAt);
  decoratePages(w, input);
  if (options.seal) {
    w.doc.switchToPage(signaturePage);
    addSealPlaceholder(w.doc, options.seal);
  }
  return finish();
}
