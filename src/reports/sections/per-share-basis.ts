// One basis per row (docs/reports.md, Figures and rounding): a value per share is printed only beside the
// equity value and the share count it divides, basic or fully diluted, each labelled.
import type { MethodResult } from '../../domain/valuation/types.js';

export interface PerShareBasis {
  basis: 'basic' | 'fully diluted';
  /** The equity value the per-share figure divides, in rupees, exact. */
  equity: string;
  /** The equity shares it divides by. */
  shares: string;
  perShare: string;
}

/**
 * The per-share figures of a method, each with its equity value and share count: the basic one (equity ÷ shares
 * outstanding), and where the method concludes fully diluted, that one too (the fully diluted equity value, with
 * the conversions' add-back and the options' exercise proceeds, ÷ the fully diluted shares).
 */
export function perShareBases(m: MethodResult, others: readonly MethodResult[] = []): PerShareBasis[] {
  const line = (label: string) => m.lines.find((l) => l.label === label)?.value;
  // A method that states no count (the price of a recent round: equity = price × the shares) divides by the
  // shares outstanding the other methods state.
  const basicShares =
    m.dilutedShares?.basicShares ??
    line('Equity shares outstanding') ??
    others.flatMap((o) => o.lines).find((l) => l.label === 'Equity shares outstanding')?.value;
  if (!m.dilutedShares || m.basicValuePerShare === undefined) {
    return basicShares === undefined
      ? []
      : [{ basis: 'basic', equity: m.equityValue, shares: basicShares, perShare: m.valuePerShare }];
  }
  return [
    { basis: 'basic', equity: m.equityValue, shares: m.dilutedShares.basicShares, perShare: m.basicValuePerShare },
    {
      basis: 'fully diluted',
      equity: line('Fully diluted equity value') ?? m.equityValue,
      shares: m.dilutedShares.shares,
      perShare: m.valuePerShare,
    },
  ];
}
