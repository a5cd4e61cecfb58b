import type { ServiceContext } from '../../services/context.js';
import { dispatchOutbox } from '../../services/webhook-delivery.js';
import type { JobHandler } from '../worker.js';
import { DISPATCH_OUTBOX_JOB } from '../../services/jobs.js';
import { parsePayload } from './payload.js';

/** Fans committed outbox events out to webhook deliveries (woken on commit, and a periodic sweep). */
export const dispatchOutboxHandler =
  (services: ServiceContext): JobHandler =>
  async (job) => {
    parsePayload(DISPATCH_OUTBOX_JOB, job); // only checked: the sweep flag changes nothing in the dispatch
    await dispatchOutbox(services, job);
  };
