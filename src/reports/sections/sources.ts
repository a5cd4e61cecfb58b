// Sources of information: each document with its SHA-256.
import { formatBytes, formatDate } from '../format.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { type ReportInput } from '../report-input.js';

export function sources(w: Writer, input: ReportInput): void {
  w.section('Sources of information');
  w.paragraph(
    'The following documents were relied upon. Each is identified by its SHA-256 digest so that the exact file used can be verified.',
  );
  if (input.documents.length === 0) {
    w.paragraph('No documents were recorded for this engagement.', { color: COLOR.muted });
    return;
  }
  const { doc } = w;
  input.documents.forEach((d, i) => {
    w.ensureSpace(46);
    doc
      .font('Bold')
      .fontSize(SIZE.body)
      .fillColor(COLOR.ink)
      .text(`${i + 1}. ${d.fileName}`, w.left, doc.y, { width: w.width });
    doc
      .font('Regular')
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(`${d.kind} · ${formatBytes(d.sizeBytes)} · received ${formatDate(d.createdAt)}`, w.left + 12, doc.y, {
        width: w.width - 12,
      });
    // The digest stays on one line (7.5 pt fits 64 hex digits) so it can be copied whole.
    doc
      .fillColor(COLOR.ink)
      .fontSize(7.5)
      .text(`SHA-256: ${d.sha256}`, w.left + 12, doc.y, { width: w.width - 12 });
    doc.moveDown(0.5);
  });
}
