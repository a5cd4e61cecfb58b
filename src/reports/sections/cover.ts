// The cover page, and the contents list on the page after it (written last, once section pages are known).
import { transactionDateLabel } from './transaction-words.js';
import { formatDate, formatDayInIndia, statuteTitle } from '../format.js';
import { COLOR, MARGIN, SIZE, type Writer } from '../pdf/layout.js';
import {
  addresseeOf,
  firmName,
  firmNumberFor,
  signatoryCapacity,
  valuationDateLabel,
  type ReportInput,
} from '../report-input.js';
import { conclusionRows, coverPurpose } from './summary.js';
import { ACT_TITLE } from '../../domain/valuation/law-in-force.js';
import { IBC_CLASS_LABELS } from '../../contract/ibc-valuer-set.js';

export function cover(w: Writer, input: ReportInput): void {
  const { doc } = w;
  const { engagement } = input;
  // The date the computation used (it decides the law), else the engagement's.
  const transactionDate = input.valuation.transactionDate ?? input.facts?.transactionDate;
  doc
    .font('Regular')
    .fontSize(10)
    .fillColor(COLOR.muted)
    .text(firmName(input).toUpperCase(), w.left, MARGIN.top + 10, {
      width: w.width,
      characterSpacing: 1,
    });
  doc.moveDown(3);
  doc.font('Bold').fontSize(30).fillColor(COLOR.accent).text('Valuation Report', w.left, doc.y, { width: w.width });
  doc.moveDown(0.2);
  // IBC values the corporate debtor's assets, class by class, never its shares.
  const subject =
    input.valuation.statute === 'IBC_LIQUIDATION'
      ? `Assets of ${engagement.targetEntity} (corporate debtor)`
      : `Equity shares of ${engagement.targetEntity}`;
  doc.font('Regular').fontSize(13).fillColor(COLOR.ink).text(subject, { width: w.width });
  doc.moveDown(0.3);
  doc
    .font('Regular')
    .fontSize(10.5)
    .fillColor(COLOR.muted)
    .text(statuteTitle(engagement.statute, input.valuation.legalBasis), { width: w.width });
  const ruleY = doc.y + 10;
  doc
    .moveTo(w.left, ruleY)
    .lineTo(w.left + 120, ruleY)
    .lineWidth(3)
    .strokeColor(COLOR.accent)
    .stroke();
  doc.y = ruleY + 22;
  doc.fillColor(COLOR.ink);

  w.facts(
    [
      ...(addresseeOf(input) ? ([['Addressed to', addresseeOf(input)!]] as [string, string][]) : []),
      ['Target entity', engagement.targetEntity],
      ['CIN', engagement.cin ?? 'Not provided'],
      ['Statute', statuteTitle(engagement.statute, input.valuation.legalBasis)],
      ...(input.valuation.legalBasis
        ? ([['Act', ACT_TITLE[input.valuation.legalBasis.act]]] as [string, string][])
        : []),
      [
        'Purpose',
        coverPurpose(
          engagement.statute,
          engagement.purpose,
          input.valuation.legalBasis?.act,
          input.valuation.legalBasis,
        ),
      ],
      // The conclusion where a reader looks first (docs/reports.md); the executive summary repeats it.
      ...conclusionRows(input, false),
      ...(transactionDate && transactionDate !== engagement.valuationDate
        ? ([[transactionDateLabel(input, transactionDate), formatDate(transactionDate)]] as [string, string][])
        : []),
      [valuationDateLabel(input), formatDate(engagement.valuationDate)],
      [
        'Balance-sheet date',
        input.valuation.balanceSheetDate ? formatDate(input.valuation.balanceSheetDate) : 'Not recorded',
      ],
      ['Date of appointment', input.facts?.appointmentDate ? formatDate(input.facts.appointmentDate) : 'Not recorded'],
      ['Date of report', formatDayInIndia(input.generatedAt)],
      ...signatoryRows(input),
      ['Firm', firmName(input) + (firmNumberFor(input) ? ` (${firmNumberFor(input)})` : '')],
      ...(input.reference ? ([["Firm's reference", input.reference]] as [string, string][]) : []),
      ...(input.kind === 'DRAFT'
        ? ([['Status', 'DRAFT: not certified, subject to review']] as [string, string][])
        : []),
    ],
    0.28,
  );

  // A DRAFT says so in red; an issued report carries no status word of the service's (docs/reports.md, Cover).
  if (input.kind === 'DRAFT') {
    const bw = 86;
    const by = doc.y + 6;
    doc.roundedRect(w.left, by, bw, 24, 4).lineWidth(1.2).strokeColor(COLOR.draft).stroke();
    doc
      .font('Bold')
      .fontSize(12)
      .fillColor(COLOR.draft)
      .text('DRAFT', w.left, by + 6, {
        width: bw,
        align: 'center',
      });
  }
  doc.fillColor(COLOR.ink);
  // The executive summary has the page after the cover (page 2).
  doc.addPage();
}

/**
 * The contents list has a page to itself, after the executive summary: it is written last, when the pages are
 * known, and a report with every section still lists each one.
 */
export function contentsPage(w: Writer): ContentsPlace {
  w.doc.addPage();
  return { page: w.page, y: MARGIN.top + 10 };
}

/** Where the contents list goes. */
export interface ContentsPlace {
  page: number;
  y: number;
}

/** The contents list, written last because section pages are known only then: every section, with its page. */
export function contents(w: Writer, at: ContentsPlace): void {
  const { doc } = w;
  doc.switchToPage(at.page);
  doc.font('Bold').fontSize(SIZE.h1).fillColor(COLOR.accent).text('Contents', w.left, at.y, { width: w.width });
  let line = doc.y + 8;
  doc.font('Regular').fontSize(SIZE.body).fillColor(COLOR.ink);
  const pageCol = 40;
  const lineHeight = 16;
  // A page holds about 40 entries; a report has fewer than 20 sections.
  if (line + w.sections.length * lineHeight > w.bottom)
    throw new Error(`the contents list of ${w.sections.length} sections does not fit its page`);
  for (const s of w.sections) {
    doc.text(s.title, w.left, line, { width: w.width - pageCol, lineBreak: false });
    doc.text(String(s.page + 1), w.left + w.width - pageCol, line, {
      width: pageCol,
      align: 'right',
      lineBreak: false,
    });
    line += lineHeight;
  }
}

/**
 * Who signs: an IBC report names the whole set, each class's registered valuer with the class and registration, and
 * in a CIRP the coordinating valuer (docs/ibc-valuation.md); any other report its one signatory.
 */
function signatoryRows(input: ReportInput): [string, string][] {
  const set = input.facts?.ibc?.valuers?.length ? input.facts.ibc.valuers : (input.certificate?.classSignatories ?? []);
  if (set.length > 0) {
    const cirp = input.engagement.purpose !== 'LIQUIDATION_REALISABLE_VALUE';
    return set.map((v) => [
      `Registered valuer, ${IBC_CLASS_LABELS[v.assetClass as keyof typeof IBC_CLASS_LABELS] ?? v.assetClass}`,
      `${v.name}${v.registration ? ` (${v.registration.replace(/ \(.*$/, '')})` : ''}${cirp && v.coordinating ? ', coordinating valuer' : ''}`,
    ]);
  }
  return [
    [
      signatoryCapacity(input.certificate),
      input.certificate
        ? `${input.certificate.signedBy}${input.certificate.registrations?.length ? `, ${input.certificate.registrations[0]}` : ''}`
        : 'Named on signing (FINAL report)',
    ],
  ];
}
