// GST on the service's fee (docs/decisions.md, Tax invoices). The configured fee is GST-exclusive by
// default (FEE_GST_MODE=exclusive: the firm pays the fee plus GST); FEE_GST_MODE=inclusive takes the fee
// as the total, GST included. Either way the amount charged is the invoice total, and the invoice splits
// it into the taxable value and the tax. Place of supply for a
// registered recipient is the recipient's state: the same state as the operator's is intra-state
// (CGST + SGST, half each), another is inter-state (IGST). Paise are integers throughout.

export interface GstSplit {
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  interState: boolean;
  ratePercent: number;
}

/** The two-digit state code a GSTIN starts with. */
export const stateOfGstin = (gstin: string): string => gstin.slice(0, 2);

/** 15 characters: state code, PAN (5 letters, 4 digits, a letter), entity number, Z, check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Characters of a GSTIN and their values in its check: 0-9 are 0..9, A-Z are 10..35. */
const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character (the 15th) of a GSTIN's first 14 characters: each character's value times a factor
 * alternating 1, 2, 1, 2…; each product adds its quotient and remainder by 36; the check value is
 * (36 − sum mod 36) mod 36, as a character.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARACTERS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** The pattern and the check character both hold. */
export const isValidGstin = (gstin: string): boolean =>
  GSTIN_PATTERN.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];

/** The sentence for a GSTIN whose check character does not match. */
export const GSTIN_CHECK_SENTENCE =
  'This GSTIN does not pass its check: the last character does not match the first fourteen; please copy it again from the GST registration certificate';

/** GST on a GST-exclusive fee: fee × rate / 100, rounded half-up to the paisa, in integers. */
export const gstOn = (feePaise: number, ratePercent: number): number => Math.floor((feePaise * ratePercent + 50) / 100);

/** How the configured fee is read: exclusive (GST is added to it) or inclusive (it is the total). */
export const FEE_GST_MODES = ['exclusive', 'inclusive'] as const;
export type FeeGstMode = (typeof FEE_GST_MODES)[number];

/**
 * The amount charged for a configured fee: the fee plus its GST (exclusive), or the fee itself (inclusive).
 * The invoice's taxable value, worked back from this total, is the fee again to the paisa (the tax's
 * rounding of at most half a paisa, divided by 1 + rate, stays under half a paisa).
 */
export const amountCharged = (feePaise: number, ratePercent: number, mode: FeeGstMode): number =>
  mode === 'exclusive' ? feePaise + gstOn(feePaise, ratePercent) : feePaise;

/** A GST-inclusive total's taxable value (total × 100 / (100 + rate), half-up to the paisa) and its tax, the rest. */
export function gstIncluded(totalPaise: number, ratePercent: number): { taxablePaise: number; taxPaise: number } {
  const taxablePaise = Math.round((totalPaise * 100) / (100 + ratePercent));
  return { taxablePaise, taxPaise: totalPaise - taxablePaise };
}

export function gstSplit(
  totalPaise: number,
  operatorState: string,
  recipientState: string | null,
  ratePercent = 18,
): GstSplit {
  const { taxablePaise, taxPaise: tax } = gstIncluded(totalPaise, ratePercent);
  // Without the recipient's GSTIN the supply is taken where the operator is (intra-state).
  const interState = recipientState !== null && recipientState !== operatorState;
  const cgstPaise = interState ? 0 : Math.round(tax / 2);
  return {
    totalPaise,
    taxablePaise,
    ratePercent,
    interState,
    cgstPaise,
    sgstPaise: interState ? 0 : tax - cgstPaise,
    igstPaise: interState ? tax : 0,
  };
}

/** The Indian financial year of a date, as an invoice series names it: 2026-11-25 → "2026-27". */
export function financialYearLabel(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** VS/2026-27/000042: the series per financial year, numbered without gaps. */
export const invoiceNumber = (financialYear: string, n: number): string =>
  `VS/${financialYear}/${String(n).padStart(6, '0')}`;
