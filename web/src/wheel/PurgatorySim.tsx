// Kafka's purgatory saturation, live: the benchmark's load on both purgatories, each point's cost
// measured on the real structures in a Worker; target rate against the rate one thread can
// sustain, with the published figures; verdicts computed from the data; and the entries each
// design holds over time.
import { useEffect, useRef, useState } from 'react';
import { LogLogChart, type Series } from '../charts/LogLogChart';
import { LineChart, type LineSeries } from '../charts/LineChart';
import { ShareEmbed } from '../embed/ShareEmbed';
import { embedLink } from '../embed/link';
import { ENTRIES_RATE, SWEEPS, type EntrySample, type SweepProgress } from './purgatorySweep';
import { CASES, PUBLISHED, WIKI, costBound, describeRange, sustainable, verdicts, type Case, type Design, type Point } from './saturation';
import type { SweepReply, SweepRequest } from './purgatoryProtocol';
import { num } from '../util/format';
import { VerdictList } from '../bench/VerdictList';

/** What a preset runs, from its settings: each measurement is stopped at its wall budget. */
export function budgetText(name: 'quick' | 'full'): string {
  const s = SWEEPS[name];
  return `${s.rates.length} rates × ${s.seeds} seeds, each measurement stopped at ${(s.budgetMs / 1000).toLocaleString('en-US')} s`;
}
import { download, fileName } from '../util/download';
import { csvTable } from '../util/csv';
import { useWorkerRun } from '../wasm/useWorkerRun';
import { ProgressStatus } from '../ui/ProgressStatus';
import { focusAfterRender } from '../util/focus';

type Status = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

const DESIGN_LABEL: Record<Design, string> = { old: 'old purgatory (DelayQueue of requests)', wheel: 'timing-wheel purgatory' };
const CASE_SHORT: Record<Case, string> = { low: 'low timeouts', high: 'high timeouts' };

const spawn = () => new Worker(new URL('./purgatoryWorker.ts', import.meta.url), { type: 'module' });

export function PurgatorySim({ preset: initialPreset = 'quick', autoRun = false }: { preset?: 'quick' | 'full'; autoRun?: boolean }) {
  const [preset, setPreset] = useState<'quick' | 'full'>(initialPreset);
  const [points, setPoints] = useState<Point[]>([]);
  const [progress, setProgress] = useState<SweepProgress | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState('');
  const [entries, setEntries] = useState<Partial<Record<Design, EntrySample[]>>>({});
  const worker = useWorkerRun<SweepRequest, SweepReply>(spawn);
  const started = useRef(0);
  const runButton = useRef<HTMLButtonElement>(null);
  const [seconds, setSeconds] = useState(0);
  const chart = useRef<HTMLDivElement>(null);

  const fail = (message: string) => {
    setError(message);
    setStatus('failed');
  };
  // After the sweep, the entries each design holds over time, at one rate.
  const runEntries = () => worker.start({ type: 'entries', case: 'low', rate: ENTRIES_RATE }, {
    reply: (r) => r.type === 'entries' && setEntries((e) => ({ ...e, [r.design]: r.samples })),
    done: () => {},
    fail,
  });
  const run = () => {
    setPoints([]);
    setEntries({});
    setStatus('running');
    setError('');
    started.current = performance.now();
    worker.start({ type: 'sweep', preset, cases: ['low', 'high'] }, {
      reply: (m) => {
        if (m.type === 'point') setPoints((ps) => [...ps, m.point]);
        else if (m.type === 'progress') setProgress(m.progress);
      },
      done: () => {
        setSeconds((performance.now() - started.current) / 1000);
        setStatus('done');
        runEntries();
      },
      fail,
    });
  };
  const stop = () => {
    worker.stop();
    setStatus('cancelled');
  };
  useEffect(() => {
    if (autoRun) run();
    // Once, on mount: a run=1 link starts the simulation; later prop changes do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const s = SWEEPS[preset];
  const series: Series[] = [];
  for (const c of ['low', 'high'] as Case[]) {
    for (const d of ['old', 'wheel'] as Design[]) {
      series.push({
        key: `${d}-${c}`, label: `${DESIGN_LABEL[d]}, ${CASE_SHORT[c]}`, className: `pg-${d}-${c}`,
        points: points.filter((p) => p.design === d && p.case === c).map((p) => ({ x: p.rate, y: sustainable(p) })),
      });
    }
  }
  if (points.length) {
    series.push({ key: 'keep-up', label: 'keeping up (sustained = target)', className: 'pg-diagonal', dashed: true,
      points: [{ x: s.rates[0], y: s.rates[0] }, { x: s.rates[s.rates.length - 1], y: s.rates[s.rates.length - 1] }] });
    series.push({
      key: 'published', className: 'pg-published', dashed: true,
      label: `published saturation (${WIKI.title}): old about ${num(PUBLISHED.old.high)} (many timeouts) and ${num(PUBLISHED.old.low)} (few); wheel about ${num(PUBLISHED.wheel.high)} (many)`,
      points: [PUBLISHED.old.high, PUBLISHED.old.low, PUBLISHED.wheel.high].sort((a, b) => a - b).map((r) => ({ x: r, y: r })),
    });
  }
  // The cost itself, with the one-second line where a thread has no time left.
  const costSeries: Series[] = series.filter((x) => x.key.includes('-')).filter((x) => !['keep-up', 'published'].includes(x.key)).map((x) => ({
    // The error bar spans the cost's interval over the seeded runs.
    ...x, points: points.filter((p) => `${p.design}-${p.case}` === x.key && p.cost > 0)
      .map((p) => ({ x: p.rate, y: p.cost, err: Math.max(costBound(p, 'high') - p.cost, p.cost - costBound(p, 'low')) })),
  }));
  if (points.length) {
    costSeries.push({ key: 'one-second', label: 'one second: saturated', className: 'pg-diagonal', dashed: true,
      points: [{ x: s.rates[0] / 2, y: 1 }, { x: s.rates[s.rates.length - 1] * 2, y: 1 }] });
  }
  const found = status === 'done' ? verdicts(points) : [];
  const entrySeries: LineSeries[] = [];
  for (const d of ['old', 'wheel'] as Design[]) {
    const e = entries[d];
    if (!e) continue;
    entrySeries.push({ key: `${d}-all`, label: `${DESIGN_LABEL[d]}: requests in its ${d === 'old' ? 'delay queue' : 'timer'}`, className: `pg-${d}-low`, points: e.map((x) => ({ x: x.time, y: x.timer })) });
    entrySeries.push({ key: `${d}-done`, label: `${DESIGN_LABEL[d]}: of which already completed`, className: `pg-${d}-high`, dashed: true, points: e.map((x) => ({ x: x.time, y: x.completedTimer })) });
  }
  const last = (d: Design) => entries[d]?.at(-1);

  return (
    <section className="widget purgatory-sim" aria-label="Purgatory saturation">
      <h3 className="widget-title">Purgatory saturation: Kafka&apos;s load on both designs</h3>
      <p className="hint">
        Poisson arrivals at each target rate; latencies log-normal from the 50th and 75th percentiles; a request
        under the 200 ms timeout completes at its latency, the rest time out; 3 keys per request. Each point times
        the real structures over {s.measureMs} ms of simulated time, after a {s.warmupMs} ms warmup, and divides the
        real time they took by the simulated time: seconds of work per simulated second (the load&apos;s own cost
        subtracted), {s.seeds} times with different seeds. Where that reaches 1, one thread can no longer keep up. Error bars and ranges are 95 % intervals over the seeds.
      </p>
      <div className="button-row">
        <label className="inline">Preset{' '}
          <select value={preset} disabled={status === 'running'} onChange={(e) => setPreset(e.target.value as 'quick' | 'full')}>
            {(['quick', 'full'] as const).map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </select>
        </label>
        {/* What the preset costs, beside the menu rather than in it: a phone cuts a long option short. */}
        <span className="hint">{budgetText(preset)}</span>
        <button type="button" ref={runButton} onClick={() => { if (status !== 'running') run(); }} aria-disabled={status === 'running'}>{status === 'running' ? 'Running …' : status === 'idle' ? 'Run' : 'Run again'}</button>
        {status === 'running' && <button type="button" onClick={() => { stop(); focusAfterRender(runButton); }}>Cancel</button>}
      </div>
      <ProgressStatus className="hint bench-progress" settled={status !== 'running'}>
        {/* A run is one design (or the load alone) at one rate with one seed; a point of the chart is a design at a rate over every seed. */}
        {status === 'running' && progress && `Simulation run ${progress.done + 1} of ${progress.total}: ${progress.label}…`}
        {status === 'done' && `Finished in ${seconds.toFixed(1)} s: ${points.length} points measured${progress ? `, from ${progress.ran} simulation runs (the load alone, then each design not yet given up on, per seed and rate)` : ''}.`}
        {status === 'cancelled' && `Cancelled after ${points.length} points.`}
        {status === 'failed' && `The simulation failed: ${error}`}
      </ProgressStatus>
      {points.length > 0 && (
        <div ref={chart}>
          <LogLogChart series={series} title="Sustained rate against target rate, log-log" xLabel="target rate (requests/s)"
            yLabel="rate one thread sustains (requests/s)" xDomain={[s.rates[0] / 2, s.rates[s.rates.length - 1] * 2]}
            yDomain={[s.rates[0] / 2, s.rates[s.rates.length - 1] * 2]} legend={{}} />
          <p className="hint">
            While a design keeps up, its line lies on the diagonal (all four do at low rates); where its line bends away
            is where it saturates. The cost behind each point:
          </p>
          <LogLogChart series={costSeries} title="Seconds of work per simulated second against target rate, log-log"
            xLabel="target rate (requests/s)" yLabel="seconds of one thread's work per simulated second"
            xDomain={[s.rates[0] / 2, s.rates[s.rates.length - 1] * 2]} yDomain={[1e-4, 100]} yFormat={(v) => String(v)} legend={{}} />
          <p className="hint">
            A point drawn hollow is too noisy to quote: its interval over the seeded runs is more than half its cost
            (the table gives each interval). A line drawn dashed runs over one drawn before it, so both show.
          </p>
          <div className="table-scroll">
            <table className="counters pg-table">
              <caption>Seconds of work per simulated second, the mean of {s.seeds} seeded runs with its 95 % interval (over 1 means saturated)</caption>
              <thead>
                <tr><th scope="col">target rate</th>{(['low', 'high'] as Case[]).flatMap((c) => (['old', 'wheel'] as Design[]).map((d) => (
                  <th scope="col" key={`${d}${c}`}>{d === 'old' ? 'old' : 'wheel'}, {CASE_SHORT[c]}</th>)))}</tr>
              </thead>
              <tbody>
                {s.rates.filter((r) => points.some((p) => p.rate === r)).map((r) => (
                  <tr key={r}>
                    <th scope="row">{num(r)}/s</th>
                    {(['low', 'high'] as Case[]).flatMap((c) => (['old', 'wheel'] as Design[]).map((d) => {
                      const p = points.find((x) => x.rate === r && x.design === d && x.case === c);
                      return <td key={`${d}${c}`} className={p && p.cost > 1 ? 'over' : undefined}>{p ? `${p.cost.toFixed(3)} (${costBound(p, 'low').toFixed(3)}–${costBound(p, 'high').toFixed(3)})${p.partial ? '*' : ''}` : '—'}</td>;
                    }))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="hint">
            In red: over 1, so one thread cannot keep up at that rate (saturated). * cut short at the time budget,
            extrapolated from the part simulated (red or not, by the same rule). — not measured: once a design&apos;s cost
            passes {s.giveUpCost}, it is long saturated and the sweep runs it at no higher rate. Saturation:{' '}
            {(['low', 'high'] as Case[]).map((c) => (
              <span key={c}>{CASES[c].label}: old {describeRange(points.filter((p) => p.case === c && p.design === 'old'))},
                wheel {describeRange(points.filter((p) => p.case === c && p.design === 'wheel'))}. </span>
            ))}
          </p>
        </div>
      )}
      {found.length > 0 && (
        <>
          <h4>Published vs measured</h4>
          <VerdictList comparisons={found} />
          <div className="button-row">
            <button type="button" onClick={() => download(fileName(`purgatory-${preset}`, 'csv'),
              csvTable(['case', 'design', 'rate', 'cost', 'cost low', 'cost high', 'costs', 'partial', 'sustainable'],
                points.map((p) => [p.case, p.design, p.rate, p.cost, costBound(p, 'low'), costBound(p, 'high'), p.costs, p.partial, sustainable(p)])), 'text/csv')}>
              Export the sweep (CSV)
            </button>
            <button type="button" onClick={() => download(fileName(`purgatory-${preset}`, 'json'),
              JSON.stringify({ preset, settings: s, points, verdicts: found, entries }, null, 2), 'application/json')}>Export the sweep (JSON)</button>
          </div>
        </>
      )}
      {entrySeries.length > 0 && (
        <>
          <h4>What each design holds, at {num(ENTRIES_RATE)} requests/s with few timeouts</h4>
          <LineChart series={entrySeries} title="Requests held on the timer side over simulated time" xLabel="simulated time (ms)"
            yLabel="requests held" legend />
          <p className="hint" role="note">
            After one simulated second: the old design holds {num(last('old')?.timer ?? 0)} requests in its delay queue,
            {' '}{num(last('old')?.completedTimer ?? 0)} of them already completed; the wheel holds {num(last('wheel')?.timer ?? 0)},
            none completed. Purges visited {num(last('old')?.purgeVisits ?? 0)} entries in the old design and{' '}
            {num(last('wheel')?.purgeVisits ?? 0)} in the new one.
          </p>
        </>
      )}
      <ShareEmbed link={embedLink('purgatory-sim', { preset, run: '0' })} title="Kafka's purgatory: the rate one thread sustains, old design and timing wheel"
        drawing={chart} pending={points.length > 0 ? undefined : 'run the simulation first: the picture is its chart'} name={`purgatory-${preset}`}
        caption={`Simulated in this browser (${preset} preset): ${points.length} points.`} />
    </section>
  );
}
