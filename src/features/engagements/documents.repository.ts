import type { Executor } from '../../db/client.js';
import type { DocumentKind } from '../../contract/document-kinds.js';

export type DocumentStatus = 'STORED' | 'PARSING' | 'PARSED' | 'REJECTED';

export interface DocumentRow {
  id: string;
  firm_id: string;
  engagement_id: string;
  kind: DocumentKind;
  file_name: string;
  content_type: string;
  format: string;
  size_bytes: number;
  sha256: string;
  blob_key: string;
  status: DocumentStatus;
  errors: { path: string; message: string }[] | null;
  created_by: string;
  created_at: Date;
  /** EVIDENCE only: its title, its own date (YYYY-MM-DD) and who provided it. */
  title: string | null;
  document_date: string | null;
  provided_by: string | null;
}

// document_date as text so both engines give 'YYYY-MM-DD' (no timezone shifts).
const COLUMNS =
  'id, firm_id, engagement_id, kind, file_name, content_type, format, size_bytes, sha256, blob_key, status, errors, created_by, created_at, title, document_date::text AS document_date, provided_by';

export async function insertDocument(
  tx: Executor,
  d: Omit<DocumentRow, 'created_at' | 'errors' | 'firm_id' | 'engagement_id'> & {
    firmId: string;
    engagementId: string;
  },
): Promise<DocumentRow> {
  const rows = await tx.query<DocumentRow>(
    `INSERT INTO documents (id, firm_id, engagement_id, kind, file_name, content_type, format, size_bytes, sha256, blob_key, status, created_by, title, document_date, provided_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::date, $15) RETURNING ${COLUMNS}`,
    [
      d.id,
      d.firmId,
      d.engagementId,
      d.kind,
      d.file_name,
      d.content_type,
      d.format,
      d.size_bytes,
      d.sha256,
      d.blob_key,
      d.status,
      d.created_by,
      d.title,
      d.document_date,
      d.provided_by,
    ],
  );
  return rows[0];
}

export async function getDocument(
  tx: Executor,
  firmId: string,
  engagementId: string,
  id: string,
): Promise<DocumentRow | null> {
  const rows = await tx.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE firm_id = $1 AND engagement_id = $2 AND id = $3`,
    [firmId, engagementId, id],
  );
  return rows[0] ?? null;
}

export async function listDocuments(
  tx: Executor,
  firmId: string,
  engagementId: string,
  limit: number,
  beforeId?: string,
): Promise<DocumentRow[]> {
  return tx.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE firm_id = $1 AND engagement_id = $2 AND ($3::text IS NULL OR id < $3) ORDER BY id DESC LIMIT $4`,
    [firmId, engagementId, beforeId ?? null, limit],
  );
}

/** Every document of the engagement, oldest first, read a page at a time: a report lists them all. */
export async function listEveryDocument(tx: Executor, firmId: string, engagementId: string): Promise<DocumentRow[]> {
  const PAGE = 500;
  const all: DocumentRow[] = [];
  for (;;) {
    const page = await listDocuments(tx, firmId, engagementId, PAGE, all.at(-1)?.id);
    all.push(...page);
    if (page.length < PAGE) return all.reverse();
  }
}

export async function setDocumentStatus(
  tx: Executor,
  firmId: string,
  id: string,
  status: DocumentStatus,
  errors: { path: string; message: string }[] | null = null,
): Promise<void> {
  await tx.query('UPDATE documents SET status = $3, errors = $4, updated_at = now() WHERE firm_id = $1 AND id = $2', [
    firmId,
    id,
    status,
    errors ? JSON.stringify(errors) : null,
  ]);
}
