import type { ServiceContext } from '../../services/context.js';
import { renderReportJob } from '../../services/reports/render.js';
import type { JobHandler } from '../worker.js';
import { RENDER_JOB } from '../../services/jobs.js';
import { parsePayload } from './payload.js';

/** Renders (and for a FINAL, signs) the report PDF. */
export const renderReportHandler =
  (services: ServiceContext): JobHandler =>
  (job) =>
    renderReportJob(services, job, parsePayload(RENDER_JOB, job));
