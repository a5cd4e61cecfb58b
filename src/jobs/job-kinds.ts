// Every job kind and the service function that runs it, in one table; a kind without one fails to compile.
// Each payload is parsed by its kind's schema first, so a service receives a typed payload or the job fails
// for good (a malformed payload never becomes right by retrying).
import type { ServiceContext } from '../features/platform/service-context.js';
import {
  COMPUTE_JOB,
  DELIVER_WEBHOOK_JOB,
  DISPATCH_OUTBOX_JOB,
  INGEST_JOB,
  JOB_PAYLOADS,
  NOTIFY_MAIL_JOB,
  PermanentJobError,
  RENDER_JOB,
  type JobKind,
  type JobPayload,
} from '../features/platform/job-queue.service.js';
import { ingestFinancials } from '../features/valuation/financials.service.js';
import { computeEngagementValuation } from '../features/valuation/computation.service.js';
import { renderReportJob } from '../features/reports/report-render.service.js';
import { deliverWebhook, dispatchOutbox } from '../features/webhooks/webhook-delivery.service.js';
import { sendNotificationMail } from '../features/notifications/notifications.service.js';
import type { JobContext, JobHandler } from './worker.js';

/** A job's stored payload parsed by its kind's schema; a malformed one fails the job for good. */
export function parsePayload<K extends JobKind>(kind: K, ctx: JobContext): JobPayload<K> {
  const parsed = JOB_PAYLOADS[kind].safeParse(ctx.job.payload);
  if (!parsed.success)
    throw new PermanentJobError(
      `malformed ${kind} payload: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  // The registry maps K to this very schema; TypeScript cannot follow an indexed union back to K.
  return parsed.data as JobPayload<K>;
}

export function jobHandlers(services: ServiceContext): Record<JobKind, JobHandler> {
  return {
    // Parses an uploaded financials file; the engagement moves to DATA_READY or back, with the errors.
    [INGEST_JOB]: (job) => ingestFinancials(services, job, parsePayload(INGEST_JOB, job)),
    // Runs the valuation engine on the locked assumptions.
    [COMPUTE_JOB]: (job) => computeEngagementValuation(services, job, parsePayload(COMPUTE_JOB, job)),
    // Renders (and for a FINAL, signs) the report PDF.
    [RENDER_JOB]: (job) => renderReportJob(services, job, parsePayload(RENDER_JOB, job)),
    // Fans committed outbox events out to webhook deliveries; the sweep flag is only checked.
    [DISPATCH_OUTBOX_JOB]: async (job) => {
      parsePayload(DISPATCH_OUTBOX_JOB, job);
      await dispatchOutbox(services, job);
    },
    // One signed attempt of one webhook delivery, retried with backoff.
    [DELIVER_WEBHOOK_JOB]: (job) => deliverWebhook(services, job, parsePayload(DELIVER_WEBHOOK_JOB, job)),
    [NOTIFY_MAIL_JOB]: (job) => sendNotificationMail(services, job, parsePayload(NOTIFY_MAIL_JOB, job)),
  };
}
