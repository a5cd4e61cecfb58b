-- Payments (DESIGN §8): one row per gateway order; gateway webhook event ids for de-duplication.

CREATE TABLE payments (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  engagement_id text NOT NULL REFERENCES engagements(id),
  gateway text NOT NULL,
  gateway_order_id text NOT NULL UNIQUE,
  gateway_payment_id text,
  amount_paise integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('CREATED', 'CAPTURED', 'FAILED')),
  receipt text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  captured_at timestamptz
);
-- At most one open (CREATED) or captured order per engagement: concurrent creates collapse onto one row.
CREATE UNIQUE INDEX payments_one_open_per_engagement ON payments (engagement_id) WHERE status IN ('CREATED', 'CAPTURED');
CREATE INDEX payments_firm_idx ON payments (firm_id, id DESC);

-- Gateway webhook deliveries already processed, keyed by x-razorpay-event-id.
CREATE TABLE gateway_events (
  event_id text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now()
);
