import type { ServiceContext } from '../../services/context.js';
import { ingestFinancials } from '../../services/financials.js';
import type { JobHandler } from '../worker.js';
import { INGEST_JOB } from '../../services/jobs.js';
import { parsePayload } from './payload.js';

/** Parses an uploaded financials file; the engagement moves to DATA_READY or back, with the errors. */
export const ingestFinancialsHandler =
  (services: ServiceContext): JobHandler =>
  (job) =>
    ingestFinancials(services, job, parsePayload(INGEST_JOB, job));
