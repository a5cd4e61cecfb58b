import { totalAssets, totalEquityAndLiabilities } from '../financials/checks.js';
import type { NormalisedFinancials } from '../financials/normalise.js';
import { amountLine, countLine, perShareLine } from './lines.js';
import { ZERO, dec, sum, toPaise, type Dec } from './money.js';
import type { MethodResult, ValuationLine } from './types.js';

/**
 * Rule 11UA net asset value (docs/statutes.md, Rule 11UA):
 *   11UA(2)(a), issue of shares:        (A − L) × PV / PE, book values only;
 *   11UA(1)(c)(b), transfer or receipt: (A + B + C + D − L) × PV / PE, where jewellery and art,
 *   shares and securities, and immovable property leave A at book value and come back as B, C
 *   and D at open-market, fair-market and stamp-duty value.
 * PE is the paid-up equity capital in the balance sheet; PV is one share's paid-up value, so
 * the result is a value per share.
 */
export type NavFormula = '2A' | '1CB';

export interface Item {
  label: string;
  amount: Dec;
  /** The document the figure comes from (navAdjustmentSources), printed beside it. */
  source?: string;
}

export interface NavComputation {
  formula: NavFormula;
  totalAssets: Dec;
  excludedFromA: Item[];
  a: Dec;
  b: Dec;
  c: Dec;
  d: Dec;
  totalEquityAndLiabilities: Dec;
  excludedFromL: Item[];
  /** Item (vi) of L: contingent liabilities are excluded *other than* these arrears, which are added. */
  arrearsOfCumulativePreferenceDividend: Dec;
  l: Dec;
  /** Where L's book values come from, and where the lease liabilities sit in them. */
  liabilitiesSource?: string;
  leaseLiabilitiesSource?: string;
  /** Disclosed in the notes and kept out of L by item (vi): stated, not added. */
  contingentLiabilities: { description: string; amount: Dec; source: string }[];
  netAssetValue: Dec;
  pe: Dec;
  pv: Dec;
  valuePerShare: Dec;
}

export function computeNav11ua(f: NormalisedFinancials, formula: NavFormula): NavComputation {
  const n = (k: keyof NormalisedFinancials['navAdjustments']) => dec(f.navAdjustments[k]);
  const src = f.navAdjustmentSources ?? {};
  const fairValued = formula === '1CB';
  const excludedFromA: Item[] = [
    ...(fairValued
      ? [
          { label: 'jewellery and artistic work (book value)', amount: n('jewelleryAndArtBookValue') },
          {
            label: 'shares and securities (book value)',
            amount: n('sharesAndSecuritiesBookValue'),
            source: src.sharesAndSecuritiesBookSource,
          },
          {
            label: 'immovable property (book value)',
            amount: n('immovablePropertyBookValue'),
            source: src.immovablePropertyBookSource,
          },
        ]
      : []),
    {
      label: fairValued
        ? 'income-tax paid, net of refund claimed'
        : 'tax paid as TDS, TCS or advance tax, net of refund claimed',
      amount: n('incomeTaxPaidNetOfRefund'),
      source: src.incomeTaxPaidSource,
    },
    {
      label: 'unamortised expenditure and other amounts that are not assets',
      amount: n('unamortisedExpenditure'),
      source: src.unamortisedExpenditureSource,
    },
  ];
  const assets = totalAssets(f);
  const a = assets.minus(sum(excludedFromA.map((i) => i.amount)));
  const b = fairValued ? n('jewelleryAndArtMarketValue') : ZERO;
  const c = fairValued ? n('sharesAndSecuritiesFairValue') : ZERO;
  const d = fairValued ? n('immovablePropertyStampDutyValue') : ZERO;

  const bs = f.balanceSheet;
  const excludedFromL: Item[] = [
    { label: 'paid-up equity share capital', amount: dec(bs.equityShareCapital) },
    { label: 'reserves and surplus (even if negative)', amount: dec(bs.reservesAndSurplus) },
    { label: 'dividends set apart but not declared', amount: n('proposedDividendsNotDeclared') },
    {
      label: 'provision for taxation in excess of tax payable on book profits',
      amount: n('provisionForTaxationExcess'),
      source: src.provisionForTaxationSource,
    },
    {
      label: 'provisions for liabilities other than ascertained liabilities',
      amount: n('unascertainedLiabilityProvisions'),
      source: src.unascertainedProvisionsSource,
    },
  ];
  const claims = totalEquityAndLiabilities(f);
  // Stored financials from before this field existed lack it: no arrears.
  const arrearsOfCumulativePreferenceDividend = dec(f.navAdjustments.arrearsOfCumulativePreferenceDividend ?? '0');
  const l = claims.minus(sum(excludedFromL.map((i) => i.amount))).plus(arrearsOfCumulativePreferenceDividend);

  const netAssetValue = a.plus(b).plus(c).plus(d).minus(l);
  const pe = dec(bs.equityShareCapital);
  const pv = dec(f.shares.faceValuePerShare);
  return {
    formula,
    totalAssets: assets,
    excludedFromA,
    a,
    b,
    c,
    d,
    totalEquityAndLiabilities: claims,
    excludedFromL,
    arrearsOfCumulativePreferenceDividend,
    l,
    liabilitiesSource: src.liabilitiesSource,
    leaseLiabilitiesSource: src.leaseLiabilitiesSource,
    contingentLiabilities: (src.contingentLiabilities ?? []).map((x) => ({ ...x, amount: dec(x.amount) })),
    netAssetValue,
    pe,
    pv,
    valuePerShare: netAssetValue.times(pv).div(pe),
  };
}

/**
 * Item (vi) of L: contingent liabilities other than the arrears above are not in L. Each one the notes disclose is
 * named with its amount and note, so the reader sees it was considered and why it is not deducted.
 */
function contingentNote(c: NavComputation): string {
  if (c.contingentLiabilities.length === 0) return 'other contingent liabilities are excluded from L (item (vi))';
  // The amounts and their notes are scheduled beside the NAV (the report's annexure); the line says only why none is in L.
  const n = c.contingentLiabilities.length;
  return `the ${n === 1 ? 'contingent liability' : `${n} contingent liabilities`} disclosed (${toPaise(sum(c.contingentLiabilities.map((x) => x.amount)))}) excluded by item (vi)`;
}

export function nav11uaMethod(c: NavComputation, sharesOutstanding: Dec): MethodResult {
  const fairValued = c.formula === '1CB';
  const expression = fairValued ? '(A + B + C + D − L)' : '(A − L)';
  const lines: ValuationLine[] = [
    amountLine('Total assets as per balance sheet (book value)', c.totalAssets),
    ...c.excludedFromA.map((i) => amountLine(`Less: ${i.label}`, i.amount.neg(), i.source)),
    amountLine('A', c.a),
    ...(fairValued
      ? [
          amountLine('B: jewellery and artistic work at open-market value (registered valuer)', c.b),
          amountLine('C: shares and securities at fair market value', c.c),
          amountLine('D: immovable property at stamp-duty value', c.d),
        ]
      : []),
    amountLine(
      'Total equity and liabilities as per balance sheet (book value)',
      c.totalEquityAndLiabilities,
      [c.liabilitiesSource, c.leaseLiabilitiesSource].filter(Boolean).join('; ') || undefined,
    ),
    ...c.excludedFromL.map((i) => amountLine(`Less: ${i.label}`, i.amount.neg(), i.source)),
    amountLine(
      'Add: arrears of dividends on cumulative preference shares',
      c.arrearsOfCumulativePreferenceDividend,
      'a contingent liability that item (vi) of L keeps in L',
    ),
    amountLine('L', c.l, contingentNote(c)),
    amountLine(expression, c.netAssetValue),
    amountLine('PE: total paid-up equity share capital', c.pe),
    perShareLine('PV: paid-up value of one equity share', c.pv),
    countLine('Equity shares outstanding', sharesOutstanding),
    perShareLine(`Fair market value per share = ${expression} × PV / PE`, c.valuePerShare),
  ];
  return {
    method: fairValued ? 'NAV_11UA_1CB' : 'NAV_11UA_2A',
    title: fairValued
      ? 'Net asset value under Rule 11UA(1)(c)(b): (A + B + C + D − L) × PV / PE'
      : 'Net asset value under Rule 11UA(2)(a): (A − L) × PV / PE',
    lines,
    equityValue: toPaise(c.netAssetValue),
    valuePerShare: toPaise(c.valuePerShare),
  };
}
