// The financials after normalisation: every amount in rupees as exact decimal text; and the errors a document can have.
import { type AssetClass } from './schema.js';
import { type BalanceSheetField, type NavAdjustmentField, type Unit } from './fields.js';
import { type ShareholdingLine } from '../../contract/balance-sheet.js';
import type { NormalisedReconciliationRow, NormalisedRegisters } from './normalised-registers.js';

export type { NormalisedReconciliationRow, NormalisedRegisters } from './normalised-registers.js';

/** Every amount is a decimal string in rupees ("12345.00"); rates and counts are exact strings. */
export interface NormalisedProjection {
  year: string;
  revenue: string;
  ebitda: string;
  depreciationAndAmortisation: string;
  capitalExpenditure: string;
  changeInNetWorkingCapital: string;
  /** Percent, e.g. "25.168". */
  taxRate: string;
}

export interface NormalisedPeer {
  name: string;
  basis?: 'TRAILING' | 'FORWARD';
  evToEbitda?: string;
  evToRevenue?: string;
  peRatio?: string;
  priceToBook?: string;
  /** Where the multiples come from, and the date they were struck on (docs/evidence.md). */
  source?: string;
  asOf?: string;
  /** The peer's size in rupees, where given (docs/reports.md, Annexures). */
  revenue?: string;
  ebitda?: string;
  marketCapitalisation?: string;
}

export interface NormalisedValuerEstimate {
  valuer: string;
  fairValue: string;
  liquidationValue: string;
}

/** Either the concluded values or the valuers' estimates (2–3) are present. */
export interface NormalisedLiquidationAsset {
  assetClass: AssetClass;
  description?: string;
  /** The registered valuer's method and basis, and the physical verification done with its date. */
  method?: string;
  physicalVerification?: string;
  verifiedOn?: string;
  bookValue: string;
  fairValue?: string;
  liquidationValue?: string;
  estimates?: NormalisedValuerEstimate[];
  /** The book value and both values are the class's asset register's, computed by the service (docs/asset-registers.md). */
  fromRegister?: true;
}

export interface NormalisedFinancials {
  /** The unit the document was written in; every amount below is already in rupees. */
  sourceUnit: Unit;
  balanceSheetDate: string;
  shares: { equitySharesOutstanding: string; faceValuePerShare: string };
  balanceSheet: Record<BalanceSheetField, string>;
  navAdjustments: Record<NavAdjustmentField, string>;
  /** The sources of the NAV adjustments that replace book values (docs/evidence.md); amounts in rupees. */
  navAdjustmentSources?: NormalisedNavAdjustmentSources;
  projections: NormalisedProjection[];
  nonOperatingAssets: string;
  /** In rupees; only the items the document gives (docs/valuation-method.md, Equity bridge). */
  equityBridge?: NormalisedEquityBridge;
  peers: NormalisedPeer[];
  /** Comparable transactions, multiples exact as given. */
  transactions?: {
    deal: string;
    date: string;
    evToEbitda?: string;
    evToRevenue?: string;
    basis?: 'TRAILING' | 'FORWARD';
    source?: string;
    partiesRelation?: string;
  }[];
  /** A recent investment: price in ₹ per share, amount raised in rupees, adjustments in signed percent. */
  recentRound?: {
    date: string;
    instrument: string;
    pricePerShare: string;
    /** ISSUE: the company raised `amountRaised`; SECONDARY_SALE: `parties` sold existing shares for `consideration`. */
    kind: 'ISSUE' | 'SECONDARY_SALE';
    amountRaised?: string;
    consideration?: string;
    parties?: string;
    armsLength: boolean;
    /** The agreement or term sheet the price comes from. */
    document?: string;
    adjustments: { kind: 'TIME' | 'RIGHTS'; percent: string; reason: string }[];
  };
  comparableMetrics?: {
    ebitda?: string;
    revenue?: string;
    profitAfterTax?: string;
    ccdInterestAfterTax?: string;
    /** Where each trailing figure comes from, as given. */
    sources?: { ebitda?: string; revenue?: string; profitAfterTax?: string };
  };
  liquidation?: {
    assets: NormalisedLiquidationAsset[];
    liquidationCosts: string;
    liabilities?: string;
    /** The asset registers, in rupees (docs/asset-registers.md). */
    registers?: NormalisedRegisters;
    /** Each balance-sheet asset line valued in a class or excluded with its reason, as stated. */
    reconciliation?: NormalisedReconciliationRow[];
  };
  /** The historical years, in rupees, oldest first (for the report). */
  history?: NormalisedHistoryYear[];
  /** The capital table as given (numbers of instruments; face value in rupees). */
  shareholding?: ShareholdingLine[];
}

export interface NormalisedNavAdjustmentSources {
  immovableProperties?: {
    description: string;
    surveyNumber?: string;
    area?: string;
    stampDutyValue: string;
    authority: string;
  }[];
  /** Quoted shares scrip by scrip: quantity and price (₹ per share) exact as given. */
  quotedInvestments?: { scrip: string; quantity: string; pricePerShare: string; priceDate: string; exchange: string }[];
  sharesAndSecuritiesSource?: string;
  sharesAndSecuritiesPriceDate?: string;
  jewelleryAndArtSource?: string;
  incomeTaxPaidSource?: string;
  unamortisedExpenditureSource?: string;
  provisionForTaxationSource?: string;
  unascertainedProvisionsSource?: string;
  sharesAndSecuritiesBookSource?: string;
  immovablePropertyBookSource?: string;
  liabilitiesSource?: string;
  leaseLiabilitiesSource?: string;
  /** Disclosed in the notes, in rupees: not in L (item (vi)), stated in the report. */
  contingentLiabilities?: { description: string; amount: string; source: string }[];
}

export interface NormalisedEquityBridge {
  nonOperatingAssets?: { name: string; fairValue: string }[];
  leaseLiabilities?: string;
  /** `probability` in percent, exact as given. */
  contingentLiabilities?: { description: string; amount: string; probability: string }[];
  minorityInterest?: string;
  surplusCash?: string;
  /** Signed: a cash movement between the balance-sheet date and the valuation date. */
  cashAdjustmentSinceBalanceSheet?: string;
  /** The cash and the debt (all borrowings) on the valuation date, given together; they replace the balance sheet's in the bridge. */
  cashAtValuationDate?: string;
  debtAtValuationDate?: string;
}

export interface NormalisedHistoryYear {
  year: string;
  revenue: string;
  ebitda: string;
  depreciationAndAmortisation: string;
  financeCost: string;
  profitBeforeTax: string;
  profitAfterTax: string;
  netWorth: string;
  totalBorrowings: string;
}

export interface FinancialsError {
  /** JSON Pointer into the submitted document, e.g. "/projections/2/revenue". */
  path: string;
  message: string;
}

export type ParseFinancialsResult =
  { ok: true; financials: NormalisedFinancials } | { ok: false; errors: FinancialsError[] };
