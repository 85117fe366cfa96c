// The comparisons the recycler lesson makes in its prose, computed from the runs and counts they
// cite (see web/src/published/claims.ts).
import { claimComponent } from '../../web/src/published/Claim';
import type { ClaimData, ClaimSpec, Point } from '../../web/src/published/claims';
import { unpairedLogRatio } from '../../web/src/bench/ratio';

const SIZES = [0, 256, 1024, 4096, 16384, 65536];
const row = (design: string, size: number) => `recycleSameThread/${design}/${size}`;
const pairs = (a: string, b: string, sizes = SIZES): Point[] =>
  sizes.map((n) => ({ label: n.toLocaleString('en-US'), a: row(a, n), b: row(b, n) }));

/** The race's work, as the race widget counts it (recyclers/family.tsx, recyclerWork). */
const WORK = 'allocate+pop+push+grow+map_probe+enqueue+transfer+visit+new_link+new_queue';
const PIPELINE = 'A: get, B: recycle 1, A: get, B: recycle 2, A: get, B: recycle 3, A: get, B: recycle 4, A: get';
const LOOP = 'T: get, recycle 1, cycle 100000';

const RATE = {
  above: { when: { kind: 'at least', threshold: 1 }, words: '{ratio}' },
  below: { when: { kind: 'below', threshold: 1 }, words: '{ratio}' },
} as const;

export const claims: Record<string, ClaimSpec> = {
  'race-pipeline': {
    kind: 'ratio', what: 'counted work, the old Recycler ÷ the rewrite, four producer–consumer rounds',
    source: { from: 'count', family: 'recycler', ops: PIPELINE },
    points: [{ label: 'end', a: `before:all:${WORK}`, b: `after:all:${WORK}` }],
    outcomes: { 'under a third': { when: { kind: 'below', threshold: 1 / 3 }, words: 'less than a third of the rewrite’s counted work ({ratio})' } },
    undecided: '{ratio} of the rewrite’s counted work',
  },
  'race-map': {
    kind: 'ratio', what: 'counted work, the old Recycler with assertions ÷ the rewrite, 100,000 gets and recycles on one thread',
    source: { from: 'count', family: 'recycler', ops: LOOP, settings: { assertions: 'on' } },
    points: [{ label: 'end', a: `before:all:${WORK}`, b: `after:all:${WORK}` }],
    outcomes: { twice: { when: { kind: 'within', low: 1.9, high: 2.1 }, words: 'twice the counted operations ({ratio})' } },
    undecided: '{ratio} the counted operations',
  },
  'jvm-with-flag': {
    kind: 'ratio', what: 'Netty 4.0.21 ÷ Netty 4.0.20 with -ea:io.netty... (JVM)', source: { from: 'jvm', suite: 'recycler' },
    points: pairs('after', 'before-ea'), outcomes: RATE, mixed: '{points}',
  },
  'wasm-with-flag': {
    kind: 'ratio', what: 'the lab’s rewrite ÷ its old Recycler with the assertion map (wasm)', source: { from: 'wasm', suite: 'recycler' },
    points: pairs('after', 'before-ea'), outcomes: RATE, mixed: '{points}',
  },
  'jvm-without-flag': {
    kind: 'ratio', what: 'Netty 4.0.21 ÷ Netty 4.0.20 without -ea (JVM)', source: { from: 'jvm', suite: 'recycler' },
    points: pairs('after', 'before'),
    outcomes: {
      faster: { when: { kind: 'at least', threshold: 1 }, words: '{ratio}, {percent-above} faster' },
      slower: { when: { kind: 'below', threshold: 1 }, words: '{ratio}, {percent-below} slower' },
    },
    undecided: '{ratio}, no faster or slower within its interval', mixed: '{points}',
  },
  'wasm-without-flag': {
    kind: 'ratio', what: 'the lab’s rewrite ÷ its old Recycler without the assertion map (wasm)', source: { from: 'wasm', suite: 'recycler' },
    points: pairs('after', 'before'),
    outcomes: {
      faster: { when: { kind: 'at least', threshold: 1 }, words: '{percent-above} faster' },
      slower: { when: { kind: 'below', threshold: 1 }, words: '{percent-below} slower' },
    },
    undecided: 'no faster or slower within its interval ({ratio})', mixed: '{points}',
  },
  'jvm-flag-share': {
    kind: 'value', what: 'the share of the rewrite’s gain with the flag (on a log scale) that the flag alone accounts for, JVM, size 0',
    compute: (d: ClaimData) => {
      const s = (design: string) => d.jvm.recycler.rows[row(design, 0)].samples!;
      const flag = unpairedLogRatio(s('before'), s('before-ea'))!.mean;
      const gain = unpairedLogRatio(s('after'), s('before-ea'))!.mean;
      return flag / gain;
    },
    format: (x) => `${Math.round(x * 100)} %`, from: () => 'the committed JVM run of recycler: log(before ÷ before-ea) ÷ log(after ÷ before-ea), size 0',
    outcomes: { most: { range: [0.5, 1.5], words: '{value}' } },
  },
  'jvm-pool-at-0': {
    kind: 'ratio', what: 'Netty 4.0.21’s pool ÷ a new ArrayList each time, size 0 (JVM)', source: { from: 'jvm', suite: 'recycler' },
    points: pairs('after', 'allocate', [0]), outcomes: RATE,
  },
  'jvm-pool-from-256': {
    kind: 'ratio', what: 'Netty 4.0.21’s pool ÷ a new ArrayList each time, sizes 256 and up (JVM)', source: { from: 'jvm', suite: 'recycler' },
    points: pairs('after', 'allocate', SIZES.slice(1)), outcomes: RATE, mixed: '{points}',
  },
};

export const Claim = claimComponent('recycler', claims);
