// Sensitivity of the value per share to WACC and growth.
import type { ValuationResult } from '../../domain/valuation/types.js';
import { percent, rupees } from '../format.js';
import { SIZE, type Writer } from '../pdf/layout.js';

export function sensitivity(w: Writer, v: ValuationResult): void {
  if (!v.sensitivity) return;
  const s = v.sensitivity;
  w.section('Sensitivity analysis');
  w.paragraph(
    'Value per equity share under the discounted cash flow method as WACC (rows) and the terminal growth rate (columns) each move by up to one percentage point. The base case is highlighted; cells where growth is not below WACC have no meaningful value and are shown as "—".',
  );
  const n = s.growthValues.length;
  const baseRow = Math.floor(s.waccValues.length / 2);
  const baseCol = Math.floor(n / 2);
  w.table(
    [
      { header: 'WACC \\ g', width: 0.2, align: 'center' },
      ...s.growthValues.map((g) => ({ header: `g ${percent(g)}`, width: 0.8 / n, align: 'right' as const })),
    ],
    s.waccValues.map((wacc, i) => [percent(wacc), ...s.grid[i].map((c) => (c === null ? '—' : rupees(c)))]),
    { fontSize: SIZE.body - 0.5, boldFirstColumn: true, highlightCells: new Set([`${baseRow},${baseCol + 1}`]) },
  );
}
