import { prepared, type Executor } from '../../db/client.js';
import { firmPage } from '../platform/firm-page.repository.js';

export interface ApiTokenRow {
  id: string;
  firm_id: string;
  name: string;
  prefix: string;
  created_by: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, firm_id, name, prefix, created_by, created_at, expires_at, last_used_at, revoked_at';

export async function insertApiToken(
  tx: Executor,
  t: {
    id: string;
    firmId: string;
    name: string;
    tokenHash: string;
    prefix: string;
    createdBy: string;
    expiresAt: Date | null;
  },
): Promise<ApiTokenRow> {
  const rows = await tx.query<ApiTokenRow>(
    `INSERT INTO api_tokens (id, firm_id, name, token_hash, prefix, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [t.id, t.firmId, t.name, t.tokenHash, t.prefix, t.createdBy, t.expiresAt],
  );
  return rows[0];
}

/** The equality lookup is on an indexed SHA-256 digest: an attacker cannot steer its value, so timing reveals nothing. */
const FIND_LIVE_TOKEN = prepared(
  'api_token_live_by_hash',
  `SELECT ${COLUMNS} FROM api_tokens WHERE token_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
);

export async function findLiveTokenByHash(tx: Executor, tokenHash: string): Promise<ApiTokenRow | null> {
  const rows = await tx.query<ApiTokenRow>(FIND_LIVE_TOKEN, [tokenHash]);
  return rows[0] ?? null;
}

export async function touchToken(tx: Executor, tokenId: string): Promise<void> {
  // Only write when stale, so busy tokens do not turn every request into a write.
  await tx.query(
    `UPDATE api_tokens SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [tokenId],
  );
}

export function listApiTokens(tx: Executor, firmId: string, limit: number, beforeId?: string): Promise<ApiTokenRow[]> {
  return firmPage<ApiTokenRow>(tx, 'api_tokens', COLUMNS, firmId, limit, beforeId);
}

export async function revokeApiToken(tx: Executor, firmId: string, tokenId: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE firm_id = $1 AND id = $2 RETURNING id`,
    [firmId, tokenId],
  );
  return rows.length > 0;
}

/** The member who created a token (a token's actions count as that person's), or null for an unknown id. */
export async function tokenCreator(tx: Executor, firmId: string, tokenId: string): Promise<string | null> {
  const rows = await tx.query<{ created_by: string }>(
    'SELECT created_by FROM api_tokens WHERE firm_id = $1 AND id = $2',
    [firmId, tokenId],
  );
  return rows[0]?.created_by ?? null;
}

/**
 * Records when tokens were last used, in one statement. A token whose row another writer holds is skipped (its
 * use is recorded by the next batch), and a later time already recorded is never moved back.
 */
export async function recordTokenUses(db: Executor, uses: Map<string, Date>): Promise<void> {
  await db.query(
    `WITH u AS (SELECT unnest($1::text[]) AS id, unnest($2::timestamptz[]) AS at),
          free AS (SELECT t.id FROM api_tokens t JOIN u ON u.id = t.id
                    WHERE t.last_used_at IS NULL OR t.last_used_at < u.at
                    FOR UPDATE OF t SKIP LOCKED)
     UPDATE api_tokens t SET last_used_at = u.at FROM u
      WHERE t.id = u.id AND t.id IN (SELECT id FROM free)`,
    [[...uses.keys()], [...uses.values()].map((d) => d.toISOString())],
  );
}
