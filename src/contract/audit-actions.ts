// Every action the audit trail records, named once: the server writes them (insertAudit takes only these),
// repositories ask for them, and the console shows each in people's words. An engagement's transitions are
// recorded as `engagement.<transition>` (engagement.approve_gate_1, engagement.return_for_revision …).

/** The engagement's transitions (the state machine in src/domain/engagement/state-machine.ts moves by these). */
export const ENGAGEMENT_ACTIONS = [
  'UPLOAD_FINANCIALS',
  'INGEST_SUCCEEDED',
  'INGEST_REJECTED',
  'START_COMPUTATION',
  'COMPUTATION_SUCCEEDED',
  'COMPUTATION_FAILED',
  'APPROVE_GATE_1',
  'APPROVE_GATE_2',
  'APPROVE_GATE_3',
  'REJECT_GATE',
  'RETURN_FOR_REVISION',
  'REOPEN',
] as const;
export type EngagementAction = (typeof ENGAGEMENT_ACTIONS)[number];

/** What the trail records for a transition. */
export type TransitionAuditAction = `engagement.${Lowercase<EngagementAction>}`;
export const transitionAuditAction = (action: EngagementAction): TransitionAuditAction =>
  `engagement.${action.toLowerCase()}` as TransitionAuditAction;

/** The other actions, by name. */
export const AUDIT = {
  apiTokenCreated: 'api_token.created',
  apiTokenRevoked: 'api_token.revoked',
  assumptionsLocked: 'assumptions.locked',
  costOfCapitalSaved: 'cost_of_capital.saved',
  costOfCapitalDeleted: 'cost_of_capital.deleted',
  computationWaitingForInputs: 'computation.waiting_for_inputs',
  documentUploaded: 'document.uploaded',
  engagementAssigned: 'engagement.assigned',
  engagementCreated: 'engagement.created',
  engagementUpdated: 'engagement.updated',
  firmDemoSeeded: 'firm.demo_seeded',
  firmProfileUpdated: 'firm.profile_updated',
  firmSignedUp: 'firm.signed_up',
  firmSigningCertificateIssued: 'firm.signing_certificate_issued',
  firmSigningCertificateUploaded: 'firm.signing_certificate_uploaded',
  paymentCaptured: 'payment.captured',
  paymentCreated: 'payment.created',
  profileUpdated: 'profile.updated',
  reportGenerated: 'report.generated',
  reportSealedCopyIssued: 'report.sealed_copy_issued',
  reportSignedCopyUploaded: 'report.signed_copy_uploaded',
  teamDeactivated: 'team.deactivated',
  teamInvitationAccepted: 'team.invitation_accepted',
  teamInvitationCancelled: 'team.invitation_cancelled',
  teamInvitationResent: 'team.invitation_resent',
  teamInvited: 'team.invited',
  teamPasswordResetSent: 'team.password_reset_sent',
  teamRemoved: 'team.removed',
  teamRoleChanged: 'team.role_changed',
  userKnownBrowserAdded: 'user.known_browser_added',
  userKnownBrowserLinkSent: 'user.known_browser_link_sent',
  userLoggedIn: 'user.logged_in',
  userPasswordReset: 'user.password_reset',
  userPasswordResetRequested: 'user.password_reset_requested',
  webhookCreated: 'webhook.created',
  webhookDeleted: 'webhook.deleted',
  webhookDisabled: 'webhook.disabled',
  webhookRedelivered: 'webhook.redelivered',
  webhookSecretRotated: 'webhook.secret_rotated',
  webhookTestSent: 'webhook.test_sent',
  webhookUpdated: 'webhook.updated',
} as const;

export type AuditAction = (typeof AUDIT)[keyof typeof AUDIT] | TransitionAuditAction;

export type GateName = 'GATE_1' | 'GATE_2' | 'GATE_3';
/** The approval of a gate, as the trail records it. */
export const gateApprovalAction = (gate: GateName): TransitionAuditAction => transitionAuditAction(`APPROVE_${gate}`);
/** Every decision at a gate: its review history (approvals, rejections, returns for revision). */
export const GATE_DECISION_ACTIONS: readonly TransitionAuditAction[] = [
  gateApprovalAction('GATE_1'),
  gateApprovalAction('GATE_2'),
  gateApprovalAction('GATE_3'),
  transitionAuditAction('REJECT_GATE'),
  transitionAuditAction('RETURN_FOR_REVISION'),
];

/** Each action in people's words, for the trail in the console. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  [AUDIT.apiTokenCreated]: 'Created an API token',
  [AUDIT.apiTokenRevoked]: 'Revoked an API token',
  [AUDIT.assumptionsLocked]: 'Locked the assumptions',
  [AUDIT.costOfCapitalSaved]: 'Saved a cost-of-capital build-up',
  [AUDIT.costOfCapitalDeleted]: 'Deleted a saved cost-of-capital build-up',
  [AUDIT.computationWaitingForInputs]: 'Computation waits for inputs',
  [AUDIT.documentUploaded]: 'Uploaded a document',
  [AUDIT.engagementAssigned]: 'Assigned the valuer',
  [AUDIT.engagementCreated]: 'Created the engagement',
  [AUDIT.engagementUpdated]: 'Corrected the details',
  [AUDIT.firmDemoSeeded]: 'Demo firm created',
  [AUDIT.firmProfileUpdated]: 'Updated the firm profile',
  [AUDIT.firmSignedUp]: 'Signed the firm up',
  [AUDIT.firmSigningCertificateIssued]: 'Firm signing certificate issued',
  [AUDIT.firmSigningCertificateUploaded]: 'Uploaded the firm signing certificate',
  [AUDIT.paymentCaptured]: 'Payment received',
  [AUDIT.paymentCreated]: 'Started a payment',
  [AUDIT.profileUpdated]: 'Updated their profile',
  [AUDIT.reportGenerated]: 'Report generated',
  [AUDIT.reportSealedCopyIssued]: 'Issued the sealed report',
  [AUDIT.reportSignedCopyUploaded]: 'Uploaded the partner-signed report',
  [AUDIT.teamDeactivated]: 'Deactivated a member',
  [AUDIT.teamInvitationAccepted]: 'Accepted the invitation',
  [AUDIT.teamInvitationCancelled]: 'Cancelled an invitation',
  [AUDIT.teamInvitationResent]: 'Resent an invitation',
  [AUDIT.teamInvited]: 'Invited a member',
  [AUDIT.teamPasswordResetSent]: 'Sent a member a password reset link',
  [AUDIT.teamRemoved]: 'Removed a member',
  [AUDIT.teamRoleChanged]: 'Changed a role',
  [AUDIT.userKnownBrowserAdded]: 'Recognised a browser by e-mail',
  [AUDIT.userKnownBrowserLinkSent]: 'Asked for a browser link by e-mail',
  [AUDIT.userLoggedIn]: 'Signed in',
  [AUDIT.userPasswordReset]: 'Chose a new password by an e-mailed link',
  [AUDIT.userPasswordResetRequested]: 'Asked for a password reset link by e-mail',
  [AUDIT.webhookCreated]: 'Added a webhook endpoint',
  [AUDIT.webhookDeleted]: 'Deleted a webhook endpoint',
  [AUDIT.webhookDisabled]: 'Webhook endpoint disabled',
  [AUDIT.webhookRedelivered]: 'Redelivered a webhook event',
  [AUDIT.webhookSecretRotated]: 'Rotated a webhook secret',
  [AUDIT.webhookTestSent]: 'Sent a test webhook event',
  [AUDIT.webhookUpdated]: 'Changed a webhook endpoint',
  'engagement.upload_financials': 'Uploaded the financials',
  'engagement.ingest_succeeded': 'Financials accepted',
  'engagement.ingest_rejected': 'Financials rejected',
  'engagement.start_computation': 'Computation started',
  'engagement.computation_succeeded': 'Valuation computed',
  'engagement.computation_failed': 'Computation failed',
  'engagement.approve_gate_1': 'Approved Gate 1',
  'engagement.approve_gate_2': 'Approved Gate 2',
  'engagement.approve_gate_3': 'Signed off (Gate 3)',
  'engagement.reject_gate': 'Rejected at a gate',
  'engagement.return_for_revision': 'Returned for revision',
  'engagement.reopen': 'Reopened after it failed',
};
