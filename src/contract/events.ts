// The events the service emits about a firm's engagements: delivered to webhook endpoints and on the
// console's event stream alike (docs/webhooks.md).
export const ENGAGEMENT_EVENT_TYPES = [
  'engagement.stage_changed',
  'engagement.gate_pending',
  'engagement.completed',
  'payment.captured',
] as const;
export type EngagementEventType = (typeof ENGAGEMENT_EVENT_TYPES)[number];

/** Each event in words, as the console's webhook settings name it (the type itself in a tooltip). */
export const EVENT_LABELS: Record<EngagementEventType, string> = {
  'engagement.stage_changed': 'An engagement moves to another stage',
  'engagement.gate_pending': 'A gate waits for a decision',
  'engagement.completed': 'An engagement is completed',
  'payment.captured': 'A payment is captured',
};

/**
 * Sent on the console's event stream only, never to a webhook endpoint (an endpoint subscribes to
 * ENGAGEMENT_EVENT_TYPES alone): the engagement was assigned to another member, so their bell, "Waiting for me" and
 * the engagement page change at once (docs/webhooks.md, The console's stream).
 */
export const CONSOLE_EVENT_TYPES = ['engagement.assigned'] as const;

/** Sent only by "send test event", to the one endpoint asked for. */
export const TEST_EVENT_TYPE = 'webhook.test';
