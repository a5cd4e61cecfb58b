import type { ServiceContext } from '../../services/context.js';
import { computeEngagementValuation } from '../../services/valuation/computation.js';
import type { JobHandler } from '../worker.js';
import { COMPUTE_JOB } from '../../services/jobs.js';
import { parsePayload } from './payload.js';

/** Runs the valuation engine on the locked assumptions: GATE_1, or FAILED with a reason a valuer can act on. */
export const computeValuationHandler =
  (services: ServiceContext): JobHandler =>
  (job) =>
    computeEngagementValuation(services, job, parsePayload(COMPUTE_JOB, job));
