/**
 * The transaction decides the law (docs/statutes.md, The law in force): three worked examples of the
 * unquoted-equity NAV, each on its own balance sheet, computed by hand in exact decimals (half-up to
 * the paisa only at the end). The sample company is in LAKHS: 1 lakh = ₹1,00,000.
 *
 *  - a receipt on 30 June 2026: Income-tax Act, 2025, s.92(2)(m)(iii), Rule 57 (Table, Sl. No. 4);
 *  - a transfer on 28 February 2026: Income-tax Act, 1961, s.50CA, Rule 11UA(1)(c)(b);
 *  - a transfer on 1 April 2026: Income-tax Act, 2025, s.79, Rule 57 (Table, Sl. No. 4).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation, ValuationInputError } from '../../../src/domain/valuation/engine.js';
import {
  incomeTaxRegime,
  issueOutsideViibNote,
  legalBasisOf,
  noProvisionInForce,
} from '../../../src/domain/valuation/law-in-force.js';
import { legalBasisSentence } from '../../../src/reports/statute-text.js';
import { judgementErrors } from '../../../src/domain/valuation/judgement.js';
import { assertLines, loadDocument, method, normalised } from './helpers.js';
import {
  RECEIPT_30_JUNE_2026,
  TRANSFER_1_APRIL_2026,
  TRANSFER_28_FEB_2026,
  type WorkedExample,
} from '../../fixtures/law-in-force.js';

/** The sample company with its NAV adjustments replaced, at the given balance-sheet date. */
function company(balanceSheetDate: string, adjustments: Record<string, number>) {
  const doc = loadDocument('sample-company.json');
  doc.balanceSheetDate = balanceSheetDate;
  // Projections start with the fiscal year holding the day after the balance sheet (FY2027 after 30 June
  // 2026, FY2026 after 28 February 2026): valued on the balance-sheet date, the first year is a stub.
  const firstYear = Number(balanceSheetDate.slice(0, 4)) + (balanceSheetDate.slice(5) >= '03-31' ? 1 : 0);
  doc.projections.forEach((p: { year: string }, i: number) => {
    p.year = `FY${firstYear + i}`;
  });
  Object.assign(doc.navAdjustments, adjustments);
  return normalised(doc);
}

const value = (
  ex: WorkedExample,
  engagement: {
    valuationDate: string;
    transactionDate?: string;
    purpose?: 'TRANSFER_OR_RECEIPT' | 'ISSUE_OF_SHARES' | null;
    proposedPricePerShare?: string;
  },
) =>
  computeValuation({
    financials: company(ex.balanceSheetDate, ex.adjustments),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', ...engagement },
  });

const OLD_REGIME = /11UA|11U\b|56\(2\)|50CA|Income-tax Act, 1961|Income-tax Rules, 1962/;
const NEW_REGIME = /Rule 57|Rule 56|92\(2\)\(m\)|s\.79\b|section 79|Income-tax Act, 2025|Income-tax Rules, 2026/;

test("the regime follows the transaction's tax year: 31 March 2026 is the 1961 Act, 1 April 2026 the 2025 Act", () => {
  assert.equal(incomeTaxRegime('2026-03-31'), 'INCOME_TAX_ACT_1961');
  assert.equal(incomeTaxRegime('2026-04-01'), 'INCOME_TAX_ACT_2025');
  assert.equal(incomeTaxRegime('2026-06-30'), 'INCOME_TAX_ACT_2025');
  assert.deepEqual(legalBasisOf('COMPANIES_ACT_SEC_62', null, '2026-06-30').act, 'COMPANIES_ACT_2013');
  assert.deepEqual(legalBasisOf('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', '2026-06-30').rules, [
    'Foreign Exchange Management (Non-Debt Instruments) Rules, 2019, Rule 21(2)(a)',
  ]);
});

test('worked example: a receipt on 30 June 2026 is valued under Rule 57 (Table, Sl. No. 4) for s.92(2)(m)(iii)', () => {
  // Valued as at the receipt, with projections in the fixture: Rule 57 has no DCF, so none is computed.
  const result = value(RECEIPT_30_JUNE_2026, {
    valuationDate: '2026-06-30',
    transactionDate: '2026-06-30',
    proposedPricePerShare: '110.00',
  });
  assert.deepEqual(
    result.methods.map((m) => m.method),
    ['NAV_RULE_57'],
  );
  assert.equal(result.sensitivity, undefined);
  const nav = method(result, 'NAV_RULE_57');
  assert.match(nav.title, /^Net asset value under Rule 57 \(Table, Sl\. No\. 4\) of the Income-tax Rules, 2026/);
  assertLines(nav, [
    ['Total assets as per balance sheet (book value)', '175000000.00'], // 1750 lakhs
    ['Less: jewellery and artistic work (book value)', '-400000.00'], // 4
    ['Less: shares and securities (book value)', '-8000000.00'], // 80
    ['Less: immovable property (book value)', '-40000000.00'], // 400
    ['Less: income-tax paid, net of refund claimed', '-1200000.00'], // 12
    ['Less: unamortised expenditure and other amounts that are not assets', '-500000.00'], // 5
    ['A', '124900000.00'], // 1750 − 4 − 80 − 400 − 12 − 5 = 1249 lakhs
    ['B: jewellery and artistic work at open-market value (registered valuer)', '725000.00'], // 7.25
    ['C: shares and securities at fair market value', '10137000.00'], // 101.37
    ['D: immovable property at stamp-duty value', '53350000.00'], // 533.5
    ['L', '79000000.00'], // 1750 − 100 − 850 − 10 = 790
    ['(A + B + C + D − L)', '110112000.00'], // 1249 + 7.25 + 101.37 + 533.5 − 790 = 1101.12 lakhs
    ['Fair market value per share = (A + B + C + D − L) × PV / PE', '110.11'], // 110112000 × 10 / 10000000 = 110.112
  ]);
  assert.equal(result.conclusion.valuePerShare, '110.11');
  assert.equal(result.conclusion.floorOrCeiling, 'FLOOR');
  assert.deepEqual(result.legalBasis, {
    act: 'INCOME_TAX_ACT_2025',
    provisions: ['s.92(2)(m)(iii)', 's.79 read with s.72'],
    rules: ['Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4)', 'Income-tax Rules, 2026, Rule 56'],
  });
  // 110.00 < 110.11: the receipt is below FMV by ₹0.11 a share (110.00 − 110.112 = −0.112).
  const t = result.compliance!.tests;
  assert.equal(t.length, 1);
  assert.equal(t[0].passes, false);
  assert.equal(t[0].margin, '-0.11');
  assert.match(t[0].rule, /^Income-tax Act, 2025 s\.92\(2\)\(m\)\(iii\), and s\.79 read with s\.72; Rule 57/);
  assert.deepEqual(
    result.warnings.map((w) => w.code),
    [],
  );
  // Nothing the engine says for this receipt cites the repealed law.
  assert.doesNotMatch(JSON.stringify({ ...result, statute: undefined, legalBasis: undefined }), OLD_REGIME);
});

test('worked example: a transfer on 28 February 2026 stays under the 1961 Act, Rule 11UA(1)(c)(b) and s.50CA', () => {
  const result = value(TRANSFER_28_FEB_2026, { valuationDate: '2026-02-28' });
  assert.equal(result.transactionDate, '2026-02-28'); // the valuation date, as none was given
  assert.deepEqual(
    result.methods.map((m) => m.method),
    ['NAV_11UA_1CB', 'DCF'],
  );
  assertLines(method(result, 'NAV_11UA_1CB'), [
    ['Total assets as per balance sheet (book value)', '175000000.00'],
    ['Less: shares and securities (book value)', '-8000000.00'],
    ['Less: immovable property (book value)', '-40000000.00'],
    ['Less: income-tax paid, net of refund claimed', '-1200000.00'],
    ['Less: unamortised expenditure and other amounts that are not assets', '-750000.00'], // 7.5
    ['A', '125050000.00'], // 1750 − 80 − 400 − 12 − 7.5 = 1250.5 lakhs
    ['C: shares and securities at fair market value', '8880000.00'], // 88.8
    ['D: immovable property at stamp-duty value', '45555000.00'], // 455.55
    ['Less: provision for taxation in excess of tax payable on book profits', '-300000.00'], // 3
    ['Less: provisions for liabilities other than ascertained liabilities', '-1240000.00'], // 12.4
    ['L', '78460000.00'], // 1750 − 100 − 850 − 3 − 12.4 = 784.6 lakhs
    ['(A + B + C + D − L)', '101025000.00'], // 1250.5 + 0 + 88.8 + 455.55 − 784.6 = 1010.25 lakhs
    ['Fair market value per share = (A + B + C + D − L) × PV / PE', '101.03'], // 101.025, half-up
  ]);
  assert.equal(result.conclusion.valuePerShare, '101.03');
  assert.deepEqual(result.legalBasis, {
    act: 'INCOME_TAX_ACT_1961',
    provisions: ['s.56(2)(x)', 's.50CA'],
    rules: [
      'Income-tax Rules, 1962, Rule 11UA(1)(c)(b)',
      'Income-tax Rules, 1962, Rule 11UAA',
      'Income-tax Rules, 1962, Rule 11U',
    ],
  });
  // The valuation's law is the 1961 Act's; only the DCF shown for information cites, for its projection
  // years from FY2027 (tax years from 1 April 2026), the 2025 Act's loss carry-forward, s.112.
  const dcf = result.methods.find((m) => m.method === 'DCF')!;
  assert.deepEqual(
    dcf.lines.filter((l) => l.label.endsWith('Loss brought forward')).map((l) => l.note),
    [
      "s.72: earlier projection years' losses", // FY2026: the tax year from 1 April 2025
      ...['FY2027', 'FY2028', 'FY2029', 'FY2030'].map(() => "s.112: earlier projection years' losses"),
    ],
  );
  const tax = result.conventions.statements.find((x) => x.startsWith('Tax ('))!;
  assert.match(
    tax,
    /^Tax \(s\.72 of the Income-tax Act, 1961 \(FY2026\) and s\.112 of the Income-tax Act, 2025 \(FY2027–FY2030\), by each projection year's tax year\)/,
  );
  const rest = {
    ...result,
    methods: result.methods.filter((m) => m.method !== 'DCF'),
    conventions: { ...result.conventions, statements: result.conventions.statements.filter((x) => x !== tax) },
  };
  assert.doesNotMatch(JSON.stringify(rest), NEW_REGIME);
});

test('worked example: a transfer on 1 April 2026 is valued under Rule 57 for s.79; the Rule 56 balance sheet is flagged', () => {
  const result = value(TRANSFER_1_APRIL_2026, { valuationDate: '2026-04-01', transactionDate: '2026-04-01' });
  assert.deepEqual(
    result.methods.map((m) => m.method),
    ['NAV_RULE_57'],
  );
  assertLines(method(result, 'NAV_RULE_57'), [
    ['A', '125300000.00'], // 1750 − 80 − 400 − 12 − 5 = 1253 lakhs
    ['C: shares and securities at fair market value', '9240000.00'], // 92.4
    ['D: immovable property at stamp-duty value', '61000000.00'], // 610
    ['Less: dividends set apart but not declared', '-1500000.00'], // 15
    ['Add: arrears of dividends on cumulative preference shares', '660000.00'], // 6.6, kept in L by item (vi)
    ['L', '78160000.00'], // 1750 − 100 − 850 − 15 − 10 + 6.6 = 781.6 lakhs
    ['(A + B + C + D − L)', '117380000.00'], // 1253 + 92.4 + 610 − 781.6 = 1173.8 lakhs
    ['Fair market value per share = (A + B + C + D − L) × PV / PE', '117.38'],
  ]);
  assert.equal(result.conclusion.valuePerShare, '117.38');
  assert.equal(result.legalBasis?.act, 'INCOME_TAX_ACT_2025');
  const bs = result.warnings.find((w) => w.code === 'NAV_BALANCE_SHEET_NOT_AT_VALUATION_DATE');
  assert.match(
    bs!.message,
    /^Rule 56 of the Income-tax Rules, 2026 defines the balance sheet as audited and drawn up on the valuation date/,
  );
  assert.doesNotMatch(JSON.stringify({ ...result, statute: undefined, legalBasis: undefined }), OLD_REGIME);
});

test('a receipt valued as at another date than the transaction warns VALUATION_DATE_NOT_TRANSACTION_DATE naming the rule of its regime', () => {
  const after = value(RECEIPT_30_JUNE_2026, { valuationDate: '2026-06-30', transactionDate: '2026-07-15' });
  const w = after.warnings.find((x) => x.code === 'VALUATION_DATE_NOT_TRANSACTION_DATE');
  assert.match(
    w!.message,
    /Rule 56 of the Income-tax Rules, 2026 defines the valuation date as the date of the receipt \(s\.92\) or of the transfer \(s\.79\)/,
  );
  const before = value(TRANSFER_28_FEB_2026, { valuationDate: '2026-02-28', transactionDate: '2026-03-10' });
  assert.match(
    before.warnings.find((x) => x.code === 'VALUATION_DATE_NOT_TRANSACTION_DATE')!.message,
    /Rule 11U\(j\).*Rule 11UAA/,
  );
  // The transaction date, not the valuation date, picks the law: a valuation as at 31 March 2026 for a
  // transfer on 2 April 2026 is a Rule 57 valuation.
  const crossing = value(TRANSFER_1_APRIL_2026, { valuationDate: '2026-03-31', transactionDate: '2026-04-02' });
  assert.equal(crossing.legalBasis?.act, 'INCOME_TAX_ACT_2025');
  assert.ok(crossing.warnings.some((x) => x.code === 'VALUATION_DATE_NOT_TRANSACTION_DATE'));
});

test('FEMA and s.62: a valuation date more than 90 days before the transaction is VALUATION_DATE_STALE; 90 days is not', () => {
  const fema = (transactionDate: string) =>
    computeValuation({
      financials: normalised(loadDocument('sample-company.json')),
      assumptions: { wacc: 12, terminalGrowthRate: 4 },
      engagement: {
        statute: 'FEMA_RBI',
        purpose: 'ISSUE_TO_NON_RESIDENT',
        valuationDate: '2026-03-31',
        transactionDate,
      },
    });
  assert.ok(!fema('2026-06-29').warnings.some((w) => w.code === 'VALUATION_DATE_STALE')); // 90 days
  const stale = fema('2026-06-30').warnings.find((w) => w.code === 'VALUATION_DATE_STALE'); // 91 days
  // In words: the dates as a person reads them, the issue as proposed.
  assert.match(
    stale!.message,
    /^The valuation date, 31 March 2026, is 91 days before the proposed issue date, 30 June 2026: more than 90 days\..*RBI Master Direction/,
  );
  assert.doesNotMatch(stale!.message, /\d{4}-\d{2}-\d{2}/);
  const s62 = computeValuation({
    financials: normalised(loadDocument('sample-company.json')),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31', transactionDate: '2026-09-30' },
  });
  assert.match(
    s62.warnings.find((w) => w.code === 'VALUATION_DATE_STALE')!.message,
    /183 days before the date of the allotment, 30 September 2026.*fix no validity period/,
  );
});

test('an issue of shares from 1 April 2026 has no provision in force: the engine refuses it, naming both facts and the alternatives', () => {
  assert.equal(noProvisionInForce('RULE_11UA', 'ISSUE_OF_SHARES', '2026-03-31'), null);
  assert.equal(noProvisionInForce('RULE_11UA', 'TRANSFER_OR_RECEIPT', '2026-06-30'), null);
  const why = noProvisionInForce('RULE_11UA', 'ISSUE_OF_SHARES', '2026-04-01')!;
  for (const fact of [
    /no counterpart of section 56\(2\)\(viib\)/,
    /no discounted cash flow alternative/,
    /section 92\(2\)\(m\)/,
    /TRANSFER_OR_RECEIPT/,
    /COMPANIES_ACT_SEC_62/,
    /FEMA_RBI/,
  ]) {
    assert.match(why, fact);
  }
  assert.throws(
    () => value(RECEIPT_30_JUNE_2026, { valuationDate: '2026-06-30', purpose: 'ISSUE_OF_SHARES' }),
    (err: unknown) => err instanceof ValuationInputError && err.code === 'NO_PROVISION_IN_FORCE',
  );
  // An issue on 28 February 2026 is valued under the 1961 Act's Rule 11UA(2), for information: s.56(2)(viib)
  // no longer reaches it (below), so the legal basis cites no provision for it.
  const old = value(TRANSFER_28_FEB_2026, { valuationDate: '2026-02-28', purpose: 'ISSUE_OF_SHARES' });
  assert.equal(old.legalBasis?.act, 'INCOME_TAX_ACT_1961');
  assert.deepEqual(old.legalBasis?.provisions, []);
  assert.match(old.legalBasis?.note ?? '', /no income-tax floor or ceiling applies to the issue price/);
});

test('the legal basis of an issue on each side of 1 April 2024: s.56(2)(viib) before it, no income-tax floor or ceiling from it', () => {
  assert.deepEqual(legalBasisOf('RULE_11UA', 'ISSUE_OF_SHARES', '2024-03-31'), {
    act: 'INCOME_TAX_ACT_1961',
    provisions: ['s.56(2)(viib)'],
    rules: ['Income-tax Rules, 1962, Rule 11UA(2)(a)', 'Income-tax Rules, 1962, Rule 11U'],
  });
  assert.deepEqual(legalBasisOf('RULE_11UA', 'ISSUE_OF_SHARES', '2024-04-01'), {
    act: 'INCOME_TAX_ACT_1961',
    provisions: [],
    rules: [],
    note: issueOutsideViibNote('2024-04-01'),
  });
  assert.match(
    issueOutsideViibNote('2024-04-01'),
    /the issue is dated 2024-04-01, so no income-tax floor or ceiling applies/,
  );
  // Without a purpose the transfer's provisions stand and the issue carries the note.
  const both = legalBasisOf('RULE_11UA', null, '2024-04-01');
  assert.deepEqual(both.provisions, ['s.56(2)(x)', 's.50CA']);
  assert.deepEqual(both.rules, [
    'Income-tax Rules, 1962, Rule 11UA(1)(c)(b)',
    'Income-tax Rules, 1962, Rule 11UAA',
    'Income-tax Rules, 1962, Rule 11U',
  ]);
  assert.equal(both.note, issueOutsideViibNote('2024-04-01'));
  assert.equal(legalBasisOf('RULE_11UA', null, '2024-03-31').note, undefined);
  assert.equal(legalBasisOf('RULE_11UA', 'TRANSFER_OR_RECEIPT', '2024-04-01').note, undefined, 'a transfer is reached');
  // The report's sentence says so where nothing is cited.
  assert.equal(
    legalBasisSentence(legalBasisOf('RULE_11UA', 'ISSUE_OF_SHARES', '2024-04-01')).split('. ')[0],
    'Income-tax Act, 1961: no provision sets a floor or ceiling on the price',
  );
});

test('under Rule 57 the only weight is NAV_RULE_57 at 100% and no discount may be applied', () => {
  const j = {
    methodWeights: { NAV_11UA_1CB: '100' },
    weightsRationale: 'The rule prescribes the formula for this transfer.',
  };
  assert.match(
    judgementErrors('RULE_11UA', 'TRANSFER_OR_RECEIPT', j, false, '2026-06-30')[0].message,
    /weigh only NAV_RULE_57/,
  );
  assert.deepEqual(
    judgementErrors(
      'RULE_11UA',
      'TRANSFER_OR_RECEIPT',
      { ...j, methodWeights: { NAV_RULE_57: '100' } },
      false,
      '2026-06-30',
    ),
    [],
  );
  const discount = judgementErrors(
    'RULE_11UA',
    'TRANSFER_OR_RECEIPT',
    { dlomPercent: '10', dlomRationale: 'Minority stake with no exit in sight.' },
    false,
    '2026-06-30',
  );
  assert.match(discount[0].message, /Rule 57 \(Table, Sl\. No\. 4\).*no discount/);
});
