// An A4 PDF with the report fonts and the page buffer, collected into one Buffer when it ends.
import PDFDocument from 'pdfkit';
import { fonts, MARGIN, Writer } from './layout.js';

export interface OpenedDocument {
  doc: PDFKit.PDFDocument;
  w: Writer;
  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Buffer>;
}

/** `at` fixes the creation dates, so the same input renders the same bytes. */
export function openDocument(info: { Title: string; Author: string; Subject: string }, at: Date): OpenedDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true, // page x of y, footers and the contents list are drawn after the body
    autoFirstPage: true,
    info: {
      ...info,
      // The document is the author's: the firm's name, not the software's, as its creator and producer.
      Creator: info.Author,
      Producer: info.Author,
      // Fixed dates make the file ID (an MD5 of the info dictionary) and thus the bytes reproducible.
      CreationDate: at,
      ModDate: at,
    },
  });
  const f = fonts();
  doc.registerFont('Regular', f.regular);
  doc.registerFont('Bold', f.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    w: new Writer(doc),
    finish() {
      doc.end();
      return done;
    },
  };
}
