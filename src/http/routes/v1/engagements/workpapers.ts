import { z } from 'zod';
import { binaryFile } from '../../../single-file-upload.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { contentDisposition } from '../../../content-disposition.js';
import { valuationWorkpapers } from '../../../../features/valuation/computation.service.js';
import { XLSX_MEDIA_TYPE as XLSX_TYPE } from '../../../openapi-document.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:id/valuation/workpapers.xlsx',
    {
      config: {
        errorCodes: ['not_found', 'valuation_not_ready'],
        auth: { role: 'VIEWER' },
        produces: { 200: [XLSX_TYPE] },
      },
      schema: {
        tags: ['valuation'],
        operationId: 'getValuationWorkpapers',
        summary: 'Live workpapers of the valuation (XLSX with formulas)',
        description:
          'An Inputs sheet (financials and locked assumptions), one sheet per method, Sensitivity and ' +
          'Summary. Every computed cell is an Excel formula over the input cells, its cached value ' +
          "the engine's figure; amounts in Indian ₹ format. " +
          'Workbook names: WACC, TerminalGrowth, EnterpriseValue_DCF, EquityValue_DCF, ' +
          'ValuePerShare_<METHOD> for each method and ValuePerShare_Concluded when a value concludes. ' +
          'Change WACC or TerminalGrowth and recalculate to see their effect. 409 valuation_not_ready ' +
          'before the computation.',
        params: z.object({ id: z.string() }),
        response: { 200: binaryFile(XLSX_TYPE) },
      },
    },
    async (request, reply) => {
      const w = await valuationWorkpapers(app.services, requirePrincipal(request), request.params.id);
      reply.type(XLSX_TYPE).header('content-disposition', contentDisposition(w.fileName));
      return reply.send(w.data as unknown as string);
    },
  );
});
