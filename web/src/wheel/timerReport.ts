// How a run of `timer-add-cancel` (timerSuite.ts) is reported: requests' timeouts as a purgatory
// sees them. Kafka published no figures for its timer alone; the figures beside ours are the JVM
// originals run with the same op (jvm/suites, TimerAddCancel) and committed in
// jvm/results/timer-add-cancel.json.
import type { Comparison, ExtraTable, Published, SuiteReport, SuiteRun } from '../bench/suites';
import { intervalOf, logLogSlope, logOfMean, type LogEstimate } from '../bench/ratio';
import {
  INTERVAL_NOTE, exponentWithInterval, intervalCell, ratioCell, ratioWithInterval, rowLevel, rowRatio, sameWayAsJvm, verdictOf,
} from '../bench/verdict';
import { jvmProvenance, jvmRatioInterval, jvmRow } from '../bench/jvmResults';
import { id, NS, ROWS, SUITE, TIMERS } from './timerSuite';

const LABEL: Record<string, string> = { wheel: 'Kafka timing wheel', 'delay-queue': 'DelayQueue of tasks', indexed: 'Netty indexed heap' };

/** Kafka published no figures for its timer alone: the dotted lines are the JVM originals' committed run. */
const PUBLISHED: Published[] = ROWS.flatMap((row) => {
  const j = jvmRow(SUITE, row.id);
  return j ? [{ benchmark: row.benchmark, params: row.params, score: j.score, error: j.error }] : [];
});

/** The JVM's figure for a ratio of rows, with its own interval, for the "published" column. */
function jvmSays(a: string, b: string): string {
  const i = jvmRatioInterval(SUITE, a, b);
  return i ? `${ratioWithInterval(i)} (${jvmProvenance(SUITE)})` : `— (${jvmProvenance(SUITE)} kept no iterations)`;
}

/** Exponent of time per op against n, from the rows of one design. */
function growth(level: (n: number) => LogEstimate | undefined): LogEstimate | undefined {
  const slope = logLogSlope(NS.map((n) => ({ x: n, y: level(n) })));
  return slope && { ...slope, mean: -slope.mean };
}

export function compareTimers(run: SuiteRun): Comparison[] {
  const big = NS[NS.length - 1];
  const wheelOverQueue = verdictOf({
    id: 'wheel-vs-delay-queue', source: 'lab', title: 'n = 100,000: the wheel ÷ the DelayQueue of tasks',
    published: `Kafka published no figures for its timer alone; ${jvmSays(id('wheel', big), id('delay-queue', big))}`,
    rows: [id('wheel', big), id('delay-queue', big)],
    what: 'the wheel ÷ the DelayQueue of tasks at 100,000 timers', claim: { kind: 'at least', threshold: 10 },
    estimate: rowRatio(run, id('wheel', big), id('delay-queue', big)),
    says: {
      reproduced: (_, t) => `at 100,000 timers the wheel runs ${t} the DelayQueue's rate; at least 10× counts. Each cancel there is remove(Object), a scan of the heap's array.`,
      'not reproduced': (_, t) => `at 100,000 timers the wheel runs ${t} the DelayQueue's rate, all of the interval under 10×.`,
    },
  });

  const jvmGrowth = (timer: string) => {
    const g = growth((n) => {
      const samples = jvmRow(SUITE, id(timer, n))?.samples;
      return samples?.length ? logOfMean(samples) : undefined;
    });
    return g ? exponentWithInterval(intervalOf(g, 'linear')) : '—';
  };
  const queueGrowth = verdictOf({
    id: 'delay-queue-growth', source: 'lab', title: 'How the DelayQueue\'s cost grows with n: quadratically',
    published: `${jvmGrowth('delay-queue')} (${jvmProvenance(SUITE)})`, rows: NS.map((n) => id('delay-queue', n)),
    what: 'the growth of the DelayQueue\'s time per op', scale: 'exponent', claim: { kind: 'at least', threshold: 1.5 },
    estimate: growth((n) => rowLevel(run, id('delay-queue', n))),
    says: {
      reproduced: (_, t) => `the DelayQueue's time per op grows as ${t}: n^2 is a linear scan per cancel, and at least n^1.5 counts.`,
      'not reproduced': (_, t) => `the DelayQueue's time per op grows as ${t}, below n^1.5.`,
    },
  });
  const wheelGrowth = verdictOf({
    id: 'wheel-growth', source: 'lab', title: 'How the wheel\'s cost grows with n: about linearly',
    published: `${jvmGrowth('wheel')} (${jvmProvenance(SUITE)})`, rows: NS.map((n) => id('wheel', n)),
    what: 'the growth of the wheel\'s time per op', scale: 'exponent', claim: { kind: 'below', threshold: 1.3 },
    estimate: growth((n) => rowLevel(run, id('wheel', n))),
    says: {
      reproduced: (_, t) => `the wheel's time per op grows as ${t}: constant work per timer is n^1, and under n^1.3 counts.`,
      'not reproduced': (_, t) => `the wheel's time per op grows as ${t}, all of it at or above n^1.3.`,
    },
  });

  const heapVsWheel = sameWayAsJvm(jvmRatioInterval(SUITE, id('indexed', big), id('wheel', big)), {
    id: 'indexed-vs-wheel', title: 'n = 100,000: Netty’s indexed heap ÷ the wheel, the same way round as on the JVM',
    published: jvmSays(id('indexed', big), id('wheel', big)), rows: [id('indexed', big), id('wheel', big)],
    what: 'Netty\'s indexed heap ÷ the wheel at 100,000 timers',
    estimate: rowRatio(run, id('indexed', big), id('wheel', big)),
    says: {
      reproduced: (_, t) => `the indexed heap runs at ${t} the wheel's rate, the same way round as on the JVM (${jvmSays(id('indexed', big), id('wheel', big))}).`,
      'not reproduced': (_, t) => `the indexed heap runs at ${t} the wheel's rate, the other way round from the JVM (${jvmSays(id('indexed', big), id('wheel', big))}). Why is not measured here; both wheels enter the same monitors (the caveat lists what differs), and the JVM's allocates a task and an entry per add where the lab's appends to an array.`,
    },
  });
  return [wheelOverQueue, queueGrowth, wheelGrowth, heapVsWheel];
}

function ratios(run: SuiteRun): ExtraTable {
  return {
    caption: `Per n: each design against the wheel (ops/s ÷ the wheel's), lab and JVM (${INTERVAL_NOTE})`,
    head: ['n', 'DelayQueue ÷ wheel (lab)', 'DelayQueue ÷ wheel (JVM)', 'indexed ÷ wheel (lab)', 'indexed ÷ wheel (JVM)'],
    rows: NS.map((n) => [n.toLocaleString('en-US'), ...['delay-queue', 'indexed'].flatMap((timer) => [
      ratioCell(run, id(timer, n), id('wheel', n)), intervalCell(jvmRatioInterval(SUITE, id(timer, n), id('wheel', n))),
    ])]),
  };
}

export const timerAddCancelReport: SuiteReport = {
  title: 'Request timeouts: add, cancel 90%, run the rest',
  className: 'TimerAddCancelBenchmark',
  source: 'no published figures (Kafka published none for its timer alone): the JVM originals in the lab’s committed run of the same op, from jvm/results',
  caveat: 'Both ops add, cancel 90 % and run the survivors. The JVM column drives Kafka\'s TimingWheel directly on a virtual clock, so SystemTimer\'s read-write lock is never taken, and allocates a task per add, as a purgatory does. Synchronization, paid as uncontended on one thread: each synchronized block of the wheel (the task in the entry\'s constructor and in cancel, the bucket list and the entry in add and remove, the list in flush) is a CAS to enter and a CAS to leave, as HotSpot\'s uncontended monitors are (a flush\'s inner removes re-enter the list\'s monitor: a CAS that fails, then a free exit); taskCounter is an atomic add, the bucket\'s expiration an atomic swap, the task\'s volatile timerTaskEntry and the entry\'s volatile list acquire loads and release stores; each offer to and poll of the bucket DelayQueue, and each offer, remove and poll of the DelayQueue of tasks, takes its ReentrantLock (a CAS, a load and a release store). Volatile stores are paid as release stores, where HotSpot\'s also fence on x86. Not paid: SystemTimer\'s read-write lock (the JVM column skips it too) and a few re-reads of list and expiration inside a held monitor. The JVM column\'s harness takes the bucket DelayQueue\'s lock twice per due bucket (a peek, then a poll), the lab once, as Kafka\'s reaper does. Netty\'s indexed heap synchronizes nothing, as the original does not. In wasm the CASes and atomic adds and swaps are atomic instructions, the release stores and acquire loads plain accesses kept in order, as HotSpot emits them on x86.',
  published: PUBLISHED,
  compare: compareTimers,
  extras: (run) => [ratios(run)],
  chart: {
    x: 'n',
    xLabel: 'n (timers added per operation)',
    publishedLabel: 'the JVM originals (JMH on this kind of machine, not live)',
    publishedTag: 'JVM original (committed run)',
    series: TIMERS.map((timer, i) => ({
      key: timer, label: LABEL[timer], className: ['indexed-reverse', 'jdk-reverse', 'indexed-order'][i], benchmark: 'addCancel', params: { timer },
    })),
  },
  jvm: {
    what: 'Kafka 4.4’s TimingWheel, java.util.concurrent.DelayQueue and Netty’s DefaultPriorityQueue, on a virtual clock',
    runs: [{ project: 'jvm/suites', jar: 'target/benchmarks.jar', include: 'lab.jvm.TimerAddCancel' }],
  },
};
