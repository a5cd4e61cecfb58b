-- Revision rounds (issue 15): a gate may return the engagement for revision. The locked assumptions
-- of that round become a numbered version kept here, with the valuation computed from them.
ALTER TABLE assumptions ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE TABLE assumption_versions (
  engagement_id text NOT NULL REFERENCES engagements(id),
  firm_id text NOT NULL REFERENCES firms(id),
  version integer NOT NULL,
  wacc text NOT NULL,
  terminal_growth_rate text NOT NULL,
  rationale text NOT NULL,
  mid_year boolean NOT NULL,
  method_weights jsonb,
  weights_rationale text,
  dlom_percent text,
  dlom_rationale text,
  locked_at timestamptz NOT NULL,
  locked_by text NOT NULL,
  valuation jsonb,
  engine_version text,
  computed_at timestamptz,
  returned_at_gate text NOT NULL,
  revision_reason text NOT NULL,
  returned_by text,
  returned_at timestamptz NOT NULL DEFAULT now(),
  -- The DRAFT report of that round (kept in reports like every report).
  draft_report_id text,
  PRIMARY KEY (engagement_id, version)
);
CREATE INDEX assumption_versions_firm_idx ON assumption_versions (firm_id, engagement_id);
