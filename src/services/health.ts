import type { Database } from '../db/client.js';

export interface HealthResult {
  status: 'ok' | 'unhealthy';
  database: 'up' | 'down';
  timestamp: string;
}

/** A real query round-trip, bounded in time so a hung server answers 503 rather than hanging the probe. */
export async function checkHealth(db: Database, timeoutMs = 2000): Promise<HealthResult> {
  const timestamp = new Date().toISOString();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.query('SELECT 1 AS ok'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('health query timed out')), timeoutMs);
      }),
    ]);
    return { status: 'ok', database: 'up', timestamp };
  } catch {
    return { status: 'unhealthy', database: 'down', timestamp };
  } finally {
    clearTimeout(timer);
  }
}
