/**
 * Valuation report renderer: a pure function from report data to PDF bytes (no I/O besides reading
 * the bundled fonts, no clock: generatedAt is injected). The FINAL report's bytes are what the
 * certificate signs, so the renderer never embeds its own hash.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { MethodResult, ValuationResult } from '../domain/valuation/types.js';
import {
  formatBytes,
  formatDate,
  formatDayInIndia,
  formatLineValue,
  GATE_TITLE,
  lakh,
  METHOD_TITLE,
  percent,
  purposeTitle,
  rupees,
  STATUTE_SHORT,
  STATUTE_TITLE,
} from './format.js';
import { scopeParagraphs, statuteText } from './statute-text.js';
import SVGtoPDF from 'svg-to-pdfkit';
import { footballFieldSvg, heatMapSvg } from './charts.js';

export interface ReportInput {
  kind: 'DRAFT' | 'FINAL';
  reportId: string;
  firm: { name: string; legalName?: string; registration?: string | null };
  engagement: {
    id: string;
    targetEntity: string;
    cin: string | null;
    statute: ValuationResult['statute'];
    purpose: string | null;
    valuationDate: string;
    createdAt: string;
  };
  assumptions: {
    wacc: string;
    terminalGrowthRate: string;
    rationale: string;
    midYear: boolean;
    lockedAt: string;
    /** Display name of the person who locked the assumptions at gate 2. */
    lockedBy: string;
  };
  documents: { fileName: string; kind: string; sha256: string; sizeBytes: number; createdAt: string }[];
  valuation: ValuationResult;
  reviewTrail: {
    /** Review round: 1, then one more after each return for revision. */
    round?: number;
    gate: 'GATE_1' | 'GATE_2' | 'GATE_3';
    decision: 'APPROVED' | 'REJECTED' | 'RETURNED_FOR_REVISION';
    by: string;
    at: string;
    comment?: string;
  }[];
  /** FINAL only: who certifies, and the public verification page (PUBLIC_BASE_URL + /verify) the file is dropped on. */
  certificate?: {
    signedBy: string;
    signedAt: string;
    verifyUrl: string;
    /** The GATE_3 signatory's designation and the registrations that qualify them (domain/identity/signatory.ts). */
    designation?: string | null;
    registrations?: string[];
    /** The demo firm's made-up credentials are printed as such. */
    demo?: boolean;
  };
  /** Injected so the same input renders the same document. */
  generatedAt: string;
}

export const DRAFT_WATERMARK = 'DRAFT — not certified';

// Fonts are read once per process; DejaVu Sans carries the ₹ glyph that the built-in Helvetica lacks.
let fontCache: { regular: Buffer; bold: Buffer } | undefined;
function fonts(): { regular: Buffer; bold: Buffer } {
  fontCache ??= {
    regular: readFileSync(fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url))),
    bold: readFileSync(fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url))),
  };
  return fontCache;
}

type Doc = PDFKit.PDFDocument;

const COLOR = {
  ink: '#1a1a1a',
  muted: '#5f6670',
  accent: '#1f3a5f',
  rule: '#c9ced6',
  headerFill: '#e8edf3',
  zebra: '#f6f8fa',
  highlight: '#fff4d6',
  draft: '#b3261e',
};
const SIZE = { body: 9.5, small: 8, table: 8, h1: 14, h2: 11 };
const MARGIN = { top: 64, bottom: 64, left: 56, right: 56 };

export interface Column {
  header: string;
  /** Fraction of the content width. */
  width: number;
  align?: 'left' | 'right' | 'center';
  /** Never bold, even in an emphasised row (explanatory notes). */
  plain?: boolean;
}

interface TableOptions {
  fontSize?: number;
  /** Row indices drawn bold (totals, results). */
  boldRows?: Set<number>;
  /** [row, column] cells given a highlight fill. */
  highlightCells?: Set<string>;
  /** Bold first column (row headers). */
  boldFirstColumn?: boolean;
}

class Writer {
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
    const { doc } = this;
    doc.moveDown(0.6);
    doc.font('Bold').fontSize(SIZE.h1).fillColor(COLOR.accent).text(numbered, this.left, doc.y, { width: this.width });
    const y = doc.y + 2;
    doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.8).strokeColor(COLOR.accent).stroke();
    doc.y = y + 8;
    doc.fillColor(COLOR.ink);
  }

  subheading(title: string): void {
    this.ensureSpace(60);
    const { doc } = this;
    doc.moveDown(0.4);
    doc.font('Bold').fontSize(SIZE.h2).fillColor(COLOR.accent).text(title, this.left, doc.y, { width: this.width });
    doc.moveDown(0.3);
    doc.fillColor(COLOR.ink);
  }

  paragraph(text: string, opts: { size?: number; color?: string; bold?: boolean; align?: 'left' | 'justify' } = {}): void {
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

  /**
   * Table with wrapped cells; rows never split, and a table that runs past the page bottom
   * continues on the next page under a repeated header row.
   */
  table(columns: Column[], rows: string[][], opts: TableOptions = {}): void {
    const { doc } = this;
    const fontSize = opts.fontSize ?? SIZE.table;
    const pad = 3.5;
    const widths = columns.map((c) => c.width * this.width);
    const cellHeight = (cells: string[], bold: boolean): number =>
      Math.max(
        ...cells.map((cell, i) => {
          const b = !columns[i]?.plain && (bold || (i === 0 && opts.boldFirstColumn));
          doc.font(b ? 'Bold' : 'Regular').fontSize(fontSize);
          return doc.heightOfString(cell || ' ', { width: widths[i] - 2 * pad });
        }),
      ) + 2 * pad;

    const drawRow = (cells: string[], y: number, h: number, kind: 'header' | 'body', rowIndex: number): void => {
      let x = this.left;
      if (kind === 'header') doc.rect(this.left, y, this.width, h).fill(COLOR.headerFill);
      else if (rowIndex % 2 === 1) doc.rect(this.left, y, this.width, h).fill(COLOR.zebra);
      cells.forEach((cell, i) => {
        if (kind === 'body' && opts.highlightCells?.has(`${rowIndex},${i}`)) {
          doc.rect(x, y, widths[i], h).fill(COLOR.highlight);
        }
        const bold =
          kind === 'header' || (!columns[i].plain && (opts.boldRows?.has(rowIndex) || (i === 0 && opts.boldFirstColumn)));
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
    // Start on a new page unless the header and the first row fit.
    const firstHeight = rows.length > 0 ? cellHeight(rows[0], opts.boldRows?.has(0) ?? false) : 0;
    if (doc.y + headerHeight + firstHeight > this.bottom) doc.addPage();
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

export async function renderReport(input: ReportInput): Promise<Buffer> {
  const at = new Date(input.generatedAt);
  if (Number.isNaN(at.getTime())) throw new Error(`generatedAt is not a timestamp: ${input.generatedAt}`);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true, // page x of y, footers and the contents list are drawn after the body
    autoFirstPage: true,
    info: {
      Title: `Valuation Report: ${input.engagement.targetEntity}`,
      Author: input.firm.name,
      Subject: `${STATUTE_SHORT[input.engagement.statute]} valuation, report ${input.reportId} (${input.kind})`,
      Creator: 'Valuation Service',
      Producer: 'Valuation Service (pdfkit)',
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

  const w = new Writer(doc);
  const tocAt = cover(w, input);
  purposeAndStatute(w, input);
  scope(w, input);
  sources(w, input);
  methods(w, input.valuation);
  assumptions(w, input);
  computations(w, input.valuation);
  sensitivity(w, input.valuation);
  conclusion(w, input.valuation);
  complianceBlock(w, input.valuation);
  warnings(w, input.valuation);
  reviewTrail(w, input);
  certificateBlock(w, input);
  contents(w, tocAt);
  decoratePages(w, input);

  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------

function cover(w: Writer, input: ReportInput): number {
  const { doc } = w;
  const { engagement } = input;
  doc.font('Regular').fontSize(10).fillColor(COLOR.muted).text(input.firm.name.toUpperCase(), w.left, MARGIN.top + 10, {
    width: w.width,
    characterSpacing: 1,
  });
  doc.moveDown(3);
  doc.font('Bold').fontSize(30).fillColor(COLOR.accent).text('Valuation Report', w.left, doc.y, { width: w.width });
  doc.moveDown(0.2);
  doc.font('Regular').fontSize(13).fillColor(COLOR.ink).text(`Equity shares of ${engagement.targetEntity}`, { width: w.width });
  doc.moveDown(0.3);
  doc.font('Regular').fontSize(10.5).fillColor(COLOR.muted).text(STATUTE_TITLE[engagement.statute], { width: w.width });
  const ruleY = doc.y + 10;
  doc.moveTo(w.left, ruleY).lineTo(w.left + 120, ruleY).lineWidth(3).strokeColor(COLOR.accent).stroke();
  doc.y = ruleY + 22;
  doc.fillColor(COLOR.ink);

  w.facts(
    [
      ['Target entity', engagement.targetEntity],
      ['CIN', engagement.cin ?? 'Not provided'],
      ['Statute', STATUTE_TITLE[engagement.statute]],
      ['Purpose', coverPurpose(engagement.statute, engagement.purpose)],
      ['Valuation date', formatDate(engagement.valuationDate)],
      ['Balance-sheet date', input.valuation.balanceSheetDate ? formatDate(input.valuation.balanceSheetDate) : 'Not recorded'],
      ['Date of appointment', formatDayInIndia(engagement.createdAt)],
      ['Date of report', formatDayInIndia(input.generatedAt)],
      ['Valuer', input.firm.name],
      ['Report ID', input.reportId],
      ['Engagement ID', engagement.id],
      ['Status', input.kind === 'FINAL' ? 'FINAL: certified report' : 'DRAFT: not certified, subject to review'],
    ],
    0.28,
  );

  // Status badge: FINAL in the accent colour, DRAFT in red, so the state is obvious at a glance.
  const badge = input.kind === 'FINAL' ? 'FINAL' : 'DRAFT';
  const bw = 86;
  const by = doc.y + 6;
  doc.roundedRect(w.left, by, bw, 24, 4).lineWidth(1.2).strokeColor(input.kind === 'FINAL' ? COLOR.accent : COLOR.draft).stroke();
  doc.font('Bold').fontSize(12).fillColor(input.kind === 'FINAL' ? COLOR.accent : COLOR.draft).text(badge, w.left, by + 6, {
    width: bw,
    align: 'center',
  });
  doc.fillColor(COLOR.ink);
  return by + 50;
}

/** The Companies Act and IBC take no purpose code; their purpose follows from the statute itself. */
function coverPurpose(statute: ReportInput['engagement']['statute'], purpose: string | null): string {
  if (purpose !== null) return purposeTitle(purpose);
  if (statute === 'COMPANIES_ACT_SEC_62') return 'Price of a preferential allotment of shares (s.62(1)(c))';
  if (statute === 'IBC_LIQUIDATION') return 'Fair value and liquidation value of the corporate debtor (Regulation 35)';
  return 'Not specified: values for each purpose are reported';
}

/** Contents list on the cover, written last because section pages are known only then. */
function contents(w: Writer, y: number): void {
  const { doc } = w;
  doc.switchToPage(0);
  doc.font('Bold').fontSize(SIZE.h2).fillColor(COLOR.accent).text('Contents', w.left, y, { width: w.width });
  let line = doc.y + 4;
  doc.font('Regular').fontSize(SIZE.small + 0.5).fillColor(COLOR.ink);
  const pageCol = 40;
  for (const s of w.sections) {
    if (line > w.bottom - 12) break; // the cover never grows a second page for its contents list
    doc.text(s.title, w.left, line, { width: w.width - pageCol, lineBreak: false });
    doc.text(String(s.page + 1), w.left + w.width - pageCol, line, { width: pageCol, align: 'right', lineBreak: false });
    line += 13;
  }
}

function purposeAndStatute(w: Writer, input: ReportInput): void {
  w.section('Purpose and statutory framework', true);
  const text = statuteText(input.engagement.statute, input.engagement.purpose, input.engagement.valuationDate);
  for (const p of text.paragraphs) w.paragraph(p);
  if (text.table) {
    w.table(
      text.table.header.map((h, i) => ({ header: h, width: [0.52, 0.13, 0.35][i] })),
      text.table.rows,
      { fontSize: SIZE.small + 0.5 },
    );
  }
}

function scope(w: Writer, input: ReportInput): void {
  w.section('Scope of work, standards and limitations');
  w.labelled('Valuer', `${input.firm.name}. No other experts were involved unless stated in the review trail.`);
  w.labelled(
    'Dates',
    `Appointed on ${formatDayInIndia(input.engagement.createdAt)}. Valuation date ${formatDate(input.engagement.valuationDate)}. Balance sheet as at ${input.valuation.balanceSheetDate ? formatDate(input.valuation.balanceSheetDate) : 'a date not recorded'}. Report dated ${formatDayInIndia(input.generatedAt)}. Dates and times in this report are Indian Standard Time (UTC+5:30).`,
  );
  for (const p of scopeParagraphs(input.engagement.statute)) w.labelled(p.heading, p.text);
}

function sources(w: Writer, input: ReportInput): void {
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
    doc.font('Bold').fontSize(SIZE.body).fillColor(COLOR.ink).text(`${i + 1}. ${d.fileName}`, w.left, doc.y, { width: w.width });
    doc
      .font('Regular')
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(`${d.kind} · ${formatBytes(d.sizeBytes)} · received ${formatDate(d.createdAt)}`, w.left + 12, doc.y, { width: w.width - 12 });
    // The digest stays on one line (7.5 pt fits 64 hex digits) so it can be copied whole.
    doc.fillColor(COLOR.ink).fontSize(7.5).text(`SHA-256: ${d.sha256}`, w.left + 12, doc.y, { width: w.width - 12 });
    doc.moveDown(0.5);
  });
}

function lineRows(m: MethodResult): string[][] {
  return m.lines.map((l) => [humanise(l.label), formatLineValue(l.value, l.kind), formatNote(l.note ?? '')]);
}

/**
 * Engine labels may carry codes (LAND_AND_BUILDING, ISSUE_OF_SHARES); readers get words.
 * Known purposes get their short titles, other UPPER_SNAKE codes become sentence case.
 */
function humanise(text: string): string {
  // Single-word codes are caught only before a colon (INVENTORIES: …) so acronyms like WACC stay.
  return text.replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[A-Z]{5,}(?=:)/g, (code) => {
    const known = PURPOSE_SHORT[code];
    if (known) return known;
    const words = code.toLowerCase().split('_').join(' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  });
}

const PURPOSE_SHORT: Record<string, string> = {
  ISSUE_OF_SHARES: 'Issue of shares',
  TRANSFER_OR_RECEIPT: 'Transfer or receipt',
  ISSUE_TO_NON_RESIDENT: 'Issue to a non-resident',
  TRANSFER_RESIDENT_TO_NON_RESIDENT: 'Transfer resident to non-resident',
  TRANSFER_NON_RESIDENT_TO_RESIDENT: 'Transfer non-resident to resident',
};

/** Notes quote raw rupee amounts ("book value 40000000.00"); show them like the value column. */
function formatNote(note: string): string {
  return humanise(note).replace(/(?<![\d.])-?\d{4,}\.\d{2}(?![\d.])/g, (n) => rupees(n));
}

/** Result lines (totals, per-share values) read better in bold. */
function emphasisedRows(m: MethodResult): Set<number> {
  const set = new Set<number>();
  m.lines.forEach((l, i) => {
    if (
      l.kind === 'PER_SHARE' && /per (equity )?share|value per|fair market value per/i.test(l.label)
      || /^(A|L|\(A.*\)|Enterprise value|Equity value|Sum of present values.*)$/.test(l.label)
      || /available to equity/i.test(l.label)
    ) {
      set.add(i);
    }
  });
  return set;
}

function methods(w: Writer, v: ValuationResult): void {
  w.section('Valuation approaches and methods');
  w.paragraph(
    `${v.methods.length} method${v.methods.length === 1 ? ' was' : 's were'} applied. Each method is set out below with every intermediate figure, so that the computation can be followed line by line. Amounts are in Indian rupees (₹).`,
  );
  v.methods.forEach((m, i) => {
    w.subheading(`${String.fromCharCode(65 + i)}. ${m.title}`);
    const summary: [string, string][] = [];
    if (m.enterpriseValue !== undefined) summary.push(['Enterprise value', rupees(m.enterpriseValue)]);
    summary.push(['Equity value', rupees(m.equityValue)]);
    summary.push(['Value per equity share', rupees(m.valuePerShare)]);
    if (m.servesPurpose) w.paragraph(`Purpose served: ${humanise(m.servesPurpose)}`, { size: SIZE.small + 0.5, color: COLOR.muted, align: 'left' });
    w.table(
      [
        { header: 'Result', width: 0.5 },
        { header: 'Value', width: 0.5, align: 'right' },
      ],
      summary,
      { fontSize: SIZE.small + 0.5, boldRows: new Set([summary.length - 1]) },
    );
    w.table(
      [
        { header: 'Particulars', width: 0.5 },
        { header: 'Value', width: 0.22, align: 'right' },
        { header: 'Note', width: 0.28, plain: true },
      ],
      lineRows(m),
      { boldRows: emphasisedRows(m) },
    );
  });
}

function assumptions(w: Writer, input: ReportInput): void {
  const a = input.assumptions;
  const v = input.valuation;
  w.section('Key assumptions');
  w.facts([
    ['Weighted average cost of capital (WACC)', percent(a.wacc)],
    ['Terminal growth rate (g)', percent(a.terminalGrowthRate)],
    ['Discounting convention', a.midYear ? 'Mid-year discounting' : 'End-of-year discounting'],
    ['Locked by', a.lockedBy],
    ['Locked at', formatDate(a.lockedAt)],
  ], 0.4);
  w.subheading('Rationale');
  w.paragraph(a.rationale);
  if (v.conventions.statements.length > 0) {
    w.subheading('Conventions applied');
    for (const s of v.conventions.statements) w.bullet(s);
  }
}

interface YearRow {
  year: string;
  values: Map<string, string>;
}

/** Pivots the DCF's "FY2027 EBITDA" style lines into one row per projection year. */
function dcfYears(m: MethodResult): YearRow[] {
  const years: YearRow[] = [];
  for (const l of m.lines) {
    const match = /^(FY\d{4}) (.+)$/.exec(l.label);
    if (!match) continue;
    let row = years.find((y) => y.year === match[1]);
    if (!row) {
      row = { year: match[1], values: new Map() };
      years.push(row);
    }
    const key = match[2].replace(/ \(t = [\d.]+\)$/, '').replace(/ at [\d.]+%$/, '');
    row.values.set(key, l.kind === 'FACTOR' ? l.value : lakh(l.value));
  }
  return years;
}

function computations(w: Writer, v: ValuationResult): void {
  w.section('Computation summary');
  w.table(
    [
      { header: 'Method', width: 0.34 },
      { header: 'Enterprise value', width: 0.22, align: 'right' },
      { header: 'Equity value', width: 0.24, align: 'right' },
      { header: 'Per share', width: 0.2, align: 'right' },
    ],
    v.methods.map((m) => [
      METHOD_TITLE[m.method] ?? m.method,
      m.enterpriseValue !== undefined ? rupees(m.enterpriseValue) : '—',
      rupees(m.equityValue),
      rupees(m.valuePerShare),
    ]),
    { fontSize: SIZE.small + 0.5 },
  );
  const dcf = v.methods.find((m) => m.method === 'DCF');
  if (!dcf) return;
  const years = dcfYears(dcf);
  if (years.length === 0) return;
  w.subheading('Discounted cash flow by year (₹ lakh)');
  // s.72 columns only when some year has a loss to carry or set off.
  const hasLosses = years.some((y) =>
    ['Loss brought forward', 'Loss carried forward'].some((k) => (y.values.get(k) ?? '0.00') !== '0.00'),
  );
  const cols: [string, string][] = [
    ['EBITDA', 'EBITDA'],
    ['EBIT', 'EBIT'],
    ...(hasLosses
      ? ([
          ['Loss b/f', 'Loss brought forward'],
          ['Set off', 'Loss set off'],
          ['Loss c/f', 'Loss carried forward'],
        ] as [string, string][])
      : []),
    ['Tax', 'Less: tax on EBIT'],
    ['NOPAT', 'NOPAT'],
    ['Capex', 'Less: capital expenditure'],
    ['Δ NWC', 'Less: change in net working capital'],
    ['FCFF', 'FCFF'],
    ['Discount factor', 'Discount factor'],
    ['PV of FCFF', 'Present value of FCFF'],
  ];
  // Discount factors have six decimals: their column is wider so they never wrap.
  const yearWidth = hasLosses ? 0.08 : 0.1;
  const factorWidth = hasLosses ? 0.09 : 0.11;
  const colWidth = (1 - yearWidth - factorWidth) / (cols.length - 1);
  w.table(
    [
      { header: 'Year', width: yearWidth },
      ...cols.map(([h]) => ({ header: h, width: h === 'Discount factor' ? factorWidth : colWidth, align: 'right' as const })),
    ],
    years.map((y) => [y.year, ...cols.map(([, key]) => y.values.get(key) ?? '—')]),
    { fontSize: hasLosses ? 6.5 : 7, boldFirstColumn: true },
  );
  w.paragraph(`1 lakh = ₹1,00,000. Figures in this table are rounded to two decimals of a lakh; the method table above gives them to the paisa.${hasLosses ? ' Tax follows s.72: a loss pays no tax and is carried forward (b/f, set off, c/f) for eight years against later EBIT.' : ''}`, {
    size: SIZE.small,
    color: COLOR.muted,
    align: 'left',
  });
}

function sensitivity(w: Writer, v: ValuationResult): void {
  if (!v.sensitivity) return;
  const s = v.sensitivity;
  w.section('Sensitivity analysis');
  w.paragraph(
    'Value per equity share under the discounted cash flow method as WACC (rows) and the terminal growth rate (columns) each move by up to one percentage point. The base case is highlighted; cells where growth is not below WACC have no meaningful value and are shown as "—".',
  );
  const n = s.growthValues.length;
  const baseRow = Math.floor(s.waccValues.length / 2);
  const baseCol = Math.floor(n / 2);
  w.table(
    [
      { header: 'WACC \\ g', width: 0.2, align: 'center' },
      ...s.growthValues.map((g) => ({ header: `g ${percent(g)}`, width: 0.8 / n, align: 'right' as const })),
    ],
    s.waccValues.map((wacc, i) => [percent(wacc), ...s.grid[i].map((c) => (c === null ? '—' : rupees(c)))]),
    { fontSize: SIZE.body - 0.5, boldFirstColumn: true, highlightCells: new Set([`${baseRow},${baseCol + 1}`]) },
  );
  const chartWidth = w.width;
  w.chart(heatMapSvg(v, chartWidth, 185), 185, 'Heat map of the same grid: value per share by WACC (rows) and terminal growth (columns).');
}

function conclusion(w: Writer, v: ValuationResult): void {
  w.section('Conclusion of value');
  const c = v.conclusion;
  const { doc } = w;
  const box = (label: string, value: string, sub?: string): void => {
    const h = sub ? 64 : 50;
    w.ensureSpace(h + 10);
    const y = doc.y;
    doc.rect(w.left, y, w.width, h).fill(COLOR.headerFill);
    doc.rect(w.left, y, 4, h).fill(COLOR.accent);
    doc.font('Regular').fontSize(SIZE.body).fillColor(COLOR.muted).text(label, w.left + 16, y + 9, { width: w.width - 32 });
    doc.font('Bold').fontSize(18).fillColor(COLOR.accent).text(value, w.left + 16, y + 23, { width: w.width - 32 });
    if (sub) doc.font('Regular').fontSize(SIZE.small).fillColor(COLOR.ink).text(sub, w.left + 16, y + 46, { width: w.width - 32 });
    doc.y = y + h + 10;
    doc.fillColor(COLOR.ink);
  };

  if (c.valuePerShare !== null) {
    const bound = c.floorOrCeiling === 'FLOOR' ? 'a floor on the price' : c.floorOrCeiling === 'CEILING' ? 'a ceiling on the price' : undefined;
    const sub = [
      ...(c.discount ? [`After a discount for lack of marketability of ${percent(c.discount.percent)} on ${rupees(c.discount.valueBeforeDiscount)}.`] : []),
      ...(bound ? [`This value is ${bound}.`] : []),
    ].join(' ');
    box(`Value per equity share as at ${formatDate(v.valuationDate)}`, rupees(c.valuePerShare), sub || undefined);
  } else if (c.fairValue || c.liquidationValue) {
    const shortfall = (x?: { shortfall?: string }) => (x?.shortfall ? rupees(x.shortfall) : '—');
    w.table(
      [
        { header: 'Basis of value', width: 0.28 },
        { header: 'Equity value', width: 0.26, align: 'right' },
        { header: 'Per equity share', width: 0.2, align: 'right' },
        { header: 'Shortfall to creditors', width: 0.26, align: 'right' },
      ],
      [
        ...(c.fairValue ? [['Fair value', rupees(c.fairValue.equityValue), rupees(c.fairValue.valuePerShare), shortfall(c.fairValue)]] : []),
        ...(c.liquidationValue
          ? [['Liquidation value', rupees(c.liquidationValue.equityValue), rupees(c.liquidationValue.valuePerShare), shortfall(c.liquidationValue)]]
          : []),
      ],
      { fontSize: SIZE.body, boldFirstColumn: true },
    );
    w.paragraph('Under the s.53 waterfall equity receives what is left after every claim, never less than nil: where the claims exceed the assets, equity is ₹0.00 per share and the shortfall is borne by the creditors.', { size: SIZE.small, color: COLOR.muted, align: 'left' });
  }
  w.labelled('Basis', humanise(c.basis));
  const ffHeight = 70 + 34 * (v.methods.length + (v.sensitivity ? 1 : 0));
  w.chart(
    footballFieldSvg(v, w.width, ffHeight),
    ffHeight,
    `Football field: value per share by method (diamonds)${v.sensitivity ? ' and the DCF sensitivity range (bar)' : ''}${c.valuePerShare !== null ? `; the solid line is the concluded value, ${rupees(c.valuePerShare)}` : ''}${v.compliance ? `; the dashed red line is the proposed price, ${rupees(v.compliance.proposedPricePerShare)}` : ''}.`,
  );

  if (c.weights && c.weights.length > 0) {
    w.subheading('Weighting of methods');
    const total = c.weights.reduce((sum, x) => sum + Number(x.weightPercent), 0);
    w.table(
      [
        { header: 'Method', width: 0.34 },
        { header: 'Value per share', width: 0.22, align: 'right' },
        { header: 'Weight', width: 0.16, align: 'right' },
        { header: 'Weighted value', width: 0.28, align: 'right' },
      ],
      [
        ...c.weights.map((x) => [METHOD_TITLE[x.method] ?? x.method, rupees(x.valuePerShare), percent(x.weightPercent), rupees(x.weightedValuePerShare)]),
        [c.discount ? 'Weighted value per share (before discount)' : 'Concluded value per share', '', percent(String(total)), c.discount ? rupees(c.discount.valueBeforeDiscount) : c.valuePerShare !== null ? rupees(c.valuePerShare) : '—'],
      ],
      { fontSize: SIZE.small + 0.5, boldRows: new Set([c.weights.length]) },
    );
  }
  if (c.weights && c.weights.length > 0) {
    w.labelled(
      c.weightsSetBy === 'VALUER' ? 'Weights set by the valuer' : 'Weights',
      c.weightsRationale ?? (c.weightsSetBy === 'ENGINE_DEFAULT' ? 'The documented default weights were applied: the income approach leads (DCF 50%), the cost approach and, where peers apply, the market approach share the rest.' : 'As locked with the assumptions.'),
    );
  }
  if (c.discount) {
    w.subheading('Discount for lack of marketability');
    w.table(
      [
        { header: 'Particulars', width: 0.6 },
        { header: 'Per equity share', width: 0.4, align: 'right' },
      ],
      [
        ['Value before the discount', rupees(c.discount.valueBeforeDiscount)],
        [`Less: discount for lack of marketability at ${percent(c.discount.percent)}`, `${rupees(`-${c.discount.discountPerShare}`)}`],
        ['Concluded value per share after the discount', rupees(c.discount.valueAfterDiscount)],
      ],
      { fontSize: SIZE.small + 0.5, boldRows: new Set([2]) },
    );
    w.labelled('Rationale for the discount', c.discount.rationale);
  }
  if (c.byPurpose && c.byPurpose.length > 0) {
    w.subheading(c.valuePerShare === null ? 'Value by purpose' : 'Purpose served');
    w.table(
      [
        { header: 'Purpose', width: 0.27 },
        { header: 'Method', width: 0.16 },
        { header: 'Value per share', width: 0.15, align: 'right' },
        { header: 'Floor / ceiling', width: 0.12 },
        { header: 'Basis', width: 0.3 },
      ],
      c.byPurpose.map((p) => [
        purposeTitle(p.purpose),
        METHOD_TITLE[p.method] ?? p.method,
        rupees(p.valuePerShare),
        p.floorOrCeiling === 'FLOOR' ? 'Floor' : p.floorOrCeiling === 'CEILING' ? 'Ceiling' : '—',
        p.basis,
      ]),
      { fontSize: SIZE.small },
    );
  }
}

/** The proposed price tested against the statute's rule (shown in the conclusion). */
function complianceBlock(w: Writer, v: ValuationResult): void {
  const c = v.compliance;
  if (!c || c.tests.length === 0) return;
  w.subheading('Proposed price and its test');
  w.paragraph(`The price proposed for the transaction is ${rupees(c.proposedPricePerShare)} per equity share. It is tested below against the rule that applies to it.`);
  w.table(
    [
      { header: 'Rule and test', width: 0.36 },
      { header: 'Line', width: 0.14, align: 'right' },
      { header: 'Proposed price', width: 0.14, align: 'right' },
      { header: 'Margin', width: 0.18, align: 'right' },
      { header: 'Result', width: 0.18 },
    ],
    c.tests.map((t) => [
      `${t.purpose ? `${purposeTitle(t.purpose)}: ` : ''}${t.rule}; ${t.test}`,
      rupees(t.linePerShare),
      rupees(t.proposedPricePerShare),
      `${rupees(t.margin)} (${t.marginPercent.replace(/^-/, '\u2212')}%)`,
      `${t.passes ? 'Meets the test' : 'Does not meet the test'}${t.applies ? '' : ' (provision not applicable for the date)'}`,
    ]),
    { fontSize: SIZE.small },
  );
  for (const t of c.tests) w.bullet(t.note);
}

function warnings(w: Writer, v: ValuationResult): void {
  w.section('Warnings and matters for attention');
  if (v.warnings.length === 0) {
    w.paragraph('The valuation engine raised no warnings for this computation.');
    return;
  }
  w.table(
    [
      { header: 'Code', width: 0.3 },
      { header: 'Matter', width: 0.7 },
    ],
    v.warnings.map((x) => [humanise(x.code), humanise(x.message)]),
    { fontSize: SIZE.small + 0.5 },
  );
}

function reviewTrail(w: Writer, input: ReportInput): void {
  w.section('Review trail');
  w.paragraph('Each engagement passes three review gates before a report is certified. The decisions recorded are:');
  if (input.reviewTrail.length === 0) {
    w.paragraph('No gate decisions have been recorded yet.', { color: COLOR.muted });
    return;
  }
  const rounds = Math.max(1, ...input.reviewTrail.map((r) => r.round ?? 1));
  const decision = (d: ReportInput['reviewTrail'][number]['decision']) =>
    d === 'APPROVED' ? 'Approved' : d === 'RETURNED_FOR_REVISION' ? 'Returned for revision' : 'Rejected';
  if (rounds > 1) {
    w.paragraph(
      `The engagement went through ${rounds} review rounds: a reviewer returned it for revision ${rounds - 1} time${rounds > 2 ? 's' : ''}, with the reasons shown. The assumptions were locked again in each new round and the valuation recomputed; this report rests on the last round.`,
    );
  }
  w.table(
    [
      ...(rounds > 1 ? [{ header: 'Round', width: 0.07 }] : []),
      { header: 'Gate', width: rounds > 1 ? 0.2 : 0.27 },
      { header: 'Decision', width: rounds > 1 ? 0.14 : 0.12 },
      { header: 'By', width: 0.22 },
      { header: 'At', width: rounds > 1 ? 0.15 : 0.17 },
      { header: rounds > 1 ? 'Comment or reason' : 'Comment', width: 0.22 },
    ],
    input.reviewTrail.map((r) => [
      ...(rounds > 1 ? [String(r.round ?? 1)] : []),
      GATE_TITLE[r.gate] ?? r.gate, decision(r.decision), r.by, formatDate(r.at), r.comment ?? '',
    ]),
    { fontSize: SIZE.small + 0.5 },
  );
}

function certificateBlock(w: Writer, input: ReportInput): void {
  const { doc } = w;
  const final = input.kind === 'FINAL';
  const verify =
    final && input.certificate
      ? `${input.certificate.verifyUrl} (drop this PDF file on that page)`
      : 'Drafts are never certified and do not verify.';
  const lines: [string, string][] = [
    ['Report ID', input.reportId],
    ['Engagement ID', input.engagement.id],
    ['Target entity', input.engagement.targetEntity],
    ['Issued by', input.firm.legalName ?? input.firm.name],
    ...(input.firm.registration ? ([['Firm registration', input.firm.registration]] as [string, string][]) : []),
    ...(final && input.certificate
      ? ([
          ['Signed by', input.certificate.signedBy + (input.certificate.designation ? `, ${input.certificate.designation}` : '')],
          ...(input.certificate.registrations ?? []).map((r, i) => [i === 0 ? 'Registration' : '', r + (input.certificate!.demo ? ' [DEMO: not a real registration]' : '')]),
          ['Signed at', formatDate(input.certificate.signedAt)],
        ] as [string, string][])
      : []),
    ['Verification', verify],
  ];
  const intro = final
    ? 'This report is certified with an Ed25519 digital signature over the report ID, the engagement ID, the firm, the signatory, the signing time and the SHA-256 of this file. To verify it, open the verification page below and drop this PDF file there: the page computes the file\'s SHA-256 and checks the signature. A document cannot contain its own digest; any change to the file changes the digest and verification fails.'
    : 'This is a DRAFT for review. It is not certified, carries no signature and must not be relied upon. The FINAL report is signed on completion; its SHA-256 can then be verified at the address below.';
  doc.font('Regular').fontSize(SIZE.body);
  const introH = doc.heightOfString(intro, { width: w.width - 28, lineGap: 1.5 });
  const boxH = 40 + introH + lines.length * 15 + 16;
  if (doc.y + boxH + 20 > w.bottom) doc.addPage();
  w.sections.push({ title: final ? 'Certificate' : 'Draft status', page: w.page });
  doc.moveDown(1);
  const y = doc.y;
  doc.rect(w.left, y, w.width, boxH).lineWidth(1.2).strokeColor(final ? COLOR.accent : COLOR.draft).stroke();
  doc
    .font('Bold')
    .fontSize(SIZE.h2 + 1)
    .fillColor(final ? COLOR.accent : COLOR.draft)
    .text(final ? 'Certificate of report integrity' : 'Draft: not certified', w.left + 14, y + 12, { width: w.width - 28 });
  doc.font('Regular').fontSize(SIZE.body).fillColor(COLOR.ink).text(intro, w.left + 14, doc.y + 4, { width: w.width - 28, lineGap: 1.5 });
  let ly = doc.y + 8;
  for (const [k, val] of lines) {
    doc.font('Bold').fontSize(SIZE.small + 0.5).text(k, w.left + 14, ly, { width: 110 });
    doc.font('Regular').text(val, w.left + 124, ly, { width: w.width - 138 });
    ly = Math.max(doc.y, ly + 13) + 2;
  }
  doc.y = y + boxH + 8;
}

/** Running header and footer, page numbers and the DRAFT watermark, drawn once all pages exist. */
function decoratePages(w: Writer, input: ReportInput): void {
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
    doc.moveTo(MARGIN.left, footY - 6).lineTo(MARGIN.left + width, footY - 6).lineWidth(0.4).strokeColor(COLOR.rule).stroke();
    doc.font('Regular').fontSize(7.5).fillColor(COLOR.muted);
    // The status is repeated in the footer as plain text: the diagonal watermark is not reliably
    // extractable by text tools (poppler breaks up diagonal runs).
    const status = input.kind === 'DRAFT' ? DRAFT_WATERMARK : 'FINAL';
    doc.text(`Report ${input.reportId} · ${status}`, MARGIN.left, footY, { width: width * 0.7, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${total}`, MARGIN.left + width * 0.7, footY, {
      width: width * 0.3,
      align: 'right',
      lineBreak: false,
    });
    if (i > range.start) {
      const headY = MARGIN.top - 30;
      doc.text(`Valuation Report: ${input.engagement.targetEntity}`, MARGIN.left, headY, { width: width * 0.6, lineBreak: false });
      doc.text(STATUTE_SHORT[input.engagement.statute], MARGIN.left + width * 0.6, headY, {
        width: width * 0.4,
        align: 'right',
        lineBreak: false,
      });
      doc.moveTo(MARGIN.left, headY + 12).lineTo(MARGIN.left + width, headY + 12).lineWidth(0.4).strokeColor(COLOR.rule).stroke();
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
