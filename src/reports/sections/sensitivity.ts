// Sensitivity of the value per share to WACC and growth.
import type { ValuationResult } from '../../domain/valuation/types.js';
import { percent, rupees } from '../format.js';
import { CELL_PAD, SIZE, type Writer } from '../pdf/layout.js';
import { inUnit, type ReportUnit } from './units.js';

/** The row headers' share of the table's width; the rest is divided among the growth columns. */
const FIRST_COLUMN = 0.14;
/** The smallest type the grid is set in before its figures go to a larger unit. */
const SMALLEST_SIZE = 7.5;

/** How the grid's figures are printed: the unit (null: ₹ with paise) and the type size. */
export interface GridPresentation {
  unit: ReportUnit | null;
  fontSize: number;
}

/**
 * The largest type, then the smallest unit, at which every figure of the grid fits its column on one
 * line: ₹ with paise in the body's size down to 7.5 pt, else ₹ lakh a share, else ₹ crore a share, the
 * unit then stated in the table's corner and the paragraph above it.
 */
export function gridPresentation(
  figures: readonly string[],
  columnWidth: number,
  widthAt: (text: string, fontSize: number) => number,
): GridPresentation {
  const sizes: number[] = [];
  for (let s = SIZE.body - 0.5; s >= SMALLEST_SIZE; s -= 0.5) sizes.push(s);
  for (const unit of [null, 'LAKH', 'CRORE'] as const) {
    for (const fontSize of sizes) {
      if (figures.every((f) => widthAt(gridFigure(f, unit), fontSize) <= columnWidth)) return { unit, fontSize };
    }
  }
  return { unit: 'CRORE', fontSize: SMALLEST_SIZE };
}

const gridFigure = (value: string, unit: ReportUnit | null): string =>
  unit === null ? rupees(value) : inUnit(value, unit);

export function sensitivity(w: Writer, v: ValuationResult): void {
  if (!v.sensitivity) return;
  const s = v.sensitivity;
  w.section('Sensitivity analysis');
  const n = s.growthValues.length;
  const columnWidth = ((1 - FIRST_COLUMN) / n) * w.width - 2 * CELL_PAD;
  const figures = s.grid.flat().filter((c): c is string => c !== null);
  const { unit, fontSize } = gridPresentation(figures, columnWidth, (text, size) =>
    w.doc.font('Regular').fontSize(size).widthOfString(text),
  );
  const unitWords = unit === 'CRORE' ? '₹ crore' : '₹ lakh';
  w.paragraph(
    'Value per equity share under the discounted cash flow method as WACC (rows) and the terminal growth rate (columns) each move by up to one percentage point. The base case is highlighted; cells where growth is not below WACC have no meaningful value and are shown as "—".' +
      (unit === null
        ? ''
        : ` The figures are in ${unitWords} a share (₹1 ${unit === 'CRORE' ? 'crore = ₹1,00,00,000' : 'lakh = ₹1,00,000'}), rounded to two decimals, as in rupees they would not fit the columns; the value per share in rupees is in the computation and the conclusion.`),
  );
  const baseRow = Math.floor(s.waccValues.length / 2);
  const baseCol = Math.floor(n / 2);
  w.table(
    [
      { header: unit === null ? 'WACC \\ g' : `WACC \\ g (${unitWords})`, width: FIRST_COLUMN, align: 'center' },
      ...s.growthValues.map((g) => ({
        header: `g ${percent(g)}`,
        width: (1 - FIRST_COLUMN) / n,
        align: 'right' as const,
      })),
    ],
    s.waccValues.map((wacc, i) => [percent(wacc), ...s.grid[i].map((c) => (c === null ? '—' : gridFigure(c, unit)))]),
    { fontSize, boldFirstColumn: true, highlightCells: new Set([`${baseRow},${baseCol + 1}`]) },
  );
}
