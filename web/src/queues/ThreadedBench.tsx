// The queues raced across real threads in this browser: each producer and the consumer a Web
// Worker on one shared wasm memory (crates/threads, built with atomics). Needs a cross-origin
// isolated page; elsewhere it says why and the single-threaded benchmarks still run.
import { useRef, useState } from 'react';
import { THREAD_CAPACITY, THREAD_ROWS, THREAD_TITLE, mean, measureAll, threadHandle, threadsUnavailable, type ThreadHost, type ThreadMessage, type ThreadRowResult } from './threads';
import { num } from '../site/format';

type Status = 'idle' | 'loading' | 'running' | 'done' | 'failed';

function browserHost(workers: Set<Worker>): ThreadHost {
  return {
    now: () => performance.timeOrigin + performance.now(),
    spawn(job) {
      const w = new Worker(new URL('./threadsWorker.ts', import.meta.url), { type: 'module' });
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

export function ThreadedBench({ perProducer = 1_000_000, repeats = 3 }: { perProducer?: number; repeats?: number }) {
  const unavailable = threadsUnavailable(globalThis as { crossOriginIsolated?: boolean; SharedArrayBuffer?: unknown });
  const [status, setStatus] = useState<Status>('idle');
  const [results, setResults] = useState<ThreadRowResult[]>([]);
  const [message, setMessage] = useState('');
  const workers = useRef(new Set<Worker>());

  const run = async () => {
    setResults([]);
    setMessage('');
    setStatus('loading');
    try {
      const { module, memory, api } = await loadThreads();
      setStatus('running');
      await measureAll(browserHost(workers.current), api, module, memory, perProducer, repeats, (r) => setResults((rs) => [...rs, r]));
      setStatus('done');
    } catch (e) {
      workers.current.forEach((w) => w.terminate());
      workers.current.clear();
      setMessage((e as Error).message);
      setStatus('failed');
    }
  };

  return (
    <section className="widget threaded-bench" aria-label="Queues across real threads">
      <h3 className="widget-title">Real threads: producers and a consumer in Web Workers</h3>
      <p className="hint">
        Each producer and the consumer is a Web Worker running the lab&apos;s queues with real atomics on one shared
        wasm memory, the way JCTools&apos; own harness runs its queues: a queue of {num(THREAD_CAPACITY)} slots,{' '}
        {num(perProducer)} elements a row, producers spinning while it is full, the consumer while it is empty, the
        consumer checking every producer&apos;s order. {repeats} runs a row. This machine has{' '}
        {typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : '?'} cores: with more threads than cores,
        spinning threads take turns.
      </p>
      {unavailable
        ? <p className="notice" role="status">{unavailable}</p>
        : (
          <div className="button-row">
            <button type="button" onClick={run} disabled={status === 'running' || status === 'loading'}>{status === 'idle' ? 'Run' : 'Run again'}</button>
          </div>
        )}
      <p role="status" className="hint bench-progress">
        {status === 'loading' && 'Loading the threaded module…'}
        {status === 'running' && `Row ${results.length + 1} of ${THREAD_ROWS.length}: ${THREAD_TITLE[THREAD_ROWS[results.length].queue]}, ${THREAD_ROWS[results.length].producers} producer${THREAD_ROWS[results.length].producers > 1 ? 's' : ''}…`}
        {status === 'done' && `Finished: ${results.length} rows.`}
        {status === 'failed' && `The threaded benchmark failed: ${message}`}
      </p>
      {results.length > 0 && (
        <table className="counters" aria-label="threaded throughput">
          <caption>Elements through the queue per second (mean of {repeats} runs)</caption>
          <thead>
            <tr><th scope="col">queue</th><th scope="col">producers</th><th scope="col">ops/s</th><th scope="col">min … max</th><th scope="col">offers that found it full</th><th scope="col">polls that found it empty</th><th scope="col">delivered in order</th></tr>
          </thead>
          <tbody>
            {results.map(({ row, samples }) => {
              const ops = samples.map((s) => s.opsPerSecond);
              return (
                <tr key={`${row.queue}-${row.producers}`}>
                  <th scope="row">{THREAD_TITLE[row.queue]}</th>
                  <td>{row.producers}</td>
                  <td>{num(Math.round(mean(ops)))}</td>
                  <td>{num(Math.round(Math.min(...ops)))} … {num(Math.round(Math.max(...ops)))}</td>
                  <td>{num(Math.round(mean(samples.map((s) => s.fullOffers))))}</td>
                  <td>{num(Math.round(mean(samples.map((s) => s.emptyPolls))))}</td>
                  <td>{samples.every((s) => s.complete && s.outOfOrder === 0) ? 'yes' : 'no: elements lost or reordered'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
