-- The valuer's judgement, locked with the assumptions (issue 15): method weights with their
-- rationale, and a discount for lack of marketability with its rationale. Percent as exact text.
ALTER TABLE assumptions ADD COLUMN method_weights jsonb;
ALTER TABLE assumptions ADD COLUMN weights_rationale text;
ALTER TABLE assumptions ADD COLUMN dlom_percent text;
ALTER TABLE assumptions ADD COLUMN dlom_rationale text;
