// What the annexures share: figures compared as printed, totals that foot, notes and labels in the valuer's words.
import { Decimal } from 'decimal.js';
import { FINANCIAL_LABELS } from '../../contract/financial-labels.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { inUnit, type ReportUnit } from './units.js';

/** A printed figure read back as a number of the unit, so that parts and totals are compared as printed. */
export const printedValue = (rupeeAmount: string, unit: ReportUnit): Decimal =>
  new Decimal(inUnit(rupeeAmount, unit).replace(/,/g, '').replace('−', '-'));

/**
 * The rows closing a column of parts: where the printed parts do not add up to the printed total (each is rounded
 * from its exact figure), a rounding-difference line before the total (docs/reports.md, Figures and rounding).
 */
export function footing(label: string, parts: string[], unit: ReportUnit): string[][] {
  const total = parts.reduce((s, p) => s.plus(p), new Decimal(0));
  const printedParts = parts.reduce((s, p) => s.plus(printedValue(p, unit)), new Decimal(0));
  const difference = printedValue(total.toFixed(), unit).minus(printedParts);
  const perUnit = unit === 'CRORE' ? 10_000_000 : 100_000;
  return [
    ...(difference.isZero() ? [] : [['Rounding difference', inUnit(difference.times(perUnit).toFixed(), unit)]]),
    [label, inUnit(total.toFixed(), unit)],
  ];
}

export const noteText = (w: Writer, text: string) =>
  w.paragraph(text, { size: SIZE.small, color: COLOR.muted, align: 'left' });

/** Words for a field of the financials document: its Schedule III heading, never its key. */
export const labelOf = (field: string): string => FINANCIAL_LABELS[field] ?? field;
