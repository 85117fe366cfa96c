// `udp-queue`, the part that is timed: the UDP server's receiving thread offering into a queue
// that is emptied only when it reaches its bound (crates/core/src/queue/bench.rs), one row per
// queue and bound, and which rows are measured side by side. How a run is reported is
// udpQueueReport.ts: a committed run's digest covers this file, not that one.
import type { Row, SuiteTimed } from '../bench/suites';

export const CAPACITIES = [1024, 65536, 1048576];

export const QUEUES = ['clq', 'clq-size', 'abq', 'spsc', 'mpsc'];

/** The blog's method names (JCTools' for the rings), which the JMH table prints. */
export const METHOD: Record<string, string> = { clq: 'clqOffer', 'clq-size': 'clqOfferWithSizeCheck', abq: 'abqOffer', spsc: 'spscOffer', mpsc: 'mpscOffer' };

export const SUITE = 'udp-queue';

export const id = (queue: string, capacity: number) => `${METHOD[queue]}/${capacity}`;

export const ROWS: Row[] = QUEUES.flatMap((queue) => CAPACITIES.map((capacity) => ({
  id: id(queue, capacity), benchmark: METHOD[queue], params: { queue, capacity },
  kernel: { suite: 'udp-queue', params: { queue, capacity } },
  // size() walks ~capacity/2 nodes per offer: keep a batch near a second at most.
  maxBatch: queue === 'clq-size' ? Math.max(1, Math.floor(4_000_000 / capacity)) : 1_000_000,
})));

export const udpQueueTimed: SuiteTimed = {
  name: 'udp-queue',
  // The queue is in the method's name, as in the blog's table; only the bound is a parameter.
  paramNames: ['capacity'],
  rows: ROWS,
  // The verdicts compare queues at the same bound: measure the five side by side.
  interleave: (row) => `bound ${row.params.capacity}`,
};
