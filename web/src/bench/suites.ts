// The benchmark suites: which rows to run, how to build each row's kernel from wasm, and the
// published figures to set beside ours.
import type { Kernel } from './fork';
import { registry } from '../site/lookup';

/** The wasm exports a suite needs (the real module, or a test double). */
export interface KernelFactory {
  HeapCancelKernel: new (heap: string, num: number, reverse: boolean) => Kernel & { free(): void };
}

export interface Row {
  id: string;
  benchmark: string;
  params: Record<string, string | number>;
}

export interface Published {
  benchmark: string;
  params: Record<string, string | number>;
  score: number;
  error: number;
}

export interface Suite {
  name: string;
  title: string;
  /** The class name in the JMH table, after the original. */
  className: string;
  source: string;
  paramNames: string[];
  rows: Row[];
  kernel(wasm: KernelFactory, row: Row): Kernel & { free(): void };
  /** The most invocations prepared at once for a row (bounded by memory). */
  maxBatch(row: Row): number;
  published: Published[];
}

const NUMS = [100, 1000, 10000, 100000];
const BENCHMARKS = ['cancelInOrder', 'cancelInReverseOrder'];
const HEAPS = ['jdk', 'indexed'];

/** Netty's published JMH scores (ops/s): "before" ran java.util.PriorityQueue, "after" Netty's. */
const NETTY: Record<string, Record<number, [number, number, number, number]>> = {
  // num: [before score, before error, after score, after error]
  cancelInOrder: {
    100: [139968.586, 12951.333, 137779.616, 7709.751],
    1000: [12274.42, 337.8, 11049.448, 385.832],
    10000: [958.168, 15.35, 943.294, 12.391],
    100000: [53.381, 13.981, 64.21, 1.824],
  },
  cancelInReverseOrder: {
    100: [123918.829, 3642.517, 167531.096, 9187.865],
    1000: [5099.81, 206.992, 33019.786, 4737.77],
    10000: [72.335, 0.443, 2976.955, 248.555],
    100000: [0.743, 0.003, 362.654, 45.716],
  },
};

export const heapCancel: Suite = {
  name: 'heap-cancel',
  title: 'Cancelling scheduled timers',
  className: 'ScheduledFutureTaskBenchmark',
  source: 'Netty commit 1f1a60ae7d (2017)',
  paramNames: ['heap', 'num'],
  rows: BENCHMARKS.flatMap((benchmark) =>
    HEAPS.flatMap((heap) => NUMS.map((num) => ({ id: `${benchmark}/${heap}/${num}`, benchmark, params: { heap, num } })))),
  kernel: (wasm, row) =>
    new wasm.HeapCancelKernel(String(row.params.heap), Number(row.params.num), row.benchmark === 'cancelInReverseOrder'),
  // A prepared invocation holds num timers; keep a batch to about a million of them.
  maxBatch: (row) => Math.max(1, Math.floor(1_000_000 / Number(row.params.num))),
  published: BENCHMARKS.flatMap((benchmark) =>
    NUMS.flatMap((num) => {
      const [bs, be, as, ae] = NETTY[benchmark][num];
      return [
        { benchmark, params: { heap: 'jdk', num }, score: bs, error: be },
        { benchmark, params: { heap: 'indexed', num }, score: as, error: ae },
      ];
    })),
};

export const SUITES = registry<Suite>({ [heapCancel.name]: heapCancel });

export interface Preset {
  forks: number;
  warmupIterations: number;
  measurementIterations: number;
  iterationMs: number;
  /** The whole suite stops (keeping what it measured) when this is spent. */
  budgetMs: number;
}

export const PRESETS: Record<'quick' | 'full', Preset> = {
  /** A whole suite in under a minute, so a class can run it live. */
  quick: { forks: 1, warmupIterations: 1, measurementIterations: 3, iterationMs: 300, budgetMs: 60_000 },
  /** Closer to JMH's defaults (Netty ran 2 forks × 10 iterations of 1 s after 10 warmups). */
  full: { forks: 2, warmupIterations: 5, measurementIterations: 10, iterationMs: 1000, budgetMs: 20 * 60_000 },
};
