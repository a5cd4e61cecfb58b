// Running header and footer, page numbers and the DRAFT watermark.
import { statuteShort } from '../format.js';
import { COLOR, MARGIN, type Writer } from '../pdf/layout.js';
import { DRAFT_WATERMARK, firmName, type ReportInput } from '../report-input.js';

/** Running header and footer, page numbers and the DRAFT watermark, drawn once all pages exist. */
export function decoratePages(w: Writer, input: ReportInput): void {
  const { doc } = w;
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start; i < range.start + total; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const width = doc.page.width - MARGIN.left - MARGIN.right;
    const footY = doc.page.height - MARGIN.bottom + 22;
    doc
      .moveTo(MARGIN.left, footY - 6)
      .lineTo(MARGIN.left + width, footY - 6)
      .lineWidth(0.4)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.font('Regular').fontSize(7.5).fillColor(COLOR.muted);
    // The status is repeated in the footer as plain text: the diagonal watermark is not reliably
    // extractable by text tools (poppler breaks up diagonal runs).
    const status = input.kind === 'DRAFT' ? `${DRAFT_WATERMARK} · ` : '';
    // The status first and a long company name shortened, so neither the status nor the firm's reference is cut.
    const entity =
      input.engagement.targetEntity.length > 48
        ? `${input.engagement.targetEntity.slice(0, 47)}…`
        : input.engagement.targetEntity;
    doc.text(`${status}${entity}${input.reference ? ` · ${input.reference}` : ''}`, MARGIN.left, footY, {
      width: width * 0.8,
      lineBreak: false,
      height: 10,
      ellipsis: true,
    });
    doc.text(`Page ${i - range.start + 1} of ${total}`, MARGIN.left + width * 0.8, footY, {
      width: width * 0.2,
      align: 'right',
      lineBreak: false,
    });
    if (i > range.start) {
      const headY = MARGIN.top - 30;
      doc.text(`${firmName(input)} · Valuation Report`, MARGIN.left, headY, {
        width: width * 0.6,
        lineBreak: false,
        height: 10,
        ellipsis: true,
      });
      doc.text(statuteShort(input.engagement.statute, input.valuation.legalBasis), MARGIN.left + width * 0.6, headY, {
        width: width * 0.4,
        align: 'right',
        lineBreak: false,
      });
      doc
        .moveTo(MARGIN.left, headY + 12)
        .lineTo(MARGIN.left + width, headY + 12)
        .lineWidth(0.4)
        .strokeColor(COLOR.rule)
        .stroke();
    }
    if (input.kind === 'DRAFT') {
      const cx = doc.page.width / 2;
      const cy = doc.page.height / 2;
      doc.save();
      doc.rotate(-50, { origin: [cx, cy] });
      doc.font('Bold').fontSize(54).fillColor(COLOR.draft).fillOpacity(0.13);
      const tw = doc.widthOfString(DRAFT_WATERMARK);
      doc.text(DRAFT_WATERMARK, cx - tw / 2, cy - 27, { lineBreak: false });
      doc.restore();
    }
    doc.page.margins.bottom = savedBottom;
  }
}
