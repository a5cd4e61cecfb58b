// The equity bridge from an enterprise value to the equity value (docs/valuation-method.md, Equity bridge), shared by the DCF
// and the market approaches.
import type { NormalisedFinancials } from '../financials/normalise.js';
import { amountLine } from './lines.js';
import { Dec, HUNDRED, ZERO, dec, plain, sum, toPaise } from './money.js';
import type { ValuationLine } from './types.js';

export interface EquityBridge {
  longTermBorrowings: Dec;
  shortTermBorrowings: Dec;
  preferenceShareCapital: Dec;
  cashAndCashEquivalents: Dec;
  currentInvestments: Dec;
  nonOperatingAssets: Dec;
  /** The financials' `equityBridge` items, each only when given (docs/valuation-method.md, Equity bridge). */
  leaseLiabilities?: Dec;
  /** Where the lease liabilities sit in the balance sheet (navAdjustmentSources.leaseLiabilitiesSource). */
  leaseLiabilitiesSource?: string;
  contingentLiabilities?: { description: string; amount: Dec; probability: Dec; expected: Dec }[];
  minorityInterest?: Dec;
  surplusCash?: Dec;
  namedNonOperatingAssets?: { name: string; fairValue: Dec }[];
  cashAdjustmentSinceBalanceSheet?: Dec;
  /** Given together: the cash and the debt on the valuation date, in place of the balance sheet's cash and borrowings. */
  cashAtValuationDate?: Dec;
  debtAtValuationDate?: Dec;
}

export function equityBridgeItems(f: NormalisedFinancials): EquityBridge {
  const bs = f.balanceSheet;
  return {
    longTermBorrowings: dec(bs.longTermBorrowings),
    shortTermBorrowings: dec(bs.shortTermBorrowings),
    preferenceShareCapital: dec(bs.preferenceShareCapital),
    cashAndCashEquivalents: dec(bs.cashAndCashEquivalents),
    currentInvestments: dec(bs.currentInvestments),
    nonOperatingAssets: dec(f.nonOperatingAssets),
    ...extraBridgeItems(f),
  };
}

function extraBridgeItems(f: NormalisedFinancials): Partial<EquityBridge> {
  const e = f.equityBridge;
  if (!e) return {};
  return {
    ...(e.leaseLiabilities !== undefined && { leaseLiabilities: dec(e.leaseLiabilities) }),
    ...(e.leaseLiabilities !== undefined &&
      f.navAdjustmentSources?.leaseLiabilitiesSource !== undefined && {
        leaseLiabilitiesSource: f.navAdjustmentSources.leaseLiabilitiesSource,
      }),
    ...(e.contingentLiabilities && {
      contingentLiabilities: e.contingentLiabilities.map((c) => ({
        description: c.description,
        amount: dec(c.amount),
        probability: dec(c.probability),
        expected: dec(c.amount).times(dec(c.probability)).div(HUNDRED),
      })),
    }),
    ...(e.minorityInterest !== undefined && { minorityInterest: dec(e.minorityInterest) }),
    ...(e.surplusCash !== undefined && { surplusCash: dec(e.surplusCash) }),
    ...(e.nonOperatingAssets && {
      namedNonOperatingAssets: e.nonOperatingAssets.map((a) => ({ name: a.name, fairValue: dec(a.fairValue) })),
    }),
    ...(e.cashAdjustmentSinceBalanceSheet !== undefined && {
      cashAdjustmentSinceBalanceSheet: dec(e.cashAdjustmentSinceBalanceSheet),
    }),
    ...(e.cashAtValuationDate !== undefined &&
      e.debtAtValuationDate !== undefined && {
        cashAtValuationDate: dec(e.cashAtValuationDate),
        debtAtValuationDate: dec(e.debtAtValuationDate),
      }),
  };
}

/**
 * docs/valuation-method.md, DCF conventions and Equity bridge: EV − (borrowings + preference capital) + cash
 * + current investments + non-operating assets − lease liabilities − expected contingent liabilities
 * − minority interest + surplus cash + named non-operating assets ± the cash adjustment since the balance sheet.
 */
export function equityFromEnterpriseValue(enterpriseValue: Dec, b: EquityBridge): Dec {
  // Rolled forward (docs/valuation-method.md, Stub period): the debt and cash on the valuation date replace the balance sheet's.
  const debt = b.debtAtValuationDate ?? b.longTermBorrowings.plus(b.shortTermBorrowings);
  const cash = b.cashAtValuationDate ?? b.cashAndCashEquivalents;
  return enterpriseValue
    .minus(debt)
    .minus(b.preferenceShareCapital)
    .plus(cash)
    .plus(b.currentInvestments)
    .plus(b.nonOperatingAssets)
    .minus(b.leaseLiabilities ?? ZERO)
    .minus(sum((b.contingentLiabilities ?? []).map((c) => c.expected)))
    .minus(b.minorityInterest ?? ZERO)
    .plus(b.surplusCash ?? ZERO)
    .plus(sum((b.namedNonOperatingAssets ?? []).map((a) => a.fairValue)))
    .plus(b.cashAdjustmentSinceBalanceSheet ?? ZERO);
}

/**
 * The bridge's terms beyond the balance sheet's, as the equity-bridge sentence names them: only those this bridge
 * computes (docs/reports.md, Only what the statute allows), in the order of bridgeLines.
 */
export function bridgeTermsBeyondBalanceSheet(b: EquityBridge): string {
  return [
    ...(b.leaseLiabilities ? ['− lease liabilities'] : []),
    ...(b.contingentLiabilities?.length
      ? ['− the expected amount of each contingent liability (its amount × its probability)']
      : []),
    ...(b.minorityInterest ? ['− minority interest'] : []),
    ...(b.surplusCash ? ['+ surplus cash'] : []),
    ...(b.namedNonOperatingAssets?.length ? ['+ each named non-operating asset at its fair value'] : []),
    ...(b.cashAdjustmentSinceBalanceSheet ? ['± the cash movement since the balance sheet'] : []),
  ]
    .map((t) => ` ${t}`)
    .join('');
}

export function bridgeLines(b: EquityBridge): ValuationLine[] {
  const rolled = b.debtAtValuationDate !== undefined && b.cashAtValuationDate !== undefined;
  return [
    ...(rolled
      ? [
          amountLine(
            'Less: debt at the valuation date',
            b.debtAtValuationDate!.neg(),
            `given; in place of the balance sheet's borrowings of ${toPaise(b.longTermBorrowings.plus(b.shortTermBorrowings))}`,
          ),
        ]
      : [
          amountLine('Less: long-term borrowings', b.longTermBorrowings.neg()),
          amountLine('Less: short-term borrowings', b.shortTermBorrowings.neg()),
        ]),
    amountLine('Less: preference share capital', b.preferenceShareCapital.neg()),
    rolled
      ? amountLine(
          'Add: cash and cash equivalents at the valuation date',
          b.cashAtValuationDate!,
          `given; in place of the balance sheet's ${toPaise(b.cashAndCashEquivalents)}`,
        )
      : amountLine('Add: cash and cash equivalents', b.cashAndCashEquivalents),
    amountLine('Add: current investments', b.currentInvestments),
    amountLine('Add: non-operating assets', b.nonOperatingAssets),
    ...(b.leaseLiabilities
      ? [amountLine('Less: lease liabilities', b.leaseLiabilities.neg(), b.leaseLiabilitiesSource)]
      : []),
    ...(b.contingentLiabilities ?? []).map((c) =>
      amountLine(
        `Less: contingent liability, ${c.description} (expected)`,
        c.expected.neg(),
        `${toPaise(c.amount)} × ${plain(c.probability)}% probability`,
      ),
    ),
    ...(b.minorityInterest ? [amountLine('Less: minority interest', b.minorityInterest.neg())] : []),
    ...(b.surplusCash ? [amountLine('Add: surplus cash', b.surplusCash)] : []),
    ...(b.namedNonOperatingAssets ?? []).map((a) =>
      amountLine(`Add: non-operating asset, ${a.name} (fair value)`, a.fairValue),
    ),
    ...(b.cashAdjustmentSinceBalanceSheet
      ? [
          amountLine(
            `${b.cashAdjustmentSinceBalanceSheet.isNegative() ? 'Less' : 'Add'}: cash movement since the balance sheet`,
            b.cashAdjustmentSinceBalanceSheet,
          ),
        ]
      : []),
  ];
}
