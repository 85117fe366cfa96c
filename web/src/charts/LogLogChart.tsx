// A log-log line chart: D3 scales compute, React draws. Zeros, which a log axis cannot hold,
// sit in a shaded band below the axis, labelled as off the scale, rather than vanishing or
// pretending to be a tick. A point too noisy to quote (its error more than half its score) is drawn
// hollow, and the caller says why; an error bar wider than its score cannot be drawn on a log axis
// at all, so such a point has none.
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { scaleLog } from 'd3';
import { useWidth } from '../util/useWidth';
import { ChartLegend, ChartTable, Mark, overlaps, seriesClass, type ChartSeries } from './marks';

export interface Series extends ChartSeries {
  points: { x: number; y: number; err?: number }[];
}

/** A chart's legend: each series' text (its label by default), and items to add after them. */
export interface LegendSpec {
  text?: (s: Series) => ReactNode;
  extra?: ReactNode;
}

const W = 640;
const PLOT_H = 268;

/** Margins and rows around the plot, in drawing units, for text `f` units tall. */
export function chartLayout(f: number) {
  const m = { top: 16, right: 20 + f, left: 16 + 4.2 * f };
  const plotBottom = m.top + PLOT_H;
  const zeroTop = plotBottom + 0.6 * f;
  const zeroHeight = 1.6 * f;
  const xTicks = zeroTop + zeroHeight + 1.3 * f;
  const xTitle = xTicks + 1.7 * f;
  return { m, plotBottom, zeroTop, zeroHeight, zeroRow: zeroTop + zeroHeight / 2, xTicks, xTitle, height: xTitle + 0.6 * f };
}

/** A point whose error bar would reach zero or below: not drawable on a log axis. */
export const unbounded = (p: { y: number; err?: number }) => p.err !== undefined && p.err >= p.y && p.y > 0;

/** A point too noisy to quote: its error is more than half its score (as the results table marks it). */
export const noisy = (p: { y: number; err?: number }) => p.err !== undefined && p.y > 0 && !(p.err <= p.y / 2);

/**
 * The values' range, widened evenly (on a log scale) to a decade if narrower: lines of millions of
 * operations a second are drawn over the decades they span, not squeezed above six empty ones.
 */
export function atLeastADecade(ys: number[]): [number, number] {
  if (ys.length === 0) return [1, 10];
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const widen = Math.sqrt(Math.max(1, (10 * lo) / hi));
  return [lo / widen, hi * widen];
}

const fmt = (v: number) => (v >= 1e6 ? `${v / 1e6}M` : v >= 1000 ? `${v / 1000}k` : String(v));

export function LogLogChart({ series, xLabel, yLabel, title, yFormat = fmt, xDomain, yDomain, legend, table = true }: {
  series: Series[]; xLabel: string; yLabel: string; title: string; yFormat?: (v: number) => string;
  /** Folds the chart's numbers under it as a table (off where the widget shows them in a table of its own). */
  table?: boolean;
  /** Fixed axis ranges; by default the data's, with at least a decade. */
  xDomain?: [number, number]; yDomain?: [number, number];
  /** Draws the legend under the plot, its swatches as the lines are drawn. */
  legend?: LegendSpec;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const width = useWidth(ref);
  // Text in drawing units that reads as 12 px on screen, however wide the chart is drawn.
  const f = width > 0 ? Math.min(26, (12 * W) / width) : 12;
  const style = { '--chart-font': `${f}px` } as CSSProperties;
  const L = chartLayout(f);
  const M = L.m;
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x).filter((x) => x > 0);
  const ys = all.map((p) => p.y).filter((y) => y > 0);
  const x = scaleLog().domain(xDomain ?? [Math.min(...xs, 100), Math.max(...xs, 1000)]).range([M.left, W - M.right]);
  const y = scaleLog().domain(yDomain ?? atLeastADecade(ys)).nice().range([L.plotBottom, M.top]);
  const yAt = (v: number) => (v > 0 ? y(v) : L.zeroRow);
  const yTicks = y.ticks().filter((t) => Number.isInteger(Math.log10(t)));
  const zeros = all.some((p) => p.y === 0);
  const xTicks = x.ticks().filter((t) => Number.isInteger(Math.log10(t)));
  // A line that runs over one drawn before it is drawn dashed, on top, so both show.
  const over = overlaps(series, yAt);
  const order = series.map((_, i) => i).sort((a, b) => Number(!!over[a]) - Number(!!over[b]));

  return (
    <figure className="chart">
      {/* The y axis names itself above the plot, in HTML: a rotated label would not fit a phone. */}
      <figcaption className="chart-y-label">↑ {yLabel}</figcaption>
      <svg className="loglog" viewBox={`0 0 ${W} ${L.height}`} role="img" aria-label={title} ref={ref} style={style}>
        <g className="grid">
          {yTicks.map((t) => <line key={t} x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />)}
          {xTicks.map((t) => <line key={t} y1={M.top} y2={L.plotBottom} x1={x(t)} x2={x(t)} />)}
        </g>
        <g className="axis">
          {yTicks.map((t) => <text key={t} x={M.left - 8} y={y(t)} dy="0.32em" textAnchor="end">{yFormat(t)}</text>)}
          {zeros && (
            <g className="zero-band">
              <rect x={M.left} y={L.zeroTop} width={W - M.left - M.right} height={L.zeroHeight} />
              <text x={M.left - 8} y={L.zeroRow} dy="0.32em" textAnchor="end">zero</text>
              <title>Exactly 0: a log scale has no 0, so these points sit in a band of their own.</title>
            </g>
          )}
          {xTicks.map((t) => <text key={t} x={x(t)} y={L.xTicks} textAnchor="middle">{fmt(t)}</text>)}
          <text x={(M.left + W - M.right) / 2} y={L.xTitle} textAnchor="middle">{xLabel}</text>
        </g>
        {order.map((i) => {
          const s = series[i];
          const pts = [...s.points].sort((a, b) => a.x - b.x);
          return (
            <g key={s.key} className={seriesClass(s, over[i])}>
              <polyline fill="none" points={pts.map((p) => `${x(p.x)},${yAt(p.y)}`).join(' ')} />
              {pts.filter((p) => p.err && p.err > 0 && p.y > 0 && !unbounded(p)).map((p) => (
                <line key={`e${p.x}`} className="error-bar" x1={x(p.x)} x2={x(p.x)}
                  y1={yAt(Math.max(p.y - p.err!, y.domain()[0]))} y2={yAt(Math.min(p.y + p.err!, y.domain()[1]))} />
              ))}
              {pts.map((p) => (
                <Mark key={p.x} shape={s.marker} x={x(p.x)} y={yAt(p.y)} r={3.5} className={noisy(p) ? 'unbounded' : undefined}>
                  <title>{`${s.label}: n = ${p.x}, ${p.y.toFixed(2)}${noisy(p) ? ` ± ${Number.isFinite(p.err) ? p.err!.toFixed(2) : '?'} (noisy: error more than half the score)` : ''}`}</title>
                </Mark>
              ))}
            </g>
          );
        })}
      </svg>
      {legend && <ChartLegend series={series} over={over} text={legend.text as ((s: ChartSeries) => ReactNode) | undefined} extra={legend.extra} />}
      {table && <ChartTable series={series} xLabel={xLabel} yLabel={yLabel} title={title} />}
    </figure>
  );
}
