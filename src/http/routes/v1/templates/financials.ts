import { financialsTemplate } from '../../../../features/engagements/templates.service.js';
import { financialsFileRoute } from './_financials-file.js';

export default financialsFileRoute({
  path: '/financials',
  operationId: 'downloadFinancialsTemplate',
  summary: 'The blank financials template: json, csv or xlsx',
  description:
    'Every field of the financials document with no value in it, as JSON (nulls, each list with ' +
    'one blank item), CSV or XLSX: each table under a header row and a line of guidance in words ' +
    '(the reader skips a row of words in column A alone, and rows starting with #), choices in words ' +
    '(XLSX: drop-down lists; the reader takes the words or the codes), dates as date cells in XLSX. ' +
    'Fill it in and upload it as FINANCIALS; uploaded unchanged it is rejected field by field, every ' +
    'problem of a file in one rejection. The same layout filled in with an example company is GET ' +
    '/api/v1/templates/financials-example.{format}.',
  returns: 'The blank template',
  fileName: 'financials-template-blank',
  make: financialsTemplate,
});
