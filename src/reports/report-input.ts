// What the report renderer is given: everything it prints, gathered by services/reports/render.ts.
import type { ValuationResult } from '../domain/valuation/types.js';
import type { FigureSources } from '../domain/valuation/sources.js';
import type { Gate } from '../contract/stages.js';
import type { TransactionFacts } from '../contract/transaction-facts.js';
import type { InsolvencyFacts } from '../contract/ibc-insolvency-facts.js';
import type {
  NormalisedFinancials,
  NormalisedNavAdjustmentSources,
  NormalisedPeer,
  NormalisedProjection,
} from '../domain/financials/normalised-types.js';

export interface ReportInput {
  kind: 'DRAFT' | 'FINAL';
  /** The service's id of the report: never printed in the client's report (the review record lists it). */
  reportId: string;
  /** The firm's own reference of a FINAL report, e.g. "MVA/2026-27/0007" (docs/report-signatures.md); none on a DRAFT. */
  reference?: string | null;
  /** registration: the IBBI registered-valuer-entity number; icaiFrn: the ICAI Firm Registration Number. */
  firm: { name: string; legalName?: string; registration?: string | null; icaiFrn?: string | null };
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
    /** Null where the valuation needs no rates and none were locked (the prescribed NAV of a transfer). */
    wacc: string | null;
    terminalGrowthRate: string | null;
    rationale: string;
    midYear: boolean;
    lockedAt: string;
    /** Display name of the person who locked the assumptions at gate 2. */
    lockedBy: string;
    /** The valuer's note on the reasonableness of the projections, where a DCF is adopted (docs/reports.md, Annexures). */
    projectionsReasonableness?: string | null;
  };
  /** The report's facts about the appointment and the company (captured on the engagement). */
  facts?: {
    appointingAuthority: string | null;
    appointmentDate: string | null;
    /** The appointing authority when null. */
    addressee: string | null;
    companyBackground: string | null;
    transactionDate: string;
    /** FEMA issue: the issue was made before this certificate, and why (docs/statutes.md, FEMA). */
    issueAlreadyMadeReason?: string | null;
    /** Why the valuation is as at its date (docs/reports.md, Dates), printed in the scope. */
    valuationDateReason?: string | null;
    /** The transfer and its parties or the issue and its allottees, with the shareholding (docs/reports.md, The transaction). */
    transaction?: TransactionFacts | null;
    /** Under which provision and by whom the valuer was appointed, e.g. s.247(1): the audit committee. */
    appointmentBasis?: string | null;
    engagementLetterDate?: string | null;
    /** IBC: who appointed the set, why a fresh valuation (liquidation), and each class's physical verification. */
    ibc?: {
      officer?: { name: string; role: string; ibbiRegistration: string; appointedOn: string } | null;
      freshValuationReason?: string | null;
      verifications?: { assetClass: string; valuer: string | null; date: string; inspected: string; present: string }[];
      /** The NCLT bench, petition, admission order, applicant, IRP, committee of creditors, methodology meeting. */
      insolvency?: InsolvencyFacts | null;
      /** The set's valuer of each IBBI registration class, with their registration. */
      valuers?: { assetClass: string; name: string; registration?: string; coordinating?: boolean }[];
    };
  };
  /** From the financials document, where it gives them: the capital table and the historical years. */
  company?: {
    unit?: string;
    shareholding?: {
      holder: string;
      instrument: string;
      number: number | string;
      faceValue: number | string;
      conversionRatio?: number | string;
      exercisePrice?: number | string;
      termsSource?: string;
    }[];
    history?: {
      year: string;
      revenue: number | string;
      ebitda: number | string;
      depreciationAndAmortisation?: number | string;
      financeCost?: number | string;
      profitBeforeTax?: number | string;
      profitAfterTax: number | string;
      netWorth: number | string;
      totalBorrowings?: number | string;
    }[];
  };
  /**
   * The financials as given, every amount in rupees (the stored financials are normalised): the annexures print the
   * balance sheet, the projections, the peers and the NAV schedules from them (docs/reports.md, Annexures).
   */
  financials?: {
    balanceSheetDate: string;
    balanceSheet: Record<string, string>;
    projections: NormalisedProjection[];
    peers: NormalisedPeer[];
    navAdjustmentSources?: NormalisedNavAdjustmentSources;
    /** The company's trailing twelve months to the valuation date, beside the peers' trailing multiples. */
    comparableMetrics?: NormalisedFinancials['comparableMetrics'];
    /** IBC: the asset classes, the asset registers and the reconciliation (docs/asset-registers.md). */
    liquidation?: NormalisedFinancials['liquidation'];
  };
  documents: {
    fileName: string;
    kind: string;
    sha256: string;
    sizeBytes: number;
    createdAt: string;
    /** EVIDENCE: its title, its own date and who provided it. */
    title?: string;
    documentDate?: string;
    providedBy?: string;
  }[];
  /** Where the figures the valuation rests on come from, as the financials document names them (docs/evidence.md). */
  figureSources?: FigureSources;
  valuation: ValuationResult;
  reviewTrail: {
    /** Review round: 1, then one more after each return for revision. */
    round?: number;
    gate: Gate;
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
    /** The capacity the first of those registrations lets them sign in, e.g. "Chartered accountant". */
    capacity?: string;
    /** IBC: the valuer registered for each asset class who signs its estimate. */
    classSignatories?: {
      assetClass: string;
      userId?: string;
      name: string;
      registration: string;
      /** The set's coordinating valuer, who approves the report as a whole. */
      coordinating?: boolean;
    }[];
    /** The demo firm's made-up credentials are printed as such. */
    demo?: boolean;
    /** Recorded with the GATE_3 sign-off. */
    place?: string | null;
    udin?: string | null;
    /** The PDF seal's certificate: the firm's own (uploaded) or issued by the service's CA, whose certificate is at caCertificateUrl. */
    pdfSeal?: { source: 'ISSUED' | 'UPLOADED'; subject: string; issuer: string; caCertificateUrl: string };
  };
  /** Injected so the same input renders the same document. */
  generatedAt: string;
}

export const DRAFT_WATERMARK = 'DRAFT — not certified';

/** The firm's legal name, printed everywhere the firm is named; its display name only where no legal name is set. */
export const firmName = (input: Pick<ReportInput, 'firm'>): string => input.firm.legalName || input.firm.name;

/** To whom the report is addressed: the addressee given, else the appointing authority. */
export const addresseeOf = (input: Pick<ReportInput, 'facts'>): string | null =>
  input.facts?.addressee || input.facts?.appointingAuthority || null;

/** Under the IBC the valuation date is the commencement date of the process, and the report says which. */
export function valuationDateLabel(input: Pick<ReportInput, 'engagement'>): string {
  if (input.engagement.statute !== 'IBC_LIQUIDATION') return 'Valuation date';
  return input.engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE'
    ? 'Liquidation commencement date (valuation date)'
    : 'Insolvency commencement date (valuation date)';
}

/** Whether the valuation relies on projections (an income approach): only then does the report speak of them. */
/** IBC CIRP: the coordinating valuer's going-concern DCF of the corporate debtor, where one was computed. */
export const goingConcernDcf = (input: Pick<ReportInput, 'valuation'>): boolean =>
  (input.valuation.conclusion.corporateDebtor?.goingConcernLines?.length ?? 0) > 0;

export const usesProjections = (input: Pick<ReportInput, 'valuation'>): boolean =>
  input.valuation.methods.some((m) => m.method === 'DCF');

/** The capacity the certificate's signatory signs in ("Signatory" when none is recorded, as in a DRAFT). */
export const signatoryCapacity = (certificate: ReportInput['certificate']): string =>
  certificate?.capacity ?? 'Signatory';

/**
 * The firm's number as the signatory's capacity calls for it (docs/statutes.md, Who may sign): a chartered
 * accountant signs for the firm under its ICAI Firm Registration Number; a registered valuer (and a DRAFT, not yet
 * signed) under the firm's IBBI registered-valuer-entity number; another capacity under neither.
 */
export function firmNumberFor(input: Pick<ReportInput, 'firm' | 'certificate' | 'engagement'>): string | null {
  const capacity = draftCapacity(input) ?? signatoryCapacity(input.certificate);
  if (capacity === 'Chartered accountant')
    return input.firm.icaiFrn ? `ICAI Firm Registration No. ${input.firm.icaiFrn}` : null;
  if (capacity === 'Registered valuer' || capacity === 'Signatory') return input.firm.registration ?? null;
  return null;
}

/**
 * A DRAFT, not yet signed, of a report a chartered accountant certifies (FEMA; the Income-tax rules' NAV) names the
 * firm as the CA firm it will be signed for, never by its registered-valuer-entity number; null where it is signed.
 */
export function draftCapacity(input: Pick<ReportInput, 'firm' | 'certificate' | 'engagement'>): string | null {
  if (input.certificate) return null;
  const caCertifies = input.engagement.statute === 'FEMA_RBI' || input.engagement.statute === 'RULE_11UA';
  return caCertifies && input.firm.icaiFrn ? 'Chartered accountant' : null;
}
