// The one endpoint shape of the financials files (the blank template and the filled-in example): GET …/NAME.{format}
// as json, csv or xlsx, downloaded under a file name of its own.
import { z } from 'zod';
import { binaryFile } from '../../../single-file-upload.js';
import type { TemplateFormat } from '../../../../features/engagements/templates.service.js';
import { contentDisposition } from '../../../content-disposition.js';
import { XLSX_MEDIA_TYPE } from '../../../openapi-document.js';
import { defineRoute } from '../../define-route.js';

export function financialsFileRoute(file: {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /** The 200 response's description. */
  returns: string;
  /** The download's file name without its extension. */
  fileName: string;
  make(format: TemplateFormat): Promise<{ contentType: string; data: Buffer }>;
}) {
  return defineRoute((app) => {
    app.get(
      `${file.path}.:format`,
      {
        config: {
          errorCodes: [],
          auth: { role: 'VIEWER' },
          produces: { 200: ['application/json', 'text/csv', XLSX_MEDIA_TYPE] },
        },
        schema: {
          tags: ['documents'],
          operationId: file.operationId,
          summary: file.summary,
          description: file.description,
          params: z.object({ format: z.enum(['json', 'csv', 'xlsx']) }),
          response: { 200: binaryFile(file.returns) },
        },
      },
      async (request, reply) => {
        const { contentType, data } = await file.make(request.params.format);
        reply
          .type(contentType)
          .header('content-disposition', contentDisposition(`${file.fileName}.${request.params.format}`));
        return reply.send(data as unknown as string);
      },
    );
  });
}
