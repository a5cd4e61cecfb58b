/**
 * `npm run examples`: renders docs/example-report-<statute>.pdf for all four statutes from the sample
 * fixtures (test/fixtures/sample-report.ts), FINAL, with the valuer's judgement where the statute allows it.
 * Look at the pages: pdftoppm -png -r 70 docs/example-report-rule-11ua.pdf /tmp/page
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STATUTES, type Statute } from '../src/domain/valuation/types.js';
import { renderReport } from '../src/reports/render.js';
import { EXAMPLE_PURPOSE, reportInput, valuationFor } from '../test/fixtures/sample-report.js';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
export const exampleReportName = (statute: Statute) => `example-report-${statute.toLowerCase().replace(/_/g, '-')}.pdf`;

mkdirSync(docs, { recursive: true });
for (const statute of STATUTES) {
  const valuation = valuationFor(statute, EXAMPLE_PURPOSE[statute], 'sample-company.json', { judged: true });
  const pdf = await renderReport(reportInput(valuation, 'FINAL'));
  writeFileSync(`${docs}${exampleReportName(statute)}`, pdf);
  console.log(`wrote docs/${exampleReportName(statute)} (${pdf.length} bytes)`);
}
