// A family's structures raced across real threads in this browser: each producer and the consumer
// a Web Worker on one shared wasm memory (crates/threads, built with atomics). Needs a cross-origin
// isolated page; elsewhere it says why and the single-threaded benchmarks still run.
import { useEffect, useRef, useState } from 'react';
import { committedThreadRun, threadRunIsCurrent, type CommittedThreadRun } from './committed';
import { num } from '../util/format';
import { located, measureAll, threadHandle, threadsUnavailable, type ThreadHost, type ThreadMessage, type ThreadRowResult, type ThreadSet } from './harness';
import { ProgressStatus } from '../ui/ProgressStatus';

type Status = 'idle' | 'loading' | 'running' | 'done' | 'failed';

function browserHost(workers: Set<Worker>): ThreadHost {
  return {
    now: () => performance.timeOrigin + performance.now(),
    spawn(job) {
      const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
      workers.add(w);
      const handle = threadHandle((onMessage, onError) => {
        w.onmessage = (e: MessageEvent<ThreadMessage>) => onMessage(e.data);
        w.onerror = (e) => onError(new Error(e.message || 'a benchmark worker failed to start'));
      }, () => {
        w.terminate();
        workers.delete(w);
      });
      w.postMessage(job);
      return handle;
    },
  };
}

/** The threaded module, compiled once per page; its glue is instantiated once on this thread. */
let loaded: Promise<{ module: WebAssembly.Module; memory: WebAssembly.Memory; api: typeof import('../wasm/threads-pkg/hotpath_threads.js') }> | null = null;
function loadThreads() {
  loaded ??= (async () => {
    const api = await import('../wasm/threads-pkg/hotpath_threads.js');
    const module = await WebAssembly.compileStreaming(fetch(new URL('../wasm/threads-pkg/hotpath_threads_bg.wasm', import.meta.url)));
    const exports = api.initSync({ module }) as unknown as { memory: WebAssembly.Memory };
    return { module, memory: exports.memory, api };
  })();
  return loaded;
}

export function ThreadedBench({ set, perProducer = 1_000_000, repeats = 3 }: { set: ThreadSet; perProducer?: number; repeats?: number }) {
  const unavailable = threadsUnavailable(globalThis as { crossOriginIsolated?: boolean; SharedArrayBuffer?: unknown });
  const [status, setStatus] = useState<Status>('idle');
  const [results, setResults] = useState<ThreadRowResult[]>([]);
  const [message, setMessage] = useState('');
  const workers = useRef(new Set<Worker>());
  const rows = set.rows;
  // The committed run: shown until this page runs the race, and instead of it where it cannot.
  const [committed, setCommitted] = useState<{ run: CommittedThreadRun; rows: ThreadRowResult[] }>();
  useEffect(() => {
    let live = true;
    void committedThreadRun(set).then((c) => { if (live) setCommitted(c); }, () => {});
    return () => { live = false; };
  }, [set]);

  const run = async () => {
    setResults([]);
    setMessage('');
    setStatus('loading');
    try {
      const { module, memory, api } = await loadThreads();
      setStatus('running');
      await measureAll(browserHost(workers.current), api, module, memory, perProducer, repeats, (r) => setResults((rs) => [...rs, r]), rows);
      setStatus('done');
    } catch (e) {
      workers.current.forEach((w) => w.terminate());
      workers.current.clear();
      setMessage(located(e));
      setStatus('failed');
    }
  };

  const next = rows[results.length];
  const busy = status === 'running' || status === 'loading';
  return (
    <section className="widget threaded-bench" aria-label={set.heading}>
      <h3 className="widget-title">{set.heading}</h3>
      <p className="hint">
        {set.intro(perProducer, repeats)} This machine has {typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : '?'} cores:
        with more threads than cores, spinning threads take turns.
      </p>
      {unavailable
        ? <p className="notice" role="note">{unavailable}</p>
        : (
          <div className="button-row">
            <button type="button" onClick={() => { if (!busy) run(); }} aria-disabled={busy}>{busy ? 'Running …' : status === 'idle' ? 'Run' : 'Run again'}</button>
          </div>
        )}
      <ProgressStatus className={unavailable ? undefined : 'hint bench-progress'} settled={!busy}>
        {status === 'loading' && 'Loading the threaded module…'}
        {status === 'running' && next && `Row ${results.length + 1} of ${rows.length}: ${next.title}, ${next.producers} producer${next.producers > 1 ? 's' : ''}…`}
        {status === 'done' && `Finished: ${results.length} rows.`}
        {status === 'failed' && `The threaded benchmark failed: ${message}`}
      </ProgressStatus>
      {results.length > 0 && <ResultsTable set={set} results={results} caption={`${set.unit} (mean of ${repeats} runs)`} />}
      {results.length === 0 && committed && committed.rows.length > 0 && (
        <>
          <p className="hint">
            The committed run, not live: {committed.run.runtime} on {committed.run.machine}, {committed.run.measured}
            {' '}(load {committed.run.load.join(' → ')}), {num(committed.run.perProducer)} a row
            {committed.run.perProducer !== perProducer && ` (a run here passes ${num(perProducer)} a row, as the text above says)`}.
            {unavailable ? ' The same harness and kernels as this page’s Web Workers, in Node’s worker threads.' : ' Run measures this browser.'}
          </p>
          {!threadRunIsCurrent(committed.run) && (
            <p className="notice" role="note">
              The code has changed since this run was saved{committed.run.code.commit ? ` (at ${committed.run.code.commit})` : ''}: its figures may not describe the code this page runs.
            </p>
          )}
          <ResultsTable set={set} results={committed.rows} caption={`${set.unit} (mean of ${committed.run.repeats} runs; committed run)`} label="threaded throughput, committed run" />
        </>
      )}
    </section>
  );
}

function ResultsTable({ set, results, caption, label = 'threaded throughput' }: { set: ThreadSet; results: ThreadRowResult[]; caption: string; label?: string }) {
  return (
    <div className="table-scroll">
      <table className="counters" aria-label={label}>
        <caption>{caption}</caption>
        <thead>
          <tr><th scope="col">row</th>{set.columns.map((c) => <th scope="col" key={c.head}>{c.head}</th>)}</tr>
        </thead>
        <tbody>
          {results.map(({ row, samples }) => (
            <tr key={`${row.kind}-${row.producers}`}>
              <th scope="row">{row.title}</th>
              {set.columns.map((c) => <td key={c.head}>{c.cell(samples, row)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
