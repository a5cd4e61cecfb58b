import type { Executor } from '../../db/client.js';
import { type ReportInput } from '../../reports/render.js';
import { reviewHistory } from '../platform/audit.repository.js';

/** The review decisions, numbered by round: every return for revision closes a round. */
export async function reviewTrail(
  tx: Executor,
  firmId: string,
  engagementId: string,
): Promise<ReportInput['reviewTrail']> {
  const rows = await reviewHistory(tx, firmId, engagementId);
  // Every return for revision closes a round; the decisions after it belong to the next.
  let round = 1;
  return rows.map((r) => {
    const entry = {
      round,
      gate: r.details.gate,
      decision: r.details.decision,
      by: r.details.by,
      at: r.created_at.toISOString(),
      comment: r.details.comment ?? r.details.reason,
    };
    if (r.details.decision === 'RETURNED_FOR_REVISION') round += 1;
    return entry;
  });
}
