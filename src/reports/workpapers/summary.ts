/** The Summary sheet: each method, the weights, the discounts and the concluded value. */
import { COUNT_FORMAT, PERCENT_FORMAT, RUPEE_FORMAT, Sheet } from './cells.js';
import { METHOD_TITLE } from '../format.js';
import type { InputCells, WorkbookContext } from './context.js';

export function writeSummary(ctx: WorkbookContext, cells: InputCells): void {
  const { wb, known, v, name, values } = ctx;
  const { dloc, dlom } = cells;
  const sum = new Sheet(wb, known, 'Summary');
  sum.title('Summary: each method, the weights, the discount and the concluded value');
  // The one rounding rule of the report and the workpapers alike (docs/reports.md, Figures and rounding).
  sum.ws.getCell(sum.row - 1, 1).value =
    'Every figure is computed from the exact figures and shown rounded to the paisa, as the report prints it; a printed total may differ from the sum of its rounded parts, and the report then prints a rounding difference.';
  const c = v.conclusion;
  if (v.statute === 'IBC_LIQUIDATION') {
    // The assets' values in total, as the report concludes them: no value per share (docs/statutes.md, IBC).
    if (values.IBC_TOTAL_FAIR_VALUE)
      sum.put('Total fair value of assets', { f: values.IBC_TOTAL_FAIR_VALUE }, RUPEE_FORMAT);
    if (values.IBC_TOTAL_LIQUIDATION_VALUE)
      sum.put(
        c.fairValue ? 'Total liquidation value of assets' : 'Total realisable value of assets',
        { f: values.IBC_TOTAL_LIQUIDATION_VALUE },
        RUPEE_FORMAT,
      );
    return;
  }
  const chosen = c.byPurpose?.find((p) => p.purpose === v.purpose);
  const weights: { method: string; weight: number }[] = c.weights?.length
    ? c.weights.map((w) => ({ method: w.method, weight: Number(w.weightPercent) }))
    : chosen
      ? [{ method: chosen.method, weight: 100 }]
      : c.valuePerShare !== null && v.statute === 'FEMA_RBI'
        ? [{ method: 'DCF', weight: 100 }]
        : [];
  const header = sum.row;
  // Discounts apply method by method, before weighting, each only on a value on a basis that takes it.
  const byMethod = c.discountsByMethod;
  [
    'Method',
    'Value per share',
    'Weight (%)',
    'Weighted value',
    ...(byMethod
      ? [
          'Basis',
          'DLOC applies (1 = yes)',
          'DLOM applies (1 = yes)',
          'Value after discounts',
          'Weighted value after discounts',
        ]
      : []),
  ].forEach((h, i) => {
    const cell = sum.ws.getCell(header, 1 + i);
    cell.value = h;
    cell.font = { bold: true };
  });
  sum.row += 1;
  const weighted: string[] = [];
  const weightedAfter: string[] = [];
  for (const m of v.methods) {
    if (!values[m.method]) continue;
    const r = sum.row;
    sum.ws.getCell(r, 1).value = METHOD_TITLE[m.method] ?? m.title;
    const value = sum.set(r, 2, { f: values[m.method], result: Number(m.valuePerShare) }, RUPEE_FORMAT);
    const w = weights.find((x) => x.method === m.method);
    if (w) {
      const weight = sum.set(r, 3, w.weight, PERCENT_FORMAT);
      // A negative equity value enters the weighting at nil (docs/valuation-method.md, Negative equity).
      weighted.push(sum.set(r, 4, { f: `MAX(0,${value})*${weight}/100` }, RUPEE_FORMAT));
      const d = byMethod?.find((x) => x.method === m.method);
      if (d) {
        sum.ws.getCell(r, 5).value = d.basis;
        const control = sum.set(r, 6, d.controlDiscountApplies ? 1 : 0, COUNT_FORMAT);
        const marketability = sum.set(r, 7, d.marketabilityDiscountApplies ? 1 : 0, COUNT_FORMAT);
        const after = sum.set(
          r,
          8,
          {
            f: `MAX(0,${value})*(1-${dloc}/100*${control})*(1-${dlom}/100*${marketability})`,
            result: Number(d.valueAfterDiscounts),
          },
          RUPEE_FORMAT,
        );
        weightedAfter.push(sum.set(r, 9, { f: `${after}*${weight}/100` }, RUPEE_FORMAT));
      }
    }
    sum.row += 1;
  }
  sum.row += 1;
  if (c.valuePerShare !== null && weighted.length > 0) {
    const before = sum.put(
      'Weighted value per share (before any discount)',
      { f: `SUM(${weighted.join(',')})`, result: Number(c.valueBeforeDiscount ?? c.valuePerShare) },
      RUPEE_FORMAT,
    );
    const concluded =
      weightedAfter.length > 0
        ? sum.put(
            'Concluded value per share = Σ weight × value × (1 − DLOC where on a control basis) × (1 − DLOM where marketable)',
            {
              f: `SUM(${weightedAfter.join(',')})`,
              result: Number(c.valuePerShare),
            },
            RUPEE_FORMAT,
          )
        : sum.put(
            'Concluded value per share = weighted value × (1 − discount for lack of control) × (1 − discount for lack of marketability)',
            {
              f: `${before}*(1-${dloc}/100)*(1-${dlom}/100)`,
              result: Number(c.valuePerShare),
            },
            RUPEE_FORMAT,
          );
    name('ValuePerShare_Concluded', concluded);
  }
  if (c.weightsRationale) sum.put('Weights rationale', c.weightsRationale);
}
