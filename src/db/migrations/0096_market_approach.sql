-- The valuer's choices for the comparable-company multiples (which multiples, the statistic, a discount to
-- the peers with its reason), locked with the assumptions and kept with each archived version.
ALTER TABLE assumptions ADD COLUMN market_approach jsonb;
ALTER TABLE assumption_versions ADD COLUMN market_approach jsonb;
