import type { ServiceContext } from '../../services/context.js';
import { deliverWebhook } from '../../services/webhook-delivery.js';
import type { JobHandler } from '../worker.js';
import { DELIVER_WEBHOOK_JOB } from '../../services/jobs.js';
import { parsePayload } from './payload.js';

/** One signed attempt of one webhook delivery, retried with backoff. */
export const deliverWebhookHandler =
  (services: ServiceContext): JobHandler =>
  (job) =>
    deliverWebhook(services, job, parsePayload(DELIVER_WEBHOOK_JOB, job));
