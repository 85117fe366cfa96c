// The UDP overload simulation's numbers, read from the flat samples Rust returns, and the
// arithmetic the lesson and its exercises state in words.

/** Bytes a queued packet holds: its receive buffer (the blog's 2,048), plus a CLQ node. */
export const PACKET_BYTES = 2048;
export const NODE_BYTES = 24;
/** An array queue's slot: one compressed reference in its Object[], allocated with the queue. */
export const SLOT_BYTES = 4;

export interface OverloadSample {
  tMs: number;
  queued: number;
  memoryBytes: number;
  received: number;
  processed: number;
  droppedQueue: number;
  droppedSocket: number;
  p50Ms: number;
  p99Ms: number;
  receiverNs: number;
  accessesPerOffer: number;
}

const KEYS: (keyof OverloadSample)[] = [
  'tMs', 'queued', 'memoryBytes', 'received', 'processed', 'droppedQueue', 'droppedSocket', 'p50Ms', 'p99Ms', 'receiverNs', 'accessesPerOffer',
];

/** Splits `run`'s flat result into samples of `width` numbers (the width wasm states). */
export function decodeSamples(flat: ArrayLike<number>, width: number): OverloadSample[] {
  if (width !== KEYS.length) throw new Error(`the simulation sends ${width} numbers a sample; this page reads ${KEYS.length}`);
  const out: OverloadSample[] = [];
  for (let i = 0; i + width <= flat.length; i += width) {
    out.push(Object.fromEntries(KEYS.map((k, j) => [k, flat[i + j]])) as unknown as OverloadSample);
  }
  return out;
}

export interface OverloadConfig {
  queue: 'clq' | 'clq-size' | 'abq' | 'spsc' | 'mpsc';
  arrivalRate: number;
  serviceRate: number;
  bound: number;
  budgetMiB: number;
  seed: number;
}

/** Bytes one queued packet costs in this queue. */
export function bytesPerPacket(queue: OverloadConfig['queue']): number {
  return PACKET_BYTES + (queue === 'clq' || queue === 'clq-size' ? NODE_BYTES : 0);
}

/** The slots an array queue of `bound` really has: JCTools rounds up to a power of two. */
export function slotsOf(queue: OverloadConfig['queue'], bound: number): number {
  if (queue === 'clq' || queue === 'clq-size') return 0;
  return queue === 'abq' ? bound : 2 ** Math.ceil(Math.log2(Math.max(1, bound)));
}

/**
 * Bytes the queue holds when full (Infinity for the unbounded CLQ): each packet's buffer (and
 * node), plus an array queue's array, which exists from the start. What a bound costs in memory.
 */
export function fullBytes(queue: OverloadConfig['queue'], bound: number): number {
  if (queue === 'clq') return Infinity;
  const slots = slotsOf(queue, bound);
  return queue === 'clq-size' ? bound * (PACKET_BYTES + NODE_BYTES) : slots * PACKET_BYTES + slots * SLOT_BYTES;
}

/** The largest bound whose full queue fits `budgetBytes`: the budget over one packet's bytes. */
export function boundFor(queue: OverloadConfig['queue'], budgetBytes: number): number {
  return Math.floor(budgetBytes / (PACKET_BYTES + (queue === 'clq' || queue === 'clq-size' ? NODE_BYTES : SLOT_BYTES)));
}

/**
 * Seconds until an unbounded queue fills the budget, if arrivals outpace the consumers (and the
 * receiver keeps up): the budget over the bytes added per second. Infinity if it never does.
 */
export function secondsToExhaust(budgetBytes: number, arrivalRate: number, serviceRate: number, perPacket = PACKET_BYTES + NODE_BYTES): number {
  const growth = arrivalRate - serviceRate;
  return growth > 0 ? budgetBytes / (growth * perPacket) : Infinity;
}

/** How long a packet waits in a full FIFO queue of `length` drained at `serviceRate`: Little's law. */
export function waitMs(length: number, serviceRate: number): number {
  return serviceRate > 0 ? (length / serviceRate) * 1000 : Infinity;
}

export const MIB = 1 << 20;
