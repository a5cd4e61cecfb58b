-- The firm's own reference of a FINAL report, <prefix>/<financial year>/<serial> (docs/report-signatures.md, The
-- firm's reference): one gap-free series per firm and financial year, the serial taken in the transaction that
-- creates the report row, so a rolled-back FINAL takes its number back with it. A firm without a prefix of its
-- own is referred to by the initials of its name.
ALTER TABLE firms ADD COLUMN report_prefix text CHECK (report_prefix ~ '^[A-Z0-9]{1,8}$');
CREATE TABLE report_series (
  firm_id text NOT NULL REFERENCES firms(id),
  financial_year text NOT NULL,
  last_serial integer NOT NULL,
  PRIMARY KEY (firm_id, financial_year)
);
ALTER TABLE reports ADD COLUMN reference text;
CREATE UNIQUE INDEX reports_firm_reference_idx ON reports (firm_id, reference) WHERE reference IS NOT NULL;
