import { plain, toPaise, toPlaces, type Dec } from './money.js';
import type { ValuationLine } from './types.js';

/** Presentation of one intermediate figure; the figure itself stays unrounded in the computation. */
const withNote = (line: ValuationLine, note?: string): ValuationLine => (note ? { ...line, note } : line);

export const amountLine = (label: string, value: Dec, note?: string): ValuationLine =>
  withNote({ label, value: toPaise(value), kind: 'AMOUNT' }, note);

export const perShareLine = (label: string, value: Dec, note?: string): ValuationLine =>
  withNote({ label, value: toPaise(value), kind: 'PER_SHARE' }, note);

/** Discount factors to 6 places: enough to recompute a PV to the rupee on a calculator. */
export const factorLine = (label: string, value: Dec, note?: string): ValuationLine =>
  withNote({ label, value: toPlaces(value, 6), kind: 'FACTOR' }, note);

export const percentLine = (label: string, value: Dec, note?: string): ValuationLine =>
  withNote({ label, value: plain(value), kind: 'PERCENT' }, note);

export const countLine = (label: string, value: Dec, note?: string): ValuationLine =>
  withNote({ label, value: plain(value), kind: 'COUNT' }, note);

export const multipleLine = (label: string, value: Dec, note?: string): ValuationLine =>
  withNote({ label, value: toPlaces(value, 4), kind: 'MULTIPLE' }, note);
