// The financials' balance-sheet side and capital table as the engine reads them and the console echoes them.

export const EQUITY_AND_LIABILITY_FIELDS = [
  'equityShareCapital',
  'preferenceShareCapital',
  'reservesAndSurplus',
  'longTermBorrowings',
  'shortTermBorrowings',
  'tradePayables',
  'otherCurrentLiabilities',
  'otherNonCurrentLiabilities',
  'deferredTaxLiabilities',
  'longTermProvisions',
  'shortTermProvisions',
] as const;

/** A line of the capital table as given (numbers of instruments; face value in rupees). */
export interface ShareholdingLine {
  holder: string;
  instrument: string;
  number: string;
  faceValue: string;
  conversionRatio?: string;
  exercisePrice?: string;
  presentedIn?: 'PREFERENCE_CAPITAL' | 'OTHER_EQUITY' | 'BORROWINGS';
}
