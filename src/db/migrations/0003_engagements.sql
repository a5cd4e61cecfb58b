CREATE TABLE engagements (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  target_entity text NOT NULL,
  cin text,
  statute text NOT NULL,
  purpose text,
  status text NOT NULL,
  status_before_upload text,
  valuation_date date NOT NULL,
  payment_status text NOT NULL DEFAULT 'UNPAID' CHECK (payment_status IN ('UNPAID', 'PAID')),
  event_sequence integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Keyset pagination newest first: ids are time-ordered ULIDs.
CREATE INDEX engagements_firm_idx ON engagements (firm_id, id DESC);
CREATE INDEX engagements_firm_status_idx ON engagements (firm_id, status, id DESC);

CREATE TABLE assumptions (
  engagement_id text PRIMARY KEY REFERENCES engagements(id),
  firm_id text NOT NULL REFERENCES firms(id),
  wacc text NOT NULL,
  terminal_growth_rate text NOT NULL,
  rationale text NOT NULL,
  mid_year boolean NOT NULL DEFAULT false,
  locked_at timestamptz NOT NULL DEFAULT now(),
  locked_by text NOT NULL
);

CREATE TABLE blobs (
  key text PRIMARY KEY,
  firm_id text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE documents (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  engagement_id text NOT NULL REFERENCES engagements(id),
  kind text NOT NULL CHECK (kind IN ('FINANCIALS', 'SUPPORTING')),
  file_name text NOT NULL,
  content_type text NOT NULL,
  format text NOT NULL,
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  blob_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('STORED', 'PARSING', 'PARSED', 'REJECTED')),
  errors jsonb,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_engagement_idx ON documents (engagement_id, id DESC);

CREATE TABLE financials (
  engagement_id text PRIMARY KEY REFERENCES engagements(id),
  firm_id text NOT NULL REFERENCES firms(id),
  document_id text NOT NULL REFERENCES documents(id),
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE valuations (
  engagement_id text PRIMARY KEY REFERENCES engagements(id),
  firm_id text NOT NULL REFERENCES firms(id),
  engine_version text NOT NULL,
  result jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

-- The audit trail: every state change and decision, with who, what, when and the request id.
CREATE TABLE audit_events (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  engagement_id text REFERENCES engagements(id),
  actor_type text NOT NULL CHECK (actor_type IN ('USER', 'API_TOKEN', 'SYSTEM')),
  actor_id text,
  action text NOT NULL,
  from_status text,
  to_status text,
  request_id text,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_engagement_idx ON audit_events (engagement_id, id);

-- Transactional outbox: written with the change that caused it, fanned out to webhooks later.
CREATE TABLE outbox_events (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  type text NOT NULL,
  engagement_id text,
  sequence integer,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  dispatched_at timestamptz
);
CREATE INDEX outbox_undispatched_idx ON outbox_events (id) WHERE dispatched_at IS NULL;
CREATE INDEX outbox_firm_idx ON outbox_events (firm_id, id);
