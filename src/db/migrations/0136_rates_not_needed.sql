-- The prescribed NAV of a transfer or receipt (Rule 11UA(1)(c)(b), Rule 57) has no DCF, so its lock carries no WACC
-- and no terminal growth rate (docs/valuation-method.md, Rates not asked for): both may be null, never a stand-in.
ALTER TABLE assumptions ALTER COLUMN wacc DROP NOT NULL;
ALTER TABLE assumptions ALTER COLUMN terminal_growth_rate DROP NOT NULL;
ALTER TABLE assumption_versions ALTER COLUMN wacc DROP NOT NULL;
ALTER TABLE assumption_versions ALTER COLUMN terminal_growth_rate DROP NOT NULL;
