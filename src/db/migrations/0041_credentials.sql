-- Signatory credentials: a person's designation and registrations (IBBI RV, SEBI merchant banker,
-- ICAI membership), and the firm's legal name, address and IBBI registered-valuer-entity number.
-- `demo` marks the demo firm's made-up credentials, which reports print as demo.
ALTER TABLE users ADD COLUMN designation text;
ALTER TABLE users ADD COLUMN registrations jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE firms ADD COLUMN legal_name text;
ALTER TABLE firms ADD COLUMN address text;
ALTER TABLE firms ADD COLUMN ibbi_registration text;
ALTER TABLE firms ADD COLUMN demo boolean NOT NULL DEFAULT false;
