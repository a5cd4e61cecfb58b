import { financialsExample } from '../../../../features/engagements/templates.service.js';
import { financialsFileRoute } from './_financials-file.js';

export default financialsFileRoute({
  path: '/financials-example',
  operationId: 'downloadFinancialsExample',
  summary: 'The financials of an example company, filled in: json, csv or xlsx',
  description:
    'The template layout filled in with a fictitious example company (named as an example in ' +
    'its file name), which passes validation; it shows what a complete file looks like. Do not ' +
    'value it: start from the blank template, GET /api/v1/templates/financials.{format}.',
  returns: 'The example file',
  fileName: 'financials-example',
  make: financialsExample,
});
