-- The facts a signed report states about the transaction and the appointment (docs/reports.md, The transaction):
-- the transfer's parties or the issue's allottees with the shareholding before and after (one JSON document, as
-- the API takes it), the basis of the valuer's appointment and the date of the engagement letter.
ALTER TABLE engagements ADD COLUMN transaction_facts jsonb;
ALTER TABLE engagements ADD COLUMN appointment_basis text;
ALTER TABLE engagements ADD COLUMN engagement_letter_date date;
