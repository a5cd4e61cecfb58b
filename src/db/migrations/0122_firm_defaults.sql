-- What a firm would otherwise type at every engagement (docs/decisions.md, Firm defaults): the place its partners
-- sign at, offered at every sign-off, and per statute the addressee of a report that names none, with {company}
-- standing for the company's name.
ALTER TABLE firms ADD COLUMN default_signing_place text;
ALTER TABLE firms ADD COLUMN addressee_templates jsonb NOT NULL DEFAULT '{}'::jsonb;
