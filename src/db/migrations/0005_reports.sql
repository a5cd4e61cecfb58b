-- Rendered reports (DRAFT from GATE_1, FINAL on COMPLETED) and the service's report-signing key.
CREATE TABLE reports (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  engagement_id text NOT NULL REFERENCES engagements(id),
  kind text NOT NULL CHECK (kind IN ('DRAFT', 'FINAL')),
  status text NOT NULL CHECK (status IN ('GENERATING', 'READY', 'FAILED')),
  sha256 text,
  blob_key text,
  size_bytes integer,
  certificate jsonb,
  signature text,
  signing_key_id text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  generated_at timestamptz
);
CREATE INDEX reports_engagement_idx ON reports (engagement_id, id DESC);
CREATE INDEX reports_sha256_idx ON reports (sha256);

CREATE TABLE signing_keys (
  id text PRIMARY KEY,
  algorithm text NOT NULL,
  public_key_pem text NOT NULL,
  private_key_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
