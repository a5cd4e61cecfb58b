-- The valuer's note on the reasonableness of the projections a DCF rests on, locked with the assumptions
-- (required where a DCF is adopted) and kept with each archived version; printed beside the projections annexure.
ALTER TABLE assumptions ADD COLUMN projections_reasonableness text;
ALTER TABLE assumption_versions ADD COLUMN projections_reasonableness text;
