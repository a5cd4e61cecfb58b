// Firm roles, ranked: each may do what the roles below it may. The server's authorisation
// (src/domain/identity/roles.ts) and the console's menus (web/src/lib/session.tsx) share this ranking.
export const ROLES = ['ADMIN', 'VALUER', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { VIEWER: 1, VALUER: 2, ADMIN: 3 };

export const roleAtLeast = (role: Role, minimum: Role): boolean => RANK[role] >= RANK[minimum];

/** Each role as a person reads it (the header, Team, invitations). */
export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Administrator', VALUER: 'Valuer', VIEWER: 'Viewer' };
