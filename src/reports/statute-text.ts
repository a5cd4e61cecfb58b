/**
 * Statute-specific report wording (docs/statutes.md). Kept apart from layout so a reviewer can
 * check the legal text without reading drawing code. Only points marked verified or secondary in
 * docs/statutes.md are stated; unverified details (e.g. the 10 % safe harbour wording) are left out.
 */
import type { Statute } from '../domain/valuation/types.js';
import { ACT_TITLE, type LegalBasis } from '../domain/valuation/law-in-force.js';
import { s56viibApplies } from '../domain/valuation/warnings.js';
import { formatDate } from './format.js';

export interface StatuteSection {
  paragraphs: string[];
  /** Optional table: price rule by transaction. */
  table?: { header: string[]; rows: string[][] };
}

const S56_VIIB_SUNSET_TEXT =
  'Section 56(2)(viib) reaches only consideration received before 1 April 2024: the Finance ' +
  '(No. 2) Act, 2024 inserted a proviso that "the provisions of this clause shall not apply ' +
  'on or after the 1st day of April, 2025", which governs assessment year 2025-26 and so the ' +
  'consideration received in its previous year, from 1 April 2024. The test is the date of ' +
  'the issue, not the date of the valuation. As this issue is made on or after 1 April 2024, ' +
  'the fair market value under Rule 11UA(2) is reported for information only and is not a ' +
  'ceiling on the issue price for income-tax purposes.';

/**
 * Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026 for a receipt (s.92(2)(m)(iii)) or transfer
 * (s.79) under the Income-tax Act, 2025. Cites nothing of the repealed Act: the report serves the law
 * in force for the transaction's tax year.
 */
function rule57Text(transactionDate: string): StatuteSection {
  return {
    paragraphs: [
      `The transaction is dated ${formatDate(transactionDate)}, in a tax year beginning on or after 1 April 2026, so it is governed by the Income-tax Act, 2025 and the Income-tax Rules, 2026. Rule 57 of those Rules prescribes how the fair market value (FMV) of property is determined for the Act; for unquoted equity shares its Table, Sl. No. 4 prescribes a net asset value formula, which is the only method it provides.`,
      'Receipt, section 92(2)(m)(iii): where a person receives property other than immovable ' +
        'property, which includes unquoted shares, for a consideration that is less than its ' +
        'aggregate fair market value by an amount exceeding ₹50,000, the difference is income of ' +
        'the recipient, subject to the exclusions in section 92(3). FMV is therefore the floor on ' +
        'the consideration for the recipient.',
      'Transfer, section 79 read with section 72: where unquoted shares are transferred for a consideration less than ' +
        'their fair market value, the fair market value is deemed to be the full value of the ' +
        'consideration for the purposes of section 72, which computes capital gains, save for the persons excluded by section 79(2). ' +
        'FMV is therefore the floor on the consideration for the seller.',
      'Rule 57, Table, Sl. No. 4: FMV = (A + B + C + D − L) × PV / PE. A is the book value of the ' +
        'assets in the balance sheet other than jewellery, artistic work, shares, securities and ' +
        'immovable property, reduced by income-tax paid (net of refunds claimed) and by any amount ' +
        'shown as an asset that does not represent the value of any asset, including unamortised ' +
        'deferred expenditure. B is the price jewellery and artistic work would fetch in the open ' +
        "market, on a registered valuer's report; C is the fair market value of shares and " +
        'securities determined under the rule; D is the value adopted or assessable by a government ' +
        'authority for stamp duty on immovable property.',
      'L is the book value of liabilities excluding paid-up equity capital, dividends set apart ' +
        'but not declared, reserves and surplus (even if negative) other than those set apart ' +
        'towards depreciation, provision for taxation in excess of the tax payable on book profits, ' +
        'provisions for liabilities other than ascertained liabilities, and contingent liabilities ' +
        'other than arrears of dividends on cumulative preference shares; PE is the total paid-up ' +
        'equity share capital and PV the paid-up value of the shares being valued.',
      'Rule 56 of the Income-tax Rules, 2026 defines the terms the formula uses: the balance ' +
        'sheet is the balance sheet audited and drawn up on the valuation date; the valuation date ' +
        'is the date of the receipt (section 92) or of the transfer (section 79); a merchant banker ' +
        'is a Category I merchant banker registered with the Securities and Exchange Board of ' +
        'India.',
      'This report is issued for a receipt or transfer of unquoted equity shares under section ' +
        '92(2)(m)(iii), and section 79 read with section 72, for which the FMV under Rule 57, Table, ' +
        'Sl. No. 4 (which serves sections 26(2)(j), 72 and 92) is the ' +
        'floor on the consideration. The Income-tax Act, 2025 has no provision taxing a company on ' +
        "an issue of its shares above fair market value, so no issuer's value is reported.",
    ],
  };
}

/** Why a transaction before 1 April 2026 is valued under the repealed Act (s.536 of the Income-tax Act, 2025). */
function transitionParagraph(transactionDate: string): string {
  return `The transaction is dated ${formatDate(transactionDate)}, in a tax year beginning before 1 April 2026. The Income-tax Act, 2025 repealed the Income-tax Act, 1961 (section 536(1) of the 2025 Act), but section 536(2) keeps the repealed Act for anything done in respect of any tax year beginning before 1 April 2026. This valuation is therefore made under the Income-tax Act, 1961 and the Income-tax Rules, 1962, whatever the date of this report.`;
}

/** "Income-tax Act, 2025: s.92(2)(m)(iii), s.79; Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4); …". */
export function legalBasisSentence(basis: LegalBasis): string {
  const cited =
    basis.provisions.length === 0 && basis.rules.length === 0
      ? `${ACT_TITLE[basis.act]}: no provision sets a floor or ceiling on the price.`
      : [
          ACT_TITLE[basis.act] + (basis.provisions.length ? `: ${basis.provisions.join(', ')}` : ''),
          ...basis.rules,
        ].join('; ') + '.';
  // The note's ISO dates as the report writes dates.
  return basis.note ? `${cited} ${basis.note.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (d) => formatDate(d))}` : cited;
}

export function statuteText(
  statute: Statute,
  purpose: string | null,
  valuationDate = '',
  basis?: LegalBasis,
  transactionDate = valuationDate,
): StatuteSection {
  // The issue's date decides whether s.56(2)(viib) reaches it, never the valuation date.
  const viibSunset = !s56viibApplies(transactionDate);
  switch (statute) {
    case 'RULE_11UA':
      if (basis?.act === 'INCOME_TAX_ACT_2025') return rule57Text(transactionDate);
      return {
        paragraphs: [
          viibSunset
            ? 'Rule 11UA of the Income-tax Rules, 1962 prescribes how the fair market value (FMV) of ' +
              'unquoted equity shares is determined for sections 56(2)(x) and 50CA of the Income-tax Act, ' +
              '1961, and, for consideration received before 1 April 2024, for section 56(2)(viib). The ' +
              'rule provides two net asset value formulas, one for an issue of shares and one for a ' +
              'transfer or receipt; which one binds depends on the transaction.'
            : 'Rule 11UA of the Income-tax Rules, 1962 prescribes how the fair market value (FMV) of ' +
              'unquoted equity shares is determined for sections 56(2)(viib), 56(2)(x) and 50CA of the ' +
              'Income-tax Act, 1961. The rule provides two net asset value formulas, one for an issue of ' +
              'shares and one for a transfer or receipt; which one binds depends on the transaction.',
          `Issue of shares, Rule 11UA(2)(a): FMV = (A − L) × PV / PE. A is the book value of the assets in the balance sheet, reduced by tax paid as TDS, TCS or advance tax (net of refunds claimed) and by any amount shown as an asset that does not represent the value of any asset, including unamortised deferred expenditure. ${
            viibSunset
              ? 'Under section 56(2)(viib), consideration received before 1 April 2024 above FMV was taxed ' +
                'in the hands of the issuing company, which made FMV the ceiling on a tax-neutral issue ' +
                'price; the clause does not reach consideration received on or after that date.'
              : 'Under section 56(2)(viib), consideration received above FMV is taxed in the hands of the ' +
                'issuing company, so FMV is the ceiling on a tax-neutral issue price.'
          } Rule 11UA(2)(b) permits instead a discounted free cash flow valuation by a SEBI-registered Category I merchant banker.`,
          'Transfer or receipt, s.56(2)(x) and s.50CA (read with Rule 11UAA), Rule 11UA(1)(c)(b): FMV ' +
            '= (A + B + C + D − L) × PV / PE. Here A excludes jewellery, artistic work, shares, ' +
            'securities and immovable property, which enter at open-market value per a registered ' +
            "valuer's report (B), at fair market value (C) and at the value adopted for stamp duty (D). " +
            "A receipt below FMV is taxed in the recipient's hands and a transfer below FMV is deemed " +
            'made at FMV, so FMV is the floor on the consideration.',
          'In both formulas L is the book value of liabilities excluding paid-up equity capital, ' +
            'dividends set apart but not declared, reserves and surplus (even if negative) other than ' +
            'those set apart towards depreciation, provision for taxation in excess of the tax payable ' +
            'on book profits, provisions for liabilities other than ascertained liabilities, and ' +
            'contingent liabilities other than arrears of dividends on cumulative preference shares; PE ' +
            'is the total paid-up equity share capital and PV the paid-up value of the shares being ' +
            'valued.',
          purpose === null
            ? 'No transaction purpose was specified for this engagement, so both formulas are reported ' +
              'together with the purpose each serves, and the value that binds depends on the ' +
              'transaction.'
            : `This report is issued for the following purpose: ${purposeSentence(purpose, viibSunset)}.`,
          ...(viibSunset && purpose !== 'TRANSFER_OR_RECEIPT' ? [S56_VIIB_SUNSET_TEXT] : []),
          ...(basis?.act === 'INCOME_TAX_ACT_1961' ? [transitionParagraph(transactionDate)] : []),
        ],
      };
    case 'COMPANIES_ACT_SEC_62':
      return {
        paragraphs: [
          'Section 62(1)(c) of the Companies Act, 2013 permits a company to offer further shares to ' +
            'any persons, if authorised by a special resolution, whether for cash or for consideration ' +
            'other than cash, if the price of such shares is determined by the valuation report of a ' +
            'registered valuer.',
          'Rule 13 of the Companies (Share Capital and Debentures) Rules, 2014 requires the ' +
            'explanatory statement to the special resolution to disclose, among other things, the basis ' +
            'on which the price has been arrived at along with the report of the registered valuer, and ' +
            'the relevant date with reference to which the price has been arrived at. This report ' +
            'provides that basis; the valuation date stated on the cover is the relevant date.',
          'This report is prepared under the Companies (Registered Valuers and Valuation) Rules, ' +
            '2017, which require a registered valuer to follow internationally accepted valuation ' +
            'standards, or standards adopted by a registered valuers organisation, until valuation ' +
            'standards are notified. The ICAI Valuation Standards 2018 (in particular VS 102 Valuation ' +
            'Bases, VS 103 Valuation Approaches and Methods, VS 202 Reporting and Documentation and VS ' +
            '301 Business Valuation) have been applied, consistently with the International Valuation ' +
            'Standards (edition effective 31 January 2025).',
          'The Act prescribes no valuation method. Every method of the income, market and cost ' +
            'approaches that ICAI Valuation Standard 103 recognises was considered; each is stated in ' +
            'the section on the valuation approaches and methods, adopted with its weight or not adopted ' +
            'with the reason, and the adopted methods are combined by the weights the conclusion discloses.',
        ],
      };
    case 'FEMA_RBI':
      return {
        paragraphs: [
          'Rule 21 of the Foreign Exchange Management (Non-Debt Instruments) Rules, 2019 lays down ' +
            'pricing guidelines for equity instruments of an Indian company issued to, or transferred ' +
            'between, persons resident in India and persons resident outside India. For an unlisted ' +
            'company, fair value is the valuation of the equity instruments done as per any ' +
            "internationally accepted pricing methodology for valuation on an arm's length basis, duly " +
            'certified by a Chartered Accountant, a SEBI-registered Merchant Banker or a practising ' +
            'Cost Accountant.',
          'The fair value is a floor or a ceiling on the price depending on the direction of the ' +
            'transaction, as set out below. Rule 21 prescribes no particular method: every method of the ' +
            'income, market and cost approaches was considered, and each is stated in the section on the ' +
            'valuation approaches and methods, adopted with its weight or not adopted with the reason; ' +
            'the conclusion gives the weights.',
          purpose === null
            ? 'No transaction direction was specified for this engagement; the fair value is reported and ' +
              'the reader must apply the floor or ceiling that matches the transaction.'
            : `This report is issued for the following transaction: ${purposeSentence(purpose)}.`,
        ],
        table: {
          header: ['Transaction', 'Rule', 'Price compared with fair value'],
          rows: [
            ['Issue by the company to a person resident outside India', '21(2)(a)', 'Not less than fair value (floor)'],
            [
              'Transfer from a person resident in India to a person resident outside India',
              '21(2)(b)',
              'Not less than fair value (floor)',
            ],
            [
              'Transfer from a person resident outside India to a person resident in India',
              '21(2)(c)',
              'Not more than fair value (ceiling)',
            ],
          ],
        },
      };
    case 'IBC_LIQUIDATION':
      return ibcText(purpose, valuationDate);
  }
}

/** The CIRP Regulations as amended on 25 February 2026: sets of valuers, a coordinating valuer (docs/statutes.md, IBC). */
const CIRP_SETS_FROM = '2026-02-25';

const CIRP_REGULATIONS =
  'Insolvency and Bankruptcy Board of India (Insolvency Resolution Process for Corporate Persons) Regulations, 2016';
const LIQUIDATION_REGULATIONS = 'Insolvency and Bankruptcy Board of India (Liquidation Process) Regulations, 2016';

/** CIRP Reg 35 (fair value and liquidation value) or Liquidation Process Reg 35 (realisable value), cited by their names. */
function ibcText(purpose: string | null, valuationDate: string): StatuteSection {
  const waterfall =
    'The values reported here are those of the assets of the corporate debtor, per asset class ' +
    'and in total, gross: the costs of the process and the distribution of the proceeds under ' +
    'section 53 of the Insolvency and Bankruptcy Code, 2016 are not deducted from them. This ' +
    'report values the assets, not the shares of the corporate debtor.';
  if (purpose === 'LIQUIDATION_REALISABLE_VALUE') {
    return {
      paragraphs: [
        `Regulation 35 of the ${LIQUIDATION_REGULATIONS} provides for the liquidator to appoint two registered valuers, who determine independently the realisable value of the assets of the corporate debtor, computed in accordance with the Companies (Registered Valuers and Valuation) Rules, 2017 after physical verification; the average of the two estimates is taken as the value. Where a valuation was made during the corporate insolvency resolution process, the liquidator considers the average of those estimates.`,
        'A registered valuer values only the class of assets of their registration, so each estimate is made ' +
          'class by class, each class by a valuer registered for it. This report is one of the two estimates: ' +
          "the firm's valuers' realisable value of each asset class valued, each by the valuer named for it, " +
          "and in total. Averaging it with the other estimate is the liquidator's computation, not this report's.",
        waterfall,
        // docs/ibc-valuation.md, Confidentiality: the realisable value is the floor of the liquidator's sale.
        'Confidentiality (Regulation 35, as amended): the registered valuers and the liquidator keep the ' +
          'estimates of realisable value confidential. This report is given to the liquidator alone; ' +
          'the liquidator may share the values only on an undertaking of confidentiality, so that a ' +
          'bidder at the sale of the assets does not learn them, and the valuers will not use them ' +
          'to cause an undue gain or undue loss to any person.',
      ],
    };
  }
  return {
    paragraphs: [
      valuationDate >= CIRP_SETS_FROM
        ? `Regulation 27 of the ${CIRP_REGULATIONS}, as amended with effect from 25 February 2026, has the resolution professional appoint two sets of registered valuers; under Regulation 35 a set has one registered valuer for each asset class of the corporate debtor, one of whom, designated in consultation with the committee of creditors, is the coordinating valuer who computes the fair value of the corporate debtor. Each valuer submits a report on their asset class, after physical verification of the inventory and fixed assets, to the resolution professional and to the coordinating valuer. This report is one set's. Where the estimates of the two sets differ by 25% or more, a third set may be appointed, and the average of the two closest estimates is considered the fair value or the liquidation value: that is the resolution professional's computation across the sets, not this report's.`
        : `Regulation 35 of the ${CIRP_REGULATIONS} requires the registered valuers appointed under Regulation 27 each to submit an estimate of the fair value and of the liquidation value of the corporate debtor, computed in accordance with internationally accepted valuation standards after physical verification of the inventory and fixed assets. The average of the two closest estimates of a value is considered the fair value or the liquidation value. Where the two estimates of liquidation value in an asset class differ by 25% or more, a third registered valuer may be appointed for that asset class.`,
      'Fair value is the estimated realisable value of the assets of the corporate debtor if they ' +
        'were to be exchanged on the insolvency commencement date between a willing buyer and a ' +
        "willing seller in an arm's length transaction, after proper marketing, where the parties " +
        'acted knowledgeably, prudently and without compulsion. Liquidation value is the estimated ' +
        'realisable value of the assets of the corporate debtor if it were to be liquidated on the ' +
        'insolvency commencement date. Both values are reported.',
      "This report is the firm's estimate of each value for each asset class valued, and in total.",
      waterfall,
      'Confidentiality (Regulation 35(2)): the fair value and the liquidation value are ' +
        'confidential. They are provided to the members of the committee of creditors only after ' +
        'the receipt of resolution plans, on an undertaking that they will maintain the ' +
        'confidentiality of the values and will not use them to cause an undue gain or undue loss ' +
        'to themselves or any other person.',
    ],
  };
}

function purposeSentence(purpose: string, viibSunset = false): string {
  switch (purpose) {
    case 'ISSUE_OF_SHARES':
      return viibSunset
        ? 'an issue of shares, valued under Rule 11UA(2)(a)'
        : 'an issue of shares under s.56(2)(viib), for which the FMV under Rule 11UA(2)(a) is the ' +
            'ceiling on a tax-neutral issue price';
    case 'TRANSFER_OR_RECEIPT':
      return (
        'a transfer or receipt of unquoted equity shares under s.56(2)(x) and s.50CA, for which the ' +
        'FMV under Rule 11UA(1)(c)(b) is the floor on the consideration'
      );
    case 'ISSUE_TO_NON_RESIDENT':
      return (
        'an issue of equity instruments to a person resident outside India under Rule 21(2)(a), for ' +
        'which the price shall not be less than the fair value (floor)'
      );
    case 'TRANSFER_RESIDENT_TO_NON_RESIDENT':
      return (
        'a transfer from a person resident in India to a person resident outside India under Rule ' +
        '21(2)(b), for which the price shall not be less than the fair value (floor)'
      );
    case 'TRANSFER_NON_RESIDENT_TO_RESIDENT':
      return (
        'a transfer from a person resident outside India to a person resident in India under Rule ' +
        '21(2)(c), for which the price shall not be more than the fair value (ceiling)'
      );
    default:
      return purpose;
  }
}

/** Scope, standards and limitations (Companies (Registered Valuers and Valuation) Rules, 2017, Rule 8; ICAI VS 202). */
export function scopeParagraphs(
  statute: Statute,
  usesProjections = true,
  /** IBC: the classes valued from asset registers (docs/asset-registers.md), in words. */
  fromRegisters: string[] = [],
  /** IBC: the engagement's purpose, which names who provided the information (the RP or the liquidator). */
  purpose?: string | null,
): { heading: string; text: string }[] {
  const registers =
    fromRegisters.length > 0
      ? `The values of ${fromRegisters.join(', ')} were computed asset by asset from the asset registers the ` +
        "valuers drew up from the corporate debtor's books and their physical verification, each step shown in the annexure of asset-wise workings; every asset line of the balance " +
        'sheet is valued in a class or excluded with its reason in the reconciliation annexure. '
      : '';
  const physical =
    statute === 'IBC_LIQUIDATION' && fromRegisters.length > 0
      ? registers +
        'Physical verification of inventory and fixed assets, required by Regulation 35, is stated class by class ' +
        'with the sources.'
      : statute === 'IBC_LIQUIDATION'
        ? 'The asset-class fair and liquidation values were provided in the financial data submitted; ' +
          'physical verification of inventory and fixed assets, required by Regulation 35, is the ' +
          'responsibility of the registered valuers whose estimates are used.'
        : 'No physical inspection of the assets was undertaken. The valuation is based on the ' +
          'documents listed in the Sources section and on enquiries of management.';
  return [
    {
      heading: 'Scope of work',
      text:
        statute === 'IBC_LIQUIDATION'
          ? 'To estimate the values the insolvency regulations ask for of the assets of the corporate ' +
            'debtor named on the cover, class by class and in total, as at the commencement date stated ' +
            'as the valuation date, and to report the approaches, methods, key inputs and assumptions, ' +
            'and the conclusion of value.'
          : 'To estimate the value of the equity shares of the company named on the cover as at the ' +
            'valuation date, for the statutory purpose stated in this report, and to report the ' +
            'approaches, methods, key inputs and assumptions, and the conclusion of value.',
    },
    { heading: 'Inspections and investigations', text: physical },
    {
      heading: 'Procedures and standards',
      text:
        'We checked the financial information for internal consistency: the balance sheet balances, ' +
        'and the share capital agrees with the number of shares and their face value. The ICAI ' +
        'Valuation Standards 2018 (VS 101 to 103, 201, 202 and 301) and the International Valuation ' +
        'Standards (edition effective 31 January 2025) have been followed. Figures are rounded ' +
        'half-up to the paisa only for presentation.',
    },
    {
      heading: 'Reliance on information',
      text: usesProjections
        ? 'Historical financial statements, projections and other information were provided by the ' +
          'management of the company and have been relied upon without audit or verification by us. ' +
          "Projections are management's best estimates; actual results will differ and " +
          'the differences may be material.'
        : `Historical financial statements and other information were provided by ${statute === 'IBC_LIQUIDATION' ? `the ${purpose === 'LIQUIDATION_REALISABLE_VALUE' ? 'liquidator' : 'resolution professional'}, from the records of the corporate debtor,` : 'the management of the company'} and have been relied upon without audit or verification by us.`,
    },
    {
      heading: 'Restrictions on use',
      text:
        'This report is prepared solely for the statutory purpose stated and must not be used for ' +
        'any other purpose or relied upon by any other person. It is valid only as at the valuation ' +
        'date; events after that date have not been considered.',
    },
    {
      heading: 'Independence',
      text:
        'The valuer confirms that it has no present or prospective interest in the company or its ' +
        'securities and no conflict of interest in relation to this engagement, and that its fee ' +
        'does not depend on the value concluded.',
    },
    {
      heading: 'Caveats and disclaimers',
      text:
        'Valuation is not an exact science and involves judgement. The caveats in this report ' +
        "explain the limitations faced by the valuer and do not limit the valuer's responsibility " +
        'for the report.',
    },
  ];
}
