// The benchmark panel any lesson can embed by suite name: preset, run, progress, cancel; then the
// JMH table, a chart, the published figures beside ours with computed verdicts, the environment,
// and exports. Runs in Workers (one per fork), so the page stays responsive.
import { useEffect, useRef, useState } from 'react';
import { browserForkHost } from './browserHost';
import { runSuite, type Progress, type RowResult, type SuiteRun } from './runner';
import { jmhTable, toCsv, unboundedRows } from './report';
import { num, plural } from '../site/format';
import { PRESETS, suiteByName, type Preset, type Suite } from './suites';
import { browserName, describeEnvironment, formatMs, type Environment } from './environment';
import { measureResolution } from './fork';
import { LogLogChart, type Series } from '../charts/LogLogChart';
import { loadWasm } from '../wasm/loader';
import { download } from '../site/download';
import { ShareEmbed } from '../embed/ShareEmbed';
import { rowLabel } from './runner';
import { jvmResults, type JvmResults } from './jvmResults';

/** The JVM column: committed scores, beside this run's wasm rows when there is one. */
function JvmColumn({ suite, jvm, run }: { suite: Suite; jvm: JvmResults; run: SuiteRun | null }) {
  const rows = suite.rows.filter((r) => jvm.rows[r.id]);
  const wasm = (id: string) => run?.rows.find((x) => x.row.id === id && x.status === 'ok')?.summary?.mean;
  return (
    <div className="table-scroll">
    <table className="counters jvm-column" aria-label="the JVM originals">
      <caption>
        The JVM originals ({suite.jvm?.what}), measured with JMH on {jvm.machine}, {jvm.java}, {jvm.measured} ({jvm.preset} preset):
        committed with the lab, <strong>not live</strong>. The wasm column is this run, in this browser.
      </caption>
      <thead><tr><th scope="col">row</th><th scope="col">JVM ops/s</th><th scope="col">wasm ops/s (this run)</th><th scope="col">wasm ÷ JVM</th></tr></thead>
      <tbody>
        {rows.map((r) => {
          const j = jvm.rows[r.id].score;
          const w = wasm(r.id);
          return (
            <tr key={r.id}>
              <th scope="row">{rowLabel(suite, r)}</th>
              <td>{num(j >= 100 ? Math.round(j) : Number(j.toPrecision(3)))}</td>
              <td>{w === undefined ? '—' : num(w >= 100 ? Math.round(w) : Number(w.toPrecision(3)))}</td>
              <td>{w === undefined ? '—' : `${(w / j).toFixed(2)}×`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}

type PresetName = keyof typeof PRESETS;

/** The full browser version where the browser will say it (user-agent strings now hide it). */
async function browserVersion(): Promise<string> {
  const data = (navigator as Navigator & {
    userAgentData?: { getHighEntropyValues(h: string[]): Promise<{ fullVersionList?: { brand: string; version: string }[] }> };
  }).userAgentData;
  type Brand = { brand: string; version: string };
  const values: { fullVersionList?: Brand[] } = data
    ? await data.getHighEntropyValues(['fullVersionList']).catch(() => ({}))
    : {};
  const list = values.fullVersionList;
  const brand = list?.find((b) => !/Not.?A.?Brand/i.test(b.brand) && b.brand !== 'Chromium') ?? list?.find((b) => b.brand === 'Chromium');
  return brand ? `${brand.brand} ${brand.version}` : browserName(navigator.userAgent);
}

async function environment(): Promise<Environment> {
  const wasm = await loadWasm();
  return {
    runtime: await browserVersion(),
    wasmProfile: wasm.build_profile(),
    crossOriginIsolated: window.crossOriginIsolated ?? false,
    timerResolutionMs: measureResolution(performance),
    cores: navigator.hardwareConcurrency ?? null,
  };
}

const matches = (params: Record<string, string | number>, want: Record<string, string | number>) =>
  Object.entries(want).every(([k, v]) => params[k] === v);

/** One line per series of the suite's chart, measured, plus its published figures if asked. */
function chartSeries(suite: Suite, rows: RowResult[], withPublished: boolean): Series[] {
  const x = suite.chart.x;
  return suite.chart.series.flatMap((c) => {
    const own: Series = {
      key: c.key, label: c.label, className: c.className,
      points: rows.filter((r) => r.status === 'ok' && r.row.benchmark === c.benchmark && matches(r.row.params, c.params))
        .map((r) => ({ x: Number(r.row.params[x]), y: r.summary!.mean, err: r.summary!.error }))
        .filter((p) => p.x > 0),
    };
    if (!withPublished) return [own];
    return [own, {
      key: `${c.key}/published`, label: `${c.label}, published`, className: c.className, dashed: true,
      points: suite.published.filter((q) => q.benchmark === c.benchmark && matches(q.params, c.params))
        .map((q) => ({ x: Number(q.params[x]), y: q.score, err: q.error }))
        .filter((p) => p.x > 0),
    }];
  });
}

export function BenchmarkPanel({ suite: suiteName = '', preset: initialPreset = 'quick', autoRun = false }: {
  suite?: string; preset?: PresetName; autoRun?: boolean;
}) {
  const suite = suiteByName(suiteName);
  const [presetName, setPresetName] = useState<PresetName>(initialPreset);
  const [rows, setRows] = useState<RowResult[]>([]);
  const [run, setRun] = useState<SuiteRun | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [env, setEnv] = useState<Environment | null>(null);
  const [showPublished, setShowPublished] = useState(true);
  const [copied, setCopied] = useState(false);
  const ctrl = useRef<AbortController | null>(null);
  const running = ctrl.current !== null && run === null && progress !== null;

  useEffect(() => {
    environment().then(setEnv, () => setEnv(null));
    return () => ctrl.current?.abort();
  }, []);

  const start = async () => {
    if (!suite) return;
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setRows([]);
    setRun(null);
    setProgress({ row: 0, rows: suite.rows.length, label: 'starting', fork: 0, forks: PRESETS[presetName].forks, iterationsPerFork: 0, elapsedMs: 0 });
    const result = await runSuite(suite, PRESETS[presetName] as Preset, browserForkHost, {
      presetName, signal: c.signal,
      onProgress: setProgress,
      onRow: (r) => setRows((rs) => [...rs, r]),
    });
    if (ctrl.current === c) {
      setRun(result);
      setProgress(null);
      ctrl.current = null;
    }
  };

  useEffect(() => {
    if (autoRun) void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const chart = useRef<HTMLDivElement>(null);
  if (!suite) return <p className="widget widget-error" role="alert">There is no benchmark suite called “{suiteName}”.</p>;

  const shown: SuiteRun = run ?? {
    suite: suite.name, preset: presetName, settings: PRESETS[presetName], rows, cancelled: false, budgetSpent: false,
    startedAt: '', durationMs: 0,
  };
  const table = rows.length ? jmhTable(suite, shown) : '';
  const comparisons = run ? suite.compare(run) : [];
  const p = PRESETS[presetName];
  const shareUrl = `${window.location.origin}${import.meta.env.BASE_URL}embed/bench?suite=${suite.name}&preset=${presetName}&run=1`;

  const series = chartSeries(suite, rows, showPublished);
  const jvm = jvmResults(suite.name);

  return (
    <section className="widget bench-panel" aria-label={`Benchmark: ${suite.title}`}>
      <h3 className="widget-title">Benchmark: {suite.title} <small>({suite.className}, {suite.source})</small></h3>
      <div className="button-row">
        <label className="inline">
          Preset{' '}
          <select value={presetName} disabled={running} onChange={(e) => setPresetName(e.target.value as PresetName)}>
            <option value="quick">quick (about a minute at most)</option>
            <option value="full">full (JMH-like, several minutes)</option>
          </select>
        </label>
        <button type="button" onClick={() => void start()} disabled={running}>{run ? 'Run again' : 'Run'}</button>
        {running && <button type="button" onClick={() => ctrl.current?.abort()}>Cancel</button>}
      </div>
      <p className="hint">
        {p.forks} fork{p.forks > 1 ? 's' : ''} (a fresh Worker and wasm instance each) × {p.warmupIterations} warmup +{' '}
        {p.measurementIterations} measurement iterations of {p.iterationMs} ms per row; {suite.rows.length} rows; the run
        stops, keeping what it measured, after {Math.round(p.budgetMs / 1000)} s.
      </p>
      <div role="status" aria-live="polite" className="bench-progress">
        {progress && (
          <>
            Row {progress.row + 1} of {progress.rows}: <code>{progress.label}</code>, fork {progress.fork + 1}/{progress.forks}
            {progress.iteration && <>, {progress.iteration.phase} iteration {progress.iteration.index + 1}</>}
            {progress.remainingMs !== undefined && <> — about {Math.ceil(progress.remainingMs / 1000)} s left</>}
          </>
        )}
        {run && (
          <>
            {run.cancelled ? 'Cancelled' : 'Finished'} in {(run.durationMs / 1000).toFixed(1)} s:{' '}
            {run.rows.filter((r) => r.status === 'ok').length} rows measured
            {run.rows.some((r) => r.status === 'failed') && `, ${run.rows.filter((r) => r.status === 'failed').length} failed`}
            {run.budgetSpent && ', the rest skipped when the time budget ran out'}.
          </>
        )}
      </div>
      {table && (
        <>
          <div className="jmh-head">
            <h4>Results (JMH format)</h4>
            <button type="button" onClick={() => {
              void navigator.clipboard?.writeText(table).then(() => setCopied(true), () => setCopied(false));
            }}>{copied ? 'Copied' : 'Copy table'}</button>
          </div>
          <pre className="jmh-table" tabIndex={0} aria-label="JMH results table">{table}</pre>
          {unboundedRows(shown).length > 0 && (
            <p className="notice" role="note">
              {plural(unboundedRows(shown).length, 'row')} measured an error larger than the score (for example{' '}
              {(() => {
                const s = unboundedRows(shown)[0].summary!;
                return `${num(Math.round(s.mean))} ± ${num(Math.round(s.error))}`;
              })()}): {unboundedRows(shown).length === 1 ? 'its' : 'their'} few samples disagree too much to bound the
              score. The chart draws such points hollow, without error bars. Run the full preset for figures to quote.
            </p>
          )}
          <div ref={chart} className="bench-chart">
            <LogLogChart series={series} title={`Operations per second against ${suite.chart.x}, log-log`} xLabel={suite.chart.xLabel}
              yLabel="ops/s (higher is better)" />
          </div>
          {shown.rows.some((r) => Number(r.row.params[suite.chart.x]) <= 0) && (
            <p className="hint">Rows with {suite.chart.x} 0 are in the table above but not on the chart: a log axis has no place for 0.</p>
          )}
          <ul className="legend">
            {series.filter((s) => !s.dashed).map((s) => (
              <li key={s.key} className={s.className}><span className="swatch" aria-hidden="true" /> {s.label}</li>
            ))}
            <li><label className="inline"><input type="checkbox" checked={showPublished} onChange={(e) => setShowPublished(e.target.checked)} /> dashed: {suite.chart.publishedLabel}</label></li>
          </ul>
        </>
      )}
      {run && (
        <>
          <h4>Published vs measured</h4>
          <p className="hint">
            The published figures are from {suite.source}, measured on the JVM on the hardware of the time; ours
            are Rust compiled to wasm on your machine. {suite.caveat} Absolute numbers differ; compare the ratios and the shape.
          </p>
          <ul className="verdicts">
            {comparisons.map((c) => (
              <li key={c.title} className={`verdict ${c.verdict.replace(' ', '-')}`}>{c.sentence}</li>
            ))}
          </ul>
          {suite.extras?.(run).map((t) => (
            <div className="table-scroll" key={t.caption}>
            <table className="counters">
              <caption>{t.caption}</caption>
              <thead><tr>{t.head.map((h) => <th scope="col" key={h}>{h}</th>)}</tr></thead>
              <tbody>
                {t.rows.map((r) => (
                  <tr key={r.join('|')}><th scope="row">{r[0]}</th>{r.slice(1).map((c, i) => <td key={i}>{c}</td>)}</tr>
                ))}
              </tbody>
            </table>
            </div>
          ))}
          <div className="button-row">
            <button type="button" onClick={() => download(`${suite.name}-${presetName}.json`,
              JSON.stringify({ ...run, environment: env, comparisons }, null, 2), 'application/json')}>Export JSON</button>
            <button type="button" onClick={() => download(`${suite.name}-${presetName}.csv`, toCsv(suite, run), 'text/csv')}>Export CSV</button>
            <a href={shareUrl}>Link that re-runs this configuration</a>
          </div>
        </>
      )}
      <ShareEmbed link={{ href: shareUrl }} title={`Benchmark: ${suite.title}`} drawing={table ? chart : undefined} name={`${suite.name}-${presetName}`}
        caption={run ? `Measured in this browser (${presetName} preset): ${run.rows.filter((r) => r.status === 'ok').length} rows. ${describeEnvironment({ ...(env ?? {}), timerResolutionMs: run.resolutionMs } as Environment)}` : ''} />
      {jvm && <JvmColumn suite={suite} jvm={jvm} run={run} />}
      <p className="hint bench-env">
        Environment: {env ? describeEnvironment({ ...env, timerResolutionMs: run?.resolutionMs ?? env.timerResolutionMs }) : 'measuring…'}
        {env && !env.crossOriginIsolated && ' (without cross-origin isolation the timer is coarser, so batches are larger)'}
        {run?.resolutionMs !== undefined && `; forks saw a ${formatMs(run.resolutionMs)} timer`}.
      </p>
    </section>
  );
}
