// The service's Ed25519 report signing key: created on first use, the private half stored encrypted.
import type { ServiceContext } from '../platform/service-context.js';
import { generateSigningKeyPair } from '../../reports/certificate.js';
import { atRestSecret, decryptPrivateKey, encryptPrivateKey } from '../../lib/secrets.js';
import * as reports from './reports.repository.js';

const SIGNING_KEY_ID = 'key_ed25519_1';

function keySecret(ctx: ServiceContext): string {
  return atRestSecret(ctx.config);
}

/** The stored signing key row, created on first use; the private half is kept encrypted. */
async function signingKeyRow(ctx: ServiceContext) {
  const existing = await reports.getSigningKey(ctx.db);
  if (existing) return existing;
  const pair = generateSigningKeyPair();
  await reports.insertSigningKey(ctx.db, {
    id: SIGNING_KEY_ID,
    publicKeyPem: pair.publicKeyPem,
    privateKeyEncrypted: await encryptPrivateKey(pair.privateKeyPem, keySecret(ctx)),
  });
  return (await reports.getSigningKey(ctx.db))!;
}

/** Decrypts the private key (scrypt): only when a FINAL report is signed, never for public look-ups. */
export async function privateSigningKey(ctx: ServiceContext): Promise<{ id: string; privateKeyPem: string }> {
  const row = await signingKeyRow(ctx);
  return { id: row.id, privateKeyPem: await decryptPrivateKey(row.private_key_encrypted, keySecret(ctx)) };
}

export async function publicSigningKey(ctx: ServiceContext) {
  const row = await signingKeyRow(ctx);
  return { keyId: row.id, algorithm: 'Ed25519' as const, publicKeyPem: row.public_key_pem };
}
