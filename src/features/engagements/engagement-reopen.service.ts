// An ADMIN reopens a FAILED engagement: back to DATA_READY, its assumptions archived, to be locked again.
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf } from '../platform/service-context.js';
import type { Principal } from '../../domain/identity/roles.js';
import { archiveAssumptions } from '../valuation/valuation-data.repository.js';
import { latestDraftId } from '../reports/reports.repository.js';
import { applyTransition } from './engagement-transitions.service.js';
import { publicEngagement, requireEngagement } from './engagement-reads.service.js';
import { conflict } from '../../lib/errors.js';

/**
 * FAILED → DATA_READY (REOPEN), in one transaction with its audit entry and stage_changed event. The lock in
 * force, if any, becomes version n in the assumptions' history (revision.gate FAILED, with the reason), so
 * the valuer locks again (version n + 1) and the computation runs again, on the lock's proof. The trail says
 * who reopened it, why, and why it had failed.
 */
export async function reopenEngagement(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  reason: string,
  requestId?: RequestTag,
) {
  const actor = actorOf(principal, requestId);
  return ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, principal.firmId, engagementId, true);
    if (engagement.status !== 'FAILED')
      throw conflict(
        'invalid_transition',
        `Only a FAILED engagement can be reopened: this one is ${engagement.status}`,
      );
    const version = await archiveAssumptions(tx, principal.firmId, engagementId, {
      gate: 'FAILED',
      reason,
      returnedBy: actor.id ?? null,
      draftReportId: await latestDraftId(tx, principal.firmId, engagementId),
    });
    const updated = await applyTransition(tx, principal.firmId, engagementId, 'REOPEN', actor, {
      expectStatus: 'FAILED',
      details: { reason: reason.trim(), failureReason: engagement.failure_reason, version },
    });
    return publicEngagement(updated);
  });
}
