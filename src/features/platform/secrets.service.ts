// Webhook signing secrets at rest, sealed with the master secret (src/lib/secrets.ts) (docs/decisions.md, Webhook secrets at rest): sealed with the secret
// that encrypts the report signing key (REPORT_KEY_SECRET, or the one generated into DATA_DIR), each
// bound to its endpoint; opened only to sign a delivery. Rows written before encryption are sealed at
// start-up, right after the migrations.
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import * as repo from '../webhooks/webhooks.repository.js';
import { insertAtRestCheck, readAtRestCheck } from './at-rest-check.repository.js';
import { atRestSecret, openSecret, sealSecret } from '../../lib/secrets.js';

type KeyConfig = Pick<Config, 'REPORT_KEY_SECRET' | 'DATA_DIR'>;

const contextOf = (endpointId: string) => `webhook-endpoint/${endpointId}`;

export function sealEndpointSecret(config: KeyConfig, endpointId: string, secret: string): string {
  return sealSecret(secret, atRestSecret(config), contextOf(endpointId));
}

/** The secrets a delivery made at `at` is signed with: the current one, and the previous one during its overlap. */
export function signingSecrets(config: KeyConfig, e: repo.WebhookEndpointSecrets, at: Date): string[] {
  const open = (sealed: string | null, clear: string | null) =>
    sealed !== null ? openSecret(sealed, atRestSecret(config), contextOf(e.id)) : clear;
  const current = open(e.secret_encrypted, e.secret);
  if (current === null) throw new Error(`webhook endpoint ${e.id} has no signing secret`);
  const secrets = [current];
  if (e.previous_secret_expires_at && e.previous_secret_expires_at.getTime() > at.getTime()) {
    const previous = open(e.previous_secret_encrypted, e.previous_secret);
    if (previous !== null) secrets.push(previous);
  }
  return secrets;
}

/** Seals every secret still stored in clear; returns how many rows it sealed. Safe to run at every start. */
export async function sealWebhookSecrets(db: Database, config: KeyConfig): Promise<number> {
  let sealed = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await repo.lockClearSecrets(tx, 200);
      for (const r of rows) {
        await repo.storeSealedSecrets(
          tx,
          r.id,
          r.secret === null ? null : sealEndpointSecret(config, r.id, r.secret),
          r.previous_secret === null ? null : sealEndpointSecret(config, r.id, r.previous_secret),
        );
      }
      return rows.length;
    });
    sealed += n;
    if (n < 200) return sealed;
  }
}

/** The at-rest secret of this process does not open what the database holds: the process must not start. */
export class AtRestSecretMismatch extends Error {
  constructor() {
    super(
      'REPORT_KEY_SECRET does not open the secrets this database holds (they were sealed with another secret); start every process with the same REPORT_KEY_SECRET',
    );
    this.name = 'AtRestSecretMismatch';
  }
}

const CHECK_CONTEXT = 'at-rest-check';
const CHECK_PLAINTEXT = 'valuation-service at-rest secret check v1';

/**
 * At every start: seals a known value with the at-rest secret the first time, and afterwards opens it, throwing
 * AtRestSecretMismatch when this process's secret is not the one the database's secrets were sealed with.
 */
export async function verifyAtRestSecret(db: Database, config: KeyConfig): Promise<void> {
  const secret = atRestSecret(config);
  let sealed = await readAtRestCheck(db);
  if (sealed === null) {
    await insertAtRestCheck(db, sealSecret(CHECK_PLAINTEXT, secret, CHECK_CONTEXT));
    sealed = (await readAtRestCheck(db))!;
  }
  let opened: string | null = null;
  try {
    opened = openSecret(sealed, secret, CHECK_CONTEXT);
  } catch {
    // a wrong secret fails GCM authentication
  }
  if (opened !== CHECK_PLAINTEXT) throw new AtRestSecretMismatch();
}
