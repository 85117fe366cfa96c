// The benchmark panel any lesson can embed by suite name: preset, run, progress, cancel; then the
// JMH table, a chart, the published figures beside ours with computed verdicts, the environment,
// and exports. Runs in Workers (one per fork), so the page stays responsive.
import { useEffect, useRef, useState } from 'react';
import { browserForkHost } from './browserHost';
import { rowName, runSuite, type Progress } from './runner';
import type { RowResult, SuiteRun } from './suites';
import { isNoisy, jmhTable, noisyRows, toCsv } from './report';
import { num, plural } from '../util/format';
import { PRESETS, type Preset, type Suite } from './suites';
import { suiteByName } from './registered';
import { VerdictList } from './VerdictList';
import { committedRun, measuresThisCode, type CommittedRun } from './committed';
import { exclusive } from './exclusive';
import { browserName, describeEnvironment, formatMs, type Environment } from './environment';
import { measureResolution } from './fork';
import { LogLogChart } from '../charts/LogLogChart';
import { chartSeries } from './chartSeries';
import { loadWasm } from '../wasm/loader';
import { download } from '../util/download';
import { ShareEmbed } from '../embed/ShareEmbed';
import { Breakable } from '../ui/Breakable';
import { jvmResults, type JvmResults } from './jvmResults';
import { VERDICT_CONFIDENCE } from './ratio';
import { forPreset } from './verdict';
import { ProgressStatus } from '../ui/ProgressStatus';
import { focusAfterRender } from '../util/focus';

const ops = (x: number) => num(x >= 100 ? Math.round(x) : Number(x.toPrecision(3)));

/** The JVM column: committed scores with their errors, beside this run's wasm rows when there is one. */
function JvmColumn({ suite, jvm, run, live }: { suite: Suite; jvm: JvmResults; run: SuiteRun | null; live: boolean }) {
  const rows = suite.rows.filter((r) => jvm.rows[r.id]);
  const wasm = (id: string) => run?.rows.find((x) => x.row.id === id && x.status === 'ok')?.summary?.mean;
  return (
    <div className="table-scroll">
    <table className="counters jvm-column" aria-label="the JVM originals">
      <caption>
        The JVM originals ({suite.jvm?.what}), measured with JMH on {jvm.machine}, {jvm.java}, {jvm.measured} ({jvm.preset} preset
        {jvm.load ? `; load average ${jvm.load.join(' → ')}` : ''}{jvm.nice ? `, run at nice ${jvm.nice}` : ''}): committed with the lab, <strong>not live</strong>. Error is
        JMH&apos;s 99.9 % half-width. The wasm column is {live ? 'this run, in this browser' : 'the committed run, not live'}.
      </caption>
      {/* The ratio first after the row's name: it is what the prose reads, and on a phone it stays in view. */}
      <thead><tr><th scope="col"><Breakable text={suite.className} /> row</th><th scope="col">wasm ÷ JVM</th><th scope="col">JVM ops/s</th><th scope="col">wasm ops/s ({live ? 'this run' : 'committed run'})</th></tr></thead>
      <tbody>
        {rows.map((r) => {
          const j = jvm.rows[r.id];
          const w = wasm(r.id);
          const noisy = isNoisy({ mean: j.score, error: j.error });
          return (
            <tr key={r.id} className={noisy ? 'noisy' : undefined}>
              <th scope="row"><Breakable text={rowName(suite, r)} /></th>
              <td>{w === undefined ? '—' : `${(w / j.score).toFixed(2)}×`}</td>
              <td>{ops(j.score)} <span className="pm">± {ops(j.error)}</span>{noisy && <> <span className="noisy-mark">noisy</span></>}</td>
              <td>{w === undefined ? '—' : ops(w)}</td>
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

export function BenchmarkPanel({ suite: suiteName = '', preset: initialPreset = 'quick', autoRun = false }: {
  suite?: string; preset?: PresetName; autoRun?: boolean;
}) {
  const suite = suiteByName(suiteName);
  const [presetName, setPresetName] = useState<PresetName>(initialPreset);
  const [rows, setRows] = useState<RowResult[]>([]);
  const [run, setRun] = useState<SuiteRun | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [env, setEnv] = useState<Environment | null>(null);
  const [committed, setCommitted] = useState<CommittedRun | undefined>();
  const [showPublished, setShowPublished] = useState(true);
  const [copied, setCopied] = useState(false);
  const ctrl = useRef<AbortController | null>(null);
  const runButton = useRef<HTMLButtonElement>(null);
  const running = ctrl.current !== null && run === null && (progress !== null || waiting);

  // Until the committed run and the environment are in, the panel is still growing: its frame's
  // host keeps the height it expects (embed/frame.ts) rather than shrink now and jump later.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const env = environment().then(setEnv, () => setEnv(null));
    const saved = suite ? committedRun(suite).then(setCommitted, () => setCommitted(undefined)) : Promise.resolve();
    void Promise.all([env, saved]).then(() => setSettled(true));
    return () => ctrl.current?.abort();
    // Once, on mount: the panel's suite is fixed for its life (an embed's new address is a new view).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = async () => {
    if (!suite) return;
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setRows([]);
    setRun(null);
    setProgress(null);
    // Another panel may be measuring, on this page or in another frame of the lab on the host's
    // page: wait for it, so neither times the other.
    let result: SuiteRun | null;
    try {
      result = await exclusive(() => {
        setWaiting(false);
        if (c.signal.aborted) return Promise.resolve(null);
        setProgress({ row: 0, rows: suite.rows.length, label: 'starting', fork: 0, forks: PRESETS[presetName].forks, iterationsPerFork: 0, elapsedMs: 0 });
        return runSuite(suite, PRESETS[presetName] as Preset, browserForkHost, {
          presetName, signal: c.signal,
          onProgress: setProgress,
          onRow: (r) => setRows((rs) => [...rs, r]),
        });
      }, () => setWaiting(true), { signal: c.signal });
    } catch (e) {
      // Cancelled while it waited: it never ran.
      if ((e as Error).name !== 'AbortError') throw e;
      result = null;
    }
    if (ctrl.current === c) {
      setRun(result);
      setProgress(null);
      ctrl.current = null;
    }
  };

  useEffect(() => {
    if (autoRun) void start();
    // Once, on mount: a run=1 link starts the suite; later renders do not start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const chart = useRef<HTMLDivElement>(null);
  if (!suite) return <p className="widget widget-error" role="alert">There is no benchmark suite called “{suiteName}”.</p>;

  const live: SuiteRun = run ?? {
    suite: suite.name, preset: presetName, settings: PRESETS[presetName], rows, cancelled: false, budgetSpent: false,
    startedAt: '', durationMs: 0,
  };
  // Until the reader runs it, the panel shows the run committed with the lab, labelled as such;
  // also while it waits for another benchmark to finish (it dropped them, and its frame shrank
  // from 3,485 to 1,025 px on the reader's page, issue 60), until its own first row starts.
  const fromCommit = !run && rows.length === 0 && (!running || (waiting && progress === null)) && committed !== undefined;
  const shown = fromCommit ? committed.run : live;
  const finished = fromCommit ? committed.run : run;
  const table = shown.rows.length ? jmhTable(suite, shown) : '';
  const comparisons = finished ? forPreset(finished.preset, suite.compare(finished), fromCommit) : [];
  const p = PRESETS[presetName];
  const shareUrl = `${window.location.origin}${import.meta.env.BASE_URL}embed/bench?suite=${suite.name}&preset=${presetName}&run=0`;

  const series = chartSeries(suite, shown.rows, showPublished);
  const jvm = jvmResults(suite.name);

  return (
    <section className="widget bench-panel" aria-label={`Benchmark: ${suite.title}`} data-settling={settled ? undefined : ''}>
      <h3 className="widget-title">Benchmark: {suite.title} <small>({suite.className}, {suite.source})</small></h3>
      <div className="button-row">
        <label className="inline">
          Preset{' '}
          <select value={presetName} disabled={running} onChange={(e) => setPresetName(e.target.value as PresetName)}>
            {(['quick', 'full'] as const).map((name) => (
              <option key={name} value={name}>{name} (stops within {Math.round(PRESETS[name].budgetMs / 60_000)} min{name === 'full' ? ', JMH-like' : ''})</option>
            ))}
          </select>
        </label>
        {/* Not disabled while running (that would drop the focus): it says it is running and does nothing. */}
        <button type="button" ref={runButton} onClick={() => { if (!running) void start(); }} aria-disabled={running}>{waiting ? 'Waiting …' : running ? 'Running …' : run ? 'Run again' : 'Run in this browser'}</button>
        {running && <button type="button" onClick={() => {
          ctrl.current?.abort();
          if (waiting) {
            setWaiting(false);
            ctrl.current = null;
          }
          focusAfterRender(runButton);
        }}>Cancel</button>}
      </div>
      <p className="hint">
        {/* The menu's preset describes the next run, which is not always the one shown below. */}
        {run && run.preset !== presetName ? `The next run, ${presetName} preset (the results below are the ${run.preset} preset's): ` : ''}
        {p.forks} fork{p.forks > 1 ? 's' : ''} (a fresh Worker and wasm instance each) × {p.warmupIterations} warmup +{' '}
        {p.measurementIterations} measurement iterations of {p.iterationMs} ms per row; {suite.rows.length} rows; the run
        stops, keeping what it measured, after {Math.round(p.budgetMs / 1000)} s.
      </p>
      <ProgressStatus className="bench-progress" settled={!running}>
        {waiting && 'Waiting for the other benchmark to finish (another panel on this page, or another frame or tab of the lab): two at once would time each other. This one starts when it ends. '}
        {fromCommit && (
          <>
            Not live: the run committed with the lab, measured {committed.measured} with {committed.runtime} on {committed.machine}
            {committed.load ? ` (load average ${committed.load.join(' → ')}${committed.nice ? `, run at nice ${committed.nice}` : ''})` : ''}, {committed.run.preset} preset.
            {waiting ? ' It stays until this run starts.' : ' Press “Run in this browser” to measure it here.'}
          </>
        )}
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
      </ProgressStatus>
      {fromCommit && !measuresThisCode(committed) && (
        <p className="notice stale-run" role="note">
          This committed run measured older code: {committed.code ? 'its kernel’s sources have changed since it was saved' : 'it was saved before runs recorded the code they measured'}, so
          its figures, and the verdicts below, may not describe the code this page runs. “Run in this browser” measures this code.
        </p>
      )}
      {table && (
        <>
          <div className="jmh-head">
            <h4>Results (JMH format)</h4>
            <button type="button" onClick={() => {
              void navigator.clipboard?.writeText(table).then(() => setCopied(true), () => setCopied(false));
            }}>{copied ? 'Copied' : 'Copy table'}</button>
          </div>
          <pre className="jmh-table" tabIndex={0} aria-label="JMH results as text; the table after it holds the same rows">{table}</pre>
          {/* On a phone JMH's text is wider than the screen, its Score past the edge: the same rows, to read;
              on a wide screen the table is there for a screen reader only. */}
          <div className="jmh-rows">
            <table className="counters" aria-label="JMH results, row by row">
              <caption>The same rows, Score and Error in ops/s (Copy table copies JMH&apos;s text).</caption>
              <thead><tr><th scope="col">row</th><th scope="col">Score ± Error</th></tr></thead>
              <tbody>
                {shown.rows.filter((r) => r.status === 'ok').map((r) => (
                  <tr key={r.row.id} className={isNoisy(r.summary) ? 'noisy' : undefined}>
                    <th scope="row"><Breakable text={rowName(suite, r.row)} /></th>
                    <td>{ops(r.summary!.mean)} <span className="pm">± {Number.isFinite(r.summary!.error) ? ops(r.summary!.error) : '?'}</span>
                      {isNoisy(r.summary) && <> <span className="noisy-mark">noisy</span></>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {noisyRows(shown).length > 0 && (
            <p className="notice" role="note">
              {plural(noisyRows(shown).length, 'row')} {noisyRows(shown).length === 1 ? 'is' : 'are'} too noisy to quote (for example{' '}
              {(() => {
                const s = noisyRows(shown)[0].summary!;
                return `${num(Math.round(s.mean))} ± ${Number.isFinite(s.error) ? num(Math.round(s.error)) : '?'}`;
              })()}): the error is more than half the score. {noisyRows(shown).length === 1 ? 'It is' : 'They are'} marked
              “noisy” in the table and drawn hollow on the chart. The verdicts below account for the noise; run the full
              preset, with other tabs closed, for figures to quote.
            </p>
          )}
          <div ref={chart} className="bench-chart">
            <LogLogChart table={false} series={series} title={`Operations per second against ${suite.chart.x}, log-log`} xLabel={suite.chart.xLabel}
              yLabel="ops/s (higher is better)" legend={{
                // A control, not a series: a picture of the chart leaves it out (it showed as a legend entry with no line).
                extra: <li data-picture="omit"><label className="inline"><input type="checkbox" checked={showPublished} onChange={(e) => setShowPublished(e.target.checked)} /> show {suite.chart.publishedLabel}, dotted</label></li>,
              }} />
          </div>
          {shown.rows.some((r) => Number(r.row.params[suite.chart.x]) <= 0) && (
            <p className="hint">Rows with {suite.chart.x} 0 are in the table above but not on the chart: a log axis has no place for 0.</p>
          )}
        </>
      )}
      {finished && (
        <>
          <h4>Verdicts{fromCommit ? ' (the committed run)' : ''}</h4>
          <p className="hint">
            Published: {suite.source}. Measured: Rust compiled to wasm, {fromCommit ? `in the committed run (${committed.runtime})` : 'in this browser'}. {suite.caveat} Absolute numbers
            differ; the verdicts judge ratios. Each is judged on a {Math.round(VERDICT_CONFIDENCE * 100)} % interval of the
            ratio it claims, taken from iterations of the compared rows measured side by side: decided only when the
            whole interval lies on one side of the claim&apos;s threshold, <em>inconclusive</em> when it straddles it. A
            decided verdict names whose claim it judges: a published figure is <em>reproduced</em> or <em>not
            reproduced</em>; a direction the lab&apos;s JVM run of the originals set <em>agrees</em> or{' '}
            <em>disagrees with the JVM run</em>; a threshold the lab set where nothing was published <em>holds</em> or{' '}
            <em>does not hold</em>. Its ratio is the geometric mean of those paired iterations&apos;
            ratios, not one row&apos;s Score divided by the other&apos;s: when the iterations vary (a busy
            machine, a slow first fork), the two can differ by several percent.
          </p>
          <VerdictList comparisons={comparisons} />
          {suite.extras?.(finished).map((t) => (
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
            <button type="button" onClick={() => download(`${suite.name}-${finished.preset}.json`,
              JSON.stringify({ ...finished, environment: fromCommit ? committed : env, verdictConfidence: VERDICT_CONFIDENCE, comparisons }, null, 2), 'application/json')}>Export the results (JSON)</button>
            <button type="button" onClick={() => download(`${suite.name}-${finished.preset}.csv`, toCsv(suite, finished), 'text/csv')}>Export the results (CSV)</button>
            <a href={shareUrl}>Link that re-runs this configuration</a>
          </div>
        </>
      )}
      <ShareEmbed link={{ href: shareUrl }} title={`Benchmark: ${suite.title}`} drawing={chart} pending={table ? undefined : 'run the benchmark first: the picture is its chart'}
        name={fromCommit ? `${suite.name}-${committed.run.preset}-committed` : `${suite.name}-${run?.preset ?? presetName}`}
        caption={run ? `Measured in this browser (${run.preset} preset): ${run.rows.filter((r) => r.status === 'ok').length} rows. ${describeEnvironment({ ...(env ?? {}), timerResolutionMs: run.resolutionMs } as Environment)}`
          : fromCommit ? `The run committed with the lab (not live): ${committed.run.preset} preset, measured ${committed.measured} with ${committed.runtime} on ${committed.machine}.` : ''} />
      {jvm && <JvmColumn suite={suite} jvm={jvm} run={finished} live={!fromCommit} />}
      <p className="hint bench-env">
        {run ? 'Environment of this run' : 'Your browser (a run you start measures here)'}: {env ? describeEnvironment({ ...env, timerResolutionMs: run?.resolutionMs ?? env.timerResolutionMs }) : 'measuring…'}
        {env && !env.crossOriginIsolated && ' (without cross-origin isolation the timer is coarser, so batches are larger)'}
        {run?.resolutionMs !== undefined && `; forks saw a ${formatMs(run.resolutionMs)} timer`}.
      </p>
    </section>
  );
}
