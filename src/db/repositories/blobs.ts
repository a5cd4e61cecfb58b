// The default blob store: bytes in the database, in the same transaction as their metadata.
import type { Executor } from '../client.js';

export async function putBlob(tx: Executor, firmId: string, key: string, data: Uint8Array): Promise<void> {
  await tx.query('INSERT INTO blobs (key, firm_id, data) VALUES ($1, $2, $3)', [key, firmId, data]);
}

export async function getBlob(tx: Executor, firmId: string, key: string): Promise<Buffer | null> {
  const rows = await tx.query<{ data: Uint8Array }>('SELECT data FROM blobs WHERE firm_id = $1 AND key = $2', [firmId, key]);
  return rows[0] ? Buffer.from(rows[0].data) : null;
}
