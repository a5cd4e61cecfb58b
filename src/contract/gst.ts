// GST on the service's fee (docs/decisions.md, Tax invoices). The amount a firm pays is the total,
// GST included; the invoice splits it into the taxable value and the tax. Place of supply for a
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
