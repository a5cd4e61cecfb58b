// The served OpenAPI document, committed as openapi.json so every change to the contract shows in
// review. `npm run openapi` writes it (refusing a breaking change unless --allow-breaking is given);
// `npm run openapi -- --check` exits 1 when the served document differs from the committed one, and,
// whatever the files say, when the served document breaks the released contract (contracts/openapi.v1.json)
// or its info.version has not moved with the operations added since (contractProblems). --allow-breaking
// writes openapi.json but cannot make --check pass. CI runs the check as a test
// (test/integration/contract/openapi-committed.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { servedOpenApiDocument } from './generate-client.js';
import { breakingChanges, versionChanges } from './openapi-compat.js';

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

/** Breaks of the released contract shipped knowingly, each with its reason (contracts/openapi.v1.accepted.json). */
export const ACCEPTED_CHANGES_PATH = fileURLToPath(new URL('../contracts/openapi.v1.accepted.json', import.meta.url));

export function readAcceptedChanges(): string[] {
  const file = JSON.parse(readFileSync(ACCEPTED_CHANGES_PATH, 'utf8')) as { accepted: { change: string }[] };
  return file.accepted.map((a) => a.change);
}

/**
 * Everything the contract gate refuses in a served document, compared with the released contract always (not
 * only when openapi.json differs: regenerating it with --allow-breaking must not silence a break) and with the
 * committed openapi.json: breaking changes (less those accepted), an acceptance that no longer occurs, and an
 * info.version that did not move with added operations.
 */
export function contractProblems(
  served: Record<string, unknown>,
  committed: Record<string, unknown> = readCommittedDocument(),
  released: Record<string, unknown> = readReleasedDocument(),
  accepted: readonly string[] = readAcceptedChanges(),
): string[] {
  const fromRelease = breakingChanges(released, served);
  return [
    ...new Set([
      ...fromRelease.filter((b) => !accepted.includes(b)),
      ...breakingChanges(committed, served),
      ...accepted
        .filter((a) => !fromRelease.includes(a))
        .map((a) => `${a}: listed in contracts/openapi.v1.accepted.json but no longer reported; remove it`),
      ...versionChanges(released, served),
    ]),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const served = await servedOpenApiDocument();
  const committed = readCommittedDocument();
  const broken = contractProblems(served, committed);
  if (process.argv.includes('--check')) {
    const stale = serialiseDocument(served) !== serialiseDocument(committed);
    if (stale)
      console.error('openapi.json differs from the served document: review the change, then run npm run openapi');
    if (broken.length) console.error(`The contract gate refuses (/api/v1):\n  ${broken.join('\n  ')}`);
    if (stale || broken.length) process.exit(1);
    console.log('openapi.json is the served document, and keeps the released contract');
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
