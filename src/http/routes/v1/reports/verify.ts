import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { verifyReport } from '../../../../services/reports.js';

const verificationSchema = z
  .object({
    valid: z.boolean(),
    sha256: z.string(),
    reason: z.string().optional(),
    reportId: z.string().optional(),
    engagementId: z.string().optional(),
    targetEntity: z.string().optional(),
    statute: z.string().optional(),
    firm: z.string().optional(),
    kind: z.literal('FINAL').optional(),
    signedBy: z.string().optional(),
    signedAt: z.string().optional(),
    certificate: z.record(z.string(), z.string()).optional().describe('The signed canonical certificate (sorted-key JSON of these fields)'),
    signature: z.string().optional().describe('Base64 Ed25519 signature over the canonical certificate JSON'),
    keyId: z.string().optional(),
  })
  .meta({ id: 'ReportVerification' });

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/reports/verify/:sha256',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['reports'],
        summary: 'Verify a report from the SHA-256 of its PDF (public, rate-limited)',
        description: 'valid:true only for a FINAL report this service signed; a DRAFT or unknown hash answers valid:false with a reason.',
        params: z.object({ sha256: z.string().max(128) }),
        response: { 200: verificationSchema, ...problemResponses(429) },
      },
    },
    async (request) => {
      app.verifyLimiter.hit(`ip:${request.ip}`);
      return verifyReport(app.services, request.params.sha256.toLowerCase());
    },
  );
}
