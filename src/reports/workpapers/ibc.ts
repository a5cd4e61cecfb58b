/** The IBC sheet: fair value and liquidation value under CIRP Regulation 35. */
import { RUPEE_FORMAT, Sheet, SHEET_NAME } from './cells.js';
import type { InputCells, WorkbookContext } from './context.js';

export function writeIbc(ctx: WorkbookContext, cells: InputCells): void {
  const { wb, known, f, name, method, values } = ctx;
  const { bs, shares, totalClaimsF } = cells;
  const fairMethod = method('FAIR_VALUE');
  const liqMethod = method('LIQUIDATION_VALUE');
  if (fairMethod && liqMethod && f.liquidation) {
    const s = new Sheet(wb, known, SHEET_NAME.IBC);
    s.title('CIRP Regulation 35: fair value and liquidation value (s.53: equity never below nil)');
    const fairCells: string[] = [];
    const liqCells: string[] = [];
    for (const asset of f.liquidation.assets) {
      const label = asset.description ? `${asset.assetClass} (${asset.description})` : asset.assetClass;
      for (const basis of ['fairValue', 'liquidationValue'] as const) {
        let cell: string;
        if (asset.estimates && asset.estimates.length > 0) {
          const estimateCells = asset.estimates.map((e) =>
            s.put(`${label}: ${basis} estimated by ${e.valuer}`, Number(e[basis]), RUPEE_FORMAT),
          );
          // Consecutive cells in column B: one range.
          const list = `${estimateCells[0]}:${estimateCells[estimateCells.length - 1].replace(/^.*!/, '')}`;
          // Average of the two closest estimates (the lower pair on a tie).
          const formula =
            estimateCells.length === 2
              ? `AVERAGE(${list})`
              : `IF(SMALL(${list},3)-SMALL(${list},2)<SMALL(${list},2)-SMALL(${list},1),(SMALL(${list},2)+SMALL(${list},3))/2,(SMALL(${list},1)+SMALL(${list},2))/2)`;
          cell = s.put(`${label}: ${basis} (average of the two closest)`, { f: formula }, RUPEE_FORMAT);
        } else {
          cell = s.put(`${label}: ${basis}`, Number(asset[basis] ?? 0), RUPEE_FORMAT);
        }
        (basis === 'fairValue' ? fairCells : liqCells).push(cell);
      }
    }
    const liabilities = s.put(
      'Liabilities ranking ahead of equity',
      f.liquidation.liabilities !== undefined
        ? Number(f.liquidation.liabilities)
        : { f: `${totalClaimsF}-${bs.equityShareCapital}-${bs.reservesAndSurplus}` },
      RUPEE_FORMAT,
    );
    const costs = s.put('Liquidation costs', Number(f.liquidation.liquidationCosts), RUPEE_FORMAT);
    const totalFair = s.put('Total fair value of assets', { f: `SUM(${fairCells.join(',')})` }, RUPEE_FORMAT);
    const totalLiq = s.put('Total liquidation value of assets', { f: `SUM(${liqCells.join(',')})` }, RUPEE_FORMAT);
    const fairEquity = s.put(
      'Fair value available to equity',
      { f: `MAX(${totalFair}-${liabilities},0)`, result: Number(fairMethod.equityValue) },
      RUPEE_FORMAT,
    );
    s.put('Shortfall to creditors (fair value)', { f: `MAX(${liabilities}-${totalFair},0)` }, RUPEE_FORMAT);
    const liqEquity = s.put(
      'Liquidation value available to equity',
      { f: `MAX(${totalLiq}-${costs}-${liabilities},0)`, result: Number(liqMethod.equityValue) },
      RUPEE_FORMAT,
    );
    s.put(
      'Shortfall to creditors (liquidation value)',
      { f: `MAX(${liabilities}+${costs}-${totalLiq},0)` },
      RUPEE_FORMAT,
    );
    const fairPer = s.put(
      'Fair value per equity share',
      { f: `${fairEquity}/${shares}`, result: Number(fairMethod.valuePerShare) },
      RUPEE_FORMAT,
    );
    const liqPer = s.put(
      'Liquidation value per equity share',
      { f: `${liqEquity}/${shares}`, result: Number(liqMethod.valuePerShare) },
      RUPEE_FORMAT,
    );
    name('ValuePerShare_FAIR_VALUE', fairPer);
    name('ValuePerShare_LIQUIDATION_VALUE', liqPer);
    values.FAIR_VALUE = fairPer;
    values.LIQUIDATION_VALUE = liqPer;
  }
}
