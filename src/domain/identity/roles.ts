// Roles and what each may do (DESIGN §3's matrix). A firm API token counts as VALUER.
export const ROLES = ['ADMIN', 'VALUER', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { VIEWER: 1, VALUER: 2, ADMIN: 3 };

/** True when `role` is at least `minimum` in the VIEWER < VALUER < ADMIN order. */
export function hasRole(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum];
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
}

export function isAllowed(p: Principal, rule: AccessRule): boolean {
  if (rule.userOnly && p.kind !== 'user') return false;
  return hasRole(p.role, rule.role);
}
