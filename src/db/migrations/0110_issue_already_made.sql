-- FEMA: the certificate precedes the issue (docs/statutes.md, FEMA). Where the issue has already been made
-- (late reporting, compounding), the engagement records why; the sign-off then allows a certificate dated
-- after the issue, and the report states it.
ALTER TABLE engagements ADD COLUMN issue_already_made_reason text;
