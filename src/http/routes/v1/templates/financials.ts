import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { financialsTemplate } from '../../../../services/templates.js';
import { contentDisposition } from '../../../content-disposition.js';
import { XLSX_MEDIA_TYPE } from '../../../openapi-document.js';

export default function route(app: AppInstance) {
  app.get(
    '/financials.:format',
    {
      config: { auth: { role: 'VIEWER' }, produces: { 200: ['application/json', 'text/csv', XLSX_MEDIA_TYPE] } },
      schema: {
        tags: ['documents'],
        operationId: 'downloadFinancialsTemplate',
        summary: 'The financials template, filled in with an example company: json, csv or xlsx',
        description: 'The template filled in with an example company, as JSON, CSV or XLSX; upload it back as FINANCIALS.',
        params: z.object({ format: z.enum(['json', 'csv', 'xlsx']) }),
        response: { 200: z.string().meta({ format: 'binary' }).describe('The template file'), ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const { contentType, data } = await financialsTemplate(request.params.format);
      reply.type(contentType).header('content-disposition', contentDisposition(`financials-template.${request.params.format}`));
      return reply.send(data as unknown as string);
    },
  );
}
