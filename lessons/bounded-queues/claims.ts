// The figures the bounded-queues lesson computes from the runs it cites (see
// web/src/published/claims.ts): how fast the lab's JVM run walked a ConcurrentLinkedQueue, and what
// that makes of the blog's reading.
import { claimComponent } from '../../web/src/published/Claim';
import type { ClaimData, ClaimSpec } from '../../web/src/published/claims';
import { MIB, boundCost } from '../../web/src/queue/overload';

/** The guarded CLQ at the largest bound, in the committed JVM run. */
const BOUND = 1048576;
const ROW = `clqOfferWithSizeCheck/${BOUND}`;

/**
 * Nodes size() visits a second on the JVM: each guarded offer walks the queue, which in that run
 * starts half full and grows by one node an offer, so each walk is at least half the bound.
 */
export function visitsPerSecond(d: ClaimData): number {
  const row = d.jvm['udp-queue']?.rows[ROW];
  if (!row) throw new Error(`the committed JVM run of udp-queue has no row ${ROW}`);
  return row.score * (BOUND / 2);
}

/** Node visits to build a queue of `length` nodes with guarded offers: 0 + 1 + … + (length − 1). */
export const buildVisits = (length: number) => (length * (length - 1)) / 2;

const from = (d: ClaimData) => {
  const r = d.jvm['udp-queue'];
  return `the committed JVM run of udp-queue (${r?.preset} preset, ${r?.measured}, ${r?.java}): ${ROW} × ${BOUND.toLocaleString('en-US')} ÷ 2 nodes a walk`;
};

const minutes = (s: number) => `${Math.round(s / 60)} minutes`;
const hours = (s: number) => `${Math.round(s / 3600)} hours`;

const BOUNDS = [1024, 65536, 1048576];
const byBound = (a: string, b: string) => BOUNDS.map((x) => ({ label: x.toLocaleString('en-US'), a: `${a}/${x}`, b: `${b}/${x}` }));
const RATE = {
  above: { when: { kind: 'at least', threshold: 1 }, words: '{ratio}' },
  below: { when: { kind: 'below', threshold: 1 }, words: '{ratio}' },
} as const;

/** The overload simulation's default bound and budget (web/src/queue/OverloadSim.tsx's defaults). */
const DEFAULT_BOUND = 20_000;
const DEFAULT_BUDGET_MIB = 128;

/** What a full queue of the default bound holds, priced by the simulation's own rule (Rust's udpBoundCost). */
const defaultFull = (queue: 'abq' | 'spsc', name: string): ClaimSpec => ({
  kind: 'value', what: `the memory a full ${name} of the simulation's default bound (${DEFAULT_BOUND.toLocaleString('en-US')}) holds: buffers and array`,
  compute: () => boundCost(queue, DEFAULT_BOUND, DEFAULT_BUDGET_MIB).fullBytes,
  format: (bytes) => `about ${(bytes / MIB).toFixed(1)} MiB`,
  from: () => `the overload simulation's pricing (udpBoundCost): ${boundCost(queue, DEFAULT_BOUND, DEFAULT_BUDGET_MIB).slots.toLocaleString('en-US')} slots`,
  outcomes: { 'within the budget': { range: [0, DEFAULT_BUDGET_MIB * MIB], words: '{value}' } },
});

export const claims: Record<string, ClaimSpec> = {
  'wasm-plain-vs-guarded': {
    kind: 'ratio', what: 'the plain CLQ’s offer ÷ the size()-guarded one (wasm, saved run)', source: { from: 'wasm', suite: 'udp-queue' },
    points: byBound('clqOffer', 'clqOfferWithSizeCheck'), outcomes: RATE, mixed: '{points}',
  },
  'wasm-spsc-vs-abq': {
    kind: 'ratio', what: 'the SPSC ring’s offer ÷ the ArrayBlockingQueue’s (wasm, saved run)', source: { from: 'wasm', suite: 'udp-queue' },
    points: byBound('spscOffer', 'abqOffer'), outcomes: RATE, mixed: '{points}',
  },
  'wasm-abq-vs-clq': {
    kind: 'ratio', what: 'the ArrayBlockingQueue’s offer ÷ the plain CLQ’s (wasm, saved run)', source: { from: 'wasm', suite: 'udp-queue' },
    points: byBound('abqOffer', 'clqOffer'), outcomes: RATE, mixed: '{points}',
  },
  'jvm-abq-vs-clq': {
    kind: 'ratio', what: 'the ArrayBlockingQueue’s offer ÷ the plain CLQ’s (JVM, committed run)', source: { from: 'jvm', suite: 'udp-queue' },
    points: byBound('abqOffer', 'clqOffer'), outcomes: RATE, undecided: '{ratio}, undecided', mixed: '{points}',
  },
  'abq-default-full': defaultFull('abq', 'ArrayBlockingQueue'),
  'ring-default-full': defaultFull('spsc', 'JCTools ring'),
  'jvm-visits': {
    kind: 'value', what: 'nodes a guarded offer’s size() visits a second on the JVM', compute: visitsPerSecond,
    format: (x) => `about ${Math.round(x / 1e6).toLocaleString('en-US')} million`, from,
    outcomes: { 'hundreds of millions': { range: [1e8, 1e9], words: '{value}' } },
  },
  'build-1m': {
    kind: 'value', what: 'the time guarded offers take to build a queue of 1,000,000 nodes, at the JVM’s rate',
    compute: (d) => buildVisits(1e6) / visitsPerSecond(d), format: minutes, from,
    outcomes: { minutes: { range: [60, 3600], words: 'about {value}' } },
  },
  'build-10m': {
    kind: 'value', what: 'the time guarded offers take to build a queue of 10,000,000 nodes, at the JVM’s rate',
    compute: (d) => buildVisits(1e7) / visitsPerSecond(d), format: hours, from,
    outcomes: { hours: { range: [3600, 3 * 86400], words: 'about {value}' } },
  },
};

export const Claim = claimComponent('bounded-queues', claims);
