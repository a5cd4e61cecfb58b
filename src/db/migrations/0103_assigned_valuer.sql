-- The engagement's assigned valuer (docs/decisions.md, Assigned valuer): the member whose work it is, who
-- locks the assumptions (again after a return for revision) and whom "Waiting for me" shows that work to.
-- Existing engagements are assigned to whoever created them (a token's creator for a token), when that
-- person is a VALUER or an ADMIN of the firm.
ALTER TABLE engagements ADD COLUMN assigned_valuer_id text;

UPDATE engagements e SET assigned_valuer_id = u.id
  FROM users u
 WHERE u.firm_id = e.firm_id AND u.role IN ('VALUER', 'ADMIN')
   AND u.id = CASE WHEN left(e.created_by, 4) = 'tok_'
                   THEN (SELECT t.created_by FROM api_tokens t WHERE t.firm_id = e.firm_id AND t.id = e.created_by)
                   ELSE e.created_by END;

CREATE INDEX engagements_firm_assigned_idx ON engagements (firm_id, assigned_valuer_id);
