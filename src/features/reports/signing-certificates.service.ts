// The firm's document-signing certificate for the PDF seal of FINAL reports (docs/report-signatures.md):
// uploaded by an ADMIN as PKCS#12 with its password (the password is used once and never stored), or,
// while none is uploaded, issued to the firm by the deployment's own CA. Private keys are kept encrypted
// with the secret that encrypts the report signing key.
import type { ServiceContext, RequestTag } from '../platform/service-context.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { actorOf } from '../platform/service-context.js';
import type { Principal } from '../../domain/identity/roles.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { atRestSecret, decryptPrivateKey, encryptPrivateKey } from '../../lib/secrets.js';
import {
  certificateFacts,
  createDeploymentCa,
  issueFirmCertificate,
  Pkcs12Refusal,
  type CertificateFacts,
  type KeyAndCertificate,
} from '../../reports/pdf-signature/certificates.js';
import { readPkcs12Isolated } from '../../reports/pdf-signature/isolated.js';
import * as repo from './pdf-signatures.repository.js';
import { getFirm } from '../identity/users.repository.js';
import { insertAudit, SYSTEM_ACTOR } from '../platform/audit.repository.js';

const CA_ID = 'ca_pdf_1';
export const CA_NAME = 'Valuation Service Document Signing CA';
/** Where anyone fetches the deployment CA's certificate (public). */
export const CA_CERTIFICATE_PATH = '/api/v1/reports/ca-certificate';

/** The deployment CA, created on first use. */
async function caRow(ctx: ServiceContext): Promise<repo.CaRow> {
  const existing = await repo.getCa(ctx.db);
  if (existing) return existing;
  const ca = createDeploymentCa(CA_NAME);
  await repo.insertCa(ctx.db, {
    id: CA_ID,
    certificatePem: ca.certificatePem,
    privateKeyEncrypted: await encryptPrivateKey(ca.privateKeyPem, atRestSecret(ctx.config)),
  });
  return (await repo.getCa(ctx.db))!;
}

/** Public: the deployment CA's certificate (PEM) and its facts. */
export async function deploymentCa(ctx: ServiceContext): Promise<{ pem: string; facts: CertificateFacts }> {
  const row = await caRow(ctx);
  return { pem: row.certificate_pem, facts: certificateFacts(row.certificate_pem) };
}

export interface FirmSigningKey extends KeyAndCertificate {
  source: 'ISSUED' | 'UPLOADED';
  facts: CertificateFacts;
}

/**
 * The key and certificate a FINAL is sealed with: the firm's current certificate, or one issued now by the
 * deployment CA when the firm has none, when the issued one is about to expire, or when the uploaded one has
 * expired (a report is never sealed with an expired certificate; the ADMIN may upload a new one). Decrypts
 * the key: sealing only.
 */
export async function firmSigningKey(ctx: ServiceContext, firmId: string): Promise<FirmSigningKey> {
  let row = await repo.currentFirmCertificate(ctx.db, firmId);
  if (!row || row.not_after.getTime() <= Date.now() + (row.source === 'ISSUED' ? 86_400_000 : 0)) {
    await issueForFirm(ctx, firmId, row !== null);
    row = (await repo.currentFirmCertificate(ctx.db, firmId))!;
  }
  return {
    source: row.source,
    privateKeyPem: await decryptPrivateKey(row.private_key_encrypted, atRestSecret(ctx.config)),
    certificatePem: row.certificate_pem,
    chainPem: row.chain_pem,
    facts: certificateFacts(row.certificate_pem),
  };
}

async function issueForFirm(ctx: ServiceContext, firmId: string, renewing: boolean): Promise<void> {
  const firm = (await getFirm(ctx.db, firmId))!;
  const ca = await caRow(ctx);
  const issued = issueFirmCertificate(
    {
      certificatePem: ca.certificate_pem,
      privateKeyPem: await decryptPrivateKey(ca.private_key_encrypted, atRestSecret(ctx.config)),
      chainPem: [],
    },
    { legalName: firm.legal_name ?? firm.name },
  );
  const facts = certificateFacts(issued.certificatePem);
  const encrypted = await encryptPrivateKey(issued.privateKeyPem, atRestSecret(ctx.config));
  await ctx.db.transaction(async (tx) => {
    const row = newRow(firmId, 'ISSUED', issued, facts, encrypted, null);
    const done = renewing
      ? (await repo.replaceFirmCertificate(tx, row), true)
      : await repo.insertIssuedCertificateIfNone(tx, row);
    if (done) {
      await insertAudit(tx, firmId, SYSTEM_ACTOR, {
        action: AUDIT.firmSigningCertificateIssued,
        details: certificateSummary(facts, 'ISSUED'),
      });
    }
  });
}

function newRow(
  firmId: string,
  source: 'ISSUED' | 'UPLOADED',
  kc: KeyAndCertificate,
  facts: CertificateFacts,
  privateKeyEncrypted: string,
  createdBy: string | null,
): repo.NewFirmCertificate {
  return {
    id: newId('cert'),
    firmId,
    ...certificateSummary(facts, source),
    certificatePem: kc.certificatePem,
    chainPem: kc.chainPem,
    privateKeyEncrypted,
    createdBy,
  };
}

const certificateSummary = (facts: CertificateFacts, source: 'ISSUED' | 'UPLOADED') => ({
  source,
  subject: facts.subject,
  issuer: facts.issuer,
  serialNumber: facts.serialNumber,
  notBefore: facts.notBefore,
  notAfter: facts.notAfter,
  sha256Fingerprint: facts.sha256Fingerprint,
});

export interface FirmCertificateView {
  /** NONE: nothing uploaded yet; the service issues one from its CA when the first FINAL is sealed. */
  source: 'ISSUED' | 'UPLOADED' | 'NONE';
  subject?: string;
  issuer?: string;
  serialNumber?: string;
  notBefore?: string;
  notAfter?: string;
  sha256Fingerprint?: string;
  uploadedAt?: string;
  caCertificateUrl: string;
}

function view(row: repo.FirmCertificateRow | null): FirmCertificateView {
  const caCertificateUrl = CA_CERTIFICATE_PATH;
  if (!row) return { source: 'NONE', caCertificateUrl };
  return {
    source: row.source,
    subject: row.subject,
    issuer: row.issuer,
    serialNumber: row.serial_number,
    notBefore: row.not_before.toISOString(),
    notAfter: row.not_after.toISOString(),
    sha256Fingerprint: row.sha256_fingerprint,
    uploadedAt: row.created_at.toISOString(),
    caCertificateUrl,
  };
}

export async function getFirmCertificate(ctx: ServiceContext, principal: Principal): Promise<FirmCertificateView> {
  return view(await repo.currentFirmCertificate(ctx.db, principal.firmId));
}

const REFUSAL_PATH: Record<Pkcs12Refusal['reason'], string> = {
  wrong_password: '/password',
  unreadable: '/file',
  no_key: '/file',
  not_rsa: '/file',
  expired: '/file',
  not_yet_valid: '/file',
  no_signing_use: '/file',
};

/** An ADMIN uploads the firm's PKCS#12: refused with a sentence when it cannot be used; nothing stored then. */
export async function uploadFirmCertificate(
  ctx: ServiceContext,
  principal: Principal,
  file: Buffer,
  password: string,
  request?: RequestTag,
): Promise<FirmCertificateView> {
  let opened: Awaited<ReturnType<typeof readPkcs12Isolated>>;
  try {
    opened = await readPkcs12Isolated(file, password);
  } catch (err) {
    if (err instanceof Pkcs12Refusal) {
      throw new AppError('certificate_not_usable', err.message, [
        { path: REFUSAL_PATH[err.reason], message: err.message },
      ]);
    }
    throw err;
  }
  const encrypted = await encryptPrivateKey(opened.privateKeyPem, atRestSecret(ctx.config));
  return ctx.db.transaction(async (tx: Executor) => {
    const row = newRow(
      principal.firmId,
      'UPLOADED',
      opened,
      opened.facts,
      encrypted,
      principal.kind === 'user' ? principal.userId : null,
    );
    await repo.replaceFirmCertificate(tx, row);
    await insertAudit(tx, principal.firmId, actorOf(principal, request), {
      action: AUDIT.firmSigningCertificateUploaded,
      details: certificateSummary(opened.facts, 'UPLOADED'),
    });
    return view(await repo.currentFirmCertificate(tx, principal.firmId));
  });
}
