// How a run of `udp-queue` (udpQueueSuite.ts) is reported. The blog published three JMH rows
// without their source; the lab follows the JVM anchor's reading of it (../shared/anchors/jvm,
// QueueOfferBenchmark): one thread, the queue starting half full, drained at the bound, so each
// size() walks about capacity/2 nodes. The bound is the parameter: the size() cost grows with it.
import { times } from '../bench/report';
import type { Comparison, ExtraTable, Published, SuiteReport, SuiteRun } from '../bench/suites';
import { geometricMean, intervalOf, logLogSlope, logOfMean, type LogEstimate } from '../bench/ratio';
import {
  INTERVAL_NOTE, exponentWithInterval, intervalCell, pointwiseVerdict, ratioCell, ratioWithInterval, rowLevel, rowRatio, sameWayAsJvm, verdictOf,
} from '../bench/verdict';
import { jvmProvenance, jvmRatio as jvmRatioEstimate, jvmRatioInterval, jvmRow } from '../bench/jvmResults';
import { exact } from '../published/figures';
import { published } from '../../../lessons/bounded-queues/published';
import { CAPACITIES, id, METHOD, QUEUES, ROWS, SUITE } from './udpQueueSuite';

const LABEL: Record<string, string> = {
  clq: 'ConcurrentLinkedQueue.offer',
  'clq-size': 'CLQ offer guarded by size()',
  abq: 'ArrayBlockingQueue.offer',
  spsc: 'JCTools SpscArrayQueue.offer',
  mpsc: 'JCTools MpscArrayQueue.offer',
};

const BLOG = published.figures;

/** The blog's rows have no bound to draw them at: the dotted lines are the JVM originals' committed run. */
const PUBLISHED: Published[] = ROWS.flatMap((row) => {
  const j = jvmRow(SUITE, row.id);
  return j ? [{ benchmark: row.benchmark, params: row.params, score: j.score, error: j.error }] : [];
});

const BIG = CAPACITIES[CAPACITIES.length - 1];

const SMALL = CAPACITIES[0];

function jvmSays(a: string, b: string): string {
  const i = jvmRatioInterval(SUITE, a, b);
  return i ? `${ratioWithInterval(i)} (${jvmProvenance(SUITE)})` : `— (${jvmProvenance(SUITE)} kept no iterations)`;
}

export function compareQueues(run: SuiteRun): Comparison[] {
  const bound = BIG.toLocaleString('en-US');
  const blogGuard = BLOG.clqOffer.value / BLOG.clqOfferWithSizeCheck.value;
  const guard = verdictOf({
    id: 'guard-collapse', title: `Guarding each offer with size() at a bound of ${bound}: plain CLQ ÷ CLQ + size()`,
    published: `${times(blogGuard)} (the blog, whose server's threshold was ${BLOG.bound.value.toLocaleString('en-US')}, its benchmark's bound not given; its guarded row is ${exact(BLOG.clqOfferWithSizeCheck.value)} ± ${exact(BLOG.clqOfferWithSizeCheck.error!)}); ${jvmSays(id('clq', BIG), id('clq-size', BIG))}`,
    rows: [id('clq', BIG), id('clq-size', BIG)],
    what: `the plain CLQ ÷ the CLQ guarded by size() at a bound of ${bound}`, claim: { kind: 'at least', threshold: 1000 },
    estimate: rowRatio(run, id('clq', BIG), id('clq-size', BIG)),
    says: {
      reproduced: (_, t) => `the plain CLQ offers ${t} as fast as the one guarded by size() at a bound of ${bound}; at least 1,000× counts. size() walks every node, about ${(BIG / 2).toLocaleString('en-US')} of them per offer.`,
      'not reproduced': (_, t) => `the plain CLQ offers only ${t} as fast as the guarded one at a bound of ${bound}, all of the interval under 1,000×.`,
    },
  });

  const jvmLevel = (queue: string, c: number) => {
    const samples = jvmRow(SUITE, id(queue, c))?.samples;
    return samples?.length ? logOfMean(samples) : undefined;
  };
  const growthOf = (level: (c: number) => LogEstimate | undefined) => {
    const slope = logLogSlope(CAPACITIES.map((c) => ({ x: c, y: level(c) })));
    return slope && { ...slope, mean: -slope.mean };
  };
  const jvmGrowth = growthOf((c) => jvmLevel('clq-size', c));
  const growth = verdictOf({
    id: 'guard-growth', source: 'lab', title: 'How the guarded offer’s cost grows with the bound',
    published: `${jvmGrowth ? exponentWithInterval(intervalOf(jvmGrowth, 'linear')) : '—'} (${jvmProvenance(SUITE)})`,
    rows: CAPACITIES.map((c) => id('clq-size', c)),
    what: 'the growth of a guarded offer\'s time with the bound', scale: 'exponent', claim: { kind: 'at least', threshold: 0.8 },
    estimate: growthOf((c) => rowLevel(run, id('clq-size', c))),
    says: {
      reproduced: (_, t) => `time per guarded offer grows as ${t} with the bound n; n^1 is a walk of the whole queue per offer, and at least n^0.8 counts.`,
      'not reproduced': (_, t) => `time per guarded offer grows as ${t} with the bound n, all of it under n^0.8.`,
    },
  });

  const abq = pointwiseVerdict({
    id: 'abq-vs-clq', title: 'ArrayBlockingQueue against the CLQ, at every bound (the blog\'s fix)',
    published: `${times(BLOG.abqOffer.value / BLOG.clqOffer.value)} (the blog); ${CAPACITIES.map((c) => `${c.toLocaleString('en-US')}: ${jvmSays(id('abq', c), id('clq', c))}`).join('; ')}`,
    rows: CAPACITIES.flatMap((c) => [id('abq', c), id('clq', c)]),
    points: CAPACITIES.map((c) => ({ label: c.toLocaleString('en-US'), estimate: rowRatio(run, id('abq', c), id('clq', c)) })),
    jvm: CAPACITIES.map((c) => jvmRatioInterval(SUITE, id('abq', c), id('clq', c))),
    what: 'the ArrayBlockingQueue ÷ the CLQ', claim: { kind: 'at least', threshold: 1 },
    says: {
      reproduced: (list) => `the ArrayBlockingQueue offers faster than the CLQ at every bound (ABQ ÷ CLQ: ${list}): the blog's direction, far from its size.`,
      'not reproduced': (list) => `the ArrayBlockingQueue is slower than the CLQ at some bound (ABQ ÷ CLQ: ${list}).`,
    },
  });

  const gm = (queue: string) => geometricMean(CAPACITIES.map((c) => rowRatio(run, id(queue, c), id('clq', c))));
  const rings = pointwiseVerdict({
    id: 'rings-vs-clq', source: 'lab', title: 'The JCTools rings against the CLQ (geometric mean over the bounds)',
    published: ['spsc', 'mpsc'].map((q) => {
      const j = geometricMean(CAPACITIES.map((c) => jvmRatioEstimate(SUITE, id(q, c), id('clq', c))));
      return `${q.toUpperCase()} ${j ? ratioWithInterval(intervalOf(j)) : '—'}`;
    }).join(', ') + ` (${jvmProvenance(SUITE)})`,
    rows: CAPACITIES.flatMap((c) => [id('spsc', c), id('mpsc', c), id('clq', c)]),
    points: [{ label: 'SPSC', estimate: gm('spsc') }, { label: 'MPSC', estimate: gm('mpsc') }],
    what: 'each ring ÷ the CLQ', claim: { kind: 'at least', threshold: 1 },
    says: {
      reproduced: (list) => `both rings offer faster than the CLQ, on average over the bounds (ring ÷ CLQ: ${list}).`,
      'not reproduced': (list) => `a ring offers slower than the CLQ on average over the bounds (ring ÷ CLQ: ${list}).`,
    },
  });

  const small = SMALL.toLocaleString('en-US');
  const spscAbq = sameWayAsJvm(jvmRatioInterval(SUITE, id('spsc', SMALL), id('abq', SMALL)), {
    id: 'spsc-vs-abq', title: `JCTools SPSC ÷ ArrayBlockingQueue at a bound of ${small}, the same way round as on the JVM`,
    published: jvmSays(id('spsc', SMALL), id('abq', SMALL)), rows: [id('spsc', SMALL), id('abq', SMALL)],
    what: `the SPSC ring ÷ the ArrayBlockingQueue at a bound of ${small}`,
    estimate: rowRatio(run, id('spsc', SMALL), id('abq', SMALL)),
    says: {
      reproduced: (_, t) => `the SPSC ring offers at ${t} the ArrayBlockingQueue's rate, the same way round as on the JVM. It takes no lock: a slot write and an index write, and one look-ahead read every quarter of the capacity's offers (at most every 4,096).`,
      'not reproduced': (_, t) => `the SPSC ring offers at ${t} the ArrayBlockingQueue's rate, the other way round from the JVM. Both pay for their originals' synchronizations (the ABQ a CAS, a load and a release store per offer, where the JVM's release also fences; the ring two ordered stores); why the order differs is not measured here.`,
    },
  });
  return [guard, growth, abq, rings, spscAbq];
}

function versusClq(run: SuiteRun): ExtraTable {
  return {
    caption: `Per bound: each queue against the plain CLQ (ops/s ÷ the CLQ’s), lab and JVM (${INTERVAL_NOTE})`,
    head: ['bound', ...QUEUES.filter((q) => q !== 'clq').flatMap((q) => [`${q} (lab)`, `${q} (JVM)`])],
    rows: CAPACITIES.map((c) => [c.toLocaleString('en-US'), ...QUEUES.filter((q) => q !== 'clq').flatMap((q) => [
      ratioCell(run, id(q, c), id('clq', c)), intervalCell(jvmRatioInterval(SUITE, id(q, c), id('clq', c))),
    ])]),
  };
}

/** What each kernel pays of its original's synchronization, on one thread (crates/core's sync.rs). */
const SYNCHRONIZATION = 'Synchronization, paid as the originals pay it on one thread: the ArrayBlockingQueue’s lock is a CAS to take and a load and release store to give back (JDK 17 gives it back with a volatile store, which on x86 also fences: the lab pays less there); the CLQ’s CASes of next, tail, item and head are atomic CAS instructions, its self-link a release store, and its volatile loads (size()’s walk included) acquire loads; the rings’ ordered stores of slots and indices are release stores, their volatile loads acquire loads, and the MPSC claim a CAS. CASes are atomic instructions in wasm too; its release stores and acquire loads are plain accesses kept in order, which is what HotSpot emits for them on x86 (wasm has only sequentially consistent atomic stores; built with those, the rings ran 1.7–2.6× slower than native on the lab’s machine, a cost the JVM does not pay). Not paid: the ABQ’s signal() and the wait-queue check of its unlock (nobody ever waits here), and the garbage collector’s card marks on reference stores.';

export const udpQueueReport: SuiteReport = {
  title: 'The UDP receiver: offer into a queue drained at its bound',
  className: 'QueueOfferBenchmark',
  source: `${published.sources.blog.title} (its three JMH rows, quoted in the verdicts); the dotted lines are the JVM originals in the lab’s committed run of the same op (jvm/results)`,
  caveat: `The blog did not publish its benchmark: the lab and the JVM originals start the queue half full and drain it at the bound, so size() walks about half the bound. How long the blog’s queue was is not known (its server code’s threshold was ${BLOG.bound.value.toLocaleString('en-US')}; its benchmark’s bound is not given; the lesson shows why neither a queue growing during the run nor one built by guarded offers explains its row). ${SYNCHRONIZATION}`,
  published: PUBLISHED,
  compare: compareQueues,
  extras: (run) => [versusClq(run)],
  chart: {
    x: 'capacity',
    xLabel: 'bound (elements the queue may hold)',
    publishedLabel: 'the JVM originals (JMH on this kind of machine, not live)',
    publishedTag: 'JVM original (committed run)',
    series: QUEUES.map((queue, i) => ({
      key: queue, label: `${LABEL[queue]} (${METHOD[queue]})`,
      className: ['indexed-order', 'jdk-reverse', 'jdk-order', 'indexed-reverse', 'q-mpsc'][i], benchmark: METHOD[queue], params: { queue },
    })),
  },
  jvm: {
    what: 'the JDK’s ConcurrentLinkedQueue and ArrayBlockingQueue, JCTools 4.0.7’s rings',
    runs: [{ project: 'jvm/suites', jar: 'target/benchmarks.jar', include: 'lab.jvm.QueueOffer' }],
  },
};
