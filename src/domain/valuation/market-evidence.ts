import type { NormalisedFinancials } from '../financials/normalise.js';
import {
  MULTIPLE_LABELS,
  basisOf,
  statisticName,
  statisticOf,
  targetMetric,
  type MarketApproach,
} from './comparables.js';
import { bridgeLines, equityBridgeItems, equityFromEnterpriseValue } from './equity-bridge.js';
import { basicValuePerShare, perShare, perShareLines } from './dilution.js';
import { amountLine, countLine, multipleLine, percentLine, perShareLine } from './lines.js';
import { HUNDRED, ONE, dec, plain, sum, toPaise, type Dec } from './money.js';
import { instrumentWords } from '../../contract/financial-labels.js';
import type { MethodResult, ValuationLine, ValuationWarning } from './types.js';

/**
 * Market evidence beyond listed peers (docs/valuation-method.md, Market approach): comparable
 * transactions, and the price of a recent investment in the company itself.
 */
export interface EvidenceOutcome {
  method: MethodResult;
  /** Value per share, exact (fully diluted where the capital table says so, for transactions). */
  value: Dec;
  warnings: ValuationWarning[];
}

const DEAL_MULTIPLES = ['evToEbitda', 'evToRevenue'] as const;

/**
 * Comparable transactions: a statistic (the median unless the valuer chooses the mean or a percentile) of
 * the deals' positive EV/EBITDA and EV/Revenue, applied to the company's metric of the deals' basis
 * (trailing → its trailing metric at the valuation date; forward → the first projection year), through the equity bridge.
 */
export function computeTransactions(f: NormalisedFinancials, market: MarketApproach = {}): EvidenceOutcome | null {
  const choice = { statistic: market.transactionStatistic, percentile: market.transactionPercentile };
  const deals = f.transactions ?? [];
  if (deals.length === 0) return null;
  const lines: ValuationLine[] = [];
  const implied: Dec[] = [];
  const bridge = equityBridgeItems(f);
  // Deals for control carry a control premium p: dividing the multiples by (1 + p) takes it out (a discount of
  // p / (1 + p), 16.67 % for a 20 % premium), and the value is then a minority one.
  const control =
    market.transactionControlDiscountPercent !== undefined && dec(market.transactionControlDiscountPercent).gt(0)
      ? dec(market.transactionControlDiscountPercent)
      : null;
  let firstControlLine = true;
  for (const key of DEAL_MULTIPLES) {
    const label = MULTIPLE_LABELS[key].multiple;
    const used = deals.filter((d) => d[key] !== undefined && dec(d[key]!).gt(0));
    const excluded = deals.filter((d) => d[key] !== undefined && !dec(d[key]!).gt(0));
    if (used.length === 0) continue;
    const basis = basisOf(used);
    const metric = targetMetric(f, key, basis);
    if (!metric || !metric.value.gt(0)) continue;
    const statistic = statisticOf(
      used.map((d) => dec(d[key]!)),
      choice,
    );
    const applied = control ? statistic.div(ONE.plus(control.div(HUNDRED))) : statistic;
    const ev = applied.times(metric.value);
    const equity = equityFromEnterpriseValue(ev, bridge);
    implied.push(equity);
    lines.push(
      ...used.map((d) =>
        multipleLine(
          `${label}: ${d.deal} (${d.date})`,
          dec(d[key]!),
          d.basis ? `${d.basis.toLowerCase()} at the deal date` : undefined,
        ),
      ),
      ...excluded.map((d) => multipleLine(`${label}: ${d.deal} (${d.date})`, dec(d[key]!), 'excluded: not positive')),
      multipleLine(
        `${label}: ${statisticName(choice)} of ${used.length} ${used.length === 1 ? 'deal' : 'deals'}`,
        statistic,
      ),
      ...(control
        ? [
            multipleLine(
              `${label}: after removing the deals' ${plain(control)}% control premium (÷ ${divisorWords(control)})`,
              applied,
              firstControlLine ? market.transactionControlDiscountRationale : 'as above',
            ),
          ]
        : []),
      amountLine(`${label}: target ${MULTIPLE_LABELS[key].metric}`, metric.value, metric.source),
      amountLine(`${label}: implied enterprise value`, ev),
      ...bridgeLines(bridge).map((l) => ({ ...l, label: `${label}: ${l.label}` })),
      amountLine(`${label}: implied equity value`, equity),
    );
    firstControlLine = false;
  }
  if (implied.length === 0) return null;
  const equityValue = sum(implied).div(implied.length);
  const shares = dec(f.shares.equitySharesOutstanding);
  const value = perShare(f, equityValue, shares);
  lines.push(
    amountLine(
      `Equity value (simple average of ${implied.length} ${implied.length === 1 ? 'multiple' : 'multiples'})`,
      equityValue,
    ),
    countLine('Equity shares outstanding', shares),
    ...perShareLines(value),
  );
  return {
    method: {
      method: 'TRANSACTIONS',
      title: `Comparable transactions (${deals.map((d) => d.deal).join(', ')})`,
      lines,
      equityValue: toPaise(equityValue),
      valuePerShare: toPaise(value.valuePerShare),
      ...basicValuePerShare(value),
      // The premium divided out is the one listed open offers paid over the marketable (traded) price, so what is
      // left is a minority, marketable value: a DLOM still applies to it (docs/valuation-method.md, Discounts).
      ...(control && { valueBasis: 'MINORITY_MARKETABLE' as const }),
    },
    value: value.valuePerShare,
    warnings: [],
  };
}

/** 1 + premium, as the line prints it: "1.20" for 20 %, "1.125" for 12.5 %. */
function divisorWords(premium: Dec): string {
  const d = ONE.plus(premium.div(HUNDRED));
  return d.toFixed(Math.max(2, d.decimalPlaces()));
}

/**
 * The day twelve calendar months after `date` (YYYY-MM-DD), as EDATE counts, with the month-end rule:
 * the last day of a month maps to the last day of the month twelve months on (28-2-2023 → 29-2-2024),
 * and a day the target month lacks maps to its last day (29-2-2024 → 28-2-2025).
 */
export function twelveMonthsAfter(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = d === lastDay(y, m) ? lastDay(y + 1, m) : Math.min(d, lastDay(y + 1, m));
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What the round was: the money the company raised, or the price paid between holders for existing shares. */
function roundWords(round: NonNullable<NormalisedFinancials['recentRound']>): string {
  if (round.kind === 'SECONDARY_SALE')
    return `${toPaise(dec(round.consideration ?? '0'))} paid for existing shares (${round.parties ?? 'a sale between holders'}); the company issued no shares and raised nothing`;
  return `${toPaise(dec(round.amountRaised ?? '0'))} raised`;
}

/** The round's price × Π (1 + adjustment), each adjustment with its reason; warnings for a stale or non-arm's-length round. */
export function computeRecentRound(f: NormalisedFinancials, valuationDate: string): EvidenceOutcome | null {
  const round = f.recentRound;
  if (!round) return null;
  const price = dec(round.pricePerShare);
  const factor = round.adjustments.reduce((x, a) => x.times(ONE.plus(dec(a.percent).div(HUNDRED))), ONE);
  const value = price.times(factor);
  const shares = dec(f.shares.equitySharesOutstanding);
  const warnings: ValuationWarning[] = [];
  // Stale when the valuation date is after the day twelve calendar months on from the round (month-end rule).
  if (valuationDate > twelveMonthsAfter(round.date)) {
    warnings.push({
      code: 'RECENT_ROUND_STALE',
      message: `The investment round of ${round.date} is more than twelve months before the valuation date ${valuationDate}: its price may no longer reflect the value.`,
    });
  }
  if (round.date > valuationDate) {
    warnings.push({
      code: 'RECENT_ROUND_AFTER_VALUATION_DATE',
      message: `The investment round of ${round.date} is after the valuation date ${valuationDate}.`,
    });
  }
  if (!round.armsLength) {
    warnings.push({
      code: 'RECENT_ROUND_NOT_ARMS_LENGTH',
      message: "The recent round was not at arm's length: its price is weak evidence of value.",
    });
  }
  // A sale of existing shares between holders is a sale, not a round.
  const what = round.kind === 'SECONDARY_SALE' ? 'sale' : 'round';
  const lines: ValuationLine[] = [
    perShareLine(
      `Price per share in the ${what} of ${round.date} (${instrumentWords(round.instrument)})`,
      price,
      `${roundWords(round)}${round.armsLength ? ", at arm's length" : ", not at arm's length"}`,
    ),
    ...round.adjustments.map((a) =>
      percentLine(
        `Adjustment for ${a.kind === 'TIME' ? `the time since the ${what}` : "the instrument's rights"}`,
        dec(a.percent),
        a.reason,
      ),
    ),
    perShareLine(
      'Value per equity share',
      value,
      round.adjustments.length
        ? `price × ${round.adjustments.map((a) => `(1 ${dec(a.percent).isNegative() ? '−' : '+'} ${plain(dec(a.percent).abs())}%)`).join(' × ')}`
        : undefined,
    ),
  ];
  return {
    method: {
      method: 'RECENT_ROUND',
      title: `Price of a recent investment (${round.date})`,
      lines,
      equityValue: toPaise(value.times(shares)),
      valuePerShare: toPaise(value),
    },
    value,
    warnings,
  };
}
