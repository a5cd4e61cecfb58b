/**
 * The IBC sheet: fair value and liquidation value under CIRP Regulation 35 (or the realisable value under the
 * Liquidation Process Regulations), per asset class and in total. A class with an asset register takes its figures
 * from the Asset registers sheet; the reconciliation follows. No figure per share, no residue to equity and no s.53
 * waterfall: an IBC valuation values the corporate debtor's assets, never its shares (docs/statutes.md, IBC).
 */
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { RUPEE_FORMAT, Sheet, SHEET_NAME } from './cells.js';
import type { InputCells, WorkbookContext } from './context.js';
import { writeReconciliation, writeRegisters, type ClassCells } from './ibc-registers.js';
import { NON_OPERATING_CLASSES } from '../../domain/valuation/ibc-whole.js';

export function writeIbc(ctx: WorkbookContext, cells: InputCells): void {
  const { wb, known, f, method, values, name, v } = ctx;
  const { bs } = cells;
  const fairMethod = method('FAIR_VALUE');
  const liqMethod = method('LIQUIDATION_VALUE');
  if (!liqMethod || !f.liquidation) return;
  const realisable = !fairMethod;
  const liqName = realisable ? 'realisable value' : 'liquidation value';
  const registers: Map<string, ClassCells> = f.liquidation.registers
    ? writeRegisters(ctx, f.liquidation.registers, realisable ? 'Realisable value' : 'Liquidation value')
    : new Map();
  const s = new Sheet(wb, known, SHEET_NAME.IBC);
  s.title(
    realisable
      ? 'Liquidation Process Regulation 35: realisable value per asset class and in total'
      : 'CIRP Regulation 35: fair value and liquidation value per asset class and in total',
  );
  const fairCells: string[] = [];
  const fairByClass = new Map<string, string>();
  const liqCells: string[] = [];
  const bookCells = new Map<string, string>();
  for (const asset of f.liquidation.assets) {
    const words = FINANCIAL_LABELS[asset.assetClass] ?? asset.assetClass;
    const label = asset.description ? `${words} (${asset.description})` : words;
    const register = registers.get(asset.assetClass);
    bookCells.set(
      asset.assetClass,
      s.put(`${label}: book value`, register ? { f: register.book } : Number(asset.bookValue), RUPEE_FORMAT),
    );
    for (const basis of realisable ? (['liquidationValue'] as const) : (['fairValue', 'liquidationValue'] as const)) {
      const name = basis === 'fairValue' ? 'fair value' : liqName;
      let cell: string;
      if (register) {
        cell = s.put(
          `${label}: ${name} (the asset register's total)`,
          { f: basis === 'fairValue' ? register.fair : register.liquidation },
          RUPEE_FORMAT,
        );
      } else if (asset.estimates && asset.estimates.length > 0) {
        const estimateCells = asset.estimates.map((e) =>
          s.put(`${label}: ${name} estimated by ${e.valuer}`, Number(e[basis]), RUPEE_FORMAT),
        );
        // Consecutive cells in column B: one range.
        const list = `${estimateCells[0]}:${estimateCells[estimateCells.length - 1].replace(/^.*!/, '')}`;
        // The average of the two closest (the lower pair on a tie), the gaps compared to the paisa as the service
        // compares them in exact decimals, so a tie is a tie here too.
        const gap = (hi: number, lo: number) => `ROUND(SMALL(${list},${hi})-SMALL(${list},${lo}),2)`;
        const formula =
          estimateCells.length === 2
            ? `AVERAGE(${list})`
            : `IF(${gap(3, 2)}<${gap(2, 1)},(SMALL(${list},2)+SMALL(${list},3))/2,(SMALL(${list},1)+SMALL(${list},2))/2)`;
        const whose = realisable ? "the liquidator's computation" : "the resolution professional's computation";
        cell = s.put(
          `${label}: ${name} (${estimateCells.length === 2 ? 'average of the two' : 'average of the two closest'}, ${whose})`,
          { f: formula },
          RUPEE_FORMAT,
        );
      } else {
        cell = s.put(`${label}: ${name}`, Number(asset[basis] ?? 0), RUPEE_FORMAT);
      }
      (basis === 'fairValue' ? fairCells : liqCells).push(cell);
      if (basis === 'fairValue') fairByClass.set(asset.assetClass, cell);
    }
  }
  s.row += 1;
  // The totals are the valuer's conclusion.
  let totalFair: string | null = null;
  if (fairMethod) {
    totalFair = s.put('Total fair value of assets', { f: `SUM(${fairCells.join(',')})` }, RUPEE_FORMAT);
    values.IBC_TOTAL_FAIR_VALUE = totalFair;
    name('TotalValue_FAIR_VALUE', totalFair);
  }
  const totalLiq = s.put(`Total ${liqName} of assets`, { f: `SUM(${liqCells.join(',')})` }, RUPEE_FORMAT);
  values.IBC_TOTAL_LIQUIDATION_VALUE = totalLiq;
  name('TotalValue_LIQUIDATION_VALUE', totalLiq);
  const whole = v.conclusion.corporateDebtor;
  if (whole && totalFair) {
    s.row += 1;
    writeWhole(s, whole, totalFair, fairByClass, bs.tradePayables, name, values.GOING_CONCERN_EV);
  }
  // The totals are where the valuer's workings end: the costs of the process, the claims, the s.53 distribution and
  // anything left to equity (or per share) are the resolution professional's or liquidator's arithmetic, computed
  // nowhere in these workpapers (docs/ibc-valuation.md, The workpapers).
  writeReconciliation(ctx, cells, bookCells);
}

/**
 * The coordinating valuer's fair value of the corporate debtor as a whole (docs/ibc-valuation.md, The corporate
 * debtor as a whole): the classes consolidated, plus the going-concern excess where the business's DCF shows one.
 */
function writeWhole(
  s: Sheet,
  whole: NonNullable<WorkbookContext['v']['conclusion']['corporateDebtor']>,
  totalFair: string,
  fairByClass: Map<string, string>,
  tradePayablesCell: string | undefined,
  name: WorkbookContext['name'],
  /** The DCF sheet's enterprise value, where it rebuilds the going-concern DCF by formula. */
  enterpriseValueCell?: string,
): void {
  s.heading('The fair value of the corporate debtor as a whole (the coordinating valuer, CIRP Reg 2(1)(hb))');
  const sumCell = s.put("The classes' fair values, consolidated", { f: totalFair }, RUPEE_FORMAT);
  let intangibles: string;
  if (whole.enterpriseValue !== null) {
    const ev = s.put(
      enterpriseValueCell
        ? `Enterprise value of the business as a going concern (the Discounted cash flow sheet, WACC ${whole.wacc}%, growth ${whole.terminalGrowthRate}%)`
        : `Enterprise value of the business as a going concern (DCF at WACC ${whole.wacc}%, growth ${whole.terminalGrowthRate}%; the report's computation)`,
      enterpriseValueCell
        ? { f: enterpriseValueCell, result: Number(whole.enterpriseValue) }
        : Number(whole.enterpriseValue),
      RUPEE_FORMAT,
    );
    const payables = s.put(
      "Add: trade payables (claims the resolution plan settles, netted in the projections' working capital)",
      tradePayablesCell ? { f: tradePayablesCell } : Number(whole.tradePayables ?? 0),
      RUPEE_FORMAT,
    );
    const outside = NON_OPERATING_CLASSES.map((c) => fairByClass.get(c)).filter((c): c is string => !!c);
    const nonOperating = s.put(
      'Add: cash and bank, securities or financial assets (outside the cash flows, at fair value)',
      { f: outside.length ? `SUM(${outside.join(',')})` : '0' },
      RUPEE_FORMAT,
    );
    const gc = s.put('Going-concern value of the assets', { f: `${ev}+${payables}+${nonOperating}` }, RUPEE_FORMAT);
    intangibles = s.put(
      'Intangible assets and synergies (the going-concern value less the classes, never below nil)',
      { f: `MAX(${gc}-${sumCell},0)`, result: Number(whole.intangiblesAndSynergies) },
      RUPEE_FORMAT,
    );
  } else {
    intangibles = s.put(
      'Intangible assets and synergies (none: no projections to value the business as a going concern)',
      0,
      RUPEE_FORMAT,
    );
  }
  const fair = s.put(
    'Fair value of the corporate debtor as a whole',
    { f: `${sumCell}+${intangibles}`, result: Number(whole.fairValue) },
    RUPEE_FORMAT,
  );
  name('FairValue_CORPORATE_DEBTOR', fair);
}
