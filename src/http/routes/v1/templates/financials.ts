import { z } from 'zod';
import { problemResponses } from '../../../problem.js';
import { financialsTemplate } from '../../../../services/templates.js';
import { contentDisposition } from '../../../content-disposition.js';
import { XLSX_MEDIA_TYPE } from '../../../openapi-document.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/financials.:format',
    {
      config: {
        errorCodes: [],
        auth: { role: 'VIEWER' },
        produces: { 200: ['application/json', 'text/csv', XLSX_MEDIA_TYPE] },
      },
      schema: {
        tags: ['documents'],
        operationId: 'downloadFinancialsTemplate',
        summary: 'The blank financials template: json, csv or xlsx',
        description:
          'Every field of the financials document with no value in it, as JSON (nulls, each list with ' +
          'one blank item), CSV or XLSX (instructions in rows starting with #, which the reader ' +
          'skips). Fill it in and upload it as FINANCIALS; uploaded unchanged it is rejected field by ' +
          'field. The same layout filled in with an example company is GET ' +
          '/api/v1/templates/financials-example.{format}.',
        params: z.object({ format: z.enum(['json', 'csv', 'xlsx']) }),
        response: {
          200: z.string().meta({ format: 'binary' }).describe('The blank template'),
          ...problemResponses(400),
        },
      },
    },
    async (request, reply) => {
      const { contentType, data } = await financialsTemplate(request.params.format);
      reply
        .type(contentType)
        .header('content-disposition', contentDisposition(`financials-template-blank.${request.params.format}`));
      return reply.send(data as unknown as string);
    },
  );
});
