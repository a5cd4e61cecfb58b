import type { ServiceContext } from '../../services/context.js';
import { deliverWebhook } from '../../services/webhooks.js';
import type { JobHandler } from '../worker.js';
import { DELIVER_WEBHOOK_JOB, JOB_PAYLOADS, parsePayload } from '../kinds.js';

/** One signed attempt of one webhook delivery, retried with backoff. */
export const deliverWebhookHandler = (services: ServiceContext): JobHandler => (job) => deliverWebhook(services, job, parsePayload(DELIVER_WEBHOOK_JOB, JOB_PAYLOADS[DELIVER_WEBHOOK_JOB], job));
