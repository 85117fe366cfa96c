// The comparisons the request-timeouts lesson makes in its prose, computed from the runs and counts
// they cite (see web/src/published/claims.ts).
import { claimComponent } from '../../web/src/published/Claim';
import type { ClaimData, ClaimSpec } from '../../web/src/published/claims';
import { WHEEL_WORK } from '../../web/src/wheel/work';
import { workSum } from '../../web/src/registry/work';

/** The race's work: the counters the wheel family declares as work (web/src/wheel/work.ts), as the race widget adds them. */
const WORK = workSum(WHEEL_WORK);
const work = (variant: 'wheel' | 'delay-queue', command: string) => `${variant}:${command}:${WORK}`;
const wheelOverQueue = (label: string, command: string) => ({ label, a: work('wheel', command), b: work('delay-queue', command) });

const BURST = 'burst 50 100, cancel 50, advance 100';
const RANDOM = 'random 5000 200 7, advance 100, cancel-all';
const STAGES = ['the adds', 'the advance', 'the cancels'];

const SIZES = [1000, 10000, 100000];
const n = (x: number) => x.toLocaleString('en-US');

export const claims: Record<string, ClaimSpec> = {
  'burst-race': {
    kind: 'ratio', what: 'work so far, the wheel ÷ the DelayQueue of tasks, on the race’s script',
    source: { from: 'count', family: 'wheel', ops: BURST },
    points: [wheelOverQueue('after the adds', '..0'), wheelOverQueue('after the cancel', '..1'), wheelOverQueue('at the end', '..2')],
    outcomes: {
      'half as much again': { when: { kind: 'within', low: 1.4, high: 1.6 }, words: 'about half as much work again as the heap ({ratio})' },
      level: { when: { kind: 'within', low: 0.95, high: 1.05 }, words: 'level ({ratio})' },
      'two thirds': { when: { kind: 'within', low: 0.6, high: 0.73 }, words: 'about two thirds of the heap’s work ({ratio})' },
    },
    undecided: '{ratio} of the heap’s work', mixed: '{points}',
  },
  'random-race': {
    kind: 'ratio', what: 'each command’s work, the wheel ÷ the DelayQueue of tasks, 5,000 random timers',
    source: { from: 'count', family: 'wheel', ops: RANDOM },
    points: STAGES.map((label, i) => wheelOverQueue(label, String(i))),
    outcomes: { below: { when: { kind: 'below', threshold: 1 }, words: 'the wheel ahead, doing {ratio} of the heap’s work' } },
    undecided: '{ratio}', mixed: '{points}',
  },
  'random-race-furthest': {
    kind: 'value', what: 'the command at which the wheel does the smallest share of the DelayQueue’s work',
    compute: (d: ClaimData) => {
      const per = (v: string) => d.count!('wheel', RANDOM, v);
      const total = (row: Record<string, number>) => WORK.split('+').reduce((s, k) => s + row[k], 0);
      const [w, q] = [per('wheel'), per('delay-queue')];
      const shares = STAGES.map((_, i) => total(w[i]) / total(q[i]));
      return shares.indexOf(Math.min(...shares));
    },
    format: (i) => STAGES[i], from: () => `counted by the lab's structures on "${RANDOM}"`,
    outcomes: Object.fromEntries(STAGES.map((s, i) => [s, { range: [i, i + 1] as [number, number], words: s }])),
  },
  'jvm-heap-vs-wheel': {
    kind: 'ratio', what: 'Netty’s DefaultPriorityQueue ÷ Kafka’s TimingWheel, add n and cancel 90 % (JVM)',
    source: { from: 'jvm', suite: 'timer-add-cancel' },
    points: SIZES.map((x) => ({ label: n(x), a: `addCancel/indexed/${x}`, b: `addCancel/wheel/${x}` })),
    outcomes: {
      above: { when: { kind: 'at least', threshold: 1 }, words: '{ratio} the wheel’s rate' },
      below: { when: { kind: 'below', threshold: 1 }, words: '{ratio} the wheel’s rate' },
    },
    undecided: 'a rate its interval cannot tell from the wheel’s ({ratio})', mixed: '{points}',
  },
  'jvm-wheel-vs-heap': {
    kind: 'ratio', what: 'Kafka’s TimingWheel ÷ Netty’s DefaultPriorityQueue, add n and cancel 90 % (JVM)',
    source: { from: 'jvm', suite: 'timer-add-cancel' },
    points: SIZES.map((x) => ({ label: n(x), a: `addCancel/wheel/${x}`, b: `addCancel/indexed/${x}` })),
    // Size by size, each with its ratio: slower at some sizes, not resolved at others.
    outcomes: { below: { when: { kind: 'below', threshold: 1 }, words: '{ratio} the heap’s rate' } },
    undecided: 'a rate its interval cannot tell from the heap’s ({ratio})', mixed: '{points}',
  },
  'wasm-queue-vs-wheel': {
    kind: 'ratio', what: 'the lab’s DelayQueue of tasks ÷ its timing wheel, add n and cancel 90 % (wasm)',
    source: { from: 'wasm', suite: 'timer-add-cancel' },
    points: SIZES.map((x) => ({ label: n(x), a: `addCancel/delay-queue/${x}`, b: `addCancel/wheel/${x}` })),
    outcomes: {
      above: { when: { kind: 'at least', threshold: 1 }, words: '{ratio} the wheel’s rate' },
      below: { when: { kind: 'below', threshold: 1 }, words: '{ratio} the wheel’s rate' },
    },
    undecided: 'the wheel’s rate within its interval ({ratio})', mixed: '{points}',
  },
  'wasm-heap-vs-wheel': {
    kind: 'ratio', what: 'the lab’s indexed heap ÷ its timing wheel, add n and cancel 90 % (wasm)',
    source: { from: 'wasm', suite: 'timer-add-cancel' },
    points: SIZES.map((x) => ({ label: n(x), a: `addCancel/indexed/${x}`, b: `addCancel/wheel/${x}` })),
    outcomes: {
      above: { when: { kind: 'at least', threshold: 1 }, words: '{ratio} the wheel’s rate' },
      below: { when: { kind: 'below', threshold: 1 }, words: '{ratio} the wheel’s rate' },
    },
    undecided: 'a rate its interval cannot tell from the wheel’s ({ratio})', mixed: '{points}',
  },
};

export const Claim = claimComponent('request-timeouts', claims);
