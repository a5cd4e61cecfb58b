/**
 * The report's chart, the football field (each method's value per share, the DCF sensitivity range, the
 * concluded value and the proposed price), drawn here as SVG and placed in the PDF as vector graphics by
 * svg-to-pdfkit. It is a handful of bars, marks and lines: drawn directly it costs nothing to load, where a
 * charting library (ECharts, tried first) added about 85 MB to every process that rendered a report. The
 * sensitivity grid is printed once, as a table (sections/sensitivity.ts), not again as a heat map.
 */
import { METHOD_TITLE, rupees } from './format.js';
import type { ValuationResult } from '../domain/valuation/types.js';

const ACCENT = '#1f3a5f';
const RANGE = '#9db4d3';
const PROPOSED = '#b3261e';
const INK = '#1a1a1a';
const AXIS = '#6e7079';
const SPLIT = '#e0e6f1';
const FONT = 'DejaVu Sans';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (x: number) => Number(x.toFixed(2));

/** Axis ticks from 0 (or below, for a negative value) past `max`: about five steps of 1, 2 or 5 × 10^k. */
export function niceTicks(min: number, max: number): number[] {
  const lo = Math.min(0, min);
  const hi = max > lo ? max : lo + 1;
  const raw = (hi - lo) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let t = Math.floor(lo / step) * step; t < hi + step - 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** null when there is nothing to chart (no value per share). */
export function footballFieldSvg(v: ValuationResult, width: number, height: number): string | null {
  const rows: { label: string; value: number }[] = v.methods.map((m) => ({
    label: METHOD_TITLE[m.method] ?? m.method,
    value: Number(m.valuePerShare),
  }));
  if (rows.length === 0) return null;
  const sensitivity =
    v.sensitivity?.grid
      .flat()
      .filter((c): c is string => c !== null)
      .map(Number) ?? [];
  const range = sensitivity.length > 0 ? { min: Math.min(...sensitivity), max: Math.max(...sensitivity) } : null;
  const categories = [...rows.map((r) => r.label), ...(range ? ['DCF sensitivity range'] : [])];
  const lines: { value: number; color: string; width: number; dashed: boolean }[] = [];
  if (v.conclusion.valuePerShare !== null)
    lines.push({ value: Number(v.conclusion.valuePerShare), color: ACCENT, width: 2, dashed: false });
  if (v.compliance)
    lines.push({ value: Number(v.compliance.proposedPricePerShare), color: PROPOSED, width: 1.5, dashed: true });
  // Room for the longest category name at 9 pt (DejaVu Sans averages about 5.6 pt a character), so none is clipped.
  const labelWidth = Math.max(100, 5.6 * Math.max(...categories.map((c) => c.length)));
  const grid = { left: labelWidth + 16, right: width - 90, top: 16, bottom: height - 40 };
  const values = [...rows.map((r) => r.value), ...(range ? [range.min, range.max] : []), ...lines.map((l) => l.value)];
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const [t0, t1] = [ticks[0], ticks.at(-1)!];
  const x = (value: number) => n(grid.left + ((value - t0) / (t1 - t0)) * (grid.right - grid.left));
  const band = (grid.bottom - grid.top) / categories.length;
  const y = (i: number) => n(grid.top + band * (i + 0.5));
  const text = (tx: number, ty: number, body: string, anchor: 'start' | 'middle' | 'end', color = INK) =>
    `<text x="${n(tx)}" y="${n(ty)}" text-anchor="${anchor}" dominant-baseline="central" fill="${color}" font-family="${FONT}" font-size="9">${esc(body)}</text>`;
  const parts: string[] = [];
  // Vertical split lines and the value axis with its labels and name.
  for (const t of ticks) {
    parts.push(
      `<line x1="${x(t)}" y1="${grid.top}" x2="${x(t)}" y2="${grid.bottom}" stroke="${SPLIT}" stroke-width="1"/>`,
    );
    parts.push(text(x(t), grid.bottom + 11, t.toLocaleString('en-IN'), 'middle', AXIS));
  }
  parts.push(
    `<line x1="${grid.left}" y1="${grid.bottom}" x2="${grid.right}" y2="${grid.bottom}" stroke="${AXIS}" stroke-width="1"/>`,
  );
  parts.push(text((grid.left + grid.right) / 2, grid.bottom + 27, '₹ per share', 'middle', AXIS));
  // Category labels, right-aligned against the plot.
  categories.forEach((c, i) => parts.push(text(grid.left - 8, y(i), c, 'end')));
  // The DCF sensitivity range: a bar from its lowest to its highest value, labelled at its end.
  if (range) {
    const row = categories.length - 1;
    parts.push(
      `<rect x="${x(range.min)}" y="${n(y(row) - 7)}" width="${n(Math.max(1, x(range.max) - x(range.min)))}" height="14" fill="${RANGE}"/>`,
    );
    parts.push(
      text(x(range.max) + 5, y(row), `${rupees(range.min.toFixed(2))} – ${rupees(range.max.toFixed(2))}`, 'start'),
    );
  }
  // Each method's value: a diamond, labelled at its right.
  rows.forEach((r, i) => {
    const [cx, cy] = [x(r.value), y(i)];
    parts.push(
      `<path d="M${cx} ${n(cy - 6.5)}L${n(cx + 6.5)} ${cy}L${cx} ${n(cy + 6.5)}L${n(cx - 6.5)} ${cy}Z" fill="${ACCENT}"/>`,
    );
    parts.push(text(cx + 10, cy, rupees(r.value.toFixed(2)), 'start'));
  });
  // The concluded value (solid) and the proposed price (dashed red) across the plot.
  for (const l of lines) {
    parts.push(
      `<line x1="${x(l.value)}" y1="${grid.top}" x2="${x(l.value)}" y2="${grid.bottom}" stroke="${l.color}" stroke-width="${l.width}"${l.dashed ? ' stroke-dasharray="5 3"' : ''}/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
