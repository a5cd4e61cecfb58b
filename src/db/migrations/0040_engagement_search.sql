-- Console search over the firm's engagements by name or CIN (GET /engagements?q=): word-prefix
-- full-text matching on one GIN expression index; the firm filter combines with it by bitmap AND.
CREATE INDEX engagements_search_idx ON engagements
  USING gin (to_tsvector('simple', target_entity || ' ' || coalesce(cin, '')));
