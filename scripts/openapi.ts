// The served OpenAPI document, committed as openapi.json so every change to the contract shows in
// review. `npm run openapi` writes it (refusing a breaking change unless --allow-breaking is given);
// `npm run openapi -- --check` exits 1 when the served document differs from the committed one,
// listing what broke when the difference breaks clients. CI runs the check as a test
// (test/integration/contract/openapi-committed.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { servedOpenApiDocument } from './generate-client.js';
import { breakingChanges } from './openapi-compat.js';

export const COMMITTED_OPENAPI_PATH = fileURLToPath(new URL('../openapi.json', import.meta.url));

export const serialiseDocument = (doc: unknown): string => `${JSON.stringify(doc, null, 2)}\n`;

/**
 * The last released contract (v1.0.0, frozen in contracts/openapi.v1.json). The served document is compared with
 * it, not only with the committed openapi.json: regenerating openapi.json would hide a break from that comparison.
 * An intended break ships as a new major version, with its own frozen file.
 */
export const RELEASED_OPENAPI_PATH = fileURLToPath(new URL('../contracts/openapi.v1.json', import.meta.url));

export function readReleasedDocument(): Record<string, unknown> {
  return JSON.parse(readFileSync(RELEASED_OPENAPI_PATH, 'utf8')) as Record<string, unknown>;
}

export function readCommittedDocument(): Record<string, unknown> {
  return JSON.parse(readFileSync(COMMITTED_OPENAPI_PATH, 'utf8')) as Record<string, unknown>;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const served = await servedOpenApiDocument();
  const committed = readCommittedDocument();
  const broken = [
    ...new Set([...breakingChanges(readReleasedDocument(), served), ...breakingChanges(committed, served)]),
  ];
  if (process.argv.includes('--check')) {
    if (serialiseDocument(served) !== serialiseDocument(committed)) {
      console.error('openapi.json differs from the served document: review the change, then run npm run openapi');
      if (broken.length) console.error(`Breaking changes to /api/v1:\n  ${broken.join('\n  ')}`);
      process.exit(1);
    }
    console.log('openapi.json is the served document');
  } else {
    if (broken.length && !process.argv.includes('--allow-breaking')) {
      console.error(
        `Refused: breaking changes to /api/v1 (pass --allow-breaking for a new major version):\n  ${broken.join('\n  ')}`,
      );
      process.exit(1);
    }
    writeFileSync(COMMITTED_OPENAPI_PATH, serialiseDocument(served));
    console.log(`wrote ${COMMITTED_OPENAPI_PATH}`);
  }
}
