-- A firm's saved cost-of-capital build-ups (docs/decisions.md, Firm defaults): named, each with its figures, their
-- source and the date they were read, to start a lock from and adjust. Saving under a name the firm already uses
-- replaces that build-up.
CREATE TABLE saved_cost_of_capital (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  name text NOT NULL,
  build_up jsonb NOT NULL,
  saved_by text NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_cost_of_capital_name_idx ON saved_cost_of_capital (firm_id, name);
