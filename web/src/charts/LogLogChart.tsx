// A log-log line chart: D3 scales compute, React draws. Zeros, which a log axis cannot hold,
// sit on a marked "0" row below the axis rather than vanishing.
import { scaleLog } from 'd3';

export interface Series {
  key: string;
  label: string;
  className: string;
  points: { x: number; y: number; err?: number }[];
  dashed?: boolean;
}

const W = 640;
const H = 340;
const M = { top: 16, right: 20, bottom: 56, left: 64 };
const ZERO_ROW = H - M.bottom + 22;

const fmt = (v: number) => (v >= 1e6 ? `${v / 1e6}M` : v >= 1000 ? `${v / 1000}k` : String(v));

export function LogLogChart({ series, xLabel, yLabel, title, yFormat = fmt }: {
  series: Series[]; xLabel: string; yLabel: string; title: string; yFormat?: (v: number) => string;
}) {
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x).filter((x) => x > 0);
  const ys = all.map((p) => p.y).filter((y) => y > 0);
  const x = scaleLog().domain([Math.min(...xs, 100), Math.max(...xs, 1000)]).range([M.left, W - M.right]);
  const y = scaleLog().domain([Math.min(...ys, 1), Math.max(...ys, 10)]).nice().range([H - M.bottom, M.top]);
  const yAt = (v: number) => (v > 0 ? y(v) : ZERO_ROW);
  const yTicks = y.ticks().filter((t) => Number.isInteger(Math.log10(t)));
  const zeros = all.some((p) => p.y === 0);
  const xTicks = x.ticks().filter((t) => Number.isInteger(Math.log10(t)));

  return (
    <svg className="loglog" viewBox={`0 0 ${W} ${H + 10}`} role="img" aria-label={title}>
      <g className="grid">
        {yTicks.map((t) => <line key={t} x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />)}
        {xTicks.map((t) => <line key={t} y1={M.top} y2={H - M.bottom} x1={x(t)} x2={x(t)} />)}
      </g>
      <g className="axis">
        {yTicks.map((t) => <text key={t} x={M.left - 8} y={y(t)} dy="0.32em" textAnchor="end">{yFormat(t)}</text>)}
        {zeros && <text x={M.left - 8} y={ZERO_ROW} dy="0.32em" textAnchor="end">0</text>}
        {zeros && <line className="zero-row" x1={M.left} x2={W - M.right} y1={ZERO_ROW} y2={ZERO_ROW} />}
        {xTicks.map((t) => <text key={t} x={x(t)} y={H - M.bottom + 40} textAnchor="middle">{fmt(t)}</text>)}
        <text x={(M.left + W - M.right) / 2} y={H + 6} textAnchor="middle">{xLabel}</text>
        <text transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">{yLabel}</text>
      </g>
      {series.map((s) => {
        const pts = [...s.points].sort((a, b) => a.x - b.x);
        return (
          <g key={s.key} className={`series ${s.className}${s.dashed ? ' dashed' : ''}`}>
            <polyline fill="none" points={pts.map((p) => `${x(p.x)},${yAt(p.y)}`).join(' ')} />
            {pts.filter((p) => p.err && p.err > 0 && p.y > 0).map((p) => (
              <line key={`e${p.x}`} className="error-bar" x1={x(p.x)} x2={x(p.x)}
                y1={yAt(Math.max(p.y - p.err!, y.domain()[0]))} y2={yAt(p.y + p.err!)} />
            ))}
            {pts.map((p) => <circle key={p.x} cx={x(p.x)} cy={yAt(p.y)} r={3.5}><title>{`${s.label}: n = ${p.x}, ${p.y.toFixed(2)}`}</title></circle>)}
          </g>
        );
      })}
    </svg>
  );
}
