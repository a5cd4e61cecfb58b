// The valuation CLI (src/cli/value.ts) run as a person runs it, from the repository's root.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export function runCli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/value.ts', ...args], { cwd: root, encoding: 'utf8' });
}

/** The CLI's arguments: a financials file (a fixture's name, or a path) valued at `wacc` and `growth`, then `more`. */
export const cliArgs = (file: string, wacc: string, growth: string, ...more: string[]) => [
  file.includes('/') ? file : `test/fixtures/financials/${file}`,
  '--wacc',
  wacc,
  '--growth',
  growth,
  ...more,
];
