-- Webhook signing secrets are kept encrypted at rest (docs/decisions.md, Webhook secrets at rest).
-- The key is not the database's to know, so SQL cannot encrypt: start-up encrypts every row still
-- holding a secret in clear, right after the migrations (src/runtime.ts, sealWebhookSecrets), and
-- clears the plain columns. They stay nullable only for that hand-over.
ALTER TABLE webhook_endpoints ADD COLUMN secret_encrypted text;
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_encrypted text;
ALTER TABLE webhook_endpoints ALTER COLUMN secret DROP NOT NULL;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_secret_present CHECK (secret IS NOT NULL OR secret_encrypted IS NOT NULL);
