// The report's page toolkit: fonts, colours, margins, and a Writer that lays out numbered sections,
// paragraphs, bullets, key/value facts, tables that continue across pages under a repeated header,
// and vector charts. It knows nothing of valuations; the sections (src/reports/sections) do.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import SVGtoPDF from 'svg-to-pdfkit';

// Fonts are read once per process; DejaVu Sans carries the ₹ glyph that the built-in Helvetica lacks.
let fontCache: { regular: Buffer; bold: Buffer } | undefined;
export function fonts(): { regular: Buffer; bold: Buffer } {
  fontCache ??= {
    regular: readFileSync(fileURLToPath(new URL('../fonts/DejaVuSans.ttf', import.meta.url))),
    bold: readFileSync(fileURLToPath(new URL('../fonts/DejaVuSans-Bold.ttf', import.meta.url))),
  };
  return fontCache;
}

export type Doc = PDFKit.PDFDocument;

export const COLOR = {
  ink: '#1a1a1a',
  muted: '#5f6670',
  accent: '#1f3a5f',
  rule: '#c9ced6',
  headerFill: '#e8edf3',
  zebra: '#f6f8fa',
  highlight: '#fff4d6',
  draft: '#b3261e',
};
export const SIZE = { body: 9.5, small: 8, table: 8, h1: 14, h2: 11 };
export const MARGIN = { top: 64, bottom: 64, left: 56, right: 56 };
/** The space between a table cell's edge and its text, each side. */
export const CELL_PAD = 3.5;

export interface Column {
  header: string;
  /** Fraction of the content width. */
  width: number;
  align?: 'left' | 'right' | 'center';
  /** Never bold, even in an emphasised row (explanatory notes). */
  plain?: boolean;
}

export interface TableOptions {
  fontSize?: number;
  /** Row indices drawn bold (totals, results). */
  boldRows?: Set<number>;
  /** [row, column] cells given a highlight fill. */
  highlightCells?: Set<string>;
  /** Bold first column (row headers). */
  boldFirstColumn?: boolean;
}

export class Writer {
  readonly doc: Doc;
  readonly sections: { title: string; page: number }[] = [];
  private sectionNo = 0;

  constructor(doc: Doc) {
    this.doc = doc;
  }

  get left(): number {
    return MARGIN.left;
  }
  get width(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }
  get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }
  get page(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  section(title: string, newPage = false): void {
    if (newPage) this.doc.addPage();
    else this.ensureSpace(90); // keep a heading with at least a few lines of its content
    this.sectionNo += 1;
    const numbered = `${this.sectionNo}. ${title}`;
    this.sections.push({ title: numbered, page: this.page });
    this.doc.moveDown(0.6);
    this.headingWithRule(numbered);
  }

  /** A heading in the accent colour with a rule under it, as every section and annexure opens. */
  private headingWithRule(title: string): void {
    const { doc } = this;
    doc.font('Bold').fontSize(SIZE.h1).fillColor(COLOR.accent).text(title, this.left, doc.y, { width: this.width });
    const y = doc.y + 2;
    doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.8)
      .strokeColor(COLOR.accent)
      .stroke();
    doc.y = y + 8;
    doc.fillColor(COLOR.ink);
  }

  /**
   * An annexure after the signature: on a page of its own, listed in the contents under its own title (not a
   * numbered section), e.g. "Annexure 2: Historical financial statements".
   */
  annexure(title: string): void {
    this.doc.addPage();
    this.sections.push({ title, page: this.page });
    this.headingWithRule(title);
  }

  /** A heading never ends a page: it asks for room for itself and the first rows of what it heads (`keep`, in points). */
  subheading(title: string, keep = 60): void {
    this.ensureSpace(keep);
    const { doc } = this;
    doc.moveDown(0.4);
    doc.font('Bold').fontSize(SIZE.h2).fillColor(COLOR.accent).text(title, this.left, doc.y, { width: this.width });
    doc.moveDown(0.3);
    doc.fillColor(COLOR.ink);
  }

  paragraph(
    text: string,
    opts: { size?: number; color?: string; bold?: boolean; align?: 'left' | 'justify' } = {},
  ): void {
    const { doc } = this;
    doc
      .font(opts.bold ? 'Bold' : 'Regular')
      .fontSize(opts.size ?? SIZE.body)
      .fillColor(opts.color ?? COLOR.ink)
      .text(text, this.left, doc.y, { width: this.width, align: opts.align ?? 'justify', lineGap: 1.5 });
    doc.moveDown(0.5);
    doc.fillColor(COLOR.ink);
  }

  /** A bold lead-in followed by text on the same line ("Heading. text"). */
  labelled(label: string, text: string): void {
    const { doc } = this;
    // No label left alone on a page's last line: at least its first two lines together (or the whole, if shorter).
    doc.font('Regular').fontSize(SIZE.body);
    const whole = doc.heightOfString(`${label}. ${text}`, { width: this.width, lineGap: 1.5 });
    this.ensureSpace(Math.min(whole, 2 * (doc.currentLineHeight(true) + 1.5)));
    doc.font('Bold').fontSize(SIZE.body).fillColor(COLOR.ink).text(`${label}. `, this.left, doc.y, {
      width: this.width,
      continued: true,
      lineGap: 1.5,
    });
    doc.font('Regular').text(text, { width: this.width, align: 'justify', lineGap: 1.5 });
    doc.moveDown(0.5);
  }

  bullet(text: string): void {
    const { doc } = this;
    const indent = 12;
    doc.font('Regular').fontSize(SIZE.body).fillColor(COLOR.ink);
    const h = doc.heightOfString(text, { width: this.width - indent, lineGap: 1.5 });
    this.ensureSpace(h);
    const y = doc.y;
    doc.text('•', this.left, y, { width: indent });
    doc.text(text, this.left + indent, y, { width: this.width - indent, align: 'left', lineGap: 1.5 });
    doc.moveDown(0.3);
  }

  /** The height a paragraph (as `paragraph` writes it) takes, for keeping it with what follows. */
  paragraphHeight(text: string): number {
    this.doc.font('Regular').fontSize(SIZE.body);
    return this.doc.heightOfString(text, { width: this.width, lineGap: 1.5 }) + this.doc.currentLineHeight() * 0.5;
  }

  /** The height a table (as `table` writes it) takes on one page. */
  tableHeight(columns: Column[], rows: string[][], opts: TableOptions = {}): number {
    const cellHeight = this.cellHeights(columns, opts);
    return (
      cellHeight(
        columns.map((c) => c.header),
        true,
      ) + rows.reduce((h, row, r) => h + cellHeight(row, opts.boldRows?.has(r) ?? false), 0)
    );
  }

  /**
   * Starts a new page unless `height` points fit on this one, where they are at most half a page: a section's
   * heading, its lead-in and a short table stay on one page, and no heading ends a page above its own table.
   */
  keepTogether(height: number): void {
    if (height <= (this.bottom - MARGIN.top) / 2) this.ensureSpace(height);
  }

  private cellHeights(columns: Column[], opts: TableOptions): (cells: string[], bold: boolean) => number {
    const { doc } = this;
    const fontSize = opts.fontSize ?? SIZE.table;
    const widths = columns.map((c) => c.width * this.width);
    return (cells, bold) =>
      Math.max(
        ...cells.map((cell, i) => {
          const b = !columns[i]?.plain && (bold || (i === 0 && opts.boldFirstColumn));
          doc.font(b ? 'Bold' : 'Regular').fontSize(fontSize);
          return doc.heightOfString(cell || ' ', { width: widths[i] - 2 * CELL_PAD });
        }),
      ) +
      2 * CELL_PAD;
  }

  /**
   * Table with wrapped cells; rows never split, and a table that runs past the page bottom
   * continues on the next page under a repeated header row.
   */
  table(columns: Column[], rows: string[][], opts: TableOptions = {}): void {
    const { doc } = this;
    const fontSize = opts.fontSize ?? SIZE.table;
    const pad = CELL_PAD;
    const widths = columns.map((c) => c.width * this.width);
    const cellHeight = this.cellHeights(columns, opts);

    const drawRow = (cells: string[], y: number, h: number, kind: 'header' | 'body', rowIndex: number): void => {
      let x = this.left;
      if (kind === 'header') doc.rect(this.left, y, this.width, h).fill(COLOR.headerFill);
      else if (rowIndex % 2 === 1) doc.rect(this.left, y, this.width, h).fill(COLOR.zebra);
      cells.forEach((cell, i) => {
        if (kind === 'body' && opts.highlightCells?.has(`${rowIndex},${i}`)) {
          doc.rect(x, y, widths[i], h).fill(COLOR.highlight);
        }
        const bold =
          kind === 'header' ||
          (!columns[i].plain && (opts.boldRows?.has(rowIndex) || (i === 0 && opts.boldFirstColumn)));
        doc
          .font(bold ? 'Bold' : 'Regular')
          .fontSize(fontSize)
          .fillColor(kind === 'header' ? COLOR.accent : COLOR.ink)
          .text(cell, x + pad, y + pad, { width: widths[i] - 2 * pad, align: columns[i].align ?? 'left' });
        x += widths[i];
      });
      doc
        .moveTo(this.left, y + h)
        .lineTo(this.left + this.width, y + h)
        .lineWidth(kind === 'header' ? 0.8 : 0.3)
        .strokeColor(kind === 'header' ? COLOR.accent : COLOR.rule)
        .stroke();
    };

    const header = columns.map((c) => c.header);
    const headerHeight = cellHeight(header, true);
    // Start on a new page unless the header and the first row fit; a table of half a page or less is kept
    // whole, so no total is printed a page away from the rows it adds up.
    const firstHeight = rows.length > 0 ? cellHeight(rows[0], opts.boldRows?.has(0) ?? false) : 0;
    const wholeHeight =
      headerHeight + rows.reduce((h, row, r) => h + cellHeight(row, opts.boldRows?.has(r) ?? false), 0);
    const pageHeight = this.bottom - MARGIN.top;
    if (
      doc.y + headerHeight + firstHeight > this.bottom ||
      (wholeHeight <= pageHeight / 2 && doc.y + wholeHeight > this.bottom)
    )
      doc.addPage();
    let y = doc.y;
    drawRow(header, y, headerHeight, 'header', -1);
    y += headerHeight;
    rows.forEach((row, r) => {
      const h = cellHeight(row, opts.boldRows?.has(r) ?? false);
      if (y + h > this.bottom) {
        doc.addPage();
        y = doc.y;
        drawRow(header, y, headerHeight, 'header', -1);
        y += headerHeight;
      }
      drawRow(row, y, h, 'body', r);
      y += h;
    });
    doc.x = this.left;
    doc.y = y + 8;
    doc.fillColor(COLOR.ink);
  }

  /** A vector chart (SVG from the charting library) at the content width. */
  chart(svg: string | null, height: number, caption: string): void {
    if (svg === null) return;
    this.ensureSpace(height + 24);
    const y = this.doc.y;
    SVGtoPDF(this.doc, svg, this.left, y, {
      width: this.width,
      height,
      fontCallback: (_family, bold) => (bold ? 'Bold' : 'Regular'),
    });
    this.doc.x = this.left;
    this.doc.y = y + height + 4;
    this.paragraph(caption, { size: SIZE.small, color: COLOR.muted, align: 'left' });
  }

  /** Two-column key/value table without a header row look. */
  facts(rows: [string, string][], labelWidth = 0.3): void {
    this.table(
      [
        { header: 'Item', width: labelWidth },
        { header: 'Detail', width: 1 - labelWidth },
      ],
      rows,
      { fontSize: SIZE.small + 0.5, boldFirstColumn: true },
    );
  }
}
