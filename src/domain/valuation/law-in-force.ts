import type { Purpose, Statute } from '../../contract/vocabulary.js';

/**
 * The law a valuation serves (docs/statutes.md, The law in force). Pure; no clock: the transaction's
 * date decides, not the report's.
 *
 * The Income-tax Act, 2025 repealed the Income-tax Act, 1961 (s.536(1)); s.536(2) keeps the repealed
 * Act for anything done in respect of a tax year beginning before 1 April 2026. A tax year begins on
 * 1 April, so a receipt or transfer made on or after 1 April 2026 falls under the 2025 Act and the
 * Income-tax Rules, 2026, and one made before it under the 1961 Act and the Income-tax Rules, 1962.
 */
export { INCOME_TAX_ACT_2025_FROM } from '../../contract/vocabulary.js';
import { INCOME_TAX_ACT_2025_FROM } from '../../contract/vocabulary.js';

export const ACTS = [
  'INCOME_TAX_ACT_2025',
  'INCOME_TAX_ACT_1961',
  'COMPANIES_ACT_2013',
  'FOREIGN_EXCHANGE_MANAGEMENT_ACT_1999',
  'INSOLVENCY_AND_BANKRUPTCY_CODE_2016',
] as const;
export type Act = (typeof ACTS)[number];

export const ACT_TITLE: Record<Act, string> = {
  INCOME_TAX_ACT_2025: 'Income-tax Act, 2025',
  INCOME_TAX_ACT_1961: 'Income-tax Act, 1961',
  COMPANIES_ACT_2013: 'Companies Act, 2013',
  FOREIGN_EXCHANGE_MANAGEMENT_ACT_1999: 'Foreign Exchange Management Act, 1999',
  INSOLVENCY_AND_BANKRUPTCY_CODE_2016: 'Insolvency and Bankruptcy Code, 2016',
};

/** The Act, its sections and the subordinate rules or regulations a valuation is made under. */
export interface LegalBasis {
  act: Act;
  /** Sections of the Act, e.g. "s.92(2)(m)(iii)". */
  provisions: string[];
  /** Rules or regulations, each with the instrument's name, e.g. "Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4)". */
  rules: string[];
  /** Where a provision the valuation would otherwise cite does not reach the transaction: what applies instead. */
  note?: string;
}

/**
 * s.56(2)(viib) reaches only consideration received before this date. The Finance (No. 2) Act, 2024
 * inserted a proviso that the clause "shall not apply on or after the 1st day of April, 2025": an
 * amendment in force from 1 April 2025 governs assessment year 2025-26, whose previous year began on
 * 1 April 2024. The test is the date of the issue (the transaction date), never the valuation date
 * (docs/statutes.md, The law in force).
 */
export const S56_2_VIIB_SUNSET = '2024-04-01';

/** Whether s.56(2)(viib) reaches an issue of shares made on `transactionDate` (YYYY-MM-DD). */
export function s56viibApplies(transactionDate: string): boolean {
  return transactionDate < S56_2_VIIB_SUNSET;
}

/**
 * The legal basis's note for an issue s.56(2)(viib) no longer reaches (docs/statutes.md, The s.56(2)(viib)
 * sunset): no income-tax provision sets a floor or ceiling on the issue price.
 */
export function issueOutsideViibNote(transactionDate: string): string {
  return `Section 56(2)(viib) of the Income-tax Act, 1961 does not reach consideration received on or after 1 April 2024 (the proviso inserted by the Finance (No. 2) Act, 2024, from assessment year 2025-26); the issue is dated ${transactionDate}, so no income-tax floor or ceiling applies to the issue price, and the Rule 11UA(2) value is reported for information only. The subscriber's receipt of the shares remains within section 56(2)(x) (Rule 11UA(1)(c)(b)), valued as a transfer or receipt.`;
}

export type IncomeTaxRegime = 'INCOME_TAX_ACT_2025' | 'INCOME_TAX_ACT_1961';

/** The Income-tax Act that governs a transaction made on `transactionDate` (YYYY-MM-DD). */
export function incomeTaxRegime(transactionDate: string): IncomeTaxRegime {
  return transactionDate >= INCOME_TAX_ACT_2025_FROM ? 'INCOME_TAX_ACT_2025' : 'INCOME_TAX_ACT_1961';
}

export const RULE_57_SL_4 = 'Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4)';
export const RULE_56 = 'Income-tax Rules, 2026, Rule 56';

/**
 * Why an issue of shares has no income-tax basis on or after 1 April 2026 (400 no_provision_in_force);
 * null where the engagement has one.
 */
export function noProvisionInForce(
  statute: Statute,
  purpose: string | null | undefined,
  transactionDate: string,
): string | null {
  if (
    statute !== 'RULE_11UA' ||
    purpose !== 'ISSUE_OF_SHARES' ||
    incomeTaxRegime(transactionDate) !== 'INCOME_TAX_ACT_2025'
  )
    return null;
  return `An issue of shares on ${transactionDate} falls in a tax year beginning on or after 1 April 2026, governed by the Income-tax Act, 2025: that Act has no counterpart of section 56(2)(viib) of the 1961 Act, and Rule 57 of the Income-tax Rules, 2026 has no discounted cash flow alternative, so no income-tax provision asks for this valuation. Value the subscriber's receipt under section 92(2)(m) of the 2025 Act instead (purpose TRANSFER_OR_RECEIPT), or the issue under the Companies Act (COMPANIES_ACT_SEC_62) or FEMA (FEMA_RBI). An issue made before 1 April 2026 may be valued under the 1961 Act: give its transactionDate.`;
}

/**
 * The legal basis of a valuation. For Rule 11UA the transaction's tax year picks the Act; the
 * purpose picks its sections (without a purpose, every one the valuation reports).
 */
export function legalBasisOf(
  statute: Statute,
  purpose: Purpose | null,
  transactionDate: string,
  issueByDcf = false,
): LegalBasis {
  switch (statute) {
    case 'RULE_11UA': {
      if (incomeTaxRegime(transactionDate) === 'INCOME_TAX_ACT_2025') {
        return {
          act: 'INCOME_TAX_ACT_2025',
          provisions: ['s.92(2)(m)(iii)', 's.79 read with s.72'],
          rules: [RULE_57_SL_4, RULE_56],
        };
      }
      // An issue after s.56(2)(viib)'s sunset cites nothing for the issue: no provision limits its price.
      const showsIssue = purpose !== 'TRANSFER_OR_RECEIPT';
      const issue = showsIssue && s56viibApplies(transactionDate);
      const transfer = purpose !== 'ISSUE_OF_SHARES';
      return {
        act: 'INCOME_TAX_ACT_1961',
        ...(showsIssue && !issue && { note: issueOutsideViibNote(transactionDate) }),
        provisions: [...(issue ? ['s.56(2)(viib)'] : []), ...(transfer ? ['s.56(2)(x)', 's.50CA'] : [])],
        rules: [
          ...(issue ? [`Income-tax Rules, 1962, Rule 11UA(2)(${issueByDcf ? 'b' : 'a'})`] : []),
          ...(transfer ? ['Income-tax Rules, 1962, Rule 11UA(1)(c)(b)', 'Income-tax Rules, 1962, Rule 11UAA'] : []),
          ...(issue || transfer ? ['Income-tax Rules, 1962, Rule 11U'] : []),
        ],
      };
    }
    case 'COMPANIES_ACT_SEC_62':
      return {
        act: 'COMPANIES_ACT_2013',
        provisions: ['s.62(1)(c)', 's.247'],
        rules: [
          'Companies (Share Capital and Debentures) Rules, 2014, Rule 13',
          'Companies (Registered Valuers and Valuation) Rules, 2017, Rule 8',
        ],
      };
    case 'FEMA_RBI': {
      const clause: Record<string, string> = {
        ISSUE_TO_NON_RESIDENT: '(a)',
        TRANSFER_RESIDENT_TO_NON_RESIDENT: '(b)',
        TRANSFER_NON_RESIDENT_TO_RESIDENT: '(c)',
      };
      return {
        act: 'FOREIGN_EXCHANGE_MANAGEMENT_ACT_1999',
        provisions: [],
        rules: [
          `Foreign Exchange Management (Non-Debt Instruments) Rules, 2019, Rule 21(2)${purpose ? (clause[purpose] ?? '') : ''}`,
        ],
      };
    }
    case 'IBC_LIQUIDATION':
      return {
        act: 'INSOLVENCY_AND_BANKRUPTCY_CODE_2016',
        // The regulations that have the valuers appointed and say what they value (docs/ibc-valuation.md): CIRP Reg 27
        // and Reg 35, or Liquidation Reg 35. Section 53 orders the distribution of the proceeds, which this valuation
        // does not make, so it is no basis of the value.
        provisions: [],
        rules: [
          purpose === 'LIQUIDATION_REALISABLE_VALUE'
            ? 'Insolvency and Bankruptcy Board of India (Liquidation Process) Regulations, 2016, Reg 35'
            : 'Insolvency and Bankruptcy Board of India (Insolvency Resolution Process for Corporate Persons) Regulations, 2016, Reg 27 and Reg 35',
        ],
      };
  }
}
