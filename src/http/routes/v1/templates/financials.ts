import { financialsTemplate } from '../../../../features/engagements/templates.service.js';
import { financialsFileRoute } from './_financials-file.js';

export default financialsFileRoute({
  path: '/financials',
  operationId: 'downloadFinancialsTemplate',
  summary: 'The blank financials template: json, csv or xlsx',
  description:
    'Every field of the financials document with no value in it, as JSON (nulls, each list with ' +
    'one blank item), CSV or XLSX (instructions in rows starting with #, which the reader ' +
    'skips). Fill it in and upload it as FINANCIALS; uploaded unchanged it is rejected field by ' +
    'field. The same layout filled in with an example company is GET ' +
    '/api/v1/templates/financials-example.{format}.',
  returns: 'The blank template',
  fileName: 'financials-template-blank',
  make: financialsTemplate,
});
