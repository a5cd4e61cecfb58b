import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { reportStatus } from '../../../../../features/reports/report-download.service.js';
import { defineRoute } from '../../../define-route.js';

const reportStatusSchema = z
  .object({
    engagementId: z.string(),
    reportId: z.string().optional(),
    status: z.enum(['NOT_STARTED', 'GENERATING', 'READY', 'FAILED']),
    kind: z
      .enum(['DRAFT', 'FINAL'])
      .optional()
      .describe('DRAFT (watermarked, unsigned) from GATE_1; FINAL (signed) on COMPLETED'),
    downloadUrl: z.string().optional(),
    sha256: z.string().optional(),
    generatedAt: z.string().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'ReportStatus' });

export default defineRoute((app) => {
  app.get(
    '/status',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['reports'],
        operationId: 'getReportStatus',
        summary: 'Report status: the FINAL when one exists, else the newest DRAFT',
        params: z.object({ id: z.string() }),
        description: 'NOT_STARTED, GENERATING, READY (with the download URL and SHA-256) or FAILED (with the reason).',
        response: { 200: reportStatusSchema },
      },
    },
    async (request) => reportStatus(app.services, requirePrincipal(request), request.params.id),
  );
});
