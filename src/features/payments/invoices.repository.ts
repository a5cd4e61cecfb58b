// Tax invoices and their gap-free numbering (docs/decisions.md, Tax invoices).
import type { Executor } from '../../db/client.js';

import type { InvoiceParty, InvoiceRow } from '../../domain/payments/invoice.js';

/**
 * The next number of the financial year's series. The row lock held until the caller's transaction ends
 * serialises concurrent captures, and a rolled-back capture takes its number back with it: no gaps.
 */
export async function nextInvoiceNumber(tx: Executor, financialYear: string): Promise<number> {
  const rows = await tx.query<{ last_number: number }>(
    `INSERT INTO invoice_series (financial_year, last_number) VALUES ($1, 1)
     ON CONFLICT (financial_year) DO UPDATE SET last_number = invoice_series.last_number + 1
     RETURNING last_number`,
    [financialYear],
  );
  return Number(rows[0].last_number);
}

export async function insertInvoice(
  tx: Executor,
  i: {
    paymentId: string;
    firmId: string;
    number: string;
    financialYear: string;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
    ratePercent: number;
    supplier: InvoiceParty;
    recipient: InvoiceParty;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO invoices (payment_id, firm_id, number, financial_year, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, rate_percent, supplier, recipient)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      i.paymentId,
      i.firmId,
      i.number,
      i.financialYear,
      i.taxablePaise,
      i.cgstPaise,
      i.sgstPaise,
      i.igstPaise,
      i.totalPaise,
      i.ratePercent,
      JSON.stringify(i.supplier),
      JSON.stringify(i.recipient),
    ],
  );
}

export async function getInvoice(tx: Executor, firmId: string, paymentId: string): Promise<InvoiceRow | null> {
  const rows = await tx.query<InvoiceRow>('SELECT * FROM invoices WHERE firm_id = $1 AND payment_id = $2', [
    firmId,
    paymentId,
  ]);
  return rows[0] ?? null;
}

/** The firm's invoices issued in [from, before), oldest first (the export of a period). */
export async function invoicesIssuedBetween(
  tx: Executor,
  firmId: string,
  from: Date,
  before: Date,
): Promise<InvoiceRow[]> {
  return tx.query<InvoiceRow>(
    `SELECT * FROM invoices WHERE firm_id = $1 AND issued_at >= $2 AND issued_at < $3 ORDER BY issued_at, number`,
    [firmId, from, before],
  );
}
