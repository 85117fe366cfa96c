// What tells a chart's lines apart, decided once for the plot and its legend: each line's marker
// shape, whether it is dashed, and whether it runs over a line drawn before it (then it is drawn
// dashed on top, so the one beneath shows through its gaps). The legend's swatches are drawn
// with the same classes as the lines, so a style the page gives a line is the style of its swatch.
import type { ReactNode } from 'react';

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';
export const MARKER_SHAPES: readonly MarkerShape[] = ['circle', 'square', 'triangle', 'diamond'];

export interface ChartSeries {
  key: string;
  label: string;
  className: string;
  points: { x: number; y: number }[];
  dashed?: boolean;
  /** The shape of its points (circles unless said). */
  marker?: MarkerShape;
}

/** A point's marker: `r` is its half-width; every shape carries the class `mark`. */
export function Mark({ shape = 'circle', x, y, r, className, children }: {
  shape?: MarkerShape; x: number; y: number; r: number; className?: string; children?: ReactNode;
}) {
  const cls = className ? `mark ${className}` : 'mark';
  switch (shape) {
    case 'square': return <rect className={cls} x={x - r * 0.85} y={y - r * 0.85} width={r * 1.7} height={r * 1.7}>{children}</rect>;
    case 'triangle': return <path className={cls} d={`M${x},${y - r * 1.15}L${x + r * 1.1},${y + r * 0.8}L${x - r * 1.1},${y + r * 0.8}Z`}>{children}</path>;
    case 'diamond': return <path className={cls} d={`M${x},${y - r * 1.2}L${x + r * 1.2},${y}L${x},${y + r * 1.2}L${x - r * 1.2},${y}Z`}>{children}</path>;
    default: return <circle className={cls} cx={x} cy={y} r={r}>{children}</circle>;
  }
}

/** The drawing units within which two lines' points read as one point. */
export const COINCIDE = 6;

/** An earlier line a series runs over: its label, and at how many of their common x values the two meet. */
export interface Overlap {
  label: string;
  meet: number;
  of: number;
}

/**
 * For each series, an earlier one it runs over (null if none): at least two x values in common,
 * and at half of them or more the two points within `within` drawing units, `yAt` placing a
 * value. Measured and dashed (published) lines are compared only among themselves.
 */
export function overlaps(series: readonly ChartSeries[], yAt: (y: number) => number, within = COINCIDE): (Overlap | null)[] {
  return series.map((s, i) => {
    for (let j = 0; j < i; j++) {
      const other = series[j];
      if (!!other.dashed !== !!s.dashed) continue;
      const pairs = s.points.flatMap((p) => {
        const q = other.points.find((o) => o.x === p.x);
        return q ? [[p.y, q.y]] : [];
      });
      if (pairs.length < 2) continue;
      const close = pairs.filter(([a, b]) => Math.abs(yAt(a) - yAt(b)) <= within).length;
      if (close * 2 >= pairs.length) return { label: other.label, meet: close, of: pairs.length };
    }
    return null;
  });
}

/** Where a line meets the one it runs over, in words: everywhere, or at how many of their points. */
export const meetText = (o: Overlap) => (o.meet === o.of ? `it runs over ${o.label}`
  : `it lies within a few pixels of ${o.label} at ${o.meet} of their ${o.of} points`);

/** The classes a series is drawn with, in the plot and in its legend swatch. */
export const seriesClass = (s: ChartSeries, over: Overlap | null) =>
  `series ${s.className}${s.dashed ? ' dashed' : ''}${over ? ' over' : ''}`;

/** A legend swatch: a short stretch of the line, with its marker, drawn as the plot draws it. */
export function Swatch({ s, over, markers = true }: { s: ChartSeries; over: Overlap | null; markers?: boolean }) {
  return (
    <svg className="loglog swatch-line" viewBox="0 0 36 12" width="36" height="12" aria-hidden="true">
      <g className={seriesClass(s, over)}>
        <polyline fill="none" points="1,6 35,6" />
        {markers && <Mark shape={s.marker} x={18} y={6} r={3.5} />}
      </g>
    </svg>
  );
}

/**
 * The legend of a chart: one item per series drawn, its swatch drawn as its line is, then its
 * text; a line drawn over another says so. `extra` items come last.
 */
export function ChartLegend({ series, over, text, extra, markers = true }: {
  series: readonly ChartSeries[]; over: (Overlap | null)[]; text?: (s: ChartSeries) => ReactNode; extra?: ReactNode; markers?: boolean;
}) {
  return (
    <ul className="legend">
      {/* A series with no point drawn (the purgatory's quick preset measures no high-timeout case) has no line to name. */}
      {series.map((s, i) => s.points.length > 0 && (
        <li key={s.key} className={s.className}>
          <Swatch s={s} over={over[i]} markers={markers} /> {text ? text(s) : s.label}
          {over[i] && <span className="hint"> (drawn on top: {meetText(over[i]!)})</span>}
        </li>
      ))}
      {extra}
    </ul>
  );
}

/** How a chart's numbers are written in its data table. */
const cell = (v: number) => (Number.isInteger(v) ? v.toLocaleString('en-US') : v.toPrecision(4));

/**
 * A chart's numbers as a table, folded under it: what a screen reader reads instead of the
 * lines (and anyone who wants the values). One row per x, one column per series.
 */
export function ChartTable({ series, xLabel, yLabel, title }: { series: ChartSeries[]; xLabel: string; yLabel: string; title: string }) {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const at = series.map((s) => new Map(s.points.map((p) => [p.x, p as { x: number; y: number; err?: number }])));
  return (
    <details className="chart-data">
      <summary>The chart’s numbers, as a table</summary>
      <div className="table-scroll">
        <table className="counters">
          <caption>{title}: {yLabel} by {xLabel}</caption>
          <thead><tr><th scope="col">{xLabel}</th>{series.map((s) => <th key={s.key} scope="col">{s.label}</th>)}</tr></thead>
          <tbody>
            {xs.map((x) => (
              <tr key={x}>
                <th scope="row">{cell(x)}</th>
                {at.map((m, i) => {
                  const p = m.get(x);
                  return <td key={series[i].key}>{p ? `${cell(p.y)}${p.err !== undefined && Number.isFinite(p.err) && p.err > 0 ? ` ± ${cell(p.err)}` : ''}` : '—'}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
