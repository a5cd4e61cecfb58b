// The financials' fields named as a valuer writes them in a report (Schedule III headings), for the
// console's echo of what was ingested. Keys are the financials template's field names.

export const FINANCIAL_LABELS: Record<string, string> = {
  // Shares
  equitySharesOutstanding: 'Equity shares outstanding',
  faceValuePerShare: 'Face value per share (₹)',
  // Balance sheet: equity and liabilities
  equityShareCapital: 'Equity share capital',
  preferenceShareCapital: 'Preference share capital',
  reservesAndSurplus: 'Reserves and surplus',
  longTermBorrowings: 'Long-term borrowings',
  shortTermBorrowings: 'Short-term borrowings',
  tradePayables: 'Trade payables',
  otherCurrentLiabilities: 'Other current liabilities',
  otherNonCurrentLiabilities: 'Other non-current liabilities',
  deferredTaxLiabilities: 'Deferred tax liabilities (net)',
  longTermProvisions: 'Long-term provisions',
  shortTermProvisions: 'Short-term provisions',
  // Balance sheet: assets
  propertyPlantEquipment: 'Property, plant and equipment',
  intangibleAssets: 'Intangible assets',
  capitalWorkInProgress: 'Capital work-in-progress',
  nonCurrentInvestments: 'Non-current investments',
  deferredTaxAssets: 'Deferred tax assets (net)',
  longTermLoansAndAdvances: 'Long-term loans and advances',
  otherNonCurrentAssets: 'Other non-current assets',
  currentInvestments: 'Current investments',
  inventories: 'Inventories',
  tradeReceivables: 'Trade receivables',
  cashAndCashEquivalents: 'Cash and cash equivalents',
  shortTermLoansAndAdvances: 'Short-term loans and advances',
  otherCurrentAssets: 'Other current assets',
  // Rule 11UA adjustments
  incomeTaxPaidNetOfRefund: 'Income tax paid (net of refund)',
  unamortisedExpenditure: 'Unamortised expenditure',
  provisionForTaxationExcess: 'Provision for taxation in excess of tax payable',
  unascertainedLiabilityProvisions: 'Provisions for unascertained liabilities',
  proposedDividendsNotDeclared: 'Proposed dividends not declared',
  jewelleryAndArtBookValue: 'Jewellery and artistic work: book value',
  jewelleryAndArtMarketValue: 'Jewellery and artistic work: market value',
  sharesAndSecuritiesBookValue: 'Shares and securities: book value',
  sharesAndSecuritiesFairValue: 'Shares and securities: fair market value',
  immovablePropertyBookValue: 'Immovable property: book value',
  immovablePropertyStampDutyValue: 'Immovable property: stamp duty value',
  arrearsOfCumulativePreferenceDividend: 'Arrears of cumulative preference dividend',
  // Projections and history
  revenue: 'Revenue from operations',
  ebitda: 'EBITDA',
  depreciationAndAmortisation: 'Depreciation and amortisation',
  capitalExpenditure: 'Capital expenditure',
  changeInNetWorkingCapital: 'Change in net working capital',
  taxRate: 'Tax rate (%)',
  financeCost: 'Finance costs',
  profitBeforeTax: 'Profit before tax',
  profitAfterTax: 'Profit after tax',
  netWorth: 'Net worth',
  totalBorrowings: 'Total borrowings',
  // Peers' multiples
  evToEbitda: 'EV / EBITDA',
  evToRevenue: 'EV / Revenue',
  peRatio: 'Price / Earnings',
  priceToBook: 'Price / Book value',
  // Liquidation asset classes
  LAND_AND_BUILDING: 'Land and building',
  PLANT_AND_MACHINERY: 'Plant and machinery',
  SECURITIES_OR_FINANCIAL_ASSETS: 'Securities or financial assets',
  INVENTORIES: 'Inventories',
  TRADE_RECEIVABLES: 'Trade receivables',
  CASH_AND_BANK: 'Cash and bank balances',
  OTHER: 'Other assets',
  // Instruments
  EQUITY: 'Equity shares',
  PREFERENCE: 'Preference shares',
  CCPS: 'Compulsorily convertible preference shares',
  CCD: 'Compulsorily convertible debentures',
  ESOP: 'Employee stock options',
  WARRANT: 'Warrants',
};

/** The valuer's label for a field, or the key spelled out when the catalogue lacks it. */
export function financialLabel(key: string): string {
  return FINANCIAL_LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}

/** A capital-table instrument in words for the middle of a sentence ("employee stock options"), or its code. */
export function instrumentWords(code: string): string {
  const label = FINANCIAL_LABELS[code];
  return label ? label.charAt(0).toLowerCase() + label.slice(1) : code;
}
