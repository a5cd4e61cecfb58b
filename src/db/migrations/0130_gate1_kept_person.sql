-- A Gate 1 approval kept on a relock (docs/decisions.md, Gate 1 kept on a relock) is the service's act, recorded with
-- no actor; the person behind it is the one whose approval was kept (details.keptFrom.actorId), so the four-eyes
-- rules still bar them from Gate 2. Bodies keep their semicolons off line ends: the migration runner splits there.
CREATE OR REPLACE FUNCTION engagement_gate_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE engagements SET
    gate1_person = CASE WHEN NEW.action = 'engagement.approve_gate_1' THEN person_of_actor(NEW.firm_id, COALESCE(NEW.actor_id, NEW.details->'keptFrom'->>'actorId')) ELSE gate1_person END,
    gate2_person = CASE WHEN NEW.action = 'engagement.approve_gate_2' THEN person_of_actor(NEW.firm_id, NEW.actor_id) ELSE gate2_person END,
    gate3_actor = CASE WHEN NEW.action = 'engagement.approve_gate_3' THEN NEW.actor_id ELSE gate3_actor END
   WHERE firm_id = NEW.firm_id AND id = NEW.engagement_id; RETURN NEW; END
$$;
