-- Password resets (docs/decisions.md, Password resets): a one-use link mailed to the account's address, asked for
-- from the log-in page or sent by an ADMIN from Team, working for 30 minutes. Only the SHA-256 of the link's
-- secret is kept; `sent_by` is the ADMIN who sent it, null when the person asked for it.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sent_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);
