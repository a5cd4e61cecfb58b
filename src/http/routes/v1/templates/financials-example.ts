import { z } from 'zod';
import { problemResponses } from '../../../problem.js';
import { financialsExample } from '../../../../services/templates.js';
import { contentDisposition } from '../../../content-disposition.js';
import { XLSX_MEDIA_TYPE } from '../../../openapi-document.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/financials-example.:format',
    {
      config: {
        errorCodes: [],
        auth: { role: 'VIEWER' },
        produces: { 200: ['application/json', 'text/csv', XLSX_MEDIA_TYPE] },
      },
      schema: {
        tags: ['documents'],
        operationId: 'downloadFinancialsExample',
        summary: 'The financials of an example company, filled in: json, csv or xlsx',
        description:
          'The template layout filled in with a fictitious example company (named as an example in ' +
          'its file name), which passes validation; it shows what a complete file looks like. Do not ' +
          'value it: start from the blank template, GET /api/v1/templates/financials.{format}.',
        params: z.object({ format: z.enum(['json', 'csv', 'xlsx']) }),
        response: { 200: z.string().meta({ format: 'binary' }).describe('The example file'), ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const { contentType, data } = await financialsExample(request.params.format);
      reply
        .type(contentType)
        .header('content-disposition', contentDisposition(`financials-example.${request.params.format}`));
      return reply.send(data as unknown as string);
    },
  );
});
