-- IBC: each asset class's estimate is signed by a valuer registered for that class (IBBI registration
-- classes: Land and Building; Plant and Machinery; Securities or Financial Assets). Recorded at GATE_3 as
-- [{assetClass, userId, name, registration}].
ALTER TABLE engagements ADD COLUMN class_signatories jsonb;
