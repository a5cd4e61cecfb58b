/** The book NAV sheet (Companies Act). */
import { RUPEE_FORMAT, Sheet, SHEET_NAME } from './cells.js';
import type { InputCells, WorkbookContext } from './context.js';
import { perShareCells } from './per-share.js';

export function writeBookNav(ctx: WorkbookContext, cells: InputCells): void {
  const { wb, known, name, method, values } = ctx;
  const { bs, adj, shares, totalAssetsF, totalClaimsF } = cells;
  const book = method('NAV');
  if (book) {
    const s = new Sheet(wb, known, SHEET_NAME.NAV);
    s.title('Book net asset value');
    const total = s.put('Total assets', { f: totalAssetsF }, RUPEE_FORMAT);
    const outside = s.put(
      'Outside liabilities (claims other than equity, reserves and preference capital)',
      {
        f: `${totalClaimsF}-${bs.equityShareCapital}-${bs.reservesAndSurplus}-${bs.preferenceShareCapital}`,
      },
      RUPEE_FORMAT,
    );
    const nav = s.put(
      'Net asset value = assets − unamortised expenditure − outside liabilities − preference capital',
      {
        f: `${total}-${adj.unamortisedExpenditure}-${outside}-${bs.preferenceShareCapital}`,
        result: Number(book.equityValue),
      },
      RUPEE_FORMAT,
    );
    const perShare = perShareCells(s, book, nav, shares, name).perShare;
    values.NAV = perShare;
  }
}
