import type { ServiceContext } from '../../services/context.js';
import { ingestFinancials } from '../../services/financials.js';
import type { JobHandler } from '../worker.js';
import { INGEST_JOB, JOB_PAYLOADS, parsePayload } from '../kinds.js';

/** Parses an uploaded financials file; the engagement moves to DATA_READY or back, with the errors. */
export const ingestFinancialsHandler = (services: ServiceContext): JobHandler => (job) => ingestFinancials(services, job, parsePayload(INGEST_JOB, JOB_PAYLOADS[INGEST_JOB], job));
