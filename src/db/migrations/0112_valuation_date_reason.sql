-- Dates that can be true (docs/reports.md, Dates): why the valuation is as at its date, a report fact printed in
-- the report's scope; the sign-off asks for it when the report is dated more than 90 days after the valuation date.
ALTER TABLE engagements ADD COLUMN valuation_date_reason text;
