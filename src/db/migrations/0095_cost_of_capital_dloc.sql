-- The cost of capital built up (Rf, ERP, beta, D/E, tax, Kd, premiums and their source) and a discount
-- for lack of control with its rationale, locked with the assumptions and kept with each archived version.
-- Percent as exact text, as for the discount for lack of marketability.
ALTER TABLE assumptions ADD COLUMN cost_of_capital jsonb;
ALTER TABLE assumptions ADD COLUMN dloc_percent text;
ALTER TABLE assumptions ADD COLUMN dloc_rationale text;
ALTER TABLE assumption_versions ADD COLUMN cost_of_capital jsonb;
ALTER TABLE assumption_versions ADD COLUMN dloc_percent text;
ALTER TABLE assumption_versions ADD COLUMN dloc_rationale text;
