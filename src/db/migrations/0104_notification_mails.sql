-- E-mail notifications (docs/decisions.md, E-mail notifications). Each person's switches, by kind of e-mail
-- (a kind absent is on). Each e-mail is a job enqueued with the event that causes it; notification_mails
-- records, per event, person and kind, that its sending began, so a retry after a crash never sends it twice.
ALTER TABLE users ADD COLUMN notification_preferences jsonb NOT NULL DEFAULT '{}'::jsonb;

CREATE TABLE notification_mails (
  dedupe_key text PRIMARY KEY,
  firm_id text NOT NULL,
  user_id text NOT NULL,
  kind text NOT NULL,
  engagement_id text,
  started_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX notification_mails_firm_idx ON notification_mails (firm_id, engagement_id);
