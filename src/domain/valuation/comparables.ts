import type { NormalisedFinancials, NormalisedPeer } from '../financials/normalise.js';
import { bridgeLines, equityBridgeItems, equityFromEnterpriseValue } from './equity-bridge.js';
import { amountLine, countLine, multipleLine } from './lines.js';
import { dec, plain, sum, toPaise, type Dec } from './money.js';
import type { MethodResult, ValuationLine, ValuationWarning } from './types.js';
import { basicValuePerShare, dilutiveInstruments, perShare, perShareLines, type PerShare } from './dilution.js';

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
  /** The valuer's explicit choice to apply multiples of one basis to the company's metric of the other. */
  acceptBasisMismatch?: boolean;
  /** The statistic across the comparable transactions (default MEDIAN), as for the peers. */
  transactionStatistic?: 'MEDIAN' | 'MEAN' | 'PERCENTILE';
  transactionPercentile?: string | number;
  /**
   * A discount to the comparable transactions' multiples that takes out the control premium and synergies the
   * acquirers paid for (deals for control), so the method values what a minority holder shares (docs/valuation-method.md,
   * Market approach); with its reason.
   */
  transactionControlDiscountPercent?: string | number;
  transactionControlDiscountRationale?: string;
}

/** The period a multiple is struck on: the trailing twelve months, or the next year's forecast. */
export type MetricBasis = 'TRAILING' | 'FORWARD';

export function statisticOf(values: readonly Dec[], m: Pick<MarketApproach, 'statistic' | 'percentile'>): Dec {
  if (m.statistic === 'MEAN') return sum(values).div(values.length);
  if (m.statistic === 'PERCENTILE') return percentile(values, dec(m.percentile ?? 50));
  return median(values);
}

export const statisticName = (m: Pick<MarketApproach, 'statistic' | 'percentile'>) =>
  m.statistic === 'MEAN'
    ? 'mean'
    : m.statistic === 'PERCENTILE'
      ? `${plain(dec(m.percentile ?? 50))}th percentile`
      : 'median';

/** The one basis the evidence used for a multiple states, MIXED where it states two, undefined where none. */
export function basisOf(items: readonly { basis?: MetricBasis }[]): MetricBasis | 'MIXED' | undefined {
  const bases = new Set(items.map((i) => i.basis).filter((b) => b !== undefined));
  return bases.size > 1 ? 'MIXED' : [...bases][0];
}

const TRAILING_METRIC: Partial<Record<MultipleKey, 'ebitda' | 'revenue' | 'profitAfterTax'>> = {
  evToEbitda: 'ebitda',
  evToRevenue: 'revenue',
  peRatio: 'profitAfterTax',
};

/**
 * Like with like (docs/valuation-method.md, Market approach): multiples struck on a basis that the
 * company's metric does not have are refused (409 at the lock, naming the field), unless the valuer
 * accepts the mismatch explicitly (`marketApproach.acceptBasisMismatch`). The company's trailing metric is
 * `comparableMetrics` (its trailing twelve months at the valuation date); its forward metric is the first
 * projection year. Evidence without a stated basis is applied as before, to whichever metric is given.
 */
export function metricBasisProblems(f: NormalisedFinancials, accept: boolean): { path: string; message: string }[] {
  if (accept) return [];
  const out: { path: string; message: string }[] = [];
  const evidence = [
    {
      what: "listed peers'",
      path: '/peers',
      items: f.peers,
      keys: ['evToEbitda', 'evToRevenue', 'peRatio'] as MultipleKey[],
    },
    {
      what: "comparable transactions'",
      path: '/transactions',
      items: f.transactions ?? [],
      keys: ['evToEbitda', 'evToRevenue'] as MultipleKey[],
    },
  ];
  for (const e of evidence) {
    for (const key of e.keys) {
      const used = e.items
        .map((item, index) => ({ item, index }))
        .filter(
          ({ item }) =>
            (item as Record<string, unknown>)[key] !== undefined && dec((item as Record<string, string>)[key]).gt(0),
        );
      const basis = basisOf(used.map((u) => u.item));
      const label = MULTIPLE_LABELS[key].multiple;
      if (basis === 'MIXED') {
        // The field at fault: the basis of the first peer (or deal) whose basis differs from the first one stated.
        const first = used.find((u) => u.item.basis !== undefined)!;
        const odd = used.find((u) => u.item.basis !== undefined && u.item.basis !== first.item.basis)!;
        out.push({
          path: `${e.path}/${odd.index}/basis`,
          message: `The ${e.what} ${label} multiples mix TRAILING and FORWARD bases (${e.path}/${first.index} is ${first.item.basis}, ${e.path}/${odd.index} ${odd.item.basis}): apply one basis to the company's metric of the same basis, or state marketApproach.acceptBasisMismatch.`,
        });
      } else if (basis === 'TRAILING' && f.comparableMetrics?.[TRAILING_METRIC[key]!] === undefined) {
        out.push({
          path: `/comparableMetrics/${TRAILING_METRIC[key]}`,
          message: `The ${e.what} ${label} multiples are TRAILING, but the company's trailing ${MULTIPLE_LABELS[key].metric} at the valuation date (comparableMetrics.${TRAILING_METRIC[key]}) is not given: give it, or state marketApproach.acceptBasisMismatch to apply them to ${key === 'peRatio' ? 'no other figure' : 'the first projection year (forward)'}.`,
        });
      } else if (basis === 'FORWARD' && key === 'peRatio') {
        const forward = used.find((u) => u.item.basis === 'FORWARD')!;
        out.push({
          path: `${e.path}/${forward.index}/basis`,
          message: `The ${e.what} P/E multiples are FORWARD, but the financials give no forward profit after tax, only the trailing one: state marketApproach.acceptBasisMismatch to apply them to it, or leave P/E out.`,
        });
      }
    }
  }
  // One entry per field: a peer's basis at fault for several multiples is named once, its messages joined.
  const byPath = new Map<string, string[]>();
  for (const o of out) byPath.set(o.path, [...(byPath.get(o.path) ?? []), o.message]);
  return [...byPath].map(([path, messages]) => ({ path, message: messages.join(' ') }));
}

/** A peer's multiple is used when positive; otherwise it is left out, and why. */
function peerMultiples(peers: readonly NormalisedPeer[], key: MultipleKey) {
  const used: { name: string; value: Dec }[] = [];
  const excluded: { name: string; value: Dec | null; reason: string }[] = [];
  for (const p of peers) {
    if (p[key] === undefined) excluded.push({ name: p.name, value: null, reason: 'not reported' });
    else if (!dec(p[key] as string).gt(0))
      excluded.push({
        name: p.name,
        value: dec(p[key] as string),
        reason: dec(p[key] as string).isZero() ? 'zero' : 'negative',
      });
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

export function targetMetric(
  f: NormalisedFinancials,
  key: MultipleKey,
  basis?: MetricBasis | 'MIXED',
): { value: Dec; source: string } | null {
  const first = f.projections[0];
  const m = f.comparableMetrics;
  const forward = (x: 'ebitda' | 'revenue') => ({
    value: dec(first[x]),
    source:
      basis === 'TRAILING'
        ? `${first.year} projection (forward), applied to trailing multiples by the valuer's explicit choice`
        : `${first.year} projection (forward${basis === 'FORWARD' ? ', like the forward multiples' : ' multiple'})`,
  });
  // The trailing figure with where it comes from, where the financials say.
  const trailingWords = (x: 'ebitda' | 'revenue' | 'profitAfterTax') =>
    basis === 'TRAILING'
      ? `the company's trailing twelve months to the valuation date, like the trailing multiples${m?.sources?.[x] ? `: ${m.sources[x]}` : ''}`
      : `the company's figure as given in the financials${m?.sources?.[x] ? `: ${m.sources[x]}` : ''}`;
  const trailing = (x: 'ebitda' | 'revenue') => ({ value: dec(m![x]!), source: trailingWords(x) });
  switch (key) {
    case 'evToEbitda':
      if (basis === 'FORWARD' && first) return forward('ebitda');
      return m?.ebitda !== undefined ? trailing('ebitda') : forward('ebitda');
    case 'evToRevenue':
      if (basis === 'FORWARD' && first) return forward('revenue');
      return m?.revenue !== undefined ? trailing('revenue') : forward('revenue');
    case 'peRatio': {
      if (m?.profitAfterTax === undefined) return null;
      // As converted, like the diluted share count: the CCDs' interest after tax is no longer paid.
      const d = dilutiveInstruments(f);
      const interest =
        d && d.ccdPrincipal.gt(0) && m.ccdInterestAfterTax !== undefined ? dec(m.ccdInterestAfterTax) : null;
      return interest
        ? {
            value: dec(m.profitAfterTax).plus(interest),
            source: `as converted: profit after tax ${toPaise(dec(m.profitAfterTax))} + the CCDs' interest after tax ${toPaise(interest)} (comparable metrics), on the diluted share count`,
          }
        : {
            value: dec(m.profitAfterTax),
            source: trailingWords('profitAfterTax'),
          };
    }
    case 'priceToBook': {
      const book = dec(f.balanceSheet.equityShareCapital).plus(dec(f.balanceSheet.reservesAndSurplus));
      // As converted, like the diluted share count: the CCPS capital and CCD principal the balance sheet holds
      // outside equity become equity (those presented in other equity are already in it).
      const d = dilutiveInstruments(f);
      const converted = d ? d.ccpsCapital.plus(d.ccdPrincipal) : null;
      return converted && converted.gt(0)
        ? {
            value: book.plus(converted),
            source: `balance sheet ${f.balanceSheetDate}, as converted: share capital and reserves ${toPaise(book)} + CCPS capital and CCD principal ${toPaise(converted)}, on the diluted share count`,
          }
        : { value: book, source: `balance sheet ${f.balanceSheetDate}` };
    }
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
        warnings.push({
          code: 'COMPARABLE_MULTIPLE_SKIPPED',
          message: `${MULTIPLE_LABELS[key].multiple} not applied: no peer reports a positive ${MULTIPLE_LABELS[key].multiple}.`,
        });
      }
      continue;
    }
    const med = statisticOf(
      peers.used.map((u) => u.value),
      market,
    );
    const metric = targetMetric(f, key, basisOf(f.peers.filter((p) => peers.used.some((u) => u.name === p.name))));
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
  const converted = dilutiveInstruments(f);
  if (
    applied.some((a) => a.key === 'peRatio') &&
    converted &&
    converted.ccdPrincipal.gt(0) &&
    f.comparableMetrics?.ccdInterestAfterTax === undefined
  ) {
    warnings.push({
      code: 'PE_EARNINGS_NOT_AS_CONVERTED',
      message:
        'P/E is applied to the profit after tax as given, while the value per share counts the CCDs as converted: give comparableMetrics.ccdInterestAfterTax to add their interest after tax back to the earnings.',
    });
  }
  const equityValue = sum(applied.map((a) => a.impliedEquity)).div(applied.length);
  const sharesOutstanding = dec(f.shares.equitySharesOutstanding);
  // Only the enterprise multiples went through the bridge that deducted CCPS capital and CCD principal:
  // the average adds them back in that proportion.
  const enterpriseShare = dec(applied.filter((a) => a.key === 'evToEbitda' || a.key === 'evToRevenue').length).div(
    applied.length,
  );
  return {
    computation: {
      applied,
      equityValue,
      sharesOutstanding,
      ...perShare(f, equityValue, sharesOutstanding, enterpriseShare),
    },
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
    ...peers.excluded
      .filter((x) => x.value !== null)
      .map((x) => multipleLine(`${label.multiple}: ${x.name}`, x.value!, `excluded: ${x.reason}`)),
    multipleLine(
      `${label.multiple}: ${statisticName(market)} of ${count} ${count === 1 ? 'peer' : 'peers'}`,
      statistic,
      peers.excluded.length
        ? `excluded: ${peers.excluded.map((x) => `${x.name} (${x.reason})`).join(', ')}`
        : undefined,
    ),
    // The discount's reason is printed once, with the first multiple it applies to.
    ...(discount
      ? [
          multipleLine(
            `${label.multiple}: after a ${plain(discount)}% discount to the peers`,
            med,
            first ? market.discountRationale : 'as above',
          ),
        ]
      : []),
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
      amountLine(
        `Equity value (simple average of ${c.applied.length} ${c.applied.length === 1 ? 'multiple' : 'multiples'})`,
        c.equityValue,
      ),
      countLine('Equity shares outstanding', c.sharesOutstanding),
      ...perShareLines(c),
    ],
    ...basicValuePerShare(c),
    equityValue: toPaise(c.equityValue),
    valuePerShare: toPaise(c.valuePerShare),
  };
}
