// Structures raced across real threads: producers and one consumer, each a worker on one shared
// wasm memory, running crates/threads' harness (each run kind it knows). The same
// code runs the page's Web Workers and the CLI's worker threads; each supplies a `ThreadHost`.
import { lookup } from '../util/lookup';

/** One row of a threaded benchmark: a run kind crates/threads knows, and how many producers. */
export interface ThreadRow {
  /** A run kind crates/threads' `harness` knows (`clq`, `mpsc`…). */
  kind: string;
  title: string;
  producers: number;
  /** The queue's slots, or a pipeline's hand-off ring. */
  capacity: number;
}

/** A family's threaded benchmark: its rows and how the widget and the CLI present them. */
export interface ThreadSet {
  /** As the MDX widget names it: `<ThreadedBench set="queues" />`. */
  name: string;
  /** The CLI's name for it: `npm run bench -- queue-threads`. */
  cli: string;
  heading: string;
  /** What the widget says the rows do, before they run. */
  intro(perProducer: number, repeats: number): string;
  /** What one op is: "Elements through the queue per second". */
  unit: string;
  rows: ThreadRow[];
  /** The results table's columns after the row's name, in the page and the CLI alike. */
  columns: ThreadColumn[];
}

/** A column of a thread set's results: its heading and a row's cell from that row's runs. */
export interface ThreadColumn {
  head: string;
  cell(samples: ThreadSample[], row: ThreadRow): string;
  /** Left out of the CLI's table, which names each row's threads itself ("2P 1C"). */
  pageOnly?: boolean;
}

const whole = (x: number) => Math.round(x).toLocaleString('en-US');
const meanOf = (samples: ThreadSample[], f: (s: ThreadSample) => number) => mean(samples.map(f));

/** Columns more than one set shows. */
export const COLUMNS = {
  producers: { head: 'producers', cell: (_, row) => String(row.producers), pageOnly: true },
  rate: { head: 'ops/s', cell: (s) => whole(meanOf(s, (x) => x.opsPerSecond)) },
  spread: { head: 'min … max', cell: (s) => `${whole(Math.min(...s.map((x) => x.opsPerSecond)))} … ${whole(Math.max(...s.map((x) => x.opsPerSecond)))}` },
  full: { head: 'offers that found it full', cell: (s) => whole(meanOf(s, (x) => x.fullOffers)) },
  empty: { head: 'polls that found it empty', cell: (s) => whole(meanOf(s, (x) => x.emptyPolls)) },
  /**
   * Wall time per element or object, from the start line to the consumer's last one: 1e9 ÷ the
   * mean rate the rate column shows, so the two columns agree (a mean of each run's time would not).
   */
  perOp: { head: 'ns per object', cell: (s) => (1e9 / meanOf(s, (x) => x.opsPerSecond)).toFixed(1) },
  allocated: { head: 'objects allocated', cell: (s) => whole(meanOf(s, (x) => x.allocated)) },
  /** Objects allocated for each one passed: 1 when nothing comes back to the pool. */
  allocatedEach: { head: 'allocated per object passed', cell: (s) => meanOf(s, (x) => x.allocated / Math.max(1, x.received)).toFixed(4) },
} satisfies Record<string, ThreadColumn>;

/** Every element (or object) arrived once, in each producer's order, in every run. */
export const delivered = (samples: ThreadSample[]) => samples.every((s) => s.complete && s.outOfOrder === 0);

/** The last column: whether every run delivered everything once, in order. */
export const deliveredColumn = (head: string): ThreadColumn => ({
  head, cell: (s) => (delivered(s) ? 'yes' : 'no: lost, reordered or handed out twice'), pageOnly: true,
});

const sets: Record<string, ThreadSet> = Object.create(null);

export function registerThreadSet(s: ThreadSet): ThreadSet {
  sets[s.name] = s;
  return s;
}

export function threadSet(name: string): ThreadSet | undefined {
  return lookup(sets, name);
}

export function threadSets(): ThreadSet[] {
  return Object.values(sets);
}

/** A row's id, as the native benchmark prints it: `clq/2p1c`. */
export const rowId = (r: Pick<ThreadRow, 'kind' | 'producers'>) => `${r.kind}/${r.producers}p1c`;

export interface ThreadJob {
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  run: number;
  role: 'producer' | 'consumer';
  id: number;
}

/** A thread's report: when it finished (ms since the epoch) and what it counted. */
export interface ThreadReply {
  end: number;
  /** Producer: [offers that found the queue full, objects allocated]. Consumer: [received, out of order, empty polls, checksum ok]. */
  result: number[];
}

/** What a thread says: it joined the memory; it finished; or it failed. */
export type ThreadMessage = { type: 'ready' } | ({ type: 'done' } & ThreadReply) | { type: 'error'; message: string };

/** The threaded module's functions a thread calls. */
export interface ThreadGlue {
  initSync(o: { module: WebAssembly.Module; memory: WebAssembly.Memory }): unknown;
  runProduce(run: number, id: number): ArrayLike<number>;
  runConsume(run: number): ArrayLike<number>;
}

/** A thread's whole part, in a Web Worker or a Node worker thread alike. */
export function runThreadJob(glue: ThreadGlue, job: ThreadJob, post: (m: ThreadMessage) => void): void {
  try {
    const exports = glue.initSync({ module: job.module, memory: job.memory }) as { __wbindgen_thread_destroy?: () => void };
    post({ type: 'ready' });
    // Blocks this thread: it spins at the start line (an atomic flag in the shared memory).
    const result = Array.from(job.role === 'producer' ? glue.runProduce(job.run, job.id) : glue.runConsume(job.run));
    post({ type: 'done', end: performance.timeOrigin + performance.now(), result });
    // Hands this thread's stack and thread-locals back to the shared heap: a worker is ended from
    // outside, which frees nothing in the memory, and every run starts new ones.
    exports.__wbindgen_thread_destroy?.();
  } catch (err) {
    post({ type: 'error', message: `${job.role === 'producer' ? `producer ${job.id}` : 'the consumer'}: ${located(err)}` });
  }
}

/** An error's message and where it was raised: its first wasm frame (a trap carries no other hint). */
export function located(err: unknown): string {
  const e = err instanceof Error ? err : new Error(String(err));
  const frame = e.stack?.split('\n').find((l) => l.includes('wasm-function') || l.includes('.wasm'));
  return frame ? `${e.message} (${frame.trim()})` : e.message;
}

/** A handle on a thread from its messages (`listen` wires them up); `stop` ends the thread. */
export function threadHandle(listen: (onMessage: (m: ThreadMessage) => void, onError: (e: Error) => void) => void, stop: () => void): ThreadHandle {
  let ready!: () => void;
  let fail!: (e: Error) => void;
  const readyP = new Promise<void>((ok, no) => { ready = ok; fail = no; });
  const done = new Promise<ThreadReply>((ok, no) => {
    const error = (e: Error) => { fail(e); no(e); };
    listen((m) => {
      if (m.type === 'ready') ready();
      else if (m.type === 'done') ok(m);
      else error(new Error(m.message));
    }, error);
  });
  return { ready: readyP, done, stop };
}

export interface ThreadHandle {
  ready: Promise<void>;
  done: Promise<ThreadReply>;
  stop(): void;
}

export interface ThreadHost {
  spawn(job: ThreadJob): ThreadHandle;
  /** Milliseconds since the epoch, comparable across threads. */
  now(): number;
}

/** The threaded module's exports this needs (from its wasm-bindgen glue). */
export interface ThreadsApi {
  runNew(kind: string, capacity: number, producers: number, perProducer: number): number;
  runStart(run: number): void;
  runFree(run: number): void;
}

export interface ThreadSample {
  opsPerSecond: number;
  /** Elements (or objects) the consumer received. */
  received: number;
  fullOffers: number;
  /** Objects the producers allocated during the run. */
  allocated: number;
  emptyPolls: number;
  outOfOrder: number;
  complete: boolean;
}

/** One run of one row: every thread at the start line, then timed until the consumer has all. */
export async function measureOnce(host: ThreadHost, api: ThreadsApi, module: WebAssembly.Module, memory: WebAssembly.Memory,
  row: ThreadRow, perProducer: number): Promise<ThreadSample> {
  const each = Math.floor(perProducer / row.producers);
  const run = api.runNew(row.kind, row.capacity, row.producers, each);
  const jobs: ThreadJob[] = [
    ...Array.from({ length: row.producers }, (_, id) => ({ module, memory, run, role: 'producer' as const, id })),
    { module, memory, run, role: 'consumer', id: 0 },
  ];
  const threads: ThreadHandle[] = [];
  try {
    // One thread joins at a time. A joining thread allocates its stack, which may grow the shared
    // memory; a thread instantiated while another grows it can see the old size and trap when it
    // copies its thread-locals in (a likely cause of a rare "memory access out of bounds" here,
    // seen under load in Chromium, not proven).
    for (const job of jobs) {
      threads.push(host.spawn(job));
      await threads[threads.length - 1].ready;
    }
    const t0 = host.now();
    api.runStart(run);
    const replies = await Promise.all(threads.map((t) => t.done));
    const consumer = replies[replies.length - 1];
    const [received, outOfOrder, emptyPolls, ok] = consumer.result;
    return {
      opsPerSecond: received / ((consumer.end - t0) / 1000),
      received,
      fullOffers: replies.slice(0, -1).reduce((s, r) => s + r.result[0], 0),
      allocated: replies.slice(0, -1).reduce((s, r) => s + (r.result[1] ?? 0), 0),
      emptyPolls, outOfOrder, complete: ok === 1 && received === each * row.producers,
    };
  } finally {
    threads.forEach((t) => t.stop());
    api.runFree(run);
  }
}

export interface ThreadRowResult {
  row: ThreadRow;
  samples: ThreadSample[];
}

/** Every row, `repeats` times each, reporting as each row finishes. */
export async function measureAll(host: ThreadHost, api: ThreadsApi, module: WebAssembly.Module, memory: WebAssembly.Memory,
  perProducer: number, repeats: number, onRow: (r: ThreadRowResult, index: number) => void, rows: ThreadRow[]): Promise<ThreadRowResult[]> {
  const out: ThreadRowResult[] = [];
  for (const [i, row] of rows.entries()) {
    const samples: ThreadSample[] = [];
    for (let k = 0; k < repeats; k++) samples.push(await measureOnce(host, api, module, memory, row, perProducer));
    out.push({ row, samples });
    onRow(out[out.length - 1], i);
  }
  return out;
}

export const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

/** Why real threads cannot run here, or null if they can. */
export function threadsUnavailable(g: { crossOriginIsolated?: boolean; SharedArrayBuffer?: unknown }): string | null {
  if (typeof g.SharedArrayBuffer !== 'function' || g.crossOriginIsolated === false) {
    return 'This page is not cross-origin isolated, so its workers cannot share one wasm memory (browsers allow shared memory only under the COOP/COEP headers; see docs/hosting.md in the lab’s repository). The single-threaded benchmarks above still run.';
  }
  return null;
}
