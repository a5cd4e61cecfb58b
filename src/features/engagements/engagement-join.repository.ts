import type { Executor, PreparedStatement } from '../../db/client.js';

/**
 * One round trip for "an engagement's related row": the statement selects FROM engagements LEFT JOIN the
 * related table with `… IS NOT NULL AS present`. undefined: no such engagement in the firm (a 404);
 * null: the engagement exists without the related row.
 */
export async function relatedOfEngagement<T>(
  tx: Executor,
  statement: PreparedStatement,
  firmId: string,
  engagementId: string,
): Promise<T | null | undefined> {
  const [row] = await tx.query<T & { present: boolean }>(statement, [firmId, engagementId]);
  if (!row) return undefined;
  if (!row.present) return null;
  const { present: _present, ...related } = row;
  return related as T;
}
