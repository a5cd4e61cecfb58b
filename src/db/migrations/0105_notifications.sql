-- The console's bell (docs/decisions.md, E-mail notifications): the same notices as the e-mails, kept per
-- person whether or not they receive the e-mail, read or unread.
CREATE TABLE notifications (
  id text PRIMARY KEY,
  firm_id text NOT NULL,
  user_id text NOT NULL,
  kind text NOT NULL,
  engagement_id text NOT NULL,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (firm_id, user_id, id);
CREATE INDEX notifications_unread_idx ON notifications (firm_id, user_id) WHERE read_at IS NULL;
