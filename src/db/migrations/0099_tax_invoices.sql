-- Tax invoices for captured payments (docs/decisions.md, Tax invoices): one gap-free series per
-- financial year, allocated in the capture's own transaction (a rolled-back capture leaves no gap).
CREATE TABLE invoice_series (
  financial_year text PRIMARY KEY,
  last_number integer NOT NULL
);
CREATE TABLE invoices (
  payment_id text PRIMARY KEY REFERENCES payments(id),
  firm_id text NOT NULL REFERENCES firms(id),
  number text NOT NULL UNIQUE,
  financial_year text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  taxable_paise bigint NOT NULL,
  cgst_paise bigint NOT NULL,
  sgst_paise bigint NOT NULL,
  igst_paise bigint NOT NULL,
  total_paise bigint NOT NULL,
  rate_percent integer NOT NULL,
  supplier jsonb NOT NULL,
  recipient jsonb NOT NULL
);
CREATE INDEX invoices_firm ON invoices (firm_id);
ALTER TABLE firms ADD COLUMN gstin text;
