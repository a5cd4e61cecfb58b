import type { ServiceContext } from '../../services/context.js';
import { dispatchOutbox } from '../../services/webhooks.js';
import type { JobHandler } from '../worker.js';
import { DISPATCH_OUTBOX_JOB, JOB_PAYLOADS, parsePayload } from '../kinds.js';

/** Fans committed outbox events out to webhook deliveries (woken on commit, and a periodic sweep). */
export const dispatchOutboxHandler = (services: ServiceContext): JobHandler => async (job) => {
  parsePayload(DISPATCH_OUTBOX_JOB, JOB_PAYLOADS[DISPATCH_OUTBOX_JOB], job); // only checked: the sweep flag changes nothing in the dispatch
  await dispatchOutbox(services, job);
};
