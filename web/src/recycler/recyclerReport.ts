// How a run of `recycler` (recyclerSuite.ts) is reported: the 2014 commit's figures (four threads
// summed, the lab runs one), the assertion map the benchmark's JVM flags switched on
// (-ea:io.netty...), the verdicts, the per-size table and the chart.
import { times } from '../bench/report';
import type { Comparison, ExtraTable, Published, SuiteReport, SuiteRun } from '../bench/suites';
import { geometricMean, intervalOf, type LogEstimate } from '../bench/ratio';
import { INTERVAL_NOTE, intervalCell, measuredRow, onPremise, ratioCell, ratioWithInterval, rowRatio, sameWayAsJvm, verdictOf } from '../bench/verdict';
import { jvmProvenance, jvmRatio, jvmRatioInterval } from '../bench/jvmResults';
import { published } from '../../../lessons/recycler/published';
import { DESIGNS, id, SIZES } from './recyclerSuite';

const LABEL: Record<string, string> = {
  'before-ea': 'old Recycler, assertions on (as benchmarked)',
  before: 'old Recycler, assertions off',
  after: 'rewritten Recycler (WeakOrderQueue)',
  allocate: 'no pool: a new list every op',
};

const SUITE = 'recycler';

const FIG = published.figures;

const COMMIT_SOURCE = published.sources.commit;

/** The commit's figure for a design the commit ran (the old code with -ea, and the rewrite). */
export const commitFigure = (design: 'before-ea' | 'after', size: number) => FIG[`${design === 'after' ? 'after' : 'before'}-${size}`];

const PUBLISHED: Published[] = (['before-ea', 'after'] as const).flatMap((design) => SIZES.map((size) => {
  const f = commitFigure(design, size);
  return { benchmark: 'recycleSameThread', params: { design, size }, score: f.value, error: f.error ?? 0 };
}));

export function scoreOf(run: SuiteRun, design: string, size: number): number | undefined {
  return measuredRow(run, id(design, size))?.summary?.mean;
}

const gmean = (xs: readonly number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/** The commit's rewrite ÷ old code, geometric mean over the sizes. */
export const COMMIT_SPEEDUP = gmean(SIZES.map((s) => commitFigure('after', s).value / commitFigure('before-ea', s).value));

/** a ÷ b over the six sizes (geometric mean), in this run or on the JVM (Netty's 2014 jars). */
const overSizes = (run: SuiteRun, a: string, b: string) => geometricMean(SIZES.map((s) => rowRatio(run, id(a, s), id(b, s))));

const jvmOverSizes = (a: string, b: string) => geometricMean(SIZES.map((s) => jvmRatio(SUITE, id(a, s), id(b, s))));

const jvmSays = (e: LogEstimate | undefined) => (e ? `${ratioWithInterval(intervalOf(e))} (Netty’s 2014 jars, ${jvmProvenance(SUITE)})` : `— (${jvmProvenance(SUITE)} kept no iterations)`);

const rowsOf = (...designs: string[]) => SIZES.flatMap((s) => designs.map((d) => id(d, s)));

/** At least this much counts as a gain, both for the commit's claim and for what is left without the flag. */
const GAIN = 1.3;

export function compareRecyclers(run: SuiteRun): Comparison[] {
  const gain = verdictOf({
    id: 'gain-with-flag', title: 'The rewrite with the benchmark’s flags: after ÷ before (assertions on)',
    published: `${times(COMMIT_SPEEDUP)} (${COMMIT_SOURCE.title}, 4 threads); ${jvmSays(jvmOverSizes('after', 'before-ea'))}`,
    rows: rowsOf('after', 'before-ea'), what: 'the rewrite ÷ the old Recycler with its assertion map on (geometric mean over the six sizes)',
    claim: { kind: 'at least', threshold: GAIN }, estimate: overSizes(run, 'after', 'before-ea'),
    says: {
      reproduced: (_, t) => `with the assertion map on, as the 2014 benchmark ran, the rewrite does ${t} the old Recycler’s operations per second (geometric mean over the six sizes; the commit: ${times(COMMIT_SPEEDUP)}; at least ${GAIN}× counts).`,
      'not reproduced': (_, t) => `with the assertion map on, the rewrite does only ${t} the old Recycler’s operations per second, all of the interval under ${GAIN}× (the commit: ${times(COMMIT_SPEEDUP)}).`,
    },
  });

  const mapCost = verdictOf({
    id: 'map-cost', source: 'lab', title: 'What the assertion map costs the old code: before, assertions off ÷ before, assertions on',
    published: `the map’s cost was not published; ${jvmSays(jvmOverSizes('before', 'before-ea'))}`,
    rows: rowsOf('before', 'before-ea'), what: 'the old Recycler without its assertion map ÷ with it',
    claim: { kind: 'at least', threshold: GAIN }, estimate: overSizes(run, 'before', 'before-ea'),
    says: {
      reproduced: (_, t) => `without the map the old Recycler runs ${t} its rate with it: the map alone costs at least what counts as the rewrite’s gain.`,
      'not reproduced': (_, t) => `without the map the old Recycler runs ${t} its rate with it, all of the interval under ${GAIN}×: the map is too cheap here to be the gain.`,
    },
  });

  const critique = FIG['critique-drop'];
  const flag = onPremise(verdictOf({
    id: 'flag-explains-gain', title: 'The claim that the gain came from the flag: after ÷ before (assertions off)',
    published: `about ${times(1 - critique.value / 100)} (${published.sources.pr3069.title}: “around ${critique.value} %” slower “in the single thread scenario”, recycling on the thread that got the object); ${jvmSays(jvmOverSizes('after', 'before'))}`,
    rows: rowsOf('after', 'before'), what: 'the rewrite ÷ the old Recycler, both with assertions off',
    claim: { kind: 'below', threshold: GAIN }, estimate: overSizes(run, 'after', 'before'),
    says: {
      reproduced: (_, t) => `with assertions off the rewrite does ${t} the old Recycler’s rate, all of it under the ${GAIN}× that counts as a gain: the gain measured with the flag does not survive without it.`,
      'not reproduced': (_, t) => `with assertions off the rewrite still does ${t} the old Recycler’s rate, all of it at or above ${GAIN}×: the flag does not explain the whole gain here.`,
    },
  }), gain);

  // Pooling against allocating, for a list that never grows: the JVM's own direction is the claim.
  const pool = sameWayAsJvm(jvmRatioInterval(SUITE, id('after', 0), id('allocate', 0)), {
    id: 'pool-vs-allocate', title: 'A small object: the pool ÷ allocating anew (size 0), the same way round as on the JVM',
    published: jvmSays(jvmRatio(SUITE, id('after', 0), id('allocate', 0))), rows: [id('after', 0), id('allocate', 0)],
    what: 'the rewritten pool ÷ allocating a new list, at size 0',
    estimate: rowRatio(run, id('after', 0), id('allocate', 0)),
    says: {
      reproduced: (_, t) => `for a list that never grows, pooling runs at ${t} the rate of allocating a new one, the same way round as Netty’s jars on the JVM.`,
      'not reproduced': (_, t) => `for a list that never grows, pooling runs at ${t} the rate of allocating a new one, the other way round from the JVM: here allocating costs relatively more, or pooling less. Why is not measured here; candidates: the lab’s pool finds its thread’s stack by index where Netty calls threadLocal.get(), and the code V8 makes of the bump and the zeroing.`,
    },
  });
  return [gain, mapCost, flag, pool];
}

function perSize(run: SuiteRun): ExtraTable {
  const fmt = (x: number | undefined) => (x ? `${(x / 1e6).toFixed(1)}M` : '—');
  // Every ratio a verdict quotes is here: per size, and over the six sizes as the verdicts take it.
  const ratios = (cell: (a: string, b: string) => string) => [cell('after', 'before-ea'), cell('after', 'before'), cell('before', 'before-ea'), cell('after', 'allocate')];
  return {
    caption: `Per size: ops/s of each design (one thread) and the ratios the verdicts judge, beside the commit’s (${INTERVAL_NOTE})`,
    head: ['size', 'before, -ea', 'before', 'after', 'allocate', 'commit after ÷ before -ea', 'after ÷ before -ea', 'after ÷ before', 'before ÷ before -ea', 'after ÷ allocate'],
    rows: [
      ...SIZES.map((s) => [s.toLocaleString('en-US'), ...DESIGNS.map((d) => fmt(scoreOf(run, d, s))),
        times(commitFigure('after', s).value / commitFigure('before-ea', s).value), ...ratios((a, b) => ratioCell(run, id(a, s), id(b, s)))]),
      ['all six (geometric mean)', '', '', '', '', times(COMMIT_SPEEDUP), ...ratios((a, b) => {
        const e = overSizes(run, a, b);
        return intervalCell(e && intervalOf(e));
      })],
    ],
  };
}

export const recyclerReport: SuiteReport = {
  title: 'Netty’s Recycler, 2014: get a pooled list, ensure its capacity, clear it, recycle it',
  className: 'RecyclableArrayListBenchmark',
  source: `${COMMIT_SOURCE.title} (${COMMIT_SOURCE.where}; 4 threads summed, -ea:io.netty... on); Netty’s 2014 jars run here on the JVM are in the JVM column`,
  caveat: 'The commit’s figures are four threads summed, each with its own stack; the lab runs one thread, so compare the ratios, not the ops/s. The pooled list grows once and is then reused, which is why no size costs more than another for the pools. Synchronization: none, because both Recyclers take none on this path: a get and a recycle on the owning thread touch only its own stack (plain fields); the rewrite\'s ordered store (a Link\'s lazySet) publishes a handle only when another thread recycles, which this benchmark never does (the lesson\'s two-Worker race does). No pool: each op makes an ArrayList and its array in a 4 MiB buffer as a JVM thread does in its TLAB (a pointer bump, a header, every slot zeroed); when the buffer is full, nothing in it is alive and it is reused from the start at no cost, where the JVM moves on through eden and pays a young collection (a pause that scans the roots even when nothing survives). The JVM\'s eden is probably far larger than any cache, so its large-size rows probably zero memory at memory speed (not measured).',
  published: PUBLISHED,
  compare: compareRecyclers,
  extras: (run) => [perSize(run)],
  chart: {
    x: 'size',
    xLabel: 'size (ensureCapacity argument)',
    publishedLabel: 'the 2014 commit (4 threads summed, not live)',
    publishedTag: 'the 2014 commit',
    series: DESIGNS.map((design, i) => ({
      key: design, label: LABEL[design], className: ['jdk-reverse', 'jdk-order', 'indexed-order', 'q-mpsc'][i],
      benchmark: 'recycleSameThread', params: { design },
    })),
  },
  jvm: {
    what: 'Netty 4.0.20 (before) and 4.0.21 (after), with and without -ea:io.netty...',
    runs: [
      { project: 'jvm/recycler-2014', jar: 'target/recycler-4.0.20.Final.jar', build: ['netty.version=4.0.20.Final'], include: 'RecyclableArrayListBenchmark.recycleSameThread', jvmArgs: ['-ea:io.netty...'], params: { design: 'before-ea' } },
      { project: 'jvm/recycler-2014', jar: 'target/recycler-4.0.20.Final.jar', build: ['netty.version=4.0.20.Final'], include: 'RecyclableArrayListBenchmark.recycleSameThread', params: { design: 'before' } },
      { project: 'jvm/recycler-2014', jar: 'target/recycler-4.0.21.Final.jar', build: ['netty.version=4.0.21.Final'], include: 'RecyclableArrayListBenchmark.recycleSameThread', params: { design: 'after' } },
      { project: 'jvm/recycler-2014', jar: 'target/recycler-4.0.21.Final.jar', build: ['netty.version=4.0.21.Final'], include: 'RecyclableArrayListBenchmark.allocate', benchmark: 'recycleSameThread', params: { design: 'allocate' } },
    ],
  },
};
