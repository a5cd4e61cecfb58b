// Roles and what each may do (the matrix in docs/decisions.md, "Roles"). A firm API token counts as VALUER.
import { roleAtLeast, type Role } from '../../contract/roles.js';

export { ROLES, type Role } from '../../contract/roles.js';

/** True when `role` is at least `minimum` in the VIEWER < VALUER < ADMIN order. */
export function hasRole(role: Role, minimum: Role): boolean {
  return roleAtLeast(role, minimum);
}

export type Principal =
  | { kind: 'user'; userId: string; firmId: string; role: Role; sessionId: string; email: string; name: string }
  | { kind: 'token'; tokenId: string; firmId: string; role: 'VALUER'; tokenName: string };

export function principalId(p: Principal): string {
  return p.kind === 'user' ? p.userId : p.tokenId;
}

/** A route's access rule: its minimum role, and whether only a signed-in person (not a token) may call it. */
export interface AccessRule {
  role: Role;
  userOnly?: boolean;
  /** A decision only a person may take (the review gates): a token is refused with person_required. */
  person?: boolean;
}

export function isAllowed(p: Principal, rule: AccessRule): boolean {
  if ((rule.userOnly || rule.person) && p.kind !== 'user') return false;
  return hasRole(p.role, rule.role);
}
