import { z } from 'zod';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../../contract/errors.js';
import { defineRoute } from '../define-route.js';

const errorEntrySchema = z
  .object({
    code: z.enum(ERROR_CODES),
    status: z.number().int(),
    title: z.string(),
    sentence: z.string().describe('What happened and what to do, for people; the console shows this sentence'),
  })
  .meta({ id: 'ErrorCatalogueEntry' });

export default defineRoute((app) => {
  app.get(
    '/errors',
    {
      config: { errorCodes: [], auth: 'public' },
      schema: {
        tags: ['health'],
        operationId: 'listErrors',
        summary: 'The error catalogue: every code the API answers with, its status, title and sentence',
        description:
          "Public. Every `code` a problem+json body can carry, in catalogue order. A problem's `type` " +
          'points at the same entry on the /docs/errors page.',
        querystring: z.object({}).strict().describe('No parameters'),
        response: { 200: z.array(errorEntrySchema) },
      },
    },
    async () => ERROR_CODES.map((code) => ({ code, ...ERROR_CATALOGUE[code] })),
  );
});
