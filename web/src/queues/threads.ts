// The queues raced across real threads: one producer (or two) and one consumer, each a worker on
// one shared wasm memory, running crates/threads' harness. The same code runs the page's Web
// Workers and the CLI's worker threads; each supplies a `ThreadHost`.

export interface ThreadRow {
  queue: 'clq' | 'abq' | 'spsc' | 'mpsc';
  producers: number;
}

/** JCTools' harness shape: one producer and one consumer, then several producers. */
export const THREAD_ROWS: ThreadRow[] = [
  { queue: 'clq', producers: 1 }, { queue: 'clq', producers: 2 },
  { queue: 'abq', producers: 1 }, { queue: 'abq', producers: 2 },
  { queue: 'spsc', producers: 1 },
  { queue: 'mpsc', producers: 1 }, { queue: 'mpsc', producers: 2 },
];

export const THREAD_TITLE: Record<ThreadRow['queue'], string> = {
  clq: 'ConcurrentLinkedQueue', abq: 'ArrayBlockingQueue', spsc: 'JCTools SpscArrayQueue', mpsc: 'JCTools MpscArrayQueue',
};

/** JCTools' throughput harness sizes its queues at 2^17. */
export const THREAD_CAPACITY = 1 << 17;

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
  /** Producer: [offers that found the queue full]. Consumer: [received, out of order, empty polls, checksum ok]. */
  result: number[];
}

/** What a thread says: it joined the memory; it finished; or it failed. */
export type ThreadMessage = { type: 'ready' } | ({ type: 'done' } & ThreadReply) | { type: 'error'; message: string };

/** The threaded module's functions a thread calls. */
export interface ThreadGlue {
  initSync(o: { module: WebAssembly.Module; memory: WebAssembly.Memory }): unknown;
  runProduce(run: number, id: number): number;
  runConsume(run: number): ArrayLike<number>;
}

/** A thread's whole part, in a Web Worker or a Node worker thread alike. */
export function runThreadJob(glue: ThreadGlue, job: ThreadJob, post: (m: ThreadMessage) => void): void {
  try {
    glue.initSync({ module: job.module, memory: job.memory });
    post({ type: 'ready' });
    // Blocks this thread: it spins at the start line (an atomic flag in the shared memory).
    const result = job.role === 'producer' ? [glue.runProduce(job.run, job.id)] : Array.from(glue.runConsume(job.run));
    post({ type: 'done', end: performance.timeOrigin + performance.now(), result });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
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
  fullOffers: number;
  emptyPolls: number;
  outOfOrder: number;
  complete: boolean;
}

/** One run of one row: every thread at the start line, then timed until the consumer has all. */
export async function measureOnce(host: ThreadHost, api: ThreadsApi, module: WebAssembly.Module, memory: WebAssembly.Memory,
  row: ThreadRow, perProducer: number, capacity = THREAD_CAPACITY): Promise<ThreadSample> {
  const each = Math.floor(perProducer / row.producers);
  const run = api.runNew(row.queue, capacity, row.producers, each);
  const threads = [
    ...Array.from({ length: row.producers }, (_, id) => host.spawn({ module, memory, run, role: 'producer', id })),
    host.spawn({ module, memory, run, role: 'consumer', id: 0 }),
  ];
  try {
    await Promise.all(threads.map((t) => t.ready));
    const t0 = host.now();
    api.runStart(run);
    const replies = await Promise.all(threads.map((t) => t.done));
    const consumer = replies[replies.length - 1];
    const [received, outOfOrder, emptyPolls, ok] = consumer.result;
    return {
      opsPerSecond: received / ((consumer.end - t0) / 1000),
      fullOffers: replies.slice(0, -1).reduce((s, r) => s + r.result[0], 0),
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
  perProducer: number, repeats: number, onRow: (r: ThreadRowResult, index: number) => void, rows = THREAD_ROWS): Promise<ThreadRowResult[]> {
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
    return 'This page is not cross-origin isolated, so its workers cannot share one wasm memory (browsers allow shared memory only under the COOP/COEP headers; see the README on hosting). The single-threaded benchmarks above still run.';
  }
  return null;
}
