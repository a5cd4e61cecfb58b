// What a principal may do in the firm (not on one engagement): decided here and reported by GET /auth/me as
// `can`, so the console's menus and pages show from it alone (docs/decisions.md, Who may do what). The engagement's
// own actions are src/domain/engagement/rights.ts. Pure.
import type { FirmActionName } from '../../contract/engagement-actions.js';
import { hasRole, type Principal } from './roles.js';

/** Each firm action for the principal: a signed-in ADMIN runs the firm; members with VALUER or above do the work. */
export function firmRights(principal: Pick<Principal, 'kind' | 'role'>): Record<FirmActionName, boolean> {
  const admin = principal.kind === 'user' && principal.role === 'ADMIN';
  return {
    createEngagement: hasRole(principal.role, 'VALUER'),
    manageTeam: admin,
    manageApiTokens: admin,
    manageWebhooks: admin,
    editFirmProfile: admin,
    useInbox: principal.kind === 'user',
    // A build-up saved for the firm is the work of those who lock assumptions.
    saveCostOfCapital: hasRole(principal.role, 'VALUER'),
  };
}

/** Whether the member is the firm's last active ADMIN (`activeAdminIds`: the firm's active ADMINs). */
export function isLastActiveAdmin(memberId: string, activeAdminIds: readonly string[]): boolean {
  return activeAdminIds.length === 1 && activeAdminIds[0] === memberId;
}

/**
 * What refuses a change to a member that would leave the firm without an active ADMIN: demoting (to `newRole`),
 * deactivating or removing its last one. `activeAdminIds`: the firm's active ADMINs, read under lock.
 */
export function lastAdminRefusal(
  member: { id: string; role: string },
  newRole: string | null,
  activeAdminIds: readonly string[],
): { code: 'last_admin'; message: string } | null {
  const losesAdmin = member.role === 'ADMIN' && newRole !== 'ADMIN';
  return losesAdmin && isLastActiveAdmin(member.id, activeAdminIds)
    ? { code: 'last_admin', message: 'The last ADMIN of a firm can be neither demoted nor removed' }
    : null;
}
