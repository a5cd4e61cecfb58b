/**
 * `npm run examples`: makes docs/example-report-<statute>.pdf (Rule 11UA, Companies Act s.62, FEMA, IBC in CIRP
 * and in liquidation) through the service's API, as a firm makes a report, with each example's review record,
 * workpapers and verify answer in docs/examples/. EXAMPLES_DIR writes elsewhere.
 * Look at the pages: pdftoppm -png -r 70 docs/example-report-rule-11ua.pdf /tmp/page
 */
import { fileURLToPath } from 'node:url';
import { makeExamples } from './make.js';

const outDir = process.env.EXAMPLES_DIR ?? fileURLToPath(new URL('../../docs/', import.meta.url));
await makeExamples(outDir, { log: (line) => console.log(line) });
