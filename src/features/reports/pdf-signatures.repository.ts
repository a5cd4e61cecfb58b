// The deployment CA, firms' document-signing certificates and the partner-signed copies of FINAL reports.
import type { Executor } from '../../db/client.js';
import type { CertificateFacts } from '../../contract/certificates.js';
import { gateApprovalAction } from '../../contract/audit-actions.js';

export interface CaRow {
  id: string;
  certificate_pem: string;
  private_key_encrypted: string;
}

export async function getCa(tx: Executor): Promise<CaRow | null> {
  const rows = await tx.query<CaRow>(
    'SELECT id, certificate_pem, private_key_encrypted FROM pdf_signing_ca ORDER BY created_at, id LIMIT 1',
  );
  return rows[0] ?? null;
}

/** Inserts the CA unless one exists (two processes creating it at once keep the first). */
export async function insertCa(
  tx: Executor,
  ca: { id: string; certificatePem: string; privateKeyEncrypted: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO pdf_signing_ca (id, certificate_pem, private_key_encrypted) SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM pdf_signing_ca)`,
    [ca.id, ca.certificatePem, ca.privateKeyEncrypted],
  );
}

export interface FirmCertificateRow {
  id: string;
  firm_id: string;
  source: 'ISSUED' | 'UPLOADED';
  certificate_pem: string;
  chain_pem: string[];
  private_key_encrypted: string;
  subject: string;
  issuer: string;
  serial_number: string;
  not_before: Date;
  not_after: Date;
  sha256_fingerprint: string;
  created_by: string | null;
  created_at: Date;
}

const CERT_COLUMNS =
  'id, firm_id, source, certificate_pem, chain_pem, private_key_encrypted, subject, issuer, serial_number, not_before, not_after, sha256_fingerprint, created_by, created_at';

/** The firm's current certificate (the last one uploaded or issued). */
export async function currentFirmCertificate(tx: Executor, firmId: string): Promise<FirmCertificateRow | null> {
  const rows = await tx.query<FirmCertificateRow>(
    `SELECT ${CERT_COLUMNS} FROM firm_signing_certificates WHERE firm_id = $1 AND replaced_at IS NULL`,
    [firmId],
  );
  return rows[0] ?? null;
}

export interface NewFirmCertificate {
  id: string;
  firmId: string;
  source: 'ISSUED' | 'UPLOADED';
  certificatePem: string;
  chainPem: string[];
  privateKeyEncrypted: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  sha256Fingerprint: string;
  createdBy: string | null;
}

/** Makes `c` the firm's current certificate; the one before it (if any) is kept, marked replaced. */
export async function replaceFirmCertificate(tx: Executor, c: NewFirmCertificate): Promise<void> {
  await tx.query(
    'UPDATE firm_signing_certificates SET replaced_at = now() WHERE firm_id = $1 AND replaced_at IS NULL',
    [c.firmId],
  );
  await tx.query(
    `INSERT INTO firm_signing_certificates (id, firm_id, source, certificate_pem, chain_pem, private_key_encrypted, subject, issuer, serial_number, not_before, not_after, sha256_fingerprint, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      c.id,
      c.firmId,
      c.source,
      c.certificatePem,
      JSON.stringify(c.chainPem),
      c.privateKeyEncrypted,
      c.subject,
      c.issuer,
      c.serialNumber,
      c.notBefore,
      c.notAfter,
      c.sha256Fingerprint,
      c.createdBy,
    ],
  );
}

/** Issued automatically: inserted only while the firm has no certificate at all (a concurrent issue keeps the first). */
export async function insertIssuedCertificateIfNone(tx: Executor, c: NewFirmCertificate): Promise<boolean> {
  await tx.query('SELECT id FROM firms WHERE id = $1 FOR UPDATE', [c.firmId]);
  if (await currentFirmCertificate(tx, c.firmId)) return false;
  await replaceFirmCertificate(tx, c);
  return true;
}

export interface PdfSignatureFacts extends CertificateFacts {
  fieldName: string | null;
  signingTime: string | null;
  subFilter: string | null;
  byteRange: number[];
  valid: boolean;
  /** The signer's certificate and the others the CMS carries, to judge trust when asked. */
  certificatePem?: string;
  chainPem?: string[];
}

export interface SignedCopyRow {
  id: string;
  firm_id: string;
  engagement_id: string;
  report_id: string;
  sha256: string;
  blob_key: string;
  size_bytes: number;
  signatures: PdfSignatureFacts[];
  warnings: string[];
  uploaded_by: string;
  created_at: Date;
}

const COPY_COLUMNS =
  'id, firm_id, engagement_id, report_id, sha256, blob_key, size_bytes, signatures, warnings, uploaded_by, created_at';

export async function insertSignedCopy(
  tx: Executor,
  c: {
    id: string;
    firmId: string;
    engagementId: string;
    reportId: string;
    sha256: string;
    blobKey: string;
    sizeBytes: number;
    signatures: PdfSignatureFacts[];
    warnings: string[];
    uploadedBy: string;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO report_signed_copies (id, firm_id, engagement_id, report_id, sha256, blob_key, size_bytes, signatures, warnings, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      c.id,
      c.firmId,
      c.engagementId,
      c.reportId,
      c.sha256,
      c.blobKey,
      c.sizeBytes,
      JSON.stringify(c.signatures),
      JSON.stringify(c.warnings),
      c.uploadedBy,
    ],
  );
}

export async function getSignedCopy(tx: Executor, firmId: string, id: string): Promise<SignedCopyRow | null> {
  const rows = await tx.query<SignedCopyRow>(
    `SELECT ${COPY_COLUMNS} FROM report_signed_copies WHERE firm_id = $1 AND id = $2`,
    [firmId, id],
  );
  return rows[0] ?? null;
}

/** The signed copies of an engagement's FINAL, newest first. */
export async function listSignedCopies(tx: Executor, firmId: string, engagementId: string): Promise<SignedCopyRow[]> {
  return tx.query<SignedCopyRow>(
    `SELECT ${COPY_COLUMNS} FROM report_signed_copies WHERE firm_id = $1 AND engagement_id = $2 ORDER BY id DESC`,
    [firmId, engagementId],
  );
}

/** Public verification: the accepted signed copies with this SHA-256, in any firm. */
export async function findSignedCopiesBySha256(tx: Executor, sha256: string): Promise<SignedCopyRow[]> {
  return tx.query<SignedCopyRow>(`SELECT ${COPY_COLUMNS} FROM report_signed_copies WHERE sha256 = $1`, [sha256]);
}

/** Which copy the client was given: the sealed FINAL, or a signed copy. */
export async function setIssuedCopy(
  tx: Executor,
  firmId: string,
  engagementId: string,
  copy: 'SEALED' | 'SIGNED_COPY',
  signedCopyId: string | null,
): Promise<void> {
  await tx.query(
    'UPDATE engagements SET issued_copy = $3, issued_signed_copy_id = $4, updated_at = now() WHERE firm_id = $1 AND id = $2',
    [firmId, engagementId, copy, signedCopyId],
  );
}

export async function issuedCopy(
  tx: Executor,
  firmId: string,
  engagementId: string,
): Promise<{ issued_copy: 'SEALED' | 'SIGNED_COPY' | null; issued_signed_copy_id: string | null } | null> {
  const rows = await tx.query<{ issued_copy: 'SEALED' | 'SIGNED_COPY' | null; issued_signed_copy_id: string | null }>(
    'SELECT issued_copy, issued_signed_copy_id FROM engagements WHERE firm_id = $1 AND id = $2',
    [firmId, engagementId],
  );
  return rows[0] ?? null;
}

/** The person who signed off GATE_3 (the report's signatory), from the audit trail. */
export async function signatoryUserId(tx: Executor, firmId: string, engagementId: string): Promise<string | null> {
  const rows = await tx.query<{ actor_id: string | null }>(
    `SELECT actor_id FROM audit_events WHERE firm_id = $1 AND engagement_id = $2 AND action = $3 AND actor_type = 'USER' ORDER BY id DESC LIMIT 1`,
    [firmId, engagementId, gateApprovalAction('GATE_3')],
  );
  return rows[0]?.actor_id ?? null;
}
