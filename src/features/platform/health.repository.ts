// The database round trip the health probe makes.
import type { Executor } from '../../db/client.js';

export async function pingDatabase(db: Executor): Promise<void> {
  await db.query('SELECT 1 AS ok');
}
