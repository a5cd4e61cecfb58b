import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs, root, runCli } from '../../helpers/cli.js';
import { ibcHeadline } from '../../fixtures/liquidation.js';

test('CLI prints methods, conclusion, sensitivity grid and warnings', () => {
  const run = runCli(
    cliArgs('sample-company.json', '12', '4', '--statute', 'FEMA_RBI', '--purpose', 'ISSUE_TO_NON_RESIDENT'),
  );
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /== DCF: /);
  assert.match(run.stdout, /Enterprise value\s+32,45,47,040\.57/);
  assert.match(run.stdout, /Value per share: ₹302\.55 \(floor\)/);
  assert.match(run.stdout, /^12\s+274\.25\s+287\.57\s+302\.55\s+319\.53\s+338\.93$/m);
  assert.match(run.stdout, /== Warnings\nnone/);
});

test('CLI reports rejected financials and refusals with non-zero exit codes', () => {
  const refused = runCli(cliArgs('sample-company.json', '4', '4'));
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /refused \(GROWTH_NOT_BELOW_WACC\)/);
  const usage = runCli(['test/fixtures/financials/sample-company.json']);
  assert.equal(usage.status, 64);
});

// The JSON output carries the statutory corrections and the warning codes exactly as named.
function json(args: string[]) {
  const run = runCli([...args, '--json']);
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

test('CLI --json: NAV_11UA_2A includes the arrears of cumulative preference dividend in L; S56_2_VIIB_NOT_APPLICABLE', () => {
  const r = json(cliArgs('arrears-company.json', '12', '4', '--statute', 'RULE_11UA', '--purpose', 'ISSUE_OF_SHARES'));
  const nav = r.methods.find((m: { method: string }) => m.method === 'NAV_11UA_2A');
  const line = (label: string) => nav.lines.find((l: { label: string }) => l.label === label)?.value;
  assert.equal(line('Add: arrears of dividends on cumulative preference shares'), '15000000.00');
  assert.equal(line('L'), '94000000.00'); // 790 + 150 lakhs
  assert.equal(nav.valuePerShare, '79.30');
  // The valuation date (and so the date) defaults to the balance sheet date, 31-3-2026: on or after 1-4-2024.
  assert.ok(r.warnings.some((w: { code: string }) => w.code === 'S56_2_VIIB_NOT_APPLICABLE'));
  // An issue on 31-3-2024, before s.56(2)(viib) stopped reaching consideration received from 1-4-2024: the
  // same company two years earlier, its projections from FY2025 (docs/valuation-method.md, Stub period).
  const earlier = join(mkdtempSync(join(tmpdir(), 'vs-cli-')), 'arrears-fy2025.json');
  const doc = JSON.parse(readFileSync(join(root, 'test/fixtures/financials/arrears-company.json'), 'utf8'));
  writeFileSync(
    earlier,
    JSON.stringify({
      ...doc,
      balanceSheetDate: '2024-03-31',
      projections: doc.projections.map((p: { year: string }, i: number) => ({ ...p, year: `FY${2025 + i}` })),
    }),
  );
  const before = json(
    cliArgs(
      earlier,
      '12',
      '4',
      '--statute',
      'RULE_11UA',
      '--purpose',
      'ISSUE_OF_SHARES',
      '--valuation-date',
      '2024-03-31',
    ),
  );
  assert.ok(!before.warnings.some((w: { code: string }) => w.code === 'S56_2_VIIB_NOT_APPLICABLE'));
  assert.equal(before.conclusion.floorOrCeiling, 'CEILING');
});

test('CLI --json: DCF lines carry the loss brought forward, set off and carried forward', () => {
  // Balance sheet at 31-12-2025, projections from FY2027: valued on 31-3-2026, the day before they start.
  const r = json(
    cliArgs('startup-negative-fcff.json', '18', '6', '--statute', 'FEMA_RBI', '--valuation-date', '2026-03-31'),
  );
  const dcf = r.methods.find((m: { method: string }) => m.method === 'DCF');
  const line = (label: string) => dcf.lines.find((l: { label: string }) => l.label === label)?.value;
  assert.equal(line('FY2027 Less: tax on EBIT at 25.168%'), '0.00'); // a loss: no tax, no refund
  assert.equal(line('FY2027 Loss carried forward'), '210000.00');
  assert.equal(line('FY2028 Loss set off'), '-50000.00');
  assert.equal(line('FY2028 Loss carried forward'), '160000.00');
  assert.equal(line('FY2029 Loss brought forward'), '160000.00');
});

test('CLI --json: IBC equity is nil with the shortfall stated', () => {
  const r = json(cliArgs('ibc-shortfall.json', '12', '4', '--statute', 'IBC_LIQUIDATION'));
  assert.deepEqual(r.conclusion.fairValue, ibcHeadline('70000000.00', '0.00', '0.00', '10000000.00'));
  assert.deepEqual(r.conclusion.liquidationValue, ibcHeadline('40000000.00', '0.00', '0.00', '41000000.00'));
  const text = runCli(cliArgs('ibc-shortfall.json', '12', '4', '--statute', 'IBC_LIQUIDATION'));
  // The assets' total, nil to equity, the shortfall; no value per share (docs/statutes.md, IBC).
  assert.match(text.stdout, /Fair value\s+7,00,00,000\.00\s+0\.00\s+1,00,00,000\.00/);
  assert.doesNotMatch(text.stdout, /Value per share|Value\/share/);
});

test('CLI --json: RATES_LOOK_LIKE_FRACTIONS and WACC_GROWTH_SPREAD_NARROW', () => {
  const r = json(cliArgs('sample-company.json', '0.12', '0.04', '--statute', 'FEMA_RBI'));
  const codes = r.warnings.map((w: { code: string }) => w.code);
  assert.ok(codes.includes('RATES_LOOK_LIKE_FRACTIONS'));
  assert.ok(codes.includes('WACC_GROWTH_SPREAD_NARROW'));
  const narrow = json(cliArgs('sample-company.json', '12', '10.5', '--statute', 'FEMA_RBI'));
  assert.deepEqual(
    narrow.warnings
      .filter((w: { code: string }) => w.code.startsWith('RATES') || w.code.startsWith('WACC'))
      .map((w: { code: string }) => w.code),
    ['WACC_GROWTH_SPREAD_NARROW'],
  );
});

const WHY_DLOM = 'Unlisted minority stake with no exit route.';
/** The sample company at WACC 12 % and growth 4 % less a discount for lack of marketability, then `more`. */
const discounted = (dlom: string, ...more: string[]) =>
  cliArgs('sample-company.json', '12', '4', '--dlom', dlom, '--dlom-rationale', WHY_DLOM, ...more);
test('CLI: weights, discount and the proposed price', () => {
  const r = json(
    discounted(
      '15',
      '--statute',
      'COMPANIES_ACT_SEC_62',
      '--method-weights',
      'DCF=70,NAV=30',
      '--weights-rationale',
      'DCF leads: a going concern with reliable projections.',
      '--price',
      '204.11',
    ),
  );
  assert.equal(r.conclusion.valueBeforeDiscount, '240.13');
  assert.equal(r.conclusion.valuePerShare, '204.11');
  assert.equal(r.compliance.tests[0].passes, true);
  const text = runCli(discounted('15', '--statute', 'COMPANIES_ACT_SEC_62', '--price', '150'));
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /Discount for lack of marketability 15%/);
  assert.match(text.stdout, /== Compliance of the proposed price ₹150\.00/);
  const refused = runCli(discounted('10', '--statute', 'RULE_11UA', '--purpose', 'TRANSFER_OR_RECEIPT'));
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /refused \(DISCOUNT_NOT_PERMITTED\)/);
});

test('CLI prints the stub period and the cost-of-capital build-up; a WACC that differs from the build-up is refused', () => {
  const args = [
    'test/fixtures/financials/sample-company.json',
    '--growth',
    '5',
    '--statute',
    'FEMA_RBI',
    '--valuation-date',
    '2026-10-31',
    '--rf',
    '6.52',
    '--erp',
    '7.5',
    '--beta',
    '0.85',
    '--de',
    '0.25',
    '--tax-rate',
    '25.168',
    '--kd',
    '9.75',
    '--size-premium',
    '1.5',
    '--specific-premium',
    '2',
    '--coc-source',
    '10-year G-Sec yield 6.52 %',
  ];
  const run = runCli([...args, '--wacc', '15.5293']);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /Stub period: s = 0\.413699 \(151 of 365 days from the valuation date to 2027-03-31\)/);
  assert.match(run.stdout, /== Cost of capital \(source: 10-year G-Sec yield 6\.52 %\)/);
  assert.match(run.stdout, /Relevered beta\s+1\.009018/);
  assert.match(run.stdout, /Cost of equity Ke %\s+17\.587635/);
  assert.match(run.stdout, /WACC %\s+15\.529332/);
  const refused = runCli([...args, '--wacc', '15.5']);
  assert.equal(refused.status, 2);
  assert.match(
    refused.stderr,
    /refused \(WACC_MISMATCH\): The cost-of-capital build-up gives a WACC of 15\.529332% \(15\.5293% to 4 decimals\), not the 15\.5% stated/,
  );
});

test('CLI prints the dilution: basic, the instruments converted or exercised, and the fully diluted value', () => {
  const doc = JSON.parse(readFileSync(join(root, 'test/fixtures/financials/sample-company.json'), 'utf8'));
  doc.shareholding = [
    { holder: 'Promoters', instrument: 'EQUITY', number: 1000000, faceValue: 10 },
    { holder: 'ESOP 2022 grant', instrument: 'ESOP', number: 30000, faceValue: 10, exercisePrice: 150 },
  ];
  const file = join(mkdtempSync(join(tmpdir(), 'vs-cli-')), 'diluted.json');
  writeFileSync(file, JSON.stringify(doc));
  const run = runCli(cliArgs(file, '12', '4', '--statute', 'FEMA_RBI', '--valuation-date', '2026-03-31'));
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /Value per equity share \(basic\)\s+302\.55/);
  assert.match(run.stdout, /Exercised: ESOP 2022 grant \(employee stock options\) at ₹150\.00\s+30,000/);
  // (302547040.5723 + 30,000 × 150) / 10,30,000 = 298.1039
  assert.match(run.stdout, /Value per equity share \(fully diluted\)\s+298\.10/);
});
