// A period's tax invoices as CSV in the column order of GSTR-1's B2B table (docs/decisions.md, Tax invoices):
// what the firm's accountant pastes into the return's offline tool. Amounts are rupees with two decimals,
// written from integer paise without floating point.
import { MONTHS } from '../../contract/dates-in-words.js';
import { todayInIndia } from '../../contract/today.js';
import { GST_STATES } from '../../contract/gst-states.js';
import type { InvoiceRow } from './invoice.js';

/** The columns, in GSTR-1 B2B order. */
export const GSTR1_B2B_COLUMNS = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Invoice Number',
  'Invoice date',
  'Invoice Value',
  'Place Of Supply',
  'Reverse Charge',
  'Invoice Type',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;

/** Integer paise as rupees with two decimals: 2360000 → "23600.00" (BigInt, so never a float). */
export function rupees(paise: string | number): string {
  const n = BigInt(paise);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** An instant's date in India as the offline tool writes it: 27-Nov-2026. */
export function invoiceDate(issuedAt: Date): string {
  const [y, m, d] = todayInIndia(issuedAt).split('-');
  return `${d}-${MONTHS[Number(m) - 1]!.slice(0, 3)}-${y}`;
}

/** "33-Tamil Nadu", as GSTR-1 names a place of supply; empty when the state is not known. */
export const placeOfSupply = (code: string | null): string =>
  code ? `${code}-${GST_STATES[code] ?? `State code ${code}`}` : '';

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One invoice's row, in GSTR1_B2B_COLUMNS order. */
export function gstr1B2bRow(i: InvoiceRow): string[] {
  return [
    i.recipient.gstin ?? '',
    i.recipient.name,
    i.number,
    invoiceDate(i.issued_at),
    rupees(i.total_paise),
    placeOfSupply(i.recipient.state ?? i.supplier.state),
    'N',
    'Regular B2B',
    String(i.rate_percent),
    rupees(i.taxable_paise),
    rupees(i.igst_paise),
    rupees(i.cgst_paise),
    rupees(i.sgst_paise),
    '0.00',
  ];
}

/** The header and one row per invoice, CRLF line ends (RFC 4180). */
export const gstr1B2bCsv = (invoices: readonly InvoiceRow[]): string =>
  [GSTR1_B2B_COLUMNS, ...invoices.map(gstr1B2bRow)].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
