// A line chart on linear axes: D3 scales compute, React draws; text sized to read at 12 px on
// screen, as the log-log chart does.
import { useRef, type CSSProperties } from 'react';
import { scaleLinear } from 'd3';
import { useWidth } from '../util/useWidth';
import { ChartLegend, ChartTable, overlaps, seriesClass, type ChartSeries } from './marks';

export type LineSeries = ChartSeries;

const W = 640;
const H = 260;

const fmt = (v: number) => (Math.abs(v) >= 1e6 ? `${v / 1e6}M` : Math.abs(v) >= 1000 ? `${v / 1000}k` : String(v));

export function LineChart({ series, xLabel, yLabel, title, legend = false, table = true }: {
  series: LineSeries[]; xLabel: string; yLabel: string; title: string;
  /** Folds the chart's numbers under it as a table (off where the widget shows them in a table of its own). */
  table?: boolean;
  /** Draws the legend under the plot, its swatches as the lines are drawn. */
  legend?: boolean;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const width = useWidth(ref);
  const f = width > 0 ? Math.min(26, (12 * W) / width) : 12;
  const m = { top: 12, right: 16 + f, bottom: 3.2 * f + 8, left: 14 + 4.2 * f };
  const all = series.flatMap((s) => s.points);
  const x = scaleLinear().domain([Math.min(0, ...all.map((p) => p.x)), Math.max(1, ...all.map((p) => p.x))]).range([m.left, W - m.right]);
  const y = scaleLinear().domain([0, Math.max(1, ...all.map((p) => p.y))]).nice().range([H - m.bottom, m.top]);
  // A line that runs over one drawn before it is drawn dashed, on top, so both show.
  const over = overlaps(series, (v) => y(v));
  const order = series.map((_, i) => i).sort((a, b) => Number(!!over[a]) - Number(!!over[b]));
  return (
    <figure className="chart">
      <figcaption className="chart-y-label">↑ {yLabel}</figcaption>
      <svg className="loglog linechart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} ref={ref}
        style={{ '--chart-font': `${f}px` } as CSSProperties}>
        <g className="grid">
          {y.ticks(5).map((t) => <line key={t} x1={m.left} x2={W - m.right} y1={y(t)} y2={y(t)} />)}
        </g>
        <g className="axis">
          {y.ticks(5).map((t) => <text key={t} x={m.left - 8} y={y(t)} dy="0.32em" textAnchor="end">{fmt(t)}</text>)}
          {x.ticks(6).map((t) => <text key={t} x={x(t)} y={H - m.bottom + 1.4 * f} textAnchor="middle">{fmt(t)}</text>)}
          <text x={(m.left + W - m.right) / 2} y={H - 6} textAnchor="middle">{xLabel}</text>
        </g>
        {order.map((i) => (
          <g key={series[i].key} className={seriesClass(series[i], over[i])}>
            <polyline fill="none" points={series[i].points.map((p) => `${x(p.x)},${y(p.y)}`).join(' ')} />
          </g>
        ))}
      </svg>
      {legend && <ChartLegend series={series} over={over} markers={false} />}
      {table && <ChartTable series={series} xLabel={xLabel} yLabel={yLabel} title={title} />}
    </figure>
  );
}
