// `timer-add-cancel`, the part that is timed: add n timers with random delays under 200 ms,
// cancel 90% of them (the requests that completed), run the rest, on Kafka's timing wheel, a
// DelayQueue of tasks (O(n) cancel) and Netty's indexed heap (O(log n)); and which rows are
// measured side by side. How a run is reported is timerReport.ts: a committed run's digest covers
// this file, not that one.
import type { Row, SuiteTimed } from '../bench/suites';

export const NS = [1000, 10000, 100000];

export const TIMERS = ['wheel', 'delay-queue', 'indexed'];

export const ROWS: Row[] = TIMERS.flatMap((timer) => NS.map((n) => ({
  id: `addCancel/${timer}/${n}`, benchmark: 'addCancel', params: { timer, n },
  kernel: { suite: 'timer-add-cancel', params: { timer, n } },
  maxBatch: Math.max(1, Math.floor(1_000_000 / n)),
})));

export const SUITE = 'timer-add-cancel';

export const id = (timer: string, n: number) => `addCancel/${timer}/${n}`;

export const timerAddCancelTimed: SuiteTimed = {
  name: 'timer-add-cancel',
  paramNames: ['timer', 'n'],
  rows: ROWS,
  // The verdicts compare designs at the same n: measure the three side by side.
  interleave: (row) => `n ${row.params.n}`,
};
