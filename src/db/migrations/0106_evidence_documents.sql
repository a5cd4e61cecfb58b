-- Evidence relied upon (docs/evidence.md): a document of kind EVIDENCE carries its title, its own date and who
-- provided it, so the report's Sources of information can list each with its SHA-256.
ALTER TABLE documents DROP CONSTRAINT IF EXISTS documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check CHECK (kind IN ('FINANCIALS', 'SUPPORTING', 'EVIDENCE'));
ALTER TABLE documents ADD COLUMN title text;
ALTER TABLE documents ADD COLUMN document_date date;
ALTER TABLE documents ADD COLUMN provided_by text;
ALTER TABLE documents ADD CONSTRAINT documents_evidence_described CHECK (
  kind <> 'EVIDENCE' OR (title IS NOT NULL AND document_date IS NOT NULL AND provided_by IS NOT NULL)
);
