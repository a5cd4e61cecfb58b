-- The facts a signed report needs beyond the valuation (Companies (Registered Valuers and Valuation)
-- Rules, 2017, Rule 8; docs/statutes.md): who appointed the valuer and when, to whom the report is
-- addressed, the company's background; the date of the transaction that decides the law in force;
-- and, at sign-off, the place of signing and the signatory's UDIN.
ALTER TABLE engagements ADD COLUMN appointing_authority text;
ALTER TABLE engagements ADD COLUMN appointment_date date;
ALTER TABLE engagements ADD COLUMN addressee text;
ALTER TABLE engagements ADD COLUMN company_background text;
ALTER TABLE engagements ADD COLUMN transaction_date date;
ALTER TABLE engagements ADD COLUMN signing_place text;
ALTER TABLE engagements ADD COLUMN udin text;
