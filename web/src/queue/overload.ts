// The UDP overload simulation's numbers, read from the flat samples Rust returns, and the
// arithmetic the lesson and its exercises state in words.
import { callWasm } from '../wasm/loader';
import { num } from '../util/format';

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

export interface BoundCost {
  /** The slots the queue really has (the rings round the bound up), 0 for the linked queues. */
  slots: number;
  /** Bytes it holds when full: every packet's buffer (and node), and an array queue's array. Infinity: never full. */
  fullBytes: number;
  /** The largest bound whose full queue fits the budget (a ring's is a power of two), or null: unbounded. */
  largestBound: number | null;
}

/** The registry's name of the overload simulation (wasm's `Simulation`). */
export const OVERLOAD = 'udp-overload';

/** A run's configuration as the simulation's parameters. */
export function overloadParams(c: OverloadConfig): string {
  return `queue=${c.queue},arrival=${c.arrivalRate},service=${c.serviceRate},bound=${c.bound},budget=${c.budgetMiB},seed=${c.seed}`;
}

/** New rates for a running simulation (its live parameters). */
export const ratesParams = (arrivalRate: number, serviceRate: number) => `arrival=${arrivalRate},service=${serviceRate}`;

/** What `bound` costs in `queue` against a budget, by the rule the simulation prices memory with (Rust's). */
export function boundCost(queue: OverloadConfig['queue'], bound: number, budgetMiB: number): BoundCost {
  const [slots, fullBytes, largest] = callWasm((w) => w.simulationPreview(OVERLOAD, `queue=${queue},bound=${bound},budget=${budgetMiB}`));
  return { slots, fullBytes, largestBound: largest < 0 ? null : largest };
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

/** The current settings of the simulation, each a number or the sentence that refuses it. */
export interface SettingsNow {
  queue: OverloadConfig['queue'];
  arrivalRate: number | string;
  serviceRate: number | string;
  bound: number | string;
  budgetMiB: number | string;
}

export interface SettingsNotes {
  /** How an unbounded queue fares at these rates. */
  growth: string | null;
  /** The slots JCTools gives this bound, when that is not the bound. */
  rounding: string | null;
  /** What the full queue holds against the budget. */
  full: { text: string; over: boolean } | null;
}

const mib = (bytes: number) => (bytes / MIB).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * What the panel says about the settings as they stand (never about an earlier run): the growth
 * of an unbounded queue, the slots a ring rounds the bound up to, and the memory a full queue
 * holds, with the largest bound the budget allows.
 */
export function settingsNotes(s: SettingsNow): SettingsNotes {
  const { queue, arrivalRate: a, serviceRate: r, bound, budgetMiB: budget } = s;
  let growth: string | null = null;
  if (typeof a === 'number' && typeof r === 'number' && typeof budget === 'number') {
    // "An unbounded queue" is a CLQ whatever queue is chosen: each packet brings its node too.
    const t = secondsToExhaust(budget * MIB, a, r);
    growth = t === Infinity
      ? 'At these rates the consumers keep up: an unbounded queue would not grow.'
      : `At these rates an unbounded queue grows by ${num(Math.round(a - r))} packets a second and fills ${num(budget)} MiB in about ${t.toFixed(2)} s (if the receiver keeps up).`;
  }
  if (queue === 'clq' || typeof bound !== 'number' || typeof budget !== 'number') return { growth, rounding: null, full: null };
  const cost = boundCost(queue, bound, budget);
  const rounding = cost.slots > 0 && cost.slots !== bound ? `JCTools rounds the bound up to ${num(cost.slots)} slots.` : null;
  const over = cost.fullBytes > budget * MIB;
  const text = `Full, this queue holds ${mib(cost.fullBytes)} MiB`
    + (over
      ? `: more than the ${num(budget)} MiB budget, so it can run out of memory before it is ever full. The largest bound that fits is ${num(cost.largestBound ?? 0)} packets.`
      : `, within the ${num(budget)} MiB budget.`);
  return { growth, rounding, full: { text, over } };
}
