// The notification that a firm's credentials changed (every process drops its cached principals of that firm).
import type { Executor } from '../../db/client.js';

export const PRINCIPAL_CHANNEL = 'principal_changes';

/** Delivered when the transaction commits. */
export async function notifyPrincipalChange(tx: Executor, firmId: string): Promise<void> {
  await tx.query(`SELECT pg_notify('${PRINCIPAL_CHANNEL}', $1)`, [firmId]);
}
