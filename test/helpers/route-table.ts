// The expected access rule of every protected route, written out from the role matrix in docs/decisions.md (Roles)
// (not read from the code, so a wrong route declaration makes the tests fail).
/** VALUER_USER: a VALUER or ADMIN signed in as a person (gates are decided by people, never tokens). */
export type Access = 'VIEWER' | 'ANY_USER' | 'VALUER' | 'VALUER_USER' | 'ADMIN_USER';

export interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string; // with :params
  access: Access;
  /** Ends the caller's session, or never ends (a live stream): exercised on its own, not in the matrix. */
  destructive?: boolean;
}

export const PROTECTED_ROUTES: RouteCase[] = [
  { method: 'POST', path: '/api/v1/auth/logout', access: 'VIEWER', destructive: true },
  { method: 'GET', path: '/api/v1/auth/me', access: 'VIEWER' },
  { method: 'PATCH', path: '/api/v1/auth/me', access: 'ANY_USER' },
  { method: 'GET', path: '/api/v1/settings/firm', access: 'ADMIN_USER' },
  { method: 'POST', path: '/api/v1/team/:userId/deactivate', access: 'ADMIN_USER' },
  { method: 'POST', path: '/api/v1/team/:userId/password-reset', access: 'ADMIN_USER' },
  { method: 'GET', path: '/api/v1/invitations', access: 'ADMIN_USER' },
  { method: 'POST', path: '/api/v1/invitations/:invitationId/resend', access: 'ADMIN_USER' },
  { method: 'DELETE', path: '/api/v1/invitations/:invitationId', access: 'ADMIN_USER' },
  { method: 'PATCH', path: '/api/v1/settings/firm', access: 'ADMIN_USER' },
  // A firm's saved cost-of-capital build-ups: every member reads them; those who lock assumptions save and delete.
  { method: 'GET', path: '/api/v1/settings/cost-of-capital', access: 'VIEWER' },
  { method: 'POST', path: '/api/v1/settings/cost-of-capital', access: 'VALUER' },
  { method: 'DELETE', path: '/api/v1/settings/cost-of-capital/:id', access: 'VALUER' },
  { method: 'POST', path: '/api/v1/settings/api-tokens', access: 'ADMIN_USER' },
  { method: 'GET', path: '/api/v1/settings/api-tokens', access: 'ADMIN_USER' },
  { method: 'DELETE', path: '/api/v1/settings/api-tokens/:tokenId', access: 'ADMIN_USER' },
  { method: 'GET', path: '/api/v1/team', access: 'VIEWER' },
  { method: 'POST', path: '/api/v1/team/invite', access: 'ADMIN_USER' },
  { method: 'PATCH', path: '/api/v1/team/:userId', access: 'ADMIN_USER' },
  { method: 'DELETE', path: '/api/v1/team/:userId', access: 'ADMIN_USER' },
  { method: 'POST', path: '/api/v1/engagements', access: 'VALUER' },
  { method: 'GET', path: '/api/v1/engagements', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id', access: 'VIEWER' },
  { method: 'PATCH', path: '/api/v1/engagements/:id', access: 'VALUER' },
  { method: 'GET', path: '/api/v1/engagements/:id/events', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/financials', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/valuation', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/valuation/workpapers.xlsx', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/review-record.pdf', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/assumptions', access: 'VIEWER' },
  { method: 'POST', path: '/api/v1/engagements/:id/assumptions/lock', access: 'VALUER' },
  { method: 'GET', path: '/api/v1/engagements/:id/assumptions/history', access: 'VIEWER' },
  { method: 'POST', path: '/api/v1/engagements/:id/documents', access: 'VALUER' },
  { method: 'GET', path: '/api/v1/engagements/:id/documents', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/documents/:docId', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/documents/:docId/content', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/templates/financials.:format', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/templates/financials-example.:format', access: 'VIEWER' },
  { method: 'POST', path: '/api/v1/engagements/:id/gates/:gate/approve', access: 'VALUER_USER' },
  { method: 'POST', path: '/api/v1/engagements/:id/gates/:gate/reject', access: 'VALUER_USER' },
  { method: 'GET', path: '/api/v1/engagements/:id/report/status', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/report', access: 'VIEWER' },
  // The signatory or an ADMIN (a member or an ADMIN's token): the service refuses other VALUERs with 403 once the engagement is found.
  { method: 'PUT', path: '/api/v1/engagements/:id/report/signed-copy', access: 'VALUER' },
  { method: 'GET', path: '/api/v1/engagements/:id/report/signed-copies', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/engagements/:id/report/signed-copies/:copyId', access: 'VIEWER' },
  { method: 'POST', path: '/api/v1/engagements/:id/report/issue-sealed', access: 'ADMIN_USER' },
  { method: 'POST', path: '/api/v1/engagements/:id/reopen', access: 'ADMIN_USER' },
  { method: 'GET', path: '/api/v1/settings/firm/signing-certificate', access: 'VIEWER' },
  { method: 'PUT', path: '/api/v1/settings/firm/signing-certificate', access: 'ADMIN_USER' },
  { method: 'POST', path: '/api/v1/settings/webhooks', access: 'ADMIN_USER' },
  { method: 'GET', path: '/api/v1/settings/webhooks', access: 'ADMIN_USER' },
  { method: 'GET', path: '/api/v1/settings/webhooks/:webhookId', access: 'ADMIN_USER' },
  { method: 'PATCH', path: '/api/v1/settings/webhooks/:webhookId', access: 'ADMIN_USER' },
  { method: 'DELETE', path: '/api/v1/settings/webhooks/:webhookId', access: 'ADMIN_USER' },
  { method: 'POST', path: '/api/v1/settings/webhooks/:webhookId/rotate-secret', access: 'ADMIN_USER' },
  { method: 'POST', path: '/api/v1/settings/webhooks/:webhookId/test', access: 'ADMIN_USER' },
  { method: 'GET', path: '/api/v1/settings/webhooks/:webhookId/deliveries', access: 'ADMIN_USER' },
  {
    method: 'POST',
    path: '/api/v1/settings/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    access: 'ADMIN_USER',
  },
  { method: 'POST', path: '/api/v1/payments', access: 'VALUER' },
  { method: 'POST', path: '/api/v1/payments/verify', access: 'VALUER' },
  { method: 'GET', path: '/api/v1/payments', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/inbox', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/notifications', access: 'ANY_USER' },
  { method: 'POST', path: '/api/v1/notifications/read', access: 'ANY_USER' },
  { method: 'GET', path: '/api/v1/payments/:id/invoice.pdf', access: 'VIEWER' },
  { method: 'GET', path: '/api/v1/payments/export.csv', access: 'VIEWER' },
  // Allowed callers get a stream that stays open; its access is tested in test/integration/console/events-stream.test.ts.
  { method: 'GET', path: '/api/v1/events/stream', access: 'VIEWER', destructive: true },
];

export const PUBLIC_ROUTES = [
  'GET /api/v1/health',
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/accept-invite',
  'POST /api/v1/auth/invitation-preview',
  'POST /api/v1/auth/known-browser-link',
  'POST /api/v1/auth/known-browser',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/notifications/unsubscribe',
  'GET /api/v1/reports/verify/:sha256',
  'GET /api/v1/reports/signing-key',
  'GET /api/v1/reports/ca-certificate',
  'POST /api/v1/reports/verify-file',
  'GET /api/v1/errors',
  'POST /api/v1/payments/gateway-webhook',
  'POST /api/v1/payments/sandbox/pay',
];

/** Fills :params with well-formed ids that exist nowhere. */
export function concretePath(path: string, ids: Record<string, string> = {}): string {
  return path.replace(
    /:(\w+)/g,
    (_, name: string) =>
      ids[name] ??
      (name === 'format' ? 'json' : name === 'gate' ? 'GATE_1' : `${name.slice(0, 3)}_01ARZ3NDEKTSV4RRFFQ69G5FAV`),
  );
}

export function allows(access: Access, who: 'VIEWER' | 'VALUER' | 'ADMIN' | 'TOKEN'): boolean {
  if (access === 'VIEWER') return true;
  if (access === 'ANY_USER') return who !== 'TOKEN';
  if (access === 'VALUER') return who !== 'VIEWER';
  if (access === 'VALUER_USER') return who === 'VALUER' || who === 'ADMIN';
  return who === 'ADMIN';
}
