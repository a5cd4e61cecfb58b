-- The firm's ICAI Firm Registration Number (docs/statutes.md, Who may sign): a chartered accountant's
-- report or certificate is issued for the firm under it, and the sign-off asks for it.
ALTER TABLE firms ADD COLUMN icai_firm_registration text;
