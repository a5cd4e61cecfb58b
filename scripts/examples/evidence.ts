// The documents each example relies on, uploaded as EVIDENCE with a title, a date and who provided them. The files
// are stand-ins made here (a one-page PDF naming the document, or a CSV extract), marked as examples: what matters
// is that the report lists each with its SHA-256 and that a reader can match the file to the digest.
import PDFDocument from 'pdfkit';
import { addDays, fyLong, lastTradingDay, longDate, nextWorkingDay, type ExampleCalendar } from './calendar.js';

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
    // Rule 57 takes a quoted share at its lowest price on any recognised stock exchange: both exchanges' day prices.
    QUOTED_PRICES: {
      title: `Prices of the quoted investments on the National Stock Exchange of India, ${T} (bhavcopy)`,
      documentDate: traded,
      providedBy: 'National Stock Exchange of India (bhavcopy)',
      fileName: 'nse-bhavcopy-extract.csv',
      csv: 'symbol,series,open,high,low,close\nDECCANBRG,EQ,1320.00,1331.90,1312.50,1312.50\nWISTEELTUB,EQ,171.10,172.35,170.00,170.00\n',
    } satisfies EvidencePlan,
    QUOTED_PRICES_BSE: {
      title: `Prices of the quoted investments on BSE, ${T} (bhavcopy)`,
      documentDate: traded,
      providedBy: 'BSE Limited (bhavcopy)',
      fileName: 'bse-bhavcopy-extract.csv',
      csv: 'scrip_name,open,high,low,close\nDECCAN BEARINGS,1321.00,1330.00,1314.00,1315.00\nW I STEEL TUBES,171.00,172.20,170.20,170.60\n',
    } satisfies EvidencePlan,
    LIQUID_FUND_STATEMENT: {
      title: `Statement of the liquid fund units held, with the repurchase price of ${T}`,
      documentDate: nextWorkingDay(addDays(v, 1)),
      providedBy: "The fund's registrar and transfer agent",
      fileName: 'liquid-fund-statement.pdf',
    } satisfies EvidencePlan,
    PEER_DATA: {
      title: 'Peer multiples, betas and debt to equity, and deal terms, extract from Capitaline and VCCEdge',
      documentDate: peerExtractDate(cal),
      providedBy: 'The valuer, from licensed databases',
      fileName: 'peer-and-deal-data.csv',
      csv:
        'company_or_deal,date,basis,ev_to_ebitda,ev_to_revenue,pe,levered_beta,debt_to_equity,unlevered_beta\n' +
        PEER_BETAS.map(
          (p) =>
            `${p.name},${traded},LTM,${p.evToEbitda},${p.evToRevenue},${p.pe},${p.levered},${p.debtToEquity},${p.unlevered}\n`,
        ).join('') +
        `Kalyani Auto acquires Chakan Die Casting (100% of the shares),${cal.firstDealDate},LTM,10.5,1.6,\n` +
        `Private equity buy-out of Satara Machining (control),${cal.secondDealDate},LTM,8.9,,\n`,
    } satisfies EvidencePlan,
    // The cost of capital's and the market approach's own sources, each a document the report lists.
    FBIL_YIELD: {
      title: `Benchmark yield of the 10-year Government of India security (FBIL), ${T}: 7.00 %`,
      documentDate: traded,
      providedBy: 'Financial Benchmarks India Private Limited (FBIL)',
      fileName: 'fbil-gsec-yield.csv',
      csv: `date,security,yield_percent\n${traded},10-year GOI benchmark,7.0000\n`,
    } satisfies EvidencePlan,
    LOAN_SANCTION: fromManagement(
      "Term-loan sanction letter of the company's bankers (interest at 9.00 % a year)",
      costOfDebtDate(cal),
      'term-loan-sanction-letter.pdf',
    ),
    KALYANI_DISCLOSURE: {
      title:
        'Kalyani Auto Ltd, disclosure to the stock exchanges of its acquisition of Chakan Die Casting Private Limited (100 % of the shares)',
      documentDate: cal.firstDealDate,
      providedBy: 'BSE and National Stock Exchange of India (corporate announcements)',
      fileName: 'kalyani-acquisition-disclosure.pdf',
    } satisfies EvidencePlan,
    OPEN_OFFER_COMPILATION: {
      title:
        "Open-offer premiums over the undisturbed price, listed Indian auto-component makers, 2019 to 2025: the valuer's compilation from the letters of offer filed with SEBI",
      documentDate: traded,
      providedBy: 'The valuer, from the letters of offer on the SEBI website',
      fileName: 'open-offer-premiums.csv',
    } satisfies EvidencePlan,
    DLOM_STUDY: {
      title:
        'Stout Restricted Stock Study, 2024 edition: discounts on private placements of restricted shares of listed companies (the discount for lack of marketability)',
      documentDate: '2024-06-28',
      providedBy: 'Stout Risius Ross, LLC (the valuer’s subscription)',
      fileName: 'restricted-stock-study-2024.pdf',
    } satisfies EvidencePlan,
    SIZE_PREMIUM_STUDY: {
      title:
        "The valuer's study of NSE index returns, 2006 to 2026: the Nifty Smallcap 250 against the Nifty 50 (the size premium)",
      documentDate: traded,
      providedBy: 'The valuer, from NSE Indices total-return data',
      fileName: 'size-premium-study.pdf',
    } satisfies EvidencePlan,
    GST_COUNSEL_OPINION: {
      title:
        "Opinion of Joshi & Apte, Advocates, the company's indirect-tax counsel, on the disputed GST demand for FY2022: payment assessed as 25 % likely",
      documentDate: nextWorkingDay(addDays(v, 5)),
      providedBy: "Joshi & Apte, Advocates (the company's indirect-tax counsel), through the management",
      fileName: 'gst-demand-counsel-opinion.pdf',
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

/** The day the valuer's extract of peer and deal data was taken: a working day in the week after the valuation date. */
export const peerExtractDate = (cal: ExampleCalendar): string => nextWorkingDay(addDays(cal.valuationDate, 8));

/** The date of the bankers' sanction letter: some six weeks before the valuation date, on a working day. */
export const costOfDebtDate = (cal: ExampleCalendar): string => lastTradingDay(addDays(cal.valuationDate, -43));

/**
 * Each listed peer's beta over two years of weekly returns against the Nifty 50, its debt to equity and the beta
 * unlevered by Hamada's formula at the 25.168 % tax rate (βU = βL ÷ (1 + 0.74832 × D/E)); the medians are the build-up's
 * 0.77 and 0.25.
 */
export const PEER_BETAS = [
  {
    name: 'Sundaram Auto Castings Ltd',
    evToEbitda: 11.8,
    evToRevenue: 1.9,
    pe: 24.5,
    levered: 0.93,
    debtToEquity: 0.18,
    unlevered: 0.82,
  },
  {
    name: 'Pune Precision Forge Ltd',
    evToEbitda: 9.6,
    evToRevenue: 1.4,
    pe: 19.2,
    levered: 0.91,
    debtToEquity: 0.25,
    unlevered: 0.77,
  },
  {
    name: 'Nashik Alloy Components Ltd',
    evToEbitda: 13.1,
    evToRevenue: 2.2,
    pe: -40.5,
    levered: 0.89,
    debtToEquity: 0.34,
    unlevered: 0.71,
  },
];

/** The fund that invested in the company's earlier round and holds its shares since (the shareholding's third holder). */
export const FUNDING_ROUND_INVESTOR = 'Deccan Growth Fund I';
/** The resident individual who bought Meera Kulkarni's 50,000 shares on the valuation date. */
export const TRANSFEREE = 'Anand Deshmukh';
/** The day the options of the 2024 grant were granted, at ₹120 a share. */
export const ESOP_GRANT_DATE = '2024-09-02';
/** Where the options' exercise price comes from, as the capital table prints it. */
export const ESOP_TERMS =
  "Employee stock option plan 2024 (members' approval of 12 August 2024; grant letters of 2 September 2024): 40,000 options at ₹120 a share, vesting in four yearly parts; 20,000 vested at the valuation date, and every grantee is in service";

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
