-- Running a team from the console: a member can be deactivated (kept for the audit trail, signed out
-- at once, unable to sign in), and a pending invitation can be resent (new secret) or cancelled.
ALTER TABLE users DROP CONSTRAINT users_status_check;
ALTER TABLE users ADD CONSTRAINT users_status_check CHECK (status IN ('INVITED', 'ACTIVE', 'DEACTIVATED'));
ALTER TABLE invitations ADD COLUMN resent_at timestamptz;
CREATE INDEX invitations_firm_idx ON invitations (firm_id, id) WHERE used_at IS NULL;
