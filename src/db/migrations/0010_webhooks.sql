-- Outbound webhooks (DESIGN §9): endpoints, one delivery per (event, endpoint), and every attempt.

CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  url text NOT NULL,
  description text,
  events text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  -- Kept in clear because HMAC signing needs the key itself; never logged, never returned after creation.
  secret text NOT NULL,
  -- After a rotation the old secret keeps signing (a second signature) until previous_secret_expires_at.
  previous_secret text,
  previous_secret_expires_at timestamptz,
  -- Start of the current run of failed attempts; the endpoint is disabled after 5 days of it.
  failing_since timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_firm_idx ON webhook_endpoints (firm_id, id DESC);

-- One message to one endpoint. body is the exact JSON that is signed and sent, identical on every attempt.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_response_status integer,
  last_error text,
  redelivery_of text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
  delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  firm_id text NOT NULL REFERENCES firms(id),
  outcome text NOT NULL CHECK (outcome IN ('DELIVERED', 'RETRY', 'FAILED', 'DISABLED', 'REFUSED')),
  response_status integer,
  duration_ms integer NOT NULL,
  response_snippet text NOT NULL DEFAULT '',
  error text,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (delivery_id, attempt)
);

-- The recurring outbox sweep (see services/webhook-delivery.ts): each run queues the next, so one must exist from the start.
INSERT INTO jobs (id, kind, payload, max_attempts, run_at, dedupe_key)
VALUES ('job_00000000000000000000SWEEP0', 'dispatch-outbox', '{"sweep":true}', 100, now(), 'dispatch-outbox:sweep')
ON CONFLICT DO NOTHING;
