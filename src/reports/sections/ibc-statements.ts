// What an IBC report states in words (docs/ibc-valuation.md, What the report states): the premise of each basis
// (fair value: an orderly sale after proper marketing; liquidation value: a forced sale), the approach of each asset
// class with the registered valuer who values it, the approaches of ICAI VS 103 as the classes use them, and the
// express declaration of the exclusions the regulation sets for the valuers (CIRP Reg 27(3); Liquidation Reg 35(2)).
import { SIZE, type Writer } from '../pdf/layout.js';
import type { ReportInput } from '../report-input.js';
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { IBC_CLASS_LABELS } from '../../contract/ibc-valuer-set.js';
import { ibcRegistrationClass } from '../../domain/identity/signatory.js';

const LIQUIDATION = 'LIQUIDATION_REALISABLE_VALUE';
const CIRP_REGS = 'the CIRP Regulations';
const LIQ_REGS = 'the Liquidation Process Regulations';

/** The premise of each basis, sourced to the regulation's definition. */
export function ibcPremiseLines(w: Writer, input: ReportInput): void {
  if (input.engagement.purpose === LIQUIDATION) {
    w.labelled(
      'Premise of value, realisable value',
      `A forced sale in liquidation: the assets sold by the liquidator on their own or in parcels, as Regulation 32 of ${LIQ_REGS} allows, within the marketing period stated for each asset in the annexure of asset-wise workings, at the price a buyer pays for buying under those conditions. Regulation 32 also allows a sale of the business as a going concern; this report gives no realisable value for such a sale, for the reason stated with the reason for a fresh valuation.`,
    );
    return;
  }
  w.labelled(
    'Premise of value, fair value',
    `An orderly sale: each asset exchanged on the insolvency commencement date between a willing buyer and a willing seller at arm's length, after proper marketing over a reasonable period, both acting knowledgeably, prudently and without compulsion (Regulation 2(1)(hb) of ${CIRP_REGS}).`,
  );
  w.labelled(
    'Premise of value, liquidation value',
    `A forced sale: the assets realised as they would be were the corporate debtor liquidated on the insolvency commencement date (Regulation 2(1)(k) of ${CIRP_REGS}), within the marketing period stated for each asset in the annexure of asset-wise workings, at the discount a buyer asks for buying under those conditions; the liquidation value is gross, before the costs of the liquidation.`,
  );
}

/** ICAI VS 103's approach of each asset class as the asset registers value it. */
const CLASS_APPROACH: Readonly<Record<string, { approaches: ('Market' | 'Cost' | 'Income')[]; words: string }>> = {
  LAND_AND_BUILDING: {
    approaches: ['Market', 'Cost'],
    words:
      'Market approach for the land (sales comparison with recent sales nearby); cost approach for the buildings (depreciated replacement cost)',
  },
  PLANT_AND_MACHINERY: { approaches: ['Cost'], words: 'Cost approach (depreciated replacement cost)' },
  INVENTORIES: {
    approaches: ['Market'],
    words: 'Market approach (net realisable value, by category and age of stock)',
  },
  TRADE_RECEIVABLES: {
    approaches: ['Income'],
    words: 'Income approach (the amount expected to be recovered, by ageing bucket)',
  },
  CASH_AND_BANK: { approaches: [], words: 'At face value, confirmed by the banks' },
  SECURITIES_OR_FINANCIAL_ASSETS: {
    approaches: ['Market'],
    words: 'Market approach (quoted price; fund units at net asset value)',
  },
  OTHER: { approaches: [], words: 'As the valuer states for the class' },
};

/** The approaches the classes valued use (ICAI VS 103), for the approaches table. */
export function ibcApproachesUsed(input: ReportInput): Set<'Market' | 'Cost' | 'Income'> {
  return new Set(
    (input.financials?.liquidation?.assets ?? []).flatMap((a) => CLASS_APPROACH[a.assetClass]?.approaches ?? []),
  );
}

/** The approaches table's reasons for an IBC report: what each class uses, and why no income approach otherwise. */
export function ibcApproachReasons(input: ReportInput, incomeForWhole: boolean): string[][] {
  const used = ibcApproachesUsed(input);
  const classesUsing = (a: 'Market' | 'Cost' | 'Income') =>
    (input.financials?.liquidation?.assets ?? [])
      .filter((x) => CLASS_APPROACH[x.assetClass]?.approaches.includes(a))
      .map((x) => (FINANCIAL_LABELS[x.assetClass] ?? x.assetClass).toLowerCase())
      .join(', ');
  return [
    [
      'Income',
      used.has('Income') || incomeForWhole ? 'Yes' : 'No',
      [
        used.has('Income') ? `For ${classesUsing('Income')}: the amounts expected to be recovered.` : '',
        incomeForWhole
          ? 'For the corporate debtor as a whole: a discounted cash flow of the business as a going concern, against the sum of its assets.'
          : '',
      ]
        .filter(Boolean)
        .join(' ') ||
        'The regulations ask for the realisable value of the assets; no projections of the business were relied upon.',
    ],
    [
      'Market',
      used.has('Market') ? 'Yes' : 'No',
      used.has('Market')
        ? `For ${classesUsing('Market')}: prices of comparable sales, quoted prices or realisable prices.`
        : 'No class is valued from market prices.',
    ],
    [
      'Cost (asset)',
      used.has('Cost') ? 'Yes' : 'No',
      used.has('Cost')
        ? `For ${classesUsing('Cost')}: the depreciated replacement cost of what is built or installed.`
        : 'No class is valued at its cost of replacement.',
    ],
  ];
}

/** The approach of each asset class valued, and the registered valuer who values it. */
/** The registered valuer of an IBBI registration class, as "Name (IBBI/RV/…)", or "Not recorded". */
export function classValuer(input: ReportInput, registrationClass: string): string {
  const valuers = input.facts?.ibc?.valuers ?? [];
  const signatories = input.certificate?.classSignatories ?? [];
  const v =
    valuers.find((x) => x.assetClass === registrationClass) ??
    signatories.find((x) => x.assetClass === registrationClass);
  return v ? `${v.name}${v.registration ? ` (${v.registration.replace(/ \(.*$/, '')})` : ''}` : 'Not recorded';
}

export function classApproachTable(w: Writer, input: ReportInput): void {
  const assets = input.financials?.liquidation?.assets ?? [];
  if (assets.length === 0) return;
  const valuerOf = (registrationClass: string): string => classValuer(input, registrationClass);
  w.subheading('The approach of each asset class, and its valuer', 130);
  w.table(
    [
      { header: 'Asset class (IBBI registration class)', width: 0.3 },
      { header: 'Approach and method (ICAI VS 103)', width: 0.42, plain: true },
      { header: 'Registered valuer', width: 0.28, plain: true },
    ],
    assets.map((a) => {
      const registrationClass = ibcRegistrationClass(a.assetClass);
      return [
        `${FINANCIAL_LABELS[a.assetClass] ?? a.assetClass} (${IBC_CLASS_LABELS[registrationClass]})`,
        CLASS_APPROACH[a.assetClass]?.words ?? a.method ?? '',
        valuerOf(registrationClass),
      ];
    }),
    { fontSize: SIZE.small + 0.5 },
  );
}

/** One valuer's own declaration of the regulation's exclusions, in the first person, for their signature block. */
export function ownExclusionsDeclaration(input: ReportInput): string {
  const liquidation = input.engagement.purpose === LIQUIDATION;
  const officer = liquidation ? 'liquidator' : 'resolution professional';
  const rule = liquidation ? `Regulation 35(2) of ${LIQ_REGS}` : `Regulation 27(3) of ${CIRP_REGS}`;
  return `Under ${rule.replace(' of the ', ', ')}: not a relative of the ${officer}; not a related party, nor in the five years before the insolvency commencement date an auditor, of the corporate debtor; not a partner or director of the ${officer}'s insolvency professional entity.`;
}

/** The exclusions of the regulation, declared expressly by the valuers of the set. */
export function exclusionsDeclaration(input: ReportInput): string {
  const liquidation = input.engagement.purpose === LIQUIDATION;
  const officer = liquidation ? 'liquidator' : 'resolution professional';
  const rule = liquidation ? `Regulation 35(2) of ${LIQ_REGS}` : `Regulation 27(3) of ${CIRP_REGS}`;
  const named = (input.facts?.ibc?.valuers ?? []).map((v) => v.name);
  const who =
    named.length > 1
      ? `each registered valuer of this report (${[...new Set(named)].join(', ')}) declares, in their own signature block below, that they are not`
      : 'each registered valuer of this report declares that they are not';
  return `As ${rule} requires, ${who} (a) a relative of the ${officer}; (b) a related party of the corporate debtor; (c) an auditor of the corporate debtor at any time during the five years preceding the insolvency commencement date; or (d) a partner or director of the insolvency professional entity of which the ${officer} is a partner or director.`;
}
