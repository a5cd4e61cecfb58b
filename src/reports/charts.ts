/**
 * Report charts drawn with a charting library (Apache ECharts, server-side SVG) and placed in the
 * PDF as vector graphics by svg-to-pdfkit: the football field (each method's value per share, the
 * DCF sensitivity range, the concluded value and the proposed price). The sensitivity grid is printed
 * once, as a table (sections/sensitivity.ts), not again as a heat map.
 */
import type * as Echarts from 'echarts';
import { METHOD_TITLE, rupees } from './format.js';
import type { ValuationResult } from '../domain/valuation/types.js';

const ACCENT = '#1f3a5f';
const FONT = 'DejaVu Sans';

// ECharts costs a process ~85 MB of memory once loaded: it is imported when a report is first rendered
// (loadCharts, awaited by renderReport before the layout, which is synchronous), not by every process.
let echarts: typeof Echarts | undefined;

/** Loads the charting library; the report's layout draws charts only after this resolved. */
export async function loadCharts(): Promise<void> {
  echarts ??= await import('echarts');
}

function render(option: Echarts.EChartsCoreOption, width: number, height: number): string {
  if (!echarts) throw new Error('charts drawn before loadCharts() resolved');
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ animation: false, textStyle: { fontFamily: FONT, fontSize: 10 }, ...option });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

/** null when there is nothing to chart (no value per share). */
export function footballFieldSvg(v: ValuationResult, width: number, height: number): string | null {
  const rows: { label: string; value: number }[] = v.methods.map((m) => ({ label: METHOD_TITLE[m.method] ?? m.method, value: Number(m.valuePerShare) }));
  if (rows.length === 0) return null;
  const grid = v.sensitivity?.grid.flat().filter((c): c is string => c !== null).map(Number) ?? [];
  const range = grid.length > 0 ? { min: Math.min(...grid), max: Math.max(...grid) } : null;
  const categories = [...rows.map((r) => r.label), ...(range ? ['DCF sensitivity range'] : [])];
  const n = categories.length;
  const lines: object[] = [];
  if (v.conclusion.valuePerShare !== null) {
    lines.push({ xAxis: Number(v.conclusion.valuePerShare), name: 'Concluded', lineStyle: { color: ACCENT, width: 2, type: 'solid' }, label: { show: false } });
  }
  if (v.compliance) {
    lines.push({ xAxis: Number(v.compliance.proposedPricePerShare), name: 'Proposed price', lineStyle: { color: '#b3261e', width: 1.5, type: 'dashed' }, label: { show: false } });
  }
  const labelWidth = Math.max(134, 7.2 * Math.max(...categories.map((c) => c.length)));
  const base = categories.map((_, i) => (range && i === n - 1 && range.min >= 0 ? range.min : null));
  const span = categories.map((_, i) => (range && i === n - 1 && range.min >= 0 ? range.max - range.min : null));
  return render(
    {
      // Room for the longest category name at 10 pt (about 7 px a character in DejaVu Sans), so no label is clipped.
      grid: { left: labelWidth + 16, right: 90, top: 16, bottom: 40 },
      xAxis: { type: 'value', name: '₹ per share', nameLocation: 'middle', nameGap: 20, axisLabel: { formatter: (x: number) => x.toLocaleString('en-IN') } },
      yAxis: { type: 'category', data: categories, inverse: true, axisLabel: { width: labelWidth, overflow: 'none', color: '#1a1a1a' } },
      series: [
        { type: 'bar', stack: 'range', data: base, itemStyle: { color: 'transparent' }, barWidth: 14, silent: true },
        { type: 'bar', stack: 'range', data: span, itemStyle: { color: '#9db4d3' }, barWidth: 14, label: { show: !!range, position: 'right', color: '#1a1a1a', formatter: () => (range ? `${rupees(range.min.toFixed(2))} – ${rupees(range.max.toFixed(2))}` : '') } },
        {
          type: 'scatter',
          symbol: 'diamond',
          symbolSize: 13,
          itemStyle: { color: ACCENT },
          data: rows.map((r, i) => [r.value, i]),
          label: { show: true, position: 'right', color: '#1a1a1a', formatter: (p: { value: [number, number] }) => rupees(p.value[0].toFixed(2)) },
          markLine: { symbol: 'none', data: lines, animation: false },
        },
      ],
    },
    width,
    height,
  );
}
