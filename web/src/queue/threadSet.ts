// The queues raced across real threads, the way JCTools' own throughput harness runs them: a
// queue of 2^17 slots, one producer (or two) and one consumer.
import { COLUMNS, deliveredColumn, type ThreadSet } from '../threads/harness';
import { num } from '../util/format';

/** JCTools' throughput harness sizes its queues at 2^17. */
export const QUEUE_RING = 1 << 17;

const TITLE: Record<string, string> = {
  clq: 'ConcurrentLinkedQueue', abq: 'ArrayBlockingQueue', spsc: 'JCTools SpscArrayQueue', mpsc: 'JCTools MpscArrayQueue',
};
const row = (kind: string, producers: number) => ({ kind, title: TITLE[kind], producers, capacity: QUEUE_RING });

export const threadSet: ThreadSet = {
  name: 'queues',
  cli: 'queue-threads',
  heading: 'Real threads: producers and a consumer in Web Workers',
  intro: (perProducer, repeats) => `Each producer and the consumer is a Web Worker running the lab's queues with real atomics on one shared wasm memory, after JCTools' own throughput harness but smaller, and spinning where it yields: a queue of ${num(QUEUE_RING)} slots as there, ${num(perProducer)} elements a row (JCTools: 50,000,000 pairs), producers spinning while it is full and the consumer while it is empty (JCTools yields), the consumer checking every producer's order. ${repeats} runs a row.`,
  unit: 'Elements through the queue per second',
  rows: [row('clq', 1), row('clq', 2), row('abq', 1), row('abq', 2), row('spsc', 1), row('mpsc', 1), row('mpsc', 2)],
  columns: [COLUMNS.producers, COLUMNS.rate, COLUMNS.spread, COLUMNS.full, COLUMNS.empty, deliveredColumn('delivered once each')],
};
