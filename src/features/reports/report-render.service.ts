// Reports: a DRAFT rendered when the engagement reaches GATE_1, the FINAL on COMPLETED, sealed and signed with
// the service's Ed25519 key. This module enqueues and renders them (the render job).
import type { ServiceContext } from '../platform/service-context.js';
import {
  RENDER_JOB,
  attemptOrRelease,
  enqueueJob,
  type JobPayload,
  PermanentJobError,
  type JobAttempt,
} from '../platform/job-queue.service.js';
import type { Executor } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import * as reports from './reports.repository.js';
import { firmInitials, reportReference } from '../../domain/reports/reference.js';
import { financialYearLabel } from '../../contract/gst.js';
import { todayInIndia } from '../../contract/today.js';
import { gatherReportInput } from './report-gather.service.js';
import { certify, renderAndSeal, storeReport } from './report-seal.service.js';

export async function enqueueReport(
  tx: Executor,
  firmId: string,
  engagementId: string,
  kind: 'DRAFT' | 'FINAL',
): Promise<string> {
  const reportId = newId('rpt');
  // A FINAL takes the firm's next reference in the same transaction as its row (docs/report-signatures.md).
  const reference = kind === 'FINAL' ? await nextReference(tx, firmId) : null;
  await reports.insertReport(tx, { id: reportId, firmId, engagementId, kind, reference });
  await enqueueJob(tx, RENDER_JOB, { firmId, engagementId, reportId, kind });
  return reportId;
}

/** The firm's next reference, "<prefix>/<financial year>/<serial>", the financial year the one of today in India. */
async function nextReference(tx: Executor, firmId: string): Promise<string> {
  const firm = await reports.firmForReference(tx, firmId);
  const year = financialYearLabel(todayInIndia());
  return reportReference(
    firm.prefix ?? firmInitials(firm.name),
    year,
    await reports.nextReportSerial(tx, firmId, year),
  );
}

/** A gate approval that completes the engagement starts the FINAL report. */
export async function afterGateApproved(
  tx: Executor,
  firmId: string,
  engagementId: string,
  newStatus: string,
): Promise<void> {
  if (newStatus === 'COMPLETED') await enqueueReport(tx, firmId, engagementId, 'FINAL');
}

/** The render job: a report whose last attempt fails is marked FAILED with the reason, never left GENERATING. */
export async function renderReportJob(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof RENDER_JOB>,
): Promise<void> {
  await attemptOrRelease(job, {
    timer: ctx.metrics?.timer(ctx.metrics.reportRenderDuration),
    attempt: async () =>
      (await renderReportAttempt(ctx, job, payload)) ? { kind: payload.kind, outcome: 'rendered' } : null,
    errorLabels: { kind: payload.kind, outcome: 'error' },
    release: (message) => reports.markReportFailed(ctx.db, payload.firmId, payload.reportId, message),
  });
}

/** True when it rendered the report; false when there was nothing to render. */
async function renderReportAttempt(
  ctx: ServiceContext,
  job: JobAttempt,
  payload: JobPayload<typeof RENDER_JOB>,
): Promise<boolean> {
  const { firmId, reportId } = payload;
  const report = await reports.getReport(ctx.db, firmId, reportId);
  if (!report) throw new PermanentJobError(`report ${reportId} not found`);
  if (report.status === 'READY') return false;
  // Returned for revision before it was rendered: nothing to render (a new DRAFT follows the new lock).
  if (report.status === 'FAILED' && report.error?.startsWith('superseded')) return false;
  // Gather → render and seal → store, each its own step (report-gather.service.ts, report-seal.service.ts).
  const gathered = await gatherReportInput(ctx, payload, report);
  const { pdf, seal } = await renderAndSeal(gathered);
  const certified = await certify(ctx, payload, gathered, pdf);
  await storeReport(ctx, job, payload, pdf, { seal, ...certified });
  return true;
}
