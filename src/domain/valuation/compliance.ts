import { HUNDRED, dec, toPaise, toPlaces, type Dec } from './money.js';
import type { Compliance, ComplianceRelation, ComplianceTest, Conclusion, Purpose, Statute } from './types.js';
import { s56viibApplies } from './warnings.js';
import { incomeTaxRegime } from './law-in-force.js';

/**
 * The proposed price per share tested against the rule it must meet:
 * - Companies Act s.62(1)(c): price ≥ the registered valuer's value;
 * - FEMA NDI Rule 21(2)(a), (b) (issue or transfer resident → non-resident): price ≥ fair value;
 *   21(2)(c) (non-resident → resident): price ≤ fair value;
 * - Rule 11UA(2) issue: price ≤ FMV × 1.10 (the 10 % safe harbour of the 2023 amendment), noting
 *   that s.56(2)(viib) reaches only consideration received before 1 April 2024 (the date decides);
 * - Rule 11UA(1)(c)(b) transfer or receipt: a price below FMV has the s.56(2)(x) / s.50CA consequence.
 * IBC has no price test.
 */
export type { Compliance, ComplianceRelation, ComplianceTest } from './types.js';

export const SAFE_HARBOUR = dec('1.10');

function makeTest(
  purpose: Purpose | null,
  relation: ComplianceRelation,
  value: Dec,
  line: Dec,
  price: Dec,
  rule: string,
  test: string,
  applies: boolean,
  note: (passes: boolean, shortfall: string) => string,
): ComplianceTest {
  const margin = price.minus(line);
  const passes = relation === 'AT_LEAST' ? price.gte(line) : price.lte(line);
  return {
    purpose,
    rule,
    test,
    relation,
    valuePerShare: toPaise(value),
    linePerShare: toPaise(line),
    proposedPricePerShare: toPaise(price),
    passes,
    margin: toPaise(margin),
    marginPercent: line.isZero() ? '0.00' : toPlaces(margin.div(line).times(HUNDRED), 2),
    applies,
    note: note(passes, toPaise(margin.abs())),
  };
}

/**
 * The transfer-or-receipt floor under either Income-tax Act: below FMV, the recipient is taxed on the shortfall
 * and the seller is deemed to receive FMV. Only the sections and the recipient's threshold differ between Acts.
 */
function transferOrReceiptTest(
  v: Dec,
  price: Dec,
  law: { rule: string; receipt: string; transfer: string; threshold: string },
): ComplianceTest {
  return makeTest('TRANSFER_OR_RECEIPT', 'AT_LEAST', v, v, price, law.rule, 'price ≥ FMV', true, (ok, gap) =>
    ok
      ? `The price is not below FMV: neither ${law.receipt} nor ${law.transfer} is triggered.`
      : `The price is ₹${gap} per share below FMV: under ${law.receipt} the recipient is taxed on the shortfall (${law.threshold}), and under ${law.transfer} FMV is deemed the seller's full value of consideration.`,
  );
}

/** `conclusion` after weights and discount; values are read as the decimal strings it holds. */
export function complianceOf(
  statute: Statute,
  purpose: Purpose | null,
  valuationDate: string,
  conclusion: Conclusion,
  proposedPricePerShare: string | null,
  transactionDate: string = valuationDate,
  /** FEMA, an issue of a convertible: the conversion price per equity share fixed upfront. */
  conversionPricePerShare: string | null = null,
): Compliance | null {
  if (proposedPricePerShare === null && conversionPricePerShare === null) return null;
  const price = dec(proposedPricePerShare ?? conversionPricePerShare!);
  const tests: ComplianceTest[] = [];
  const valueFor = (p: Purpose | null): Dec | null => {
    // The concluded value (after weights and any discount) is the value for the engagement's purpose,
    // and for every direction of a FEMA fair value; Rule 11UA without a purpose concludes per purpose.
    if (conclusion.valuePerShare !== null && (p === purpose || statute !== 'RULE_11UA'))
      return dec(conclusion.valuePerShare);
    const entry = conclusion.byPurpose?.find((b) => b.purpose === p);
    if (entry) return dec(entry.valuePerShare);
    return conclusion.valuePerShare !== null ? dec(conclusion.valuePerShare) : null;
  };

  switch (statute) {
    case 'IBC_LIQUIDATION':
      return null;
    case 'COMPANIES_ACT_SEC_62': {
      const v = valueFor(null);
      if (v === null) return null;
      tests.push(
        makeTest(
          null,
          'AT_LEAST',
          v,
          v,
          price,
          'Companies Act, 2013 s.62(1)(c) read with Rule 13 of the Companies (Share Capital and Debentures) Rules, 2014',
          'price ≥ value per share determined by the registered valuer',
          true,
          (ok, gap) =>
            ok
              ? "The price is not below the value in the registered valuer's report."
              : `The price is ₹${gap} per share below the value; a preferential allotment at this price is not supported by this report.`,
        ),
      );
      break;
    }
    case 'FEMA_RBI': {
      const directions: [Purpose, ComplianceRelation, string][] = [
        ['ISSUE_TO_NON_RESIDENT', 'AT_LEAST', 'FEMA (Non-Debt Instruments) Rules, 2019, Rule 21(2)(a)'],
        ['TRANSFER_RESIDENT_TO_NON_RESIDENT', 'AT_LEAST', 'FEMA (Non-Debt Instruments) Rules, 2019, Rule 21(2)(b)'],
        ['TRANSFER_NON_RESIDENT_TO_RESIDENT', 'AT_MOST', 'FEMA (Non-Debt Instruments) Rules, 2019, Rule 21(2)(c)'],
      ];
      for (const [p, relation, rule] of directions) {
        if (purpose !== null && purpose !== p) continue;
        const v = valueFor(p);
        if (v === null) continue;
        // docs/statutes.md, FEMA: a convertible's conversion price, fixed upfront, may not be below the fair value at issue.
        if (p === 'ISSUE_TO_NON_RESIDENT' && conversionPricePerShare !== null) {
          tests.push(
            makeTest(
              p,
              'AT_LEAST',
              v,
              v,
              dec(conversionPricePerShare),
              'FEMA (Non-Debt Instruments) Rules, 2019, Rule 21 (convertible instruments: conversion price fixed upfront)',
              'conversion price ≥ fair value at issue',
              true,
              (ok, gap) =>
                ok
                  ? 'The conversion price is not below the fair value at the time of issue.'
                  : `The conversion price is ₹${gap} per share below the fair value at issue; the convertible would contravene the pricing guidelines.`,
            ),
          );
        }
        if (proposedPricePerShare === null) continue;
        tests.push(
          makeTest(
            p,
            relation,
            v,
            v,
            price,
            rule,
            relation === 'AT_LEAST' ? 'price ≥ fair value' : 'price ≤ fair value',
            true,
            (ok, gap) =>
              ok
                ? `The price meets the ${relation === 'AT_LEAST' ? 'floor' : 'ceiling'} set by fair value.`
                : `The price is ₹${gap} per share ${relation === 'AT_LEAST' ? 'below the fair value floor' : 'above the fair value ceiling'}; the transaction would contravene the pricing guidelines.`,
          ),
        );
      }
      break;
    }
    case 'RULE_11UA': {
      if (incomeTaxRegime(transactionDate) === 'INCOME_TAX_ACT_2025') {
        // Income-tax Act, 2025: no issuer provision; the receipt (s.92(2)(m)(iii)) and the transfer (s.79).
        const v = valueFor('TRANSFER_OR_RECEIPT');
        if (v !== null) {
          tests.push(
            transferOrReceiptTest(v, price, {
              rule: 'Income-tax Act, 2025 s.92(2)(m)(iii), and s.79 read with s.72; Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026',
              receipt: 's.92(2)(m)(iii)',
              transfer: 's.79',
              threshold: 'where it exceeds ₹50,000 in aggregate',
            }),
          );
        }
        break;
      }
      if (purpose !== 'TRANSFER_OR_RECEIPT') {
        const v = valueFor('ISSUE_OF_SHARES');
        if (v !== null) {
          const applies = s56viibApplies(transactionDate);
          tests.push(
            makeTest(
              'ISSUE_OF_SHARES',
              'AT_MOST',
              v,
              v.times(SAFE_HARBOUR),
              price,
              applies
                ? 'Income-tax Act, 1961 s.56(2)(viib) read with Rule 11UA(2) (10% safe harbour, Notification 81/2023)'
                : 'No income-tax floor or ceiling (s.56(2)(viib) does not reach consideration received on or after 1 April 2024); the Rule 11UA(2) test, for information',
              `price ≤ FMV × 1.10 (₹${toPaise(v)} × 1.10)`,
              applies,
              (ok, gap) => {
                const sunset = applies
                  ? ''
                  : ` Section 56(2)(viib) reaches only consideration received before 1 April 2024 (Finance (No. 2) Act, 2024, from assessment year 2025-26): for an issue dated ${transactionDate} the test has no tax consequence and is shown for information.`;
                return (
                  (ok
                    ? 'The issue price is within the safe harbour: it is accepted as fair market value.'
                    : `The issue price exceeds FMV × 1.10 by ₹${gap} per share; the consideration above FMV would be taxed as income of the company.`) +
                  sunset
                );
              },
            ),
          );
        }
      }
      if (purpose !== 'ISSUE_OF_SHARES') {
        const v = valueFor('TRANSFER_OR_RECEIPT');
        if (v !== null) {
          tests.push(
            transferOrReceiptTest(v, price, {
              rule: 'Income-tax Act, 1961 s.56(2)(x) and s.50CA read with Rules 11UA(1)(c)(b) and 11UAA',
              receipt: 's.56(2)(x)',
              transfer: 's.50CA',
              threshold: 'subject to the statutory threshold',
            }),
          );
        }
      }
      break;
    }
  }
  return tests.length > 0 ? { proposedPricePerShare: toPaise(price), tests } : null;
}
