-- Rate-limit counters shared by every API process (docs/decisions.md, Rate limits and login
-- throttling): one row per key (an address, an account, an account from an address), a fixed window
-- that restarts when it has run out. Expired rows are swept, so the table stays as small as the
-- current traffic.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
