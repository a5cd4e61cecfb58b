-- An IBC engagement as one set's work (docs/statutes.md, IBC: the set of valuers): the members holding each asset
-- class with the coordinating valuer and each class's physical verification (one JSON document, as the API takes
-- it), the insolvency professional who appointed the set (name, role, IBBI registration, their own appointment) and,
-- in liquidation, why a fresh valuation is made rather than the average of the CIRP estimates.
ALTER TABLE engagements ADD COLUMN valuer_set jsonb;
ALTER TABLE engagements ADD COLUMN appointing_officer jsonb;
ALTER TABLE engagements ADD COLUMN fresh_valuation_reason text;
