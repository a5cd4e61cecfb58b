// The documents each example relies on, uploaded as EVIDENCE with a title, a date and who provided them. The files
// are stand-ins made here (a one-page PDF naming the document, or a CSV extract), marked as examples: what matters
// is that the report lists each with its SHA-256 and that a reader can match the file to the digest.
import PDFDocument from 'pdfkit';

export interface EvidencePlan {
  title: string;
  documentDate: string;
  providedBy: string;
  fileName: string;
  /** CSV text; without it a one-page PDF naming the document is made. */
  csv?: string;
}

const MANAGEMENT = 'The management of the company';

/** A document the company's management provided: most of what a valuer relies on. */
const fromManagement = (title: string, documentDate: string, fileName: string): EvidencePlan => ({
  title,
  documentDate,
  providedBy: MANAGEMENT,
  fileName,
});

export const AUDITED_STATEMENTS = fromManagement(
  'Audited financial statements for the year ended 31 March 2026',
  '2026-05-18',
  'audited-financial-statements-fy2025-26.pdf',
);

export const PROJECTIONS = fromManagement(
  'Projections for FY 2026-27 to FY 2030-31, approved by the board',
  '2026-04-10',
  'board-approved-projections.pdf',
);

export const STAMP_DUTY = fromManagement(
  'Ready reckoner extracts for the factory at Nashik and the office at Pune',
  '2026-03-31',
  'ready-reckoner-extracts.pdf',
);

export const QUOTED_PRICES: EvidencePlan = {
  title: 'Closing prices of the quoted investments on the National Stock Exchange, 31 March 2026',
  documentDate: '2026-03-31',
  providedBy: 'National Stock Exchange of India (bhavcopy)',
  fileName: 'nse-closing-prices-march-2026.csv',
  csv: 'symbol,series,close\nTATAMOTORS,EQ,712.45\nBHARATFORG,EQ,1284.10\n',
};

export const PEER_DATA: EvidencePlan = {
  title: 'Peer multiples and deal terms, extract from Capitaline and VCCEdge',
  documentDate: '2026-04-10',
  providedBy: 'The valuer, from licensed databases',
  fileName: 'peer-and-deal-data.csv',
  csv:
    'company_or_deal,date,ev_to_ebitda,ev_to_revenue,pe\n' +
    'Sundaram Auto Castings Ltd,2026-03-31,11.8,1.9,24.5\n' +
    'Pune Precision Forge Ltd,2026-03-31,9.6,1.4,19.2\n' +
    'Nashik Alloy Components Ltd,2026-03-31,13.1,2.2,-40.5\n' +
    'Kalyani Auto acquires Chakan Die Casting,2025-08-14,10.5,1.6,\n' +
    'Private equity buy-out of Satara Machining,2025-12-02,8.9,,\n',
};

export const SUBSCRIPTION_AGREEMENT = fromManagement(
  'Share subscription agreement with Western Ghats Ventures Fund I',
  '2025-10-15',
  'share-subscription-agreement-october-2025.pdf',
);

export const TERM_SHEET = fromManagement(
  'Term sheet for the issue of equity shares to the non-resident investor',
  '2026-04-14',
  'term-sheet-non-resident-issue.pdf',
);

export const CLASS_VALUERS_REPORTS: EvidencePlan = {
  title: "Registered valuers' reports by asset class, with their verification notes",
  documentDate: '2026-04-06',
  providedBy: 'The registered valuers for each asset class',
  fileName: 'registered-valuers-reports.pdf',
};

/** The file's bytes: the CSV as given, or a one-page PDF that names the document and says it is an example. */
export async function evidenceFile(e: EvidencePlan): Promise<Buffer> {
  if (e.csv !== undefined) return Buffer.from(e.csv);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: e.title, CreationDate: new Date(e.documentDate) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(16).text(e.title);
  doc.moveDown().fontSize(10).text(`Dated ${e.documentDate}. Provided by ${e.providedBy}.`);
  doc.moveDown().text('Example document for the example reports of the valuation service; the company is fictitious.');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
