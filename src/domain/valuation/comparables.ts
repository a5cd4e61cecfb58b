import type { NormalisedFinancials, NormalisedPeer } from '../financials/normalise.js';
import { bridgeLines, equityBridgeItems, equityFromEnterpriseValue } from './dcf.js';
import { amountLine, countLine, multipleLine } from './lines.js';
import { dec, plain, sum, toPaise, type Dec } from './money.js';
import type { MethodResult, ValuationLine, ValuationWarning } from './types.js';
import { basicValuePerShare, perShare, perShareLines, type PerShare } from './dilution.js';

/**
 * Comparable-company multiples (Companies Act s.62). For each multiple the median across the
 * peers that report it is applied to the target's metric; enterprise multiples go through the
 * DCF equity bridge. The method's value is the simple average of the implied equity values.
 */
export type MultipleKey = 'evToEbitda' | 'evToRevenue' | 'peRatio' | 'priceToBook';

interface Applied {
  key: MultipleKey;
  median: Dec;
  metric: Dec;
  impliedEquity: Dec;
  lines: ValuationLine[];
}

/** The value per share (PerShare) is fully diluted where the capital table holds dilutive instruments. */
export interface ComparablesComputation extends PerShare {
  applied: Applied[];
  equityValue: Dec;
  sharesOutstanding: Dec;
}

export function median(values: readonly Dec[]): Dec {
  const sorted = [...values].sort((x, y) => x.comparedTo(y));
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : sorted[mid - 1].plus(sorted[mid]).div(2);
}

/** The p-th percentile with linear interpolation between closest ranks (Excel's PERCENTILE.INC). */
export function percentile(values: readonly Dec[], p: Dec): Dec {
  const sorted = [...values].sort((x, y) => x.comparedTo(y));
  const rank = p.div(100).times(sorted.length - 1);
  const low = rank.floor().toNumber();
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low].plus(sorted[high].minus(sorted[low]).times(rank.minus(low)));
}

/**
 * The valuer's choices for the market approach (docs/valuation-method.md, Market approach): which
 * multiples, which statistic across the peers, and a discount to the peers with its reason.
 */
export interface MarketApproach {
  multiples?: MultipleKey[];
  statistic?: 'MEDIAN' | 'MEAN' | 'PERCENTILE';
  /** 25–75, with statistic PERCENTILE. */
  percentile?: string | number;
  discountPercent?: string | number;
  discountRationale?: string;
}

function statisticOf(values: readonly Dec[], m: MarketApproach): Dec {
  if (m.statistic === 'MEAN') return sum(values).div(values.length);
  if (m.statistic === 'PERCENTILE') return percentile(values, dec(m.percentile ?? 50));
  return median(values);
}

const statisticName = (m: MarketApproach) =>
  m.statistic === 'MEAN' ? 'mean' : m.statistic === 'PERCENTILE' ? `${plain(dec(m.percentile ?? 50))}th percentile` : 'median';

/** A peer's multiple is used when positive; otherwise it is left out, and why. */
function peerMultiples(peers: readonly NormalisedPeer[], key: MultipleKey) {
  const used: { name: string; value: Dec }[] = [];
  const excluded: { name: string; value: Dec | null; reason: string }[] = [];
  for (const p of peers) {
    if (p[key] === undefined) excluded.push({ name: p.name, value: null, reason: 'not reported' });
    else if (!dec(p[key] as string).gt(0)) excluded.push({ name: p.name, value: dec(p[key] as string), reason: dec(p[key] as string).isZero() ? 'zero' : 'negative' });
    else used.push({ name: p.name, value: dec(p[key] as string) });
  }
  return { used, excluded };
}

export const MULTIPLE_LABELS: Record<MultipleKey, { multiple: string; metric: string }> = {
  evToEbitda: { multiple: 'EV/EBITDA', metric: 'EBITDA' },
  evToRevenue: { multiple: 'EV/Revenue', metric: 'revenue' },
  peRatio: { multiple: 'P/E', metric: 'profit after tax' },
  priceToBook: { multiple: 'P/B', metric: 'book equity (share capital + reserves and surplus)' },
};

export function targetMetric(f: NormalisedFinancials, key: MultipleKey): { value: Dec; source: string } | null {
  const first = f.projections[0];
  const m = f.comparableMetrics;
  switch (key) {
    case 'evToEbitda':
      return m?.ebitda !== undefined
        ? { value: dec(m.ebitda), source: 'as given in the financials (comparable metrics)' }
        : { value: dec(first.ebitda), source: `${first.year} projection (forward multiple)` };
    case 'evToRevenue':
      return m?.revenue !== undefined
        ? { value: dec(m.revenue), source: 'as given in the financials (comparable metrics)' }
        : { value: dec(first.revenue), source: `${first.year} projection (forward multiple)` };
    case 'peRatio':
      return m?.profitAfterTax !== undefined ? { value: dec(m.profitAfterTax), source: 'as given in the financials (comparable metrics)' } : null;
    case 'priceToBook':
      return {
        value: dec(f.balanceSheet.equityShareCapital).plus(dec(f.balanceSheet.reservesAndSurplus)),
        source: `balance sheet ${f.balanceSheetDate}`,
      };
  }
}

export function computeComparables(
  f: NormalisedFinancials,
  market: MarketApproach = {},
): { computation: ComparablesComputation | null; warnings: ValuationWarning[] } {
  const warnings: ValuationWarning[] = [];
  const applied: Applied[] = [];
  const chosen = market.multiples ?? (Object.keys(MULTIPLE_LABELS) as MultipleKey[]);
  for (const key of (Object.keys(MULTIPLE_LABELS) as MultipleKey[]).filter((k) => chosen.includes(k))) {
    const peers = peerMultiples(f.peers, key);
    if (peers.used.length === 0) {
      if (market.multiples) {
        warnings.push({ code: 'COMPARABLE_MULTIPLE_SKIPPED', message: `${MULTIPLE_LABELS[key].multiple} not applied: no peer reports a positive ${MULTIPLE_LABELS[key].multiple}.` });
      }
      continue;
    }
    const med = statisticOf(peers.used.map((u) => u.value), market);
    const metric = targetMetric(f, key);
    const label = MULTIPLE_LABELS[key];
    if (metric === null || !metric.value.isPositive() || metric.value.isZero()) {
      warnings.push({
        code: 'COMPARABLE_MULTIPLE_SKIPPED',
        message: `${label.multiple} not applied: the target's ${label.metric} is ${metric === null ? 'not given' : 'not positive'}.`,
      });
      continue;
    }
    applied.push(applyMultiple(f, key, med, metric, peers, market, applied.length === 0));
  }
  if (applied.length === 0) {
    warnings.push({
      code: 'COMPARABLES_NOT_APPLICABLE',
      message: 'No peer multiple could be applied to the target, so the comparable-company method is omitted.',
    });
    return { computation: null, warnings };
  }
  const equityValue = sum(applied.map((a) => a.impliedEquity)).div(applied.length);
  const sharesOutstanding = dec(f.shares.equitySharesOutstanding);
  // Only the enterprise multiples went through the bridge that deducted CCPS capital and CCD principal:
  // the average adds them back in that proportion.
  const enterpriseShare = dec(applied.filter((a) => a.key === 'evToEbitda' || a.key === 'evToRevenue').length).div(applied.length);
  return {
    computation: { applied, equityValue, sharesOutstanding, ...perShare(f, equityValue, sharesOutstanding, enterpriseShare) },
    warnings,
  };
}

function applyMultiple(
  f: NormalisedFinancials,
  key: MultipleKey,
  statistic: Dec,
  metric: { value: Dec; source: string },
  peers: ReturnType<typeof peerMultiples>,
  market: MarketApproach,
  first: boolean,
): Applied {
  const label = MULTIPLE_LABELS[key];
  const count = peers.used.length;
  // A discount to the peers (size, liquidity, growth) applies to the multiple, with its reason.
  const discount = market.discountPercent !== undefined ? dec(market.discountPercent) : null;
  const med = discount ? statistic.times(dec(1).minus(discount.div(100))) : statistic;
  const product = med.times(metric.value);
  const isEnterpriseMultiple = key === 'evToEbitda' || key === 'evToRevenue';
  const bridge = equityBridgeItems(f);
  const impliedEquity = isEnterpriseMultiple ? equityFromEnterpriseValue(product, bridge) : product;
  const lines: ValuationLine[] = [
    ...peers.used.map((u) => multipleLine(`${label.multiple}: ${u.name}`, u.value)),
    ...peers.excluded.filter((x) => x.value !== null).map((x) => multipleLine(`${label.multiple}: ${x.name}`, x.value!, `excluded: ${x.reason}`)),
    multipleLine(
      `${label.multiple}: ${statisticName(market)} of ${count} peer(s)`,
      statistic,
      peers.excluded.length ? `excluded: ${peers.excluded.map((x) => `${x.name} (${x.reason})`).join(', ')}` : undefined,
    ),
    // The discount's reason is printed once, with the first multiple it applies to.
    ...(discount ? [multipleLine(`${label.multiple}: after a ${plain(discount)}% discount to the peers`, med, first ? market.discountRationale : 'as above')] : []),
    amountLine(`${label.multiple}: target ${label.metric}`, metric.value, metric.source),
    ...(isEnterpriseMultiple
      ? [
          amountLine(`${label.multiple}: implied enterprise value`, product),
          ...bridgeLines(bridge).map((l) => ({ ...l, label: `${label.multiple}: ${l.label}` })),
        ]
      : []),
    amountLine(`${label.multiple}: implied equity value`, impliedEquity),
  ];
  return { key, median: med, metric: metric.value, impliedEquity, lines };
}

export function comparablesMethod(c: ComparablesComputation, peers: readonly NormalisedPeer[]): MethodResult {
  return {
    method: 'COMPARABLES',
    title: `Comparable company multiples (${peers.map((p) => p.name).join(', ')})`,
    lines: [
      ...c.applied.flatMap((a) => a.lines),
      amountLine(`Equity value (simple average of ${c.applied.length} multiple(s))`, c.equityValue),
      countLine('Equity shares outstanding', c.sharesOutstanding),
      ...perShareLines(c),
    ],
    ...basicValuePerShare(c),
    equityValue: toPaise(c.equityValue),
    valuePerShare: toPaise(c.valuePerShare),
  };
}
