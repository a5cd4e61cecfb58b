// Sources of information: each document relied upon, by its title, date and who provided it, then where each figure
// the valuation rests on comes from (docs/evidence.md). The files' SHA-256 digests are the firm's working, in the
// review record, not the client's report.
import { financialLabel } from '../../contract/financial-labels.js';
import { formatDate, formatDayInIndia, rupees } from '../format.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { annexureRef } from './annexures.js';
import { type ReportInput } from '../report-input.js';

export function sources(w: Writer, input: ReportInput): void {
  w.section('Sources of information');
  w.paragraph('The following documents were relied upon.');
  // The financials entered from the documents are not a document of their own where the documents are listed.
  const listed = input.documents.some((d) => d.kind === 'EVIDENCE')
    ? input.documents.filter((d) => !(d.kind === 'FINANCIALS' && !d.title))
    : input.documents;
  if (listed.length === 0) {
    w.paragraph('No documents were recorded for this engagement.', { color: COLOR.muted });
  }
  const { doc } = w;
  // Evidence first, in the order it was received; then the financials and any untitled supporting files.
  const ordered = [...listed].sort((a, b) => rank(a.kind) - rank(b.kind) || a.createdAt.localeCompare(b.createdAt));
  ordered.forEach((d, i) => {
    w.ensureSpace(44);
    doc
      .font('Bold')
      .fontSize(SIZE.body)
      .fillColor(COLOR.ink)
      .text(`${i + 1}. ${documentTitle(d)}`, w.left, doc.y, { width: w.width });
    doc
      .font('Regular')
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(documentFacts(d), w.left + 12, doc.y, { width: w.width - 12 });
    doc.fillColor(COLOR.ink);
    doc.moveDown(0.5);
  });
  figureSources(w, input);
}

type SourceDocument = ReportInput['documents'][number];

/**
 * What the client's report calls a document: its title as the valuer described it; the financials as the data the
 * company submitted. The name the file was uploaded under, its size and the minute it arrived are the firm's
 * working, kept in the review record (docs/evidence.md).
 */
function documentTitle(d: SourceDocument): string {
  if (d.title) return d.title;
  if (d.kind === 'FINANCIALS') return 'Financial information provided by the management of the company';
  return 'Supporting document';
}

/**
 * Who provided it and when: "dated 18 May 2026, provided by the management". The financials are the figures taken
 * from the documents above into the valuation, not a document of the company's: the day they were entered is the
 * firm's working (the review record), so the report says what they are instead.
 */
function documentFacts(d: SourceDocument): string {
  if (d.kind === 'FINANCIALS' && !d.title && !d.documentDate && !d.providedBy)
    return 'The figures this valuation rests on; where each comes from is stated below.';
  const facts = [
    ...(d.documentDate ? [`dated ${formatDate(d.documentDate)}`] : []),
    // "provided by the management", as a sentence reads, however the name was typed.
    ...(d.providedBy ? [`provided by ${d.providedBy.replace(/^The /, 'the ')}`] : []),
    ...(!d.documentDate ? [`received on ${formatDayInIndia(d.createdAt)}`] : []),
  ];
  const text = facts.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

const rank = (kind: string) => (kind === 'EVIDENCE' ? 0 : kind === 'FINANCIALS' ? 1 : 2);

/** Where each figure the valuation rests on was taken from, as the financials document names it. */
function figureSources(w: Writer, input: ReportInput): void {
  const s = input.figureSources;
  if (!s) return;
  const nav = s.navAdjustmentSources;
  const hasAny =
    (nav && Object.keys(nav).length > 0) ||
    (s.peers?.length ?? 0) > 0 ||
    (s.transactions?.length ?? 0) > 0 ||
    s.recentRound !== undefined ||
    (s.liquidationAssets?.length ?? 0) > 0;
  if (!hasAny) return;
  w.subheading('Where the figures come from');
  if (s.liquidationAssets?.length) {
    w.paragraph(
      'Each asset class was valued by its registered valuer, by the method and on the basis below, after the physical verification stated:',
    );
    w.table(
      [
        { header: 'Asset class', width: 0.2 },
        { header: 'Method and basis', width: 0.32 },
        { header: 'Physical verification', width: 0.32 },
        { header: 'Verified on', width: 0.16 },
      ],
      s.liquidationAssets.map((a) => [
        a.description ? `${financialLabel(a.assetClass)}: ${a.description}` : financialLabel(a.assetClass),
        a.method ?? '',
        a.physicalVerification ?? '',
        a.verifiedOn ? formatDate(a.verifiedOn) : '',
      ]),
    );
  }
  if (nav?.immovableProperties?.length) {
    w.paragraph('Immovable property, at the value adopted or assessable for stamp duty:');
    w.table(
      [
        { header: 'Property', width: 0.45 },
        { header: 'Stamp-duty value', width: 0.2, align: 'right' },
        { header: 'Authority', width: 0.35 },
      ],
      nav.immovableProperties.map((p) => [p.description, rupees(p.stampDutyValue), p.authority]),
    );
    const schedule = annexureRef(input, 'navSchedules');
    if (schedule) w.paragraph(`The schedule of the properties, with their survey numbers and areas, is ${schedule}.`);
  }
  if (nav?.sharesAndSecuritiesSource) {
    const date = nav.sharesAndSecuritiesPriceDate ? `, prices of ${formatDate(nav.sharesAndSecuritiesPriceDate)}` : '';
    const scrips = nav.quotedInvestments?.length ? annexureRef(input, 'navSchedules') : null;
    w.labelled(
      'Shares and securities',
      `${nav.sharesAndSecuritiesSource}${date}.${scrips ? ` Scrip by scrip in ${scrips}.` : ''}`,
    );
  }
  if (nav?.jewelleryAndArtSource) w.labelled('Jewellery and artistic work', `${nav.jewelleryAndArtSource}.`);
  if (s.peers?.length) {
    w.paragraph('Comparable listed companies:');
    // The basis column only where the financials state one: an empty column reads as a gap in the evidence.
    const withBasis = s.peers.some((p) => p.basis !== undefined);
    w.table(
      [
        { header: 'Company', width: 0.28 },
        { header: 'Source of the multiples', width: withBasis ? 0.42 : 0.52 },
        { header: 'As of', width: withBasis ? 0.16 : 0.2 },
        ...(withBasis ? [{ header: 'Basis', width: 0.14 }] : []),
      ],
      s.peers.map((p) => [
        p.name,
        p.source ?? '',
        p.asOf ? formatDate(p.asOf) : '',
        ...(withBasis ? [p.basis === 'FORWARD' ? 'Forward' : p.basis === 'TRAILING' ? 'Trailing' : ''] : []),
      ]),
    );
    const peers = annexureRef(input, 'peers');
    if (peers) w.paragraph(`Each peer's size beside its multiples is ${peers}.`);
  }
  if (s.transactions?.length) {
    w.paragraph('Comparable transactions:');
    w.table(
      [
        { header: 'Transaction', width: 0.28 },
        { header: 'Date', width: 0.14 },
        { header: 'Parties', width: 0.22 },
        { header: 'Source', width: 0.36 },
      ],
      s.transactions.map((t) => [t.deal, formatDate(t.date), t.partiesRelation ?? '', t.source ?? '']),
    );
  }
  if (s.recentRound) {
    const r = s.recentRound;
    const sale = r.kind === 'SECONDARY_SALE';
    w.labelled(
      sale ? 'Recent sale of shares' : 'Recent investment',
      `${financialLabel(r.instrument)} at ${rupees(r.pricePerShare)} per share on ${formatDate(r.date)}, ${r.armsLength ? 'between parties at arm’s length' : 'between related parties'}${sale ? `: a sale of existing shares${r.parties ? ` (${r.parties})` : ''}, so the company issued no shares and its balance sheet shows no new capital` : ''}.${r.document ? ` Source: ${r.document}.` : ''}`,
    );
  }
}
