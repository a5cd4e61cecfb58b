-- The X-Request-Id a caller sent is kept apart from the service's own request id, which it never
-- replaces (docs/decisions.md, Request ids).
ALTER TABLE audit_events ADD COLUMN client_request_id text;
