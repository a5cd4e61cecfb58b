// The actions on an engagement that GET /engagements/{id} answers for the caller (`myActions.actions`), each
// allowed or refused with its reason. The server decides them (src/domain/engagement/rights.ts); the console
// shows and hides from the answers alone.
export const ENGAGEMENT_ACTION_NAMES = [
  'approve',
  'reject',
  'signOff',
  'uploadSignedCopy',
  'issueSealedCopy',
  'editDetails',
  'editReportFacts',
  'uploadFinancials',
  'uploadEvidence',
  'lockAssumptions',
  'pay',
  'reassign',
] as const;
export type EngagementActionName = (typeof ENGAGEMENT_ACTION_NAMES)[number];

/** What a principal may do in the firm, as GET /auth/me answers (`can`). */
export const FIRM_ACTION_NAMES = [
  'createEngagement',
  'manageTeam',
  'manageApiTokens',
  'manageWebhooks',
  'editFirmProfile',
  'useInbox',
  'saveCostOfCapital',
] as const;
export type FirmActionName = (typeof FIRM_ACTION_NAMES)[number];
