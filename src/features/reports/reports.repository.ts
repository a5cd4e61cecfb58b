import { prepared, type Executor } from '../../db/client.js';
import type { CertificateFacts } from '../../contract/certificates.js';
import { relatedOfEngagement } from '../engagements/engagement-join.repository.js';

export interface ReportRow {
  id: string;
  firm_id: string;
  engagement_id: string;
  kind: 'DRAFT' | 'FINAL';
  status: 'GENERATING' | 'READY' | 'FAILED';
  sha256: string | null;
  blob_key: string | null;
  size_bytes: number | null;
  certificate: Record<string, string> | null;
  signature: string | null;
  signing_key_id: string | null;
  error: string | null;
  created_at: Date;
  generated_at: Date | null;
  /** The firm's own reference of a FINAL ("MIVA/2026-27/0007"); none on a DRAFT. */
  reference: string | null;
  /** The PDF seal of a FINAL: the certificate's facts and whether the firm uploaded it or the service issued it. */
  seal: ReportSeal | null;
}

export interface ReportSeal extends CertificateFacts {
  source: 'ISSUED' | 'UPLOADED';
  signingTime: string;
  reason: string;
  name: string;
  /** The seal's certificate and its issuers, PEM, to judge its trust when asked. */
  certificatePem?: string;
  chainPem?: string[];
  fieldName?: string | null;
  byteRange?: number[];
  valid?: boolean;
}

const COLUMNS =
  'id, firm_id, engagement_id, kind, status, sha256, blob_key, size_bytes, certificate, signature, signing_key_id, error, created_at, generated_at, seal, reference';

export async function insertReport(
  tx: Executor,
  r: { id: string; firmId: string; engagementId: string; kind: 'DRAFT' | 'FINAL'; reference?: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO reports (id, firm_id, engagement_id, kind, status, reference) VALUES ($1, $2, $3, $4, 'GENERATING', $5)`,
    [r.id, r.firmId, r.engagementId, r.kind, r.reference ?? null],
  );
}

/** What names the firm in its reports' references: its own prefix where it has set one, else its name. */
export async function firmForReference(tx: Executor, firmId: string): Promise<{ prefix: string | null; name: string }> {
  const rows = await tx.query<{ report_prefix: string | null; name: string }>(
    `SELECT report_prefix, coalesce(legal_name, name) AS name FROM firms WHERE id = $1`,
    [firmId],
  );
  return { prefix: rows[0].report_prefix, name: rows[0].name };
}

/**
 * The next serial of the firm's reports in a financial year. The row lock held until the caller's transaction ends
 * serialises concurrent FINALs, and a rolled-back one takes its serial back with it: no gaps.
 */
export async function nextReportSerial(tx: Executor, firmId: string, financialYear: string): Promise<number> {
  const rows = await tx.query<{ last_serial: number }>(
    `INSERT INTO report_series (firm_id, financial_year, last_serial) VALUES ($1, $2, 1)
     ON CONFLICT (firm_id, financial_year) DO UPDATE SET last_serial = report_series.last_serial + 1
     RETURNING last_serial`,
    [firmId, financialYear],
  );
  return Number(rows[0].last_serial);
}

export async function getReport(tx: Executor, firmId: string, id: string): Promise<ReportRow | null> {
  const rows = await tx.query<ReportRow>(`SELECT ${COLUMNS} FROM reports WHERE firm_id = $1 AND id = $2`, [firmId, id]);
  return rows[0] ?? null;
}

/** Every report of an engagement, oldest first: the firm's review record lists them. */
export async function listReportsOfEngagement(
  tx: Executor,
  firmId: string,
  engagementId: string,
): Promise<ReportRow[]> {
  return tx.query<ReportRow>(`SELECT ${COLUMNS} FROM reports WHERE firm_id = $1 AND engagement_id = $2 ORDER BY id`, [
    firmId,
    engagementId,
  ]);
}

/** The report an engagement shows: its FINAL when one exists, otherwise its newest DRAFT. */
export async function currentReport(tx: Executor, firmId: string, engagementId: string): Promise<ReportRow | null> {
  const rows = await tx.query<ReportRow>(
    `SELECT ${COLUMNS} FROM reports WHERE firm_id = $1 AND engagement_id = $2
      ORDER BY (kind = 'FINAL') DESC, id DESC LIMIT 1`,
    [firmId, engagementId],
  );
  return rows[0] ?? null;
}

const ENGAGEMENT_CURRENT_REPORT = prepared(
  'engagement_current_report',
  `SELECT r.id IS NOT NULL AS present, ${COLUMNS.split(', ')
    .map((c) => `r.${c}`)
    .join(', ')}
     FROM engagements e
     LEFT JOIN LATERAL (
       SELECT * FROM reports WHERE firm_id = e.firm_id AND engagement_id = e.id ORDER BY (kind = 'FINAL') DESC, id DESC LIMIT 1
     ) r ON true
    WHERE e.firm_id = $1 AND e.id = $2`,
);

/** One round trip: the current report as currentReport picks it; undefined when the engagement is not in the firm. */
export function currentReportOfEngagement(
  tx: Executor,
  firmId: string,
  engagementId: string,
): Promise<ReportRow | null | undefined> {
  return relatedOfEngagement<ReportRow>(tx, ENGAGEMENT_CURRENT_REPORT, firmId, engagementId);
}

export async function markReportReady(
  tx: Executor,
  firmId: string,
  id: string,
  r: {
    sha256: string;
    blobKey: string;
    sizeBytes: number;
    certificate: Record<string, string> | null;
    signature: string | null;
    signingKeyId: string | null;
    seal?: ReportSeal | null;
  },
): Promise<void> {
  await tx.query(
    `UPDATE reports SET status = 'READY', sha256 = $3, blob_key = $4, size_bytes = $5, certificate = $6, signature = $7, signing_key_id = $8, seal = $9, generated_at = now(), error = NULL
      WHERE firm_id = $1 AND id = $2`,
    [
      firmId,
      id,
      r.sha256,
      r.blobKey,
      r.sizeBytes,
      r.certificate ? JSON.stringify(r.certificate) : null,
      r.signature,
      r.signingKeyId,
      r.seal ? JSON.stringify(r.seal) : null,
    ],
  );
}

/** The newest DRAFT of an engagement, rendered or not. */
export async function latestDraftId(tx: Executor, firmId: string, engagementId: string): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM reports WHERE firm_id = $1 AND engagement_id = $2 AND kind = 'DRAFT' ORDER BY id DESC LIMIT 1`,
    [firmId, engagementId],
  );
  return rows[0]?.id ?? null;
}

/** DRAFTs still waiting for the renderer become FAILED with `error` (their round was returned for revision). */
export async function supersedePendingDrafts(
  tx: Executor,
  firmId: string,
  engagementId: string,
  error: string,
): Promise<void> {
  await tx.query(
    `UPDATE reports SET status = 'FAILED', error = $3 WHERE firm_id = $1 AND engagement_id = $2 AND kind = 'DRAFT' AND status = 'GENERATING'`,
    [firmId, engagementId, error],
  );
}

export async function markReportFailed(tx: Executor, firmId: string, id: string, error: string): Promise<void> {
  await tx.query(`UPDATE reports SET status = 'FAILED', error = $3 WHERE firm_id = $1 AND id = $2`, [
    firmId,
    id,
    error.slice(0, 1000),
  ]);
}

/** Public verification looks a report up by its hash across firms: it reveals only what the certificate states. */
/** Public verification of a signed copy: its FINAL, found by id across firms. */
export async function findReportById(
  tx: Executor,
  id: string,
): Promise<(ReportRow & { target_entity: string; statute: string; firm_name: string }) | null> {
  const rows = await tx.query<ReportRow & { target_entity: string; statute: string; firm_name: string }>(
    `SELECT r.id, r.firm_id, r.engagement_id, r.kind, r.status, r.sha256, r.blob_key, r.size_bytes, r.certificate, r.signature, r.signing_key_id, r.error, r.created_at, r.generated_at, r.seal,
            e.target_entity, e.statute, f.name AS firm_name
       FROM reports r JOIN engagements e ON e.id = r.engagement_id JOIN firms f ON f.id = r.firm_id
      WHERE r.id = $1 AND r.status = 'READY'`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findReportsBySha256(
  tx: Executor,
  sha256: string,
): Promise<(ReportRow & { target_entity: string; statute: string; firm_name: string })[]> {
  return tx.query(
    `SELECT r.id, r.firm_id, r.engagement_id, r.kind, r.status, r.sha256, r.blob_key, r.size_bytes, r.certificate, r.signature, r.signing_key_id, r.error, r.created_at, r.generated_at, r.seal,
            e.target_entity, e.statute, f.name AS firm_name
       FROM reports r JOIN engagements e ON e.id = r.engagement_id JOIN firms f ON f.id = r.firm_id
      WHERE r.sha256 = $1 AND r.status = 'READY'`,
    [sha256],
  );
}

export async function getSigningKey(
  tx: Executor,
): Promise<{ id: string; public_key_pem: string; private_key_encrypted: string } | null> {
  const rows = await tx.query<{ id: string; public_key_pem: string; private_key_encrypted: string }>(
    'SELECT id, public_key_pem, private_key_encrypted FROM signing_keys ORDER BY created_at LIMIT 1',
  );
  return rows[0] ?? null;
}

/** Inserts the key unless one with that id exists (two workers creating it at once keep the first). */
export async function insertSigningKey(
  tx: Executor,
  k: { id: string; publicKeyPem: string; privateKeyEncrypted: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO signing_keys (id, algorithm, public_key_pem, private_key_encrypted) VALUES ($1, 'Ed25519', $2, $3) ON CONFLICT (id) DO NOTHING`,
    [k.id, k.publicKeyPem, k.privateKeyEncrypted],
  );
}
