-- One value sealed with the at-rest secret (REPORT_KEY_SECRET) at the first start: every later process opens it
-- before it serves or works, so a process started with another secret refuses to start instead of failing
-- every delivery it picks up (docs/operations.md, Secrets at rest).
CREATE TABLE at_rest_check (
  id integer PRIMARY KEY CHECK (id = 1),
  sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
