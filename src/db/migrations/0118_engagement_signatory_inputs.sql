-- What decides who may sign an engagement's report, as one jsonb value: the valuation's statute, methods and
-- conclusion, the IBC asset classes of its financials and the firm's active members; null before a valuation
-- exists. A PL/pgSQL function, so that the engagement read (GET /engagements/{id}) calls it only from GATE_1 on and
-- its plan is cached per connection: written inline, the subqueries' plan was set up on every execution of the
-- read, before GATE_1 too, which doubled the read's cost to the database (docs/performance.md, The engagement read).
-- Bodies keep their semicolons off line ends: the migration runner splits statements there.
CREATE FUNCTION engagement_signatory_inputs(p_firm text, p_engagement text) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN RETURN (
  SELECT jsonb_build_object(
      'statute', v.result->'statute', 'methods', v.result->'methods', 'conclusion', v.result->'conclusion',
      'assetClasses', CASE WHEN v.result->>'statute' = 'IBC_LIQUIDATION' THEN (
        SELECT COALESCE(jsonb_agg(DISTINCT a->>'assetClass'), '[]'::jsonb)
          FROM financials f, jsonb_array_elements(COALESCE(f.data->'liquidation'->'assets', '[]'::jsonb)) a
         WHERE f.firm_id = v.firm_id AND f.engagement_id = v.engagement_id) END,
      'members', COALESCE((SELECT jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name, 'role', u.role, 'registrations', u.registrations) ORDER BY u.name)
                  FROM users u WHERE u.firm_id = v.firm_id AND u.status = 'ACTIVE'), '[]'::jsonb))
    FROM valuations v WHERE v.firm_id = p_firm AND v.engagement_id = p_engagement); END
$$;
