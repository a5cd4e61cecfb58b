-- The price per share the client proposes (rupees, exact decimal text), tested by the valuation's compliance.
ALTER TABLE engagements ADD COLUMN proposed_price_per_share text;
