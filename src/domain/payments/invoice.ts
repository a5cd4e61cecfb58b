// A tax invoice's facts as they are stored and printed (docs/decisions.md, Tax invoices): the repository reads
// them (src/features/payments/invoices.repository.ts), the report prints them (src/reports/invoice.ts).

export interface InvoiceParty {
  name: string;
  address: string | null;
  gstin: string | null;
  state: string | null;
}

export interface InvoiceRow {
  payment_id: string;
  firm_id: string;
  number: string;
  financial_year: string;
  issued_at: Date;
  taxable_paise: string | number;
  cgst_paise: string | number;
  sgst_paise: string | number;
  igst_paise: string | number;
  total_paise: string | number;
  rate_percent: number;
  supplier: InvoiceParty;
  recipient: InvoiceParty;
}
