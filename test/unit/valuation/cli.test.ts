import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function runCli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/value.ts', ...args], { cwd: root, encoding: 'utf8' });
}

test('CLI prints methods, conclusion, sensitivity grid and warnings', () => {
  const run = runCli(['test/fixtures/financials/sample-company.json', '--wacc', '12', '--growth', '4', '--statute', 'FEMA_RBI', '--purpose', 'ISSUE_TO_NON_RESIDENT']);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /== DCF: /);
  assert.match(run.stdout, /Enterprise value\s+32,45,47,040\.57/);
  assert.match(run.stdout, /Value per share: ₹302\.55 \(floor\)/);
  assert.match(run.stdout, /^12\s+274\.25\s+287\.57\s+302\.55\s+319\.53\s+338\.93$/m);
  assert.match(run.stdout, /== Warnings\nnone/);
});

test('CLI reports rejected financials and refusals with non-zero exit codes', () => {
  const refused = runCli(['test/fixtures/financials/sample-company.json', '--wacc', '4', '--growth', '4']);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /refused \(GROWTH_NOT_BELOW_WACC\)/);
  const usage = runCli(['test/fixtures/financials/sample-company.json']);
  assert.equal(usage.status, 64);
});
