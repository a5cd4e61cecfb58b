// Bar chart of each method's value per share with the concluded value as a line; echarts is loaded
// on demand (its own chunk) and only the parts used are bundled.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { rupees } from '../../lib/format';

echarts.use([BarChart, GridComponent, TooltipComponent, MarkLineComponent, SVGRenderer]);

export default function MethodsChart({
  methods,
  concluded,
}: {
  methods: { label: string; value: string }[];
  concluded?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: 'svg' });
    chart.setOption({
      aria: { enabled: true },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => rupees(String(v)) },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => rupees(String(v)).replace(/\.00$/, '') } },
      yAxis: { type: 'category', data: methods.map((m) => m.label), axisLabel: { width: 140, overflow: 'truncate' } },
      series: [
        {
          type: 'bar',
          data: methods.map((m) => Number(m.value)),
          itemStyle: { color: '#364fc7' },
          label: {
            show: true,
            position: 'insideRight',
            color: '#fff',
            formatter: (p: { value: number }) => rupees(p.value.toFixed(2)),
          },
          ...(concluded
            ? {
                markLine: {
                  symbol: 'none',
                  data: [{ xAxis: Number(concluded), name: 'Concluded' }],
                  label: { formatter: `Concluded ${rupees(concluded)}` },
                  lineStyle: { color: '#c92a2a', type: 'dashed' },
                },
              }
            : {}),
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [methods, concluded]);
  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={ref}
        style={{ width: '100%', height: 60 + methods.length * 48 }}
        role="img"
        aria-label={`Value per share by method: ${methods.map((m) => `${m.label} ${rupees(m.value)}`).join('; ')}`}
      />
      <figcaption style={{ fontSize: 12, color: '#495057' }}>
        Value per share by method{concluded ? '; dashed line: concluded value' : ''}
      </figcaption>
    </figure>
  );
}
