// The documents each example relies on, uploaded as EVIDENCE with a title, a date and who provided them. The files
// are stand-ins made here (a one-page PDF naming the document, or a CSV extract), marked as examples: what matters
// is that the report lists each with its SHA-256 and that a reader can match the file to the digest.
import PDFDocument from 'pdfkit';
import { addDays, fyLong, lastTradingDay, longDate, type ExampleCalendar } from './calendar.js';

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

/** The documents of this run of the examples, dated by its calendar (calendar.ts). */
export function exampleEvidence(cal: ExampleCalendar) {
  const v = cal.valuationDate;
  const V = longDate(v);
  // Markets close at weekends: a price or rate is the last trading day's on or before the valuation date.
  const traded = lastTradingDay(v);
  const T = longDate(traded);
  const lastFy = fyLong(cal.firstProjectionYear - 1).replace('FY ', '');
  return {
    AUDITED_STATEMENTS: fromManagement(
      `Audited financial statements for the year ended ${longDate(cal.lastAuditedYearEnd)}`,
      cal.auditedStatementsDate,
      `audited-financial-statements-fy${lastFy}.pdf`,
    ),
    /** Rule 56 of the Income-tax Rules, 2026 (and Rule 11U before it): the balance sheet audited as at the valuation date. */
    AUDITED_BALANCE_SHEET: fromManagement(
      `Balance sheet as at ${V} and statement of profit and loss for the seven months to that date, audited by the statutory auditor`,
      addDays(v, 12),
      'audited-balance-sheet-transfer-date.pdf',
    ),
    PROVISIONAL_BALANCE_SHEET: fromManagement(
      `Provisional balance sheet as at ${V}, certified by the management`,
      addDays(v, 10),
      'provisional-balance-sheet.pdf',
    ),
    // The projections the board had approved before the valuation date: a valuation uses what was known at its date.
    PROJECTIONS: fromManagement(
      `Projections for ${fyLong(cal.firstProjectionYear)} to ${fyLong(cal.firstProjectionYear + 4)}, approved by the board`,
      addDays(v, -14),
      'board-approved-projections.pdf',
    ),
    STAMP_DUTY: fromManagement(
      `Ready reckoner extracts (${cal.readyReckonerYear}) for the factory on Plot 14, MIDC Ambad, Nashik and the office at Unit 802, Baner, Pune`,
      v,
      'ready-reckoner-extracts.pdf',
    ),
    QUOTED_PRICES: {
      title: `Closing prices of the quoted investments on the National Stock Exchange, ${T}`,
      documentDate: traded,
      providedBy: 'National Stock Exchange of India (bhavcopy)',
      fileName: 'nse-closing-prices.csv',
      csv: 'symbol,series,close\nDECCANBRG,EQ,1312.50\nWISTEELTUB,EQ,170.00\n',
    } satisfies EvidencePlan,
    LIQUID_FUND_STATEMENT: {
      title: `Statement of the liquid fund units held, with the repurchase price of ${T}`,
      documentDate: addDays(v, 1),
      providedBy: "The fund's registrar and transfer agent",
      fileName: 'liquid-fund-statement.pdf',
    } satisfies EvidencePlan,
    PEER_DATA: {
      title: 'Peer multiples and deal terms, extract from Capitaline and VCCEdge',
      documentDate: addDays(v, 8),
      providedBy: 'The valuer, from licensed databases',
      fileName: 'peer-and-deal-data.csv',
      csv:
        'company_or_deal,date,basis,ev_to_ebitda,ev_to_revenue,pe\n' +
        `Sundaram Auto Castings Ltd,${traded},LTM,11.8,1.9,24.5\n` +
        `Pune Precision Forge Ltd,${traded},LTM,9.6,1.4,19.2\n` +
        `Nashik Alloy Components Ltd,${v},LTM,13.1,2.2,-40.5\n` +
        `Kalyani Auto acquires Chakan Die Casting (100% of the shares),${cal.firstDealDate},LTM,10.5,1.6,\n` +
        `Private equity buy-out of Satara Machining (control),${cal.secondDealDate},LTM,8.9,,\n`,
    } satisfies EvidencePlan,
    /**
     * The sale of May: Deccan Growth Fund I bought its 1,50,000 shares from the promoters (₹240 each, ₹360 lakh paid to
     * them); the company issued no shares.
     */
    SHARE_PURCHASE_AGREEMENT: fromManagement(
      `Share purchase agreement between the promoters and ${FUNDING_ROUND_INVESTOR}`,
      cal.fundingRoundDate,
      'share-purchase-agreement.pdf',
    ),
    /**
     * The transfer of the valuation date: Meera Kulkarni sold 50,000 shares to Anand Deshmukh at ₹275 (the Rule 57
     * report's transaction, and the allotment's most recent sale of the company's shares).
     */
    TRANSFER_AGREEMENT: fromManagement(
      `Share purchase agreement of ${V} between Meera Kulkarni and ${TRANSFEREE}`,
      v,
      'share-purchase-agreement-transfer.pdf',
    ),
    /** The options' terms: the exercise price the dilution counts. */
    ESOP_PLAN: fromManagement(
      'Employee stock option plan 2024, approved by the members, with the grant letters of the 2024 grant',
      ESOP_GRANT_DATE,
      'esop-plan-2024.pdf',
    ),
    TERM_SHEET: fromManagement(
      `Term sheet for the issue of equity shares to ${NON_RESIDENT_INVESTOR}`,
      addDays(v, -10),
      'term-sheet-non-resident-issue.pdf',
    ),
    CLASS_VALUERS_REPORTS: {
      title: "Registered valuers' reports by asset class, with their verification notes",
      documentDate: addDays(v, 12),
      providedBy: 'The registered valuers for each asset class',
      fileName: 'registered-valuers-reports.pdf',
    } satisfies EvidencePlan,
  };
}

/** The fund that invested in the company's earlier round and holds its shares since (the shareholding's third holder). */
export const FUNDING_ROUND_INVESTOR = 'Deccan Growth Fund I';
/** The resident individual who bought Meera Kulkarni's 50,000 shares on the valuation date. */
export const TRANSFEREE = 'Anand Deshmukh';
/** The day the options of the 2024 grant were granted, at ₹120 a share. */
export const ESOP_GRANT_DATE = '2024-09-02';
/** Where the options' exercise price comes from, as the capital table prints it. */
export const ESOP_TERMS =
  'Employee stock option plan 2024, approved by the members on 12 August 2024, and the grant letters of 2 September 2024: 40,000 options, each for one equity share at ₹120, vesting over four years';

/** The non-resident fund of the FEMA example's term sheet. */
export const NON_RESIDENT_INVESTOR = 'Konkan Capital Partners Pte. Ltd.';

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
