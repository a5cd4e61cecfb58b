-- One-time links that make a browser known to an account (docs/decisions.md, Rate limits and login throttling):
-- e-mailed on request, so an owner held by the account-wide wait in a browser never used before can prove they
-- read the account's e-mail and log in at once. Only the SHA-256 of the link's secret is kept.
CREATE TABLE known_browser_links (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX known_browser_links_user_idx ON known_browser_links (user_id, created_at);
