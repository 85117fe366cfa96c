// Every suite's verdicts, fed synthetic runs: a quiet machine, a very busy one, and the exact
// figures of runs that once printed contradicting verdicts. Whatever the run, a verdict is
// conclusive only when its interval says so, and no two verdicts of one run contradict.
import { describe, expect, it } from 'vitest';
import { claimText, geometricMean, intervalOf, judge, judgeAll, logLogSlope, pairedLogRatio, unpairedLogRatio, type Claim } from './ratio';
import { syntheticRun, type SyntheticOptions } from './testing';
import { forPreset, intervalCell, ratioWithInterval } from './verdict';
import { jvmRatioInterval } from './jvmResults';
import type { Comparison, Row, Suite } from './suites';
import { heapCancel } from '../heap/suites';
import { recyclerSuite } from '../recycler/suites';
import { timerAddCancel } from '../wheel/suites';
import { udpQueue } from '../queue/suites';

const byId = (cs: Comparison[]) => Object.fromEntries(cs.map((c) => [c.id, c]));
const STATE_WORD = {
  reproduced: /^(Reproduced( in the lab’s run, not on the JVM)?|Agrees with the JVM run|Holds): /,
  'not reproduced': /^(Not reproduced|Disagrees with the JVM run|Does not hold): /,
  inconclusive: /^Inconclusive: /,
  'not measured': /^Not (measured|judged): /,
};

/** What holds of any verdict: its state follows from its interval, and its sentence says that state. */
function checkHonest(c: Comparison) {
  expect(c.sentence, c.id).toMatch(STATE_WORD[c.verdict]);
  if (c.verdict === 'not measured' || c.premise || !c.claim) return;
  const state = c.points ? judgeAll(c.points.map((p) => judge(p.interval, c.claim as Claim))) : judge(c.ratio!, c.claim);
  // Directional claims taken from the JVM may be left open when the JVM's own interval is.
  if (state !== c.verdict) expect(c.verdict, `${c.id}: ${c.sentence}`).toBe('inconclusive');
}

function run(suite: Suite, mean: (row: Row) => number | undefined, o: SyntheticOptions = {}) {
  const cs = suite.compare(syntheticRun(suite, mean, o));
  cs.forEach(checkHonest);
  return byId(cs);
}

describe('intervals on ratios', () => {
  it('pairs cancel a drift that both rows share', () => {
    // Load halves the second half of the run for both rows alike: unpaired, the ratio is unsure.
    const a = [100, 102, 98, 101, 50, 51, 49, 50];
    const b = a.map((x) => x / 2);
    const paired = intervalOf(pairedLogRatio(a, b)!);
    const unpaired = intervalOf(unpairedLogRatio(a, b)!);
    expect(paired.estimate).toBeCloseTo(2, 9);
    expect(paired.high - paired.low).toBeLessThan(1e-9);
    expect(unpaired.high / unpaired.low).toBeGreaterThan(1.5);
  });

  it('a single sample has no interval, so it can never settle a claim', () => {
    const i = intervalOf(pairedLogRatio([10], [1])!);
    expect(i.low).toBe(0);
    expect(i.high).toBe(Infinity);
    expect(judge(i, { kind: 'at least', threshold: 2 })).toBe('inconclusive');
  });

  it('judges an interval against each kind of claim', () => {
    const i = (low: number, high: number) => ({ estimate: Math.sqrt(low * high), low, high });
    expect(judge(i(120, 150), { kind: 'at least', threshold: 100 })).toBe('reproduced');
    expect(judge(i(60, 90), { kind: 'at least', threshold: 100 })).toBe('not reproduced');
    expect(judge(i(90, 130), { kind: 'at least', threshold: 100 })).toBe('inconclusive');
    expect(judge(i(0.9, 1.2), { kind: 'below', threshold: 1.3 })).toBe('reproduced');
    expect(judge(i(0.85, 1.1), { kind: 'within', low: 0.8, high: 1.25 })).toBe('reproduced');
    expect(judge(i(1.3, 1.5), { kind: 'within', low: 0.8, high: 1.25 })).toBe('not reproduced');
    expect(judge(i(0.7, 0.9), { kind: 'within', low: 0.8, high: 1.25 })).toBe('inconclusive');
    expect(judgeAll(['reproduced', 'inconclusive'])).toBe('inconclusive');
    expect(judgeAll(['inconclusive', 'not reproduced'])).toBe('not reproduced');
    expect(claimText({ kind: 'within', low: 0.8, high: 1.25 })).toBe('0.8×–1.25×');
  });

  it('a geometric mean and a slope carry the spread of their parts', () => {
    const e = (mean: number) => ({ mean, variance: 0.01, df: 7 });
    const g = geometricMean([e(Math.log(2)), e(Math.log(8))])!;
    expect(Math.exp(g.mean)).toBeCloseTo(4, 9);
    expect(g.variance).toBeCloseTo(0.005, 9);
    const s = logLogSlope([100, 1000, 10000].map((x) => ({ x, y: e(-2 * Math.log(x)) })))!;
    expect(s.mean).toBeCloseTo(-2, 9);
    expect(s.df).toBeGreaterThan(7);
  });
});

// Throughputs in the proportions this machine measured (ops/s), for a quiet synthetic run.
const HEAP: Record<string, Record<number, number>> = {
  'cancelInOrder/jdk': { 100: 360e3, 1000: 28e3, 10000: 1100, 100000: 100 },
  'cancelInOrder/indexed': { 100: 384e3, 1000: 25.5e3, 10000: 1004, 100000: 90 },
  'cancelInReverseOrder/jdk': { 100: 1.09e6, 1000: 19.9e3, 10000: 262, 100000: 2.71 },
  'cancelInReverseOrder/indexed': { 100: 2.88e6, 1000: 336e3, 10000: 36.7e3, 100000: 4105 },
};
const heapMean = (inOrder?: Record<number, number>) => (r: Row) => {
  const n = r.params.num as number;
  if (inOrder && r.benchmark === 'cancelInOrder') return r.params.heap === 'jdk' ? 1000 : 1000 * inOrder[n];
  return HEAP[`${r.benchmark}/${r.params.heap}`][n];
};

describe('heap-cancel verdicts', () => {
  it('a quiet run reproduces the headline and says so with its interval', () => {
    const v = run(heapCancel, heapMean(), { noise: 0.03 });
    expect(v['reverse-100000'].verdict).toBe('reproduced');
    expect(v['reverse-100000'].ratio!.low).toBeGreaterThan(100);
    expect(v['reverse-100000'].sentence).toMatch(/95 % interval/);
    expect(v['jdk-reverse-growth'].verdict).toBe('reproduced');
    expect(v['in-order-growth'].verdict).toBe('reproduced');
  });

  it('the run that printed "0.80–1.04×, reproduced" beside "not reproduced: the published parity"', () => {
    // One in-order ratio sits on the edge of the parity band: the band can be neither claimed nor refuted.
    const v = run(heapCancel, heapMean({ 100: 0.797, 1000: 0.9, 10000: 1.0, 100000: 1.04 }), { noise: 0.08 });
    expect(v['in-order-growth'].verdict).toBe('reproduced');
    expect(v['in-order-level'].verdict).toBe('inconclusive');
    expect(v['in-order-level'].sentence).toMatch(/at num 100 the interval straddles/);
  });

  it('advises the full preset only to a run that did not use it', () => {
    const synthetic = syntheticRun(heapCancel, heapMean({ 100: 0.797, 1000: 0.9, 10000: 1.0, 100000: 1.04 }), { noise: 0.08 });
    const open = (preset: string, committed = false) => byId(forPreset(preset, heapCancel.compare(synthetic), committed))['in-order-level'].sentence;
    expect(open('quick')).toMatch(/Run the full preset \(two forks/);
    expect(open('full')).toMatch(/This was the full preset already: run it again with other tabs and programs closed/);
    expect(open('full')).not.toMatch(/Run the full preset/);
    // The committed run is not the reader's machine: it says so, and how to measure theirs.
    expect(open('full', true)).toMatch(/This is the run committed with the lab, on the machine named above: press Run to measure it on yours/);
    expect(open('full', true)).not.toMatch(/on this machine/);
  });

  it('a very busy run (0.32–1.26× in order) concludes nothing it cannot', () => {
    const v = run(heapCancel, heapMean({ 100: 0.32, 1000: 1.26, 10000: 0.8, 100000: 1.0 }), { noise: 0.6, n: 3 });
    for (const id of ['in-order-growth', 'in-order-level']) expect(v[id].verdict).not.toBe('reproduced');
  });

  it('parity implies the same growth: the two in-order verdicts never contradict', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const ratios = [0.5, 0.75, 0.8, 1, 1.3, 2.1];
      const pick = (k: number) => ratios[(seed * 7 + k * 3) % ratios.length];
      const v = run(heapCancel, heapMean({ 100: pick(0), 1000: pick(1), 10000: pick(2), 100000: pick(3) }), { noise: 0.02 + (seed % 5) * 0.1, seed });
      if (v['in-order-level'].verdict === 'reproduced') expect(v['in-order-growth'].verdict).toBe('reproduced');
      if (v['in-order-growth'].verdict === 'not reproduced') expect(v['in-order-level'].verdict).toBe('not reproduced');
    }
  });

  it('judges the shape, not the machine: Netty\'s own figures seven times faster reproduce everything', () => {
    const netty = (r: Row) => heapCancel.published.find((p) => p.benchmark === r.benchmark && p.params.heap === r.params.heap && p.params.num === r.params.num)!.score;
    const v = run(heapCancel, (r) => 7 * netty(r), { noise: 0.02 });
    expect(Object.values(v).map((c) => c.verdict)).toEqual(['reproduced', 'reproduced', 'reproduced', 'reproduced', 'reproduced']);
    expect(v['reverse-100000'].ratio!.low).toBeLessThan(488);
    expect(v['reverse-100000'].ratio!.high).toBeGreaterThan(488);
    // A JDK heap whose reverse cancels grow like n, not n²; an indexed heap ten times slower.
    const flat = run(heapCancel, (r) => (r.params.heap === 'jdk' && r.benchmark === 'cancelInReverseOrder' ? 1e7 / (r.params.num as number) : netty(r)), { noise: 0.02 });
    expect(flat['jdk-reverse-growth'].verdict).toBe('not reproduced');
    const slow = run(heapCancel, (r) => (r.params.heap === 'indexed' ? 0.1 : 1) * netty(r), { noise: 0.02 });
    expect(slow['reverse-100000'].verdict).toBe('not reproduced');
    // Ten times slower is a constant factor: the heaps are not level, yet neither is asymptotically faster.
    expect(slow['in-order-level'].sentence).toMatch(/A possible reason, not measured here/);
    expect(slow['in-order-growth'].verdict).toBe('reproduced');
    // An indexed heap whose in-order cancels fall behind as num grows (√num): a trend, which the growth verdict refutes.
    const trending = run(heapCancel, (r) => (r.params.heap === 'indexed' && r.benchmark === 'cancelInOrder' ? Math.sqrt(100 / (r.params.num as number)) : 1) * netty(r), { noise: 0.02 });
    expect(trending['in-order-growth'].verdict).toBe('not reproduced');
    expect(trending['in-order-growth'].sentence).toMatch(/changes with num as n\^-0\.\d\d \(95 % interval/);
  });

  it('a missing row leaves its verdicts not measured', () => {
    const v = run(heapCancel, (r) => (r.id === 'cancelInReverseOrder/jdk/100000' ? undefined : heapMean()(r)));
    expect(v['reverse-100000'].verdict).toBe('not measured');
    expect(v['jdk-reverse-growth'].verdict).toBe('not measured');
  });
});

const RECYCLER: Record<string, number[]> = {
  'before-ea': [50e6, 52e6, 51e6, 50e6, 53e6, 52e6],
  before: [115e6, 110e6, 112e6, 108e6, 116e6, 118e6],
  after: [125e6, 124e6, 120e6, 128e6, 130e6, 127e6],
  allocate: [36e6, 18e6, 11e6, 5e6, 1.3e6, 0.33e6],
};
const SIZES = [0, 256, 1024, 4096, 16384, 65536];
const recyclerMean = (table: Record<string, number[]>) => (r: Row) => table[r.params.design as string][SIZES.indexOf(r.params.size as number)];

describe('recycler verdicts', () => {
  it('a quiet run: a gain with the flag, none without, and the map pays for it', () => {
    const v = run(recyclerSuite, recyclerMean(RECYCLER), { noise: 0.04 });
    expect(v['gain-with-flag'].verdict).toBe('reproduced');
    expect(v['map-cost'].verdict).toBe('reproduced');
    expect(v['flag-explains-gain'].verdict).toBe('reproduced');
    expect(v['flag-explains-gain'].premise).toBe('gain-with-flag');
    // The ratio is named the way round it is computed.
    expect(v['map-cost'].title).toMatch(/before, assertions off ÷ before, assertions on/);
  });

  it('the run where the old code with its map beat it without: no gain, so nothing for the flag to explain', () => {
    // 53.8M with the map, 33.0M without; the rewrite at 0.62× the old code with the map.
    const table = { ...RECYCLER, 'before-ea': SIZES.map(() => 53.8e6), before: SIZES.map(() => 33.0e6), after: SIZES.map(() => 0.62 * 53.8e6) };
    const v = run(recyclerSuite, recyclerMean(table), { noise: 0.05 });
    expect(v['gain-with-flag'].verdict).toBe('not reproduced');
    expect(v['flag-explains-gain'].verdict).toBe('not measured');
    expect(v['flag-explains-gain'].sentence).toMatch(/^Not judged: .*no such gain to explain/);
    expect(v['map-cost'].verdict).toBe('not reproduced');
  });

  it('when the gain itself is unsure, so is its explanation', () => {
    const v = run(recyclerSuite, recyclerMean({ ...RECYCLER, after: RECYCLER['before-ea'].map((x) => x * 1.35) }), { noise: 0.5, n: 3 });
    expect(v['gain-with-flag'].verdict).toBe('inconclusive');
    expect(v['flag-explains-gain'].verdict).toBe('inconclusive');
  });
});

describe('udp-queue and timer-add-cancel verdicts', () => {
  const QUEUE: Record<string, number[]> = {
    clq: [105e6, 109e6, 94e6], 'clq-size': [1.1e6, 12e3, 1.06e3], abq: [192e6, 258e6, 221e6], spsc: [160e6, 224e6, 187e6], mpsc: [188e6, 147e6, 185e6],
  };
  const queueMean = (r: Row) => QUEUE[r.params.queue as string][[1024, 65536, 1048576].indexOf(r.params.capacity as number)];
  const TIMER: Record<string, number[]> = { wheel: [44.5e3, 2845, 227], 'delay-queue': [18.9e3, 372, 4.41], indexed: [42.5e3, 2357, 104] };
  const timerMean = (r: Row) => TIMER[r.params.timer as string][[1000, 10000, 100000].indexOf(r.params.n as number)];

  it('a quiet run settles the headlines', () => {
    const q = run(udpQueue, queueMean, { noise: 0.05 });
    expect(q['guard-collapse'].verdict).toBe('reproduced');
    expect(q['guard-growth'].verdict).toBe('reproduced');
    expect(q['abq-vs-clq'].verdict).toBe('reproduced');
    const t = run(timerAddCancel, timerMean, { noise: 0.05 });
    expect(t['wheel-vs-delay-queue'].verdict).toBe('reproduced');
    expect(t['delay-queue-growth'].verdict).toBe('reproduced');
    expect(t['wheel-growth'].verdict).toBe('reproduced');
  });

  it('size() that costs nothing refutes the collapse; missing rows are not measured', () => {
    const free = run(udpQueue, (r) => (r.params.queue === 'clq-size' ? queueMean({ ...r, params: { ...r.params, queue: 'clq' } }) : queueMean(r)), { noise: 0.05 });
    expect(free['guard-collapse'].verdict).toBe('not reproduced');
    expect(free['guard-growth'].verdict).toBe('not reproduced');
    expect(Object.values(run(udpQueue, () => undefined)).every((c) => c.verdict === 'not measured')).toBe(true);
  });

  it('a run whose errors exceed its scores (5,634 ± 41,995) concludes nothing close', () => {
    const t = run(timerAddCancel, timerMean, { noise: 1.5, n: 3 });
    expect(t['wheel-growth'].verdict).toBe('inconclusive');
    const q = run(udpQueue, queueMean, { noise: 1.5, n: 3 });
    expect(q['abq-vs-clq'].verdict).toBe('inconclusive');
  });

  it('a shared drift in the machine\'s load does not unsettle paired ratios', () => {
    const t = run(timerAddCancel, timerMean, { noise: 0.02, drift: 0.8 });
    expect(t['wheel-vs-delay-queue'].verdict).toBe('reproduced');
    expect(t['wheel-vs-delay-queue'].ratio!.high / t['wheel-vs-delay-queue'].ratio!.low).toBeLessThan(1.2);
  });
});

describe('one ratio, one estimator', () => {
  // A busy run: the ratio of two rows' means and the verdicts' paired estimate differ here, so a
  // table that computed its own would disagree with the sentence beside it.
  const busy = { noise: 0.3, drift: 0.3, seed: 7 };
  const cellOf = (suite: Suite, runOf: ReturnType<typeof syntheticRun>, row: string, column: number) =>
    suite.extras!(runOf)[0].rows.find((r) => r[0] === row || r[1] === row)![column];

  it('the heap table shows the verdict’s own estimate and interval', () => {
    const r = syntheticRun(heapCancel, heapMean(), busy);
    const v = byId(heapCancel.compare(r));
    const table = heapCancel.extras!(r)[0];
    expect(table.caption).toContain('95 % interval the verdicts judge on');
    const cell = table.rows.find((row) => row[0] === 'cancelInReverseOrder' && row[1] === '100,000')!.at(-1);
    expect(cell).toBe(intervalCell(v['reverse-100000'].ratio));
    expect(v['reverse-100000'].sentence).toContain(ratioWithInterval(v['reverse-100000'].ratio!));
  });

  it('the queues’ table shows each bound’s ABQ ÷ CLQ as the pointwise verdict judged it', () => {
    const r = syntheticRun(udpQueue, (row) => (row.benchmark === 'abqOffer' ? 2e7 : row.benchmark === 'clqOffer' ? 1.5e7 : 1e7), busy);
    const points = byId(udpQueue.compare(r))['abq-vs-clq'].points!;
    for (const [i, p] of points.entries()) {
      const bound = ['1,024', '65,536', '1,048,576'][i];
      expect(cellOf(udpQueue, r, bound, 1 + 2 * 1), bound).toBe(intervalCell(p.interval));
    }
  });
});

describe('whose claim a headline names (issue 57)', () => {
  // Only a published figure is "reproduced"; a direction taken from the lab's JVM run agrees or
  // disagrees with it; a threshold the lab set where nothing was published holds or does not.
  const LAB = ['wheel-vs-delay-queue', 'delay-queue-growth', 'wheel-growth', 'guard-growth', 'rings-vs-clq', 'map-cost'];
  const JVM = ['indexed-vs-wheel', 'spsc-vs-abq', 'pool-vs-allocate'];
  const WORDS = { lab: /^(Holds|Does not hold): /, jvm: /^(Agrees|Disagrees) with the JVM run: /, published: /^(Reproduced|Not reproduced)( in the lab’s run, not on the JVM)?: / };
  for (const suite of [heapCancel, udpQueue, timerAddCancel, recyclerSuite]) {
    it(`${suite.name}: each conclusive headline is worded for its claim's source`, () => {
      // Every row at the same rate, then every row at a rate set by its benchmark's name: between
      // them each verdict comes out conclusive at least once, one way or the other.
      const conclusive = new Set<string>();
      for (const mean of [() => 1e6, (row: Row) => 1e5 * (1 + [...row.benchmark].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 97, 0))]) {
        for (const c of suite.compare(syntheticRun(suite, mean, { noise: 0.001 }))) {
          if (c.verdict !== 'reproduced' && c.verdict !== 'not reproduced') continue;
          conclusive.add(c.id);
          expect(c.sentence, c.id).toMatch(WORDS[LAB.includes(c.id) ? 'lab' : JVM.includes(c.id) ? 'jvm' : 'published']);
        }
      }
      expect(conclusive.size, `${suite.name}: no conclusive verdict to check`).toBeGreaterThan(0);
    });
  }
});

describe('the lab and the JVM', () => {
  it('a verdict the committed JVM run refutes at some point says there that the two disagree', () => {
    // The lab has the ABQ three times the CLQ's rate at every bound: reproduced. Wherever the
    // committed JVM run's own interval has the ABQ slower, the sentence must say so, naming it.
    const r = syntheticRun(udpQueue, (row) => (row.benchmark === 'abqOffer' ? 3e7 : 1e7), { noise: 0.02 });
    const v = byId(udpQueue.compare(r))['abq-vs-clq'];
    expect(v.verdict).toBe('reproduced');
    // Its headline says whose run reproduced it (issue 57).
    expect(v.sentence).toMatch(/^Reproduced in the lab’s run, not on the JVM: /);
    const refuted = [[1024, '1,024'], [65536, '65,536'], [1048576, '1,048,576']].flatMap(([c, label]) => {
      const i = jvmRatioInterval('udp-queue', `abqOffer/${c}`, `clqOffer/${c}`);
      return i && i.high < 1 ? [`${label} (${ratioWithInterval(i)})`] : [];
    });
    expect(refuted.length, 'the committed JVM run has the ABQ slower at some bound (jvm/results/udp-queue.json)').toBeGreaterThan(0);
    for (const point of refuted) expect(v.sentence).toContain(point);
    expect(v.sentence).toMatch(/: there the lab and the JVM disagree\.$/);
  });

  it('an open verdict that also disagrees with the JVM ends with the advice for the run judged', () => {
    // Once the disagreement came after the advice, and the full run and the committed one were
    // still told to "run the full preset": the advice is now the sentence's last part, by construction.
    const r = syntheticRun(udpQueue, (row) => (row.benchmark === 'abqOffer' ? 1.2e7 : 1e7), { noise: 0.5, n: 3 });
    const open = (preset: string, committed = false) => byId(forPreset(preset, udpQueue.compare(r), committed))['abq-vs-clq'];
    expect(open('quick').verdict).toBe('inconclusive');
    expect(open('quick').says).toMatch(/there the lab and the JVM disagree\.$/);
    expect(open('quick').sentence).toMatch(/disagree\. Run the full preset \(two forks.*to settle it\.$/);
    expect(open('full').sentence).toMatch(/disagree\. This was the full preset already: .*on this machine\.$/);
    expect(open('full', true).sentence).toMatch(/disagree\. This is the run committed with the lab, .*programs closed\.$/);
  });
});

describe('what a verdict quotes is on the page', () => {
  it('a verdict that names another names a titled verdict, and every ratio the recycler verdicts measure is in its table', () => {
    // A run where the gain with the flag is itself inconclusive: the flag verdict then names it.
    const r = syntheticRun(recyclerSuite, (row) => ({ 'before-ea': 100, before: 110, after: 130, allocate: 90 } as Record<string, number>)[row.params.design as string] * 1e6, { noise: 0.25, drift: 0.2, seed: 3 });
    const cs = recyclerSuite.compare(r);
    const titles = cs.map((c) => c.title);
    expect(cs.some((c) => /is itself inconclusive/.test(c.sentence)), 'this run leaves the premise open').toBe(true);
    for (const c of cs) {
      for (const [, quoted] of c.sentence.matchAll(/“([^”]+)” (?:is itself|was not)/g)) expect(titles, c.sentence).toContain(quoted);
    }
    const table = recyclerSuite.extras!(r)[0];
    const cells = table.rows.flat();
    for (const c of cs.filter((x) => x.ratio && x.id !== 'pool-vs-allocate')) {
      expect(cells, `${c.id}: ${c.measured}`).toContain(intervalCell(c.ratio));
    }
  });
});
