-- The people behind an engagement's lock and gate approvals, kept on its row, so that the API's hottest read
-- (GET /engagements/{id}) is one primary-key probe instead of six index scans of audit_events, assumptions and
-- api_tokens (docs/performance.md, The engagement read). Kept by triggers, so that every path that locks,
-- unlocks or approves keeps them true in the same transaction (docs/decisions.md, Derived columns by trigger).
-- A token's step counts as the member who created the token (the four-eyes rules compare people).
-- Bodies keep their semicolons off line ends: the migration runner splits statements there.
ALTER TABLE engagements
  ADD COLUMN assumptions_locked boolean NOT NULL DEFAULT false,
  ADD COLUMN locked_by_person text,
  ADD COLUMN gate1_person text,
  ADD COLUMN gate2_person text,
  ADD COLUMN gate3_actor text;

CREATE FUNCTION person_of_actor(p_firm text, p_actor text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN left(p_actor, 4) = 'tok_'
    THEN (SELECT t.created_by FROM api_tokens t WHERE t.firm_id = p_firm AND t.id = p_actor)
    ELSE p_actor END
$$;

CREATE FUNCTION engagement_lock_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE engagements SET assumptions_locked = false, locked_by_person = NULL
     WHERE firm_id = OLD.firm_id AND id = OLD.engagement_id; RETURN OLD; END IF; UPDATE engagements SET assumptions_locked = true, locked_by_person = person_of_actor(NEW.firm_id, NEW.locked_by)
   WHERE firm_id = NEW.firm_id AND id = NEW.engagement_id; RETURN NEW; END
$$;

CREATE TRIGGER assumptions_lock_people AFTER INSERT OR DELETE OR UPDATE OF locked_by ON assumptions
  FOR EACH ROW EXECUTE FUNCTION engagement_lock_people();

-- The latest approval of each gate (audit ids ascend with time; approvals of one engagement are serialised by
-- its row lock). Gate 3 keeps the actor itself: only a person signs off.
CREATE FUNCTION engagement_gate_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE engagements SET
    gate1_person = CASE WHEN NEW.action = 'engagement.approve_gate_1' THEN person_of_actor(NEW.firm_id, NEW.actor_id) ELSE gate1_person END,
    gate2_person = CASE WHEN NEW.action = 'engagement.approve_gate_2' THEN person_of_actor(NEW.firm_id, NEW.actor_id) ELSE gate2_person END,
    gate3_actor = CASE WHEN NEW.action = 'engagement.approve_gate_3' THEN NEW.actor_id ELSE gate3_actor END
   WHERE firm_id = NEW.firm_id AND id = NEW.engagement_id; RETURN NEW; END
$$;

CREATE TRIGGER audit_gate_people AFTER INSERT ON audit_events
  FOR EACH ROW WHEN (NEW.action IN ('engagement.approve_gate_1', 'engagement.approve_gate_2', 'engagement.approve_gate_3'))
  EXECUTE FUNCTION engagement_gate_people();

-- What the engagements already hold.
UPDATE engagements e SET
  assumptions_locked = EXISTS (SELECT 1 FROM assumptions a WHERE a.engagement_id = e.id),
  locked_by_person = (SELECT person_of_actor(a.firm_id, a.locked_by) FROM assumptions a WHERE a.firm_id = e.firm_id AND a.engagement_id = e.id),
  gate1_person = person_of_actor(e.firm_id, (SELECT ae.actor_id FROM audit_events ae WHERE ae.firm_id = e.firm_id AND ae.engagement_id = e.id AND ae.action = 'engagement.approve_gate_1' ORDER BY ae.id DESC LIMIT 1)),
  gate2_person = person_of_actor(e.firm_id, (SELECT ae.actor_id FROM audit_events ae WHERE ae.firm_id = e.firm_id AND ae.engagement_id = e.id AND ae.action = 'engagement.approve_gate_2' ORDER BY ae.id DESC LIMIT 1)),
  gate3_actor = (SELECT ae.actor_id FROM audit_events ae WHERE ae.firm_id = e.firm_id AND ae.engagement_id = e.id AND ae.action = 'engagement.approve_gate_3' ORDER BY ae.id DESC LIMIT 1);
