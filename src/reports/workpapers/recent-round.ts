/** The RECENT_ROUND sheet: the price of a recent investment, adjusted. */
import { PERCENT_FORMAT, RUPEE_FORMAT, Sheet, SHEET_NAME } from './cells.js';
import type { WorkbookContext } from './context.js';

export function writeRecentRound(ctx: WorkbookContext): void {
  const { wb, known, f, name, method, values } = ctx;
  const round = method('RECENT_ROUND');
  if (round && f.recentRound) {
    const s = new Sheet(wb, known, SHEET_NAME.RECENT_ROUND);
    // A sale of existing shares between holders is a sale, not a round (as the report's lines say).
    const what = f.recentRound.kind === 'SECONDARY_SALE' ? 'sale' : 'round';
    const adjusted = f.recentRound.adjustments.length > 0;
    s.title(
      `Price of a recent investment (${f.recentRound.date}, ${f.recentRound.instrument})${adjusted ? ', adjusted' : ', with no adjustment'}`,
    );
    const price = s.put(`Price per share in the ${what} (₹)`, Number(f.recentRound.pricePerShare), RUPEE_FORMAT);
    const factors = f.recentRound.adjustments.map((a) =>
      s.put(
        `Adjustment for ${a.kind === 'TIME' ? `the time since the ${what}` : "the instrument's rights"} (%): ${a.reason}`,
        Number(a.percent),
        PERCENT_FORMAT,
      ),
    );
    const perShare = s.put(
      'Value per equity share = price × Π (1 + adjustment)',
      {
        f: `${price}${factors.map((x) => `*(1+${x}/100)`).join('')}`,
        result: Number(round.valuePerShare),
      },
      RUPEE_FORMAT,
    );
    name('ValuePerShare_RECENT_ROUND', perShare);
    values.RECENT_ROUND = perShare;
  }
}
