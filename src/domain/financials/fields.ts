// The financials document's vocabulary: its units, the balance sheet's fields, the NAV adjustments, asset classes, year limits.

import { EQUITY_AND_LIABILITY_FIELDS } from '../../contract/balance-sheet.js';

export { EQUITY_AND_LIABILITY_FIELDS };

export const UNITS = ['RUPEES', 'THOUSANDS', 'LAKHS', 'CRORES'] as const;
export type Unit = (typeof UNITS)[number];

/** Rupees per unit. */
export const UNIT_MULTIPLIERS: Record<Unit, string> = {
  RUPEES: '1',
  THOUSANDS: '1000',
  LAKHS: '100000',
  CRORES: '10000000',
};

export const ASSET_FIELDS = [
  'propertyPlantEquipment',
  'intangibleAssets',
  'capitalWorkInProgress',
  'nonCurrentInvestments',
  'deferredTaxAssets',
  'longTermLoansAndAdvances',
  'otherNonCurrentAssets',
  'currentInvestments',
  'inventories',
  'tradeReceivables',
  'cashAndCashEquivalents',
  'shortTermLoansAndAdvances',
  'otherCurrentAssets',
] as const;

export const BALANCE_SHEET_FIELDS = [...EQUITY_AND_LIABILITY_FIELDS, ...ASSET_FIELDS] as const;
export type BalanceSheetField = (typeof BALANCE_SHEET_FIELDS)[number];

/**
 * Rule 11UA adjustments; each is an amount the balance sheet already contains, except
 * `arrearsOfCumulativePreferenceDividend`: a contingent liability from the notes that item (vi) of
 * L adds to L in both NAV formulas (default 0).
 */
export const NAV_ADJUSTMENT_FIELDS = [
  'incomeTaxPaidNetOfRefund',
  'unamortisedExpenditure',
  'provisionForTaxationExcess',
  'unascertainedLiabilityProvisions',
  'proposedDividendsNotDeclared',
  'jewelleryAndArtBookValue',
  'jewelleryAndArtMarketValue',
  'sharesAndSecuritiesBookValue',
  'sharesAndSecuritiesFairValue',
  'immovablePropertyBookValue',
  'immovablePropertyStampDutyValue',
  'arrearsOfCumulativePreferenceDividend',
] as const;
export type NavAdjustmentField = (typeof NAV_ADJUSTMENT_FIELDS)[number];

export const PROJECTION_AMOUNT_FIELDS = [
  'revenue',
  'ebitda',
  'depreciationAndAmortisation',
  'capitalExpenditure',
  'changeInNetWorkingCapital',
] as const;

export const ASSET_CLASSES = [
  'LAND_AND_BUILDING',
  'PLANT_AND_MACHINERY',
  'SECURITIES_OR_FINANCIAL_ASSETS',
  'INVENTORIES',
  'TRADE_RECEIVABLES',
  'CASH_AND_BANK',
  'OTHER',
] as const;

export const MIN_PROJECTION_YEARS = 3;
export const MAX_PROJECTION_YEARS = 10;
