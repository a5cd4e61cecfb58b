// The default blob store: bytes in the database, in the same transaction as their metadata.
import type { Executor } from '../../db/client.js';

export async function putBlob(tx: Executor, firmId: string, key: string, data: Uint8Array): Promise<void> {
  await tx.query('INSERT INTO blobs (key, firm_id, data) VALUES ($1, $2, $3)', [key, firmId, data]);
}

/**
 * Bytes per read of a large blob. node-postgres receives bytea as hex text and decodes it on the event loop:
 * a 5 MB workbook read in one row held the loop for 30–45 ms (a 10 MB string, then a major GC); in CPU
 * profiles of `npm run bench -- heavy` a 1 MB piece still held it up to 40 ms on a busy machine, a 256 KB
 * piece a few. The pieces come as base64 (a third smaller than hex, decoded natively into the result):
 * with hex pieces each 5 MB ingestion cost the API one or two major GCs, with base64 almost none.
 * Blobs are written once and never changed, so the pieces agree.
 */
export const BLOB_READ_CHUNK_BYTES = 256 * 1024;

export async function getBlob(tx: Executor, firmId: string, key: string): Promise<Buffer | null> {
  const head = await tx.query<{ size: number; data: Uint8Array | null }>(
    'SELECT octet_length(data) AS size, CASE WHEN octet_length(data) <= $3 THEN data END AS data FROM blobs WHERE firm_id = $1 AND key = $2',
    [firmId, key, BLOB_READ_CHUNK_BYTES],
  );
  if (!head[0]) return null;
  if (head[0].data !== null) return Buffer.from(head[0].data);
  const size = Number(head[0].size);
  const out = Buffer.allocUnsafe(size);
  for (let offset = 0; offset < size; offset += BLOB_READ_CHUNK_BYTES) {
    const part = await tx.query<{ data: string }>(
      "SELECT encode(substring(data FROM $3 FOR $4), 'base64') AS data FROM blobs WHERE firm_id = $1 AND key = $2",
      [firmId, key, offset + 1, BLOB_READ_CHUNK_BYTES],
    );
    if (!part[0]) return null; // deleted meanwhile (a firm's data erased)
    out.write(part[0].data, offset, 'base64');
  }
  return out;
}
