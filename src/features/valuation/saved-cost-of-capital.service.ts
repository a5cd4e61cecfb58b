// A firm's saved cost-of-capital build-ups (docs/decisions.md, Firm defaults): listed for every member, saved and
// deleted by those who may lock assumptions (src/domain/identity/firm-rights.ts, saveCostOfCapital), each change one
// transaction with its audit entry.
import type { z } from 'zod';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf } from '../platform/service-context.js';
import type { Principal } from '../../domain/identity/roles.js';
import type { saveCostOfCapitalBody } from '../../contract/saved-cost-of-capital.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { insertAudit } from '../platform/audit.repository.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { personOf } from '../engagements/engagement-reads.service.js';
import * as repo from './saved-cost-of-capital.repository.js';

const publicSaved = (r: repo.SavedCostOfCapitalRow) => ({
  id: r.id,
  name: r.name,
  buildUp: r.build_up,
  savedBy: { id: r.saved_by, name: r.saved_by_name ?? '' },
  savedAt: r.saved_at.toISOString(),
});

export async function listSavedCostOfCapital(ctx: ServiceContext, principal: Principal) {
  return (await repo.listSavedCostOfCapital(ctx.db, principal.firmId)).map(publicSaved);
}

export async function saveCostOfCapital(
  ctx: ServiceContext,
  principal: Principal,
  input: { body: z.output<typeof saveCostOfCapitalBody>; request?: RequestTag },
) {
  return ctx.db.transaction(async (tx) => {
    const savedBy = (await personOf(tx, principal)) ?? (principal.kind === 'token' ? principal.tokenId : '');
    const saved = await repo.upsertSavedCostOfCapital(tx, principal.firmId, {
      id: newId('coc'),
      name: input.body.name,
      buildUp: input.body.buildUp,
      savedBy,
    });
    await insertAudit(tx, principal.firmId, actorOf(principal, input.request), {
      action: AUDIT.costOfCapitalSaved,
      details: { id: saved.id, name: saved.name },
    });
    return publicSaved(saved);
  });
}

export async function deleteSavedCostOfCapital(
  ctx: ServiceContext,
  principal: Principal,
  input: { id: string; request?: RequestTag },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteSavedCostOfCapital(tx, principal.firmId, input.id))) throw notFound('Saved build-up');
    await insertAudit(tx, principal.firmId, actorOf(principal, input.request), {
      action: AUDIT.costOfCapitalDeleted,
      details: { id: input.id },
    });
  });
}
