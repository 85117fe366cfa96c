// Cost curves: equals() calls + comparisons per cancellation, counted by the Counter probe on
// the real heaps, for n from 100 to 100,000, in order and in reverse, drawn log-log with the
// fitted slope of each line (1 means linear per cancellation, 0 constant).
import { useEffect, useRef, useState } from 'react';
import { LogLogChart, type Series } from '../charts/LogLogChart';
import type { MarkerShape } from '../charts/marks';
import { ShareEmbed } from '../embed/ShareEmbed';
import { embedLink } from '../embed/link';
import { logLogFit } from '../charts/fit';
import { countJobs, countsAt, type Job } from '../script/counting';
import { encodeCommands, parseScript } from '../script/parse';
import { familySchema, variantSpec } from '../script/schema';
import type { Variant as HeapVariant } from './schema.gen';
import { ProgressStatus } from '../ui/ProgressStatus';
import { focusAfterRender } from '../util/focus';

export interface CostPoint {
  heap: HeapVariant;
  reverse: boolean;
  n: number;
  comparisons: number;
  equals: number;
}

/** Schedule n, then cancel all in order or in reverse; the points come from the cancelling command. */
function costCurve(sizes: number[], onPoint: (p: CostPoint) => void): Job<void> {
  const schema = familySchema('heap');
  const cases = sizes.flatMap((n) => [false, true].map((reverse) => ({ n, reverse })));
  const jobs = cases.map(({ n, reverse }) => {
    const parsed = parseScript(`schedule ${n}, ${reverse ? 'cancel-reverse' : 'cancel-in-order'}`, schema);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return { commands: Array.from(encodeCommands(parsed.commands)), variants: ['jdk', 'indexed'] };
  });
  return countJobs('heap', jobs, (j, r) => {
    const { n, reverse } = cases[j];
    for (const heap of ['jdk', 'indexed'] as const) {
      const c = countsAt(r.counts[heap], schema.kinds, 1);
      onPoint({ heap, reverse, n, comparisons: c.compare / n, equals: c.equals / n });
    }
  });
}

export const COST_SIZES = [100, 316, 1000, 3162, 10000, 31623, 100000];

const LINES: { heap: HeapVariant; reverse: boolean; className: string; marker: MarkerShape }[] = [
  { heap: 'jdk', reverse: true, className: 'jdk-reverse', marker: 'circle' },
  // In order, the two heaps do the same work: the JDK's line is drawn wide with hollow circles,
  // Netty's dashed over it with diamonds, so both show.
  { heap: 'jdk', reverse: false, className: 'jdk-order', marker: 'circle' },
  { heap: 'indexed', reverse: false, className: 'indexed-order', marker: 'diamond' },
  { heap: 'indexed', reverse: true, className: 'indexed-reverse', marker: 'square' },
];

const lineLabel = (heap: HeapVariant, reverse: boolean) =>
  `${variantSpec(familySchema('heap'), heap).title}, ${reverse ? 'in reverse' : 'in order'}`;
const perCancel = (p: CostPoint) => p.equals + p.comparisons;

/** The slope a cost growing exactly like log₂ n fits over `sizes`: small, but not 0. */
export function logSlope(sizes: readonly number[]): number {
  return logLogFit(sizes.map((n) => ({ x: n, y: Math.log2(n) })))!.slope;
}

export function slopeText(points: { x: number; y: number }[]): string {
  if (points.length > 0 && points.every((p) => p.y === 0)) return 'no work at any n';
  const fit = logLogFit(points);
  return fit ? `slope ${fit.slope.toFixed(2)}` : '—';
}

export function CostCurves({ sizes = COST_SIZES, autoRun = false }: { sizes?: number[]; autoRun?: boolean }) {
  const [points, setPoints] = useState<CostPoint[]>([]);
  const [status, setStatus] = useState<'idle' | 'running' | 'done' | 'cancelled' | 'failed'>('idle');
  const [error, setError] = useState('');
  const job = useRef<Job<void> | null>(null);
  const runButton = useRef<HTMLButtonElement>(null);
  const chart = useRef<HTMLDivElement>(null);
  const total = sizes.length * 4;

  const run = () => {
    job.current?.cancel();
    setPoints([]);
    setStatus('running');
    const j = costCurve(sizes, (p) => setPoints((ps) => [...ps, p]));
    job.current = j;
    j.result.then(
      () => setStatus('done'),
      (e: Error) => {
        if (e.name === 'AbortError') return;
        setError(e.message);
        setStatus('failed');
      },
    );
  };
  const cancel = () => {
    job.current?.cancel();
    setStatus('cancelled');
  };
  useEffect(() => {
    if (autoRun) run();
    return () => job.current?.cancel();
    // Once, on mount: a run=1 link counts at once; later renders do not start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const series: Series[] = LINES.map(({ heap, reverse, className, marker }) => ({
    key: className,
    label: lineLabel(heap, reverse),
    className,
    marker,
    points: points.filter((p) => p.heap === heap && p.reverse === reverse).map((p) => ({ x: p.n, y: perCancel(p) })),
  }));

  return (
    <section className="widget cost-curves" aria-label="Cost curves">
      <h3 className="widget-title">Work per cancellation as the queue grows</h3>
      <p className="hint">
        Schedule n timers due at 1 … n, then cancel them all, in order or in reverse. Each point is the
        number of equals() calls plus comparisons per cancellation, counted on the real heaps.
      </p>
      <div className="button-row">
        <button type="button" ref={runButton} onClick={() => { if (status !== 'running') run(); }} aria-disabled={status === 'running'}>
          {status === 'running' ? 'Counting …' : status === 'idle' ? 'Count' : 'Count again'}
        </button>
        {status === 'running' && <button type="button" onClick={() => { cancel(); focusAfterRender(runButton); }}>Cancel</button>}
        <ProgressStatus className="hint" settled={status !== 'running'}>
          {status === 'running' && `Counting… ${points.length} of ${total} points (the JDK heap in reverse at n = 100,000 makes 5 billion equals() calls).`}
          {status === 'done' && `Counted ${total} points.`}
          {status === 'cancelled' && `Cancelled after ${points.length} of ${total} points.`}
          {status === 'failed' && `Counting failed: ${error}`}
        </ProgressStatus>
      </div>
      {points.length > 0 && (
        <>
          <div ref={chart}>
            <LogLogChart table={false} series={series} title="Work per cancellation against n, log-log" xLabel="n (timers queued)"
              yLabel="equals() + comparisons per cancellation"
              legend={{ text: (s) => <>{s.label}: <strong>{slopeText(s.points)}</strong></> }} />
          </div>
          <p className="hint">
            Reading the slopes: 1 means the work per cancellation grows in proportion to n; 0 means it does not grow at
            all. A cost that grows like log n is neither: it is not a power of n, so on log-log axes it rises gently,
            and a straight line fitted over these n has a small slope. For comparison, log₂ n itself fits a slope
            of {logSlope(sizes).toFixed(2)} over the same n.
            {series.some((s) => s.points.some((p) => p.y === 0)) && ' Zeros cannot sit on a log axis, so they are drawn in the shaded band under it.'}
          </p>
          <div className="table-scroll">
            <table className="counters">
              <caption>The same numbers</caption>
              <thead>
                <tr><th scope="col">n</th>{series.map((s) => <th scope="col" key={s.key}>{s.label}</th>)}</tr>
              </thead>
              <tbody>
                {sizes.filter((n) => points.some((p) => p.n === n)).map((n) => (
                  <tr key={n}>
                    <th scope="row">{n.toLocaleString('en-US')}</th>
                    {series.map((s) => {
                      const p = s.points.find((q) => q.x === n);
                      return <td key={s.key}>{p ? p.y.toLocaleString('en-US', { maximumFractionDigits: 2 }) : '…'}</td>;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <ShareEmbed link={embedLink('cost-curves', { run: '0' })} title="Work per cancellation as the queue grows (JDK and Netty heaps)"
        drawing={chart} pending={points.length > 0 ? undefined : 'press Count first: the picture is the chart it draws'} name="cost-curves"
        caption={`Counted on the real heaps: ${points.length} of ${total} points. ${series.map((x) => `${x.label}: ${slopeText(x.points)}`).join('; ')}.`} />
    </section>
  );
}
