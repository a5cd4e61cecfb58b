-- A UDIN is one document's (docs/statutes.md, Who may sign): no two reports of a firm carry the same one.
-- The sign-off checks it first and answers 409 udin_already_used naming the other report; this index
-- holds it for two sign-offs at the same moment. An installation whose firm already signed two reports
-- with one UDIN stops here, naming the UDIN: the operator corrects the record before the start.
CREATE UNIQUE INDEX engagements_firm_udin ON engagements (firm_id, udin) WHERE udin IS NOT NULL;
