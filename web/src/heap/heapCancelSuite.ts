// Netty's ScheduledFutureTaskBenchmark as a suite, the part that is timed: cancel all `num`
// timers of a heap filled with deadlines 1…num, in order or in reverse, on the JDK heap and on
// Netty's indexed heap, and which rows are measured side by side. Its published figures, verdicts
// and chart are heapCancelReport.ts: a committed run's digest covers this file, not that one.
import type { Row, SuiteTimed } from '../bench/suites';

export const NUMS = [100, 1000, 10000, 100000];
export const BENCHMARKS = ['cancelInOrder', 'cancelInReverseOrder'];
export const HEAPS = ['jdk', 'indexed'];

const ROWS: Row[] = BENCHMARKS.flatMap((benchmark) =>
  HEAPS.flatMap((heap) => NUMS.map((num) => ({
    id: `${benchmark}/${heap}/${num}`, benchmark, params: { heap, num },
    kernel: { suite: 'heap-cancel', params: { heap, num, reverse: benchmark === 'cancelInReverseOrder' } },
    // A prepared invocation holds num timers; keep a batch to about a million of them.
    maxBatch: Math.max(1, Math.floor(1_000_000 / num)),
  }))));

export const id = (benchmark: string, heap: string, num: number) => `${benchmark}/${heap}/${num}`;

export const heapCancelTimed: SuiteTimed = {
  name: 'heap-cancel',
  paramNames: ['heap', 'num'],
  rows: ROWS,
  // Each verdict compares the two heaps at one size and order: measure those pairs side by side.
  interleave: (row) => `${row.benchmark}/${row.params.num}`,
};
