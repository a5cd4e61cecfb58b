// Every registered job kind and its handler; a kind without a handler fails to compile.
import type { ServiceContext } from '../../services/context.js';
import type { JobHandler } from '../worker.js';
import type { JobKind } from '../../services/jobs.js';
import {
  COMPUTE_JOB,
  DELIVER_WEBHOOK_JOB,
  DISPATCH_OUTBOX_JOB,
  INGEST_JOB,
  NOTIFY_MAIL_JOB,
  RENDER_JOB,
} from '../../services/jobs.js';
import { sendNotificationMail } from '../../services/notifications.js';
import { parsePayload } from './payload.js';
import { ingestFinancialsHandler } from './ingest-financials.js';
import { computeValuationHandler } from './compute-valuation.js';
import { renderReportHandler } from './render-report.js';
import { dispatchOutboxHandler } from './dispatch-outbox.js';
import { deliverWebhookHandler } from './deliver-webhook.js';

export function jobHandlers(services: ServiceContext): Record<JobKind, JobHandler> {
  return {
    [INGEST_JOB]: ingestFinancialsHandler(services),
    [COMPUTE_JOB]: computeValuationHandler(services),
    [RENDER_JOB]: renderReportHandler(services),
    [DISPATCH_OUTBOX_JOB]: dispatchOutboxHandler(services),
    [DELIVER_WEBHOOK_JOB]: deliverWebhookHandler(services),
    [NOTIFY_MAIL_JOB]: (job) => sendNotificationMail(services, job, parsePayload(NOTIFY_MAIL_JOB, job)),
  };
}
