// The comparisons the recycler lesson makes in its prose, computed from the runs and counts they
// cite (see web/src/published/claims.ts).
import { claimComponent } from '../../web/src/published/Claim';
import type { ClaimData, ClaimSpec, Point } from '../../web/src/published/claims';
import { unpairedLogRatio } from '../../web/src/bench/ratio';
import { RECYCLER_WORK } from '../../web/src/recycler/work';
import { workSum } from '../../web/src/registry/work';

const SIZES = [0, 256, 1024, 4096, 16384, 65536];
const row = (design: string, size: number) => `recycleSameThread/${design}/${size}`;
const pairs = (a: string, b: string, sizes = SIZES): Point[] =>
  sizes.map((n) => ({ label: n.toLocaleString('en-US'), a: row(a, n), b: row(b, n) }));

/** The race's work: the counters the Recycler family declares as work (web/src/recycler/work.ts), as the race widget adds them. */
const WORK = workSum(RECYCLER_WORK);
const PIPELINE = 'A: get, B: recycle 1, A: get, B: recycle 2, A: get, B: recycle 3, A: get, B: recycle 4, A: get';
const LOOP = 'T: get, recycle 1, cycle 100000';

/**
 * The lab's earlier full-preset JVM runs of the same benchmark on the same jars (jvm/recycler-2014
 * has not changed since before the first of them): size 0, each row's Score in ops/s, as that
 * commit's jvm/results/recycler.json holds it (`git show <commit>:jvm/results/recycler.json`), with
 * the 1-minute load average before and after. The committed run, the panel's, is read from the
 * data, not typed here. The quick-preset runs of 2026-11-22 (3f707b3, a861549) fall inside these
 * runs' ranges on both measures below.
 */
interface EarlierRun { commit: string; measured: string; load: [number, number]; beforeEa: number; before: number; after: number }
const EARLIER: EarlierRun[] = [
  { commit: '069693f', measured: '2026-11-24', load: [1.02, 1.04], beforeEa: 42846749, before: 94620124, after: 84947773 },
  { commit: 'a9b1572', measured: '2026-11-24', load: [1.03, 1.04], beforeEa: 40554669, before: 116762740, after: 110477167 },
  { commit: 'd4e12e8', measured: '2026-11-24', load: [1, 1.02], beforeEa: 49516194, before: 117476085, after: 120470039 },
  { commit: 'e88058e', measured: '2026-11-25', load: [1, 1.07], beforeEa: 50200616, before: 116778767, after: 119829361 },
];
/** A full run on a machine busy with other work, left out of the ranges, and said so. */
const LOADED: EarlierRun = { commit: '22181f0', measured: '2026-11-23', load: [7.15, 9.5], beforeEa: 35583517, before: 52620981, after: 28845628 };

/** The committed run and the earlier ones, size 0, by their Scores. */
function runsAtZero(d: ClaimData): Omit<EarlierRun, 'load'>[] {
  const score = (design: string) => d.jvm.recycler.rows[row(design, 0)].score;
  return [...EARLIER, { commit: 'committed', measured: d.jvm.recycler.measured, beforeEa: score('before-ea'), before: score('before'), after: score('after') }];
}
/** The flag's share of the gain with it, on a log scale: log(before ÷ before-ea) ÷ log(after ÷ before-ea). */
const share = (r: Omit<EarlierRun, 'load'>) => Math.log(r.before / r.beforeEa) / Math.log(r.after / r.beforeEa);
const runsFrom = (d: ClaimData) => `the committed JVM run of recycler (${d.jvm.recycler.measured}) and the earlier full runs ${EARLIER.map((r) => `${r.commit} (${r.measured}, load ${r.load.join('–')})`).join(', ')}: size 0, from each row's Score`;
const percent = (x: number) => `${Math.round(x * 100)} %`;
const times2 = (x: number) => `${x.toFixed(2)}×`;

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
      faster: { when: { kind: 'at least', threshold: 1 }, words: '{percent-above} faster ({ratio})' },
      slower: { when: { kind: 'below', threshold: 1 }, words: '{percent-below} slower ({ratio})' },
    },
    undecided: 'no faster or slower within its interval ({ratio})', mixed: '{points}',
  },
  'wasm-without-flag': {
    kind: 'ratio', what: 'the lab’s rewrite ÷ its old Recycler without the assertion map (wasm)', source: { from: 'wasm', suite: 'recycler' },
    points: pairs('after', 'before'),
    // Size by size, each with its ratio: the sentences read "the rewrite's rate, as a multiple of the old code's: …".
    outcomes: {
      faster: { when: { kind: 'at least', threshold: 1 }, words: '{ratio} ({percent-above} faster)' },
      slower: { when: { kind: 'below', threshold: 1 }, words: '{ratio} ({percent-below} slower)' },
    },
    undecided: '{ratio} (no difference resolved)', mixed: '{points}',
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
  /** How the flag's share moves between runs: its smallest and largest over the five full runs. */
  'jvm-flag-share-least': {
    kind: 'value', what: 'the smallest share of the gain with the flag that the flag alone accounts for, over the lab’s JVM runs, size 0',
    compute: (d) => Math.min(...runsAtZero(d).map(share)), format: percent, from: runsFrom,
    outcomes: { most: { range: [0.5, 2], words: '{value}' } },
  },
  'jvm-flag-share-most': {
    kind: 'value', what: 'the largest share of the gain with the flag that the flag alone accounts for, over the lab’s JVM runs, size 0',
    compute: (d) => Math.max(...runsAtZero(d).map(share)), format: percent, from: runsFrom,
    outcomes: { most: { range: [0.5, 2], words: '{value}' } },
  },
  /** The rewrite ÷ the old code without the flag, over the runs: its direction is not settled. */
  'jvm-without-flag-least': {
    kind: 'value', what: 'Netty 4.0.21 ÷ Netty 4.0.20 without -ea, the lowest over the lab’s JVM runs, size 0',
    compute: (d) => Math.min(...runsAtZero(d).map((r) => r.after / r.before)), format: times2, from: runsFrom,
    outcomes: {
      'slower by less than #3069': { range: [0.8, 1], words: '{value}' },
      'slower by #3069’s figure or more': { range: [0, 0.8], words: '{value}' },
      faster: { range: [1, 10], words: '{value}' },
    },
  },
  'jvm-without-flag-most': {
    kind: 'value', what: 'Netty 4.0.21 ÷ Netty 4.0.20 without -ea, the highest over the lab’s JVM runs, size 0',
    compute: (d) => Math.max(...runsAtZero(d).map((r) => r.after / r.before)), format: times2, from: runsFrom,
    outcomes: { faster: { range: [1, 10], words: '{value}' }, slower: { range: [0, 1], words: '{value}' } },
  },
  /** The run left out: the rewrite's Score without the flag against the median of the others'. */
  'jvm-loaded-run': {
    kind: 'value', what: 'the rewrite’s score without -ea in the run on a loaded machine ÷ the median of the other runs’, size 0',
    compute: (d) => {
      const after = runsAtZero(d).map((r) => r.after).sort((a, b) => a - b);
      const median = after.length % 2 ? after[(after.length - 1) / 2] : (after[after.length / 2 - 1] + after[after.length / 2]) / 2;
      return LOADED.after / median;
    },
    format: times2, from: (d) => `${LOADED.commit}'s jvm/results/recycler.json (${LOADED.measured}, load ${LOADED.load.join('–')}) against ${runsFrom(d)}`,
    outcomes: { 'a fraction': { range: [0, 0.5], words: '{value}' } },
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
