import { JOB_PAYLOADS, PermanentJobError, type JobKind, type JobPayload } from '../../services/jobs.js';
import type { JobContext } from '../worker.js';

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
