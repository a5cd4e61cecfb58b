-- The assigned valuer's name kept on the engagement's row, so that the engagement read and the list take no
-- probe of users per row (docs/performance.md, The engagement read). Kept by triggers: on the engagement when
-- its assignee is set or changed, and on users when a member's name changes (docs/decisions.md, Derived columns
-- by trigger). Bodies keep their semicolons off line ends: the migration runner splits statements there.
ALTER TABLE engagements ADD COLUMN assigned_valuer_name text;

CREATE FUNCTION engagement_assignee_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.assigned_valuer_name := (SELECT u.name FROM users u WHERE u.firm_id = NEW.firm_id AND u.id = NEW.assigned_valuer_id); RETURN NEW; END
$$;

CREATE TRIGGER engagements_assignee_name BEFORE INSERT OR UPDATE OF assigned_valuer_id ON engagements
  FOR EACH ROW EXECUTE FUNCTION engagement_assignee_name();

-- A member removed takes their name off (the old read found no user and showed none).
CREATE FUNCTION member_name_on_engagements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE engagements SET assigned_valuer_name = NULL WHERE firm_id = OLD.firm_id AND assigned_valuer_id = OLD.id; RETURN OLD; END IF; UPDATE engagements SET assigned_valuer_name = NEW.name
   WHERE firm_id = NEW.firm_id AND assigned_valuer_id = NEW.id AND assigned_valuer_name IS DISTINCT FROM NEW.name; RETURN NEW; END
$$;

CREATE TRIGGER users_name_on_engagements AFTER UPDATE OF name OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION member_name_on_engagements();

UPDATE engagements e SET assigned_valuer_name = (SELECT u.name FROM users u WHERE u.firm_id = e.firm_id AND u.id = e.assigned_valuer_id)
 WHERE e.assigned_valuer_id IS NOT NULL;
