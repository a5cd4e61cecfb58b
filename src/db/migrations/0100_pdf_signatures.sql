-- PDF signatures on FINAL reports (docs/report-signatures.md): the deployment's CA, each firm's
-- document-signing certificate (issued by that CA or uploaded as PKCS#12; private key encrypted), the
-- seal's certificate facts on the report, and the copies a partner signed with their own DSC.
CREATE TABLE pdf_signing_ca (
  id text PRIMARY KEY,
  certificate_pem text NOT NULL,
  private_key_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE firm_signing_certificates (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  source text NOT NULL CHECK (source IN ('ISSUED', 'UPLOADED')),
  certificate_pem text NOT NULL,
  chain_pem jsonb NOT NULL DEFAULT '[]',
  private_key_encrypted text NOT NULL,
  subject text NOT NULL,
  issuer text NOT NULL,
  serial_number text NOT NULL,
  not_before timestamptz NOT NULL,
  not_after timestamptz NOT NULL,
  sha256_fingerprint text NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  replaced_at timestamptz
);
CREATE UNIQUE INDEX firm_signing_certificates_current ON firm_signing_certificates (firm_id) WHERE replaced_at IS NULL;

ALTER TABLE reports ADD COLUMN seal jsonb;

CREATE TABLE report_signed_copies (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  engagement_id text NOT NULL REFERENCES engagements(id),
  report_id text NOT NULL REFERENCES reports(id),
  sha256 text NOT NULL,
  blob_key text NOT NULL,
  size_bytes integer NOT NULL,
  signatures jsonb NOT NULL,
  warnings jsonb NOT NULL DEFAULT '[]',
  uploaded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_signed_copies_sha256 ON report_signed_copies (sha256);
CREATE INDEX report_signed_copies_engagement ON report_signed_copies (firm_id, engagement_id, id DESC);

-- Which copy of the FINAL was issued to the client: NULL while awaiting the partner's signature.
ALTER TABLE engagements ADD COLUMN issued_copy text CHECK (issued_copy IN ('SEALED', 'SIGNED_COPY'));
ALTER TABLE engagements ADD COLUMN issued_signed_copy_id text;
-- Engagements completed before PDF signatures existed: their FINAL went out as the service issued it.
UPDATE engagements SET issued_copy = 'SEALED' WHERE status = 'COMPLETED';
