// Netty's ScheduledFutureTaskBenchmark as a suite: cancel all `num` timers of a heap filled
// with deadlines 1…num, in order or in reverse, on the JDK heap and on Netty's indexed heap; its
// published figures; verdicts on the shape of the result; and the chart.
import type { RowResult, SuiteRun } from '../bench/runner';
import { times } from '../bench/report';
import type { Comparison, ExtraTable, Published, Row, Suite } from '../bench/suites';
import { logLogFit } from '../charts/fit';

const NUMS = [100, 1000, 10000, 100000];
const BENCHMARKS = ['cancelInOrder', 'cancelInReverseOrder'];
const HEAPS = ['jdk', 'indexed'];

/** Netty's published JMH scores (ops/s): "before" ran java.util.PriorityQueue, "after" Netty's. */
const NETTY: Record<string, Record<number, [number, number, number, number]>> = {
  // num: [before score, before error, after score, after error]
  cancelInOrder: {
    100: [139968.586, 12951.333, 137779.616, 7709.751],
    1000: [12274.42, 337.8, 11049.448, 385.832],
    10000: [958.168, 15.35, 943.294, 12.391],
    100000: [53.381, 13.981, 64.21, 1.824],
  },
  cancelInReverseOrder: {
    100: [123918.829, 3642.517, 167531.096, 9187.865],
    1000: [5099.81, 206.992, 33019.786, 4737.77],
    10000: [72.335, 0.443, 2976.955, 248.555],
    100000: [0.743, 0.003, 362.654, 45.716],
  },
};

const ROWS: Row[] = BENCHMARKS.flatMap((benchmark) =>
  HEAPS.flatMap((heap) => NUMS.map((num) => ({
    id: `${benchmark}/${heap}/${num}`, benchmark, params: { heap, num },
    kernel: { export: 'HeapCancelKernel', args: [heap, num, benchmark === 'cancelInReverseOrder'] },
    // A prepared invocation holds num timers; keep a batch to about a million of them.
    maxBatch: Math.max(1, Math.floor(1_000_000 / num)),
  }))));

const PUBLISHED: Published[] = BENCHMARKS.flatMap((benchmark) =>
  NUMS.flatMap((num) => {
    const [bs, be, as, ae] = NETTY[benchmark][num];
    return [
      { benchmark, params: { heap: 'jdk', num }, score: bs, error: be },
      { benchmark, params: { heap: 'indexed', num }, score: as, error: ae },
    ];
  }));

function score(run: SuiteRun, benchmark: string, heap: string, num: number): number | undefined {
  const r = run.rows.find((x: RowResult) => x.status === 'ok' && x.row.benchmark === benchmark && x.row.params.heap === heap && x.row.params.num === num);
  return r?.summary?.mean;
}

function published(benchmark: string, heap: string, num: number): number {
  return PUBLISHED.find((p) => p.benchmark === benchmark && p.params.heap === heap && p.params.num === num)!.score;
}

/** Published after/before beside measured indexed/JDK, at one size. */
function speedup(run: SuiteRun, benchmark: string, num: number) {
  const jdk = score(run, benchmark, 'jdk', num);
  const idx = score(run, benchmark, 'indexed', num);
  return {
    published: published(benchmark, 'indexed', num) / published(benchmark, 'jdk', num),
    measured: jdk && idx ? idx / jdk : undefined,
  };
}

export interface SpeedupRow {
  benchmark: string;
  num: number;
  /** Netty's after ÷ before. */
  published: number;
  /** Ours: indexed heap ÷ JDK heap, if both rows were measured. */
  measured?: number;
}

/** The ratio at every size, both benchmarks: the shape to compare, machine speed cancelled out. */
export function heapCancelSpeedups(run: SuiteRun): SpeedupRow[] {
  return BENCHMARKS.flatMap((benchmark) => NUMS.map((num) => ({ benchmark, num, ...speedup(run, benchmark, num) })));
}

export function compareHeapCancel(run: SuiteRun): Comparison[] {
  const out: Comparison[] = [];
  const missing = (title: string, pub: string): Comparison =>
    ({ title, published: pub, measured: '—', verdict: 'not measured', sentence: `${title}: not measured in this run.` });

  const r100k = speedup(run, 'cancelInReverseOrder', 100000);
  const t1 = 'Cancel in reverse at num = 100,000: indexed heap ÷ JDK heap';
  out.push(r100k.measured === undefined ? missing(t1, times(r100k.published)) : {
    title: t1, published: times(r100k.published), measured: times(r100k.measured),
    verdict: r100k.measured >= 100 ? 'reproduced' : 'not reproduced',
    sentence: `${r100k.measured >= 100 ? 'Reproduced' : 'Not reproduced'}: in reverse at 100,000 the indexed heap is ${times(r100k.measured)} faster than the JDK heap (published ${times(r100k.published)}; the target is at least 100×).`,
  });

  const r10k = speedup(run, 'cancelInReverseOrder', 10000);
  const t2 = 'Cancel in reverse at num = 10,000: indexed heap ÷ JDK heap';
  out.push(r10k.measured === undefined ? missing(t2, times(r10k.published)) : {
    title: t2, published: times(r10k.published), measured: times(r10k.measured),
    verdict: r10k.measured >= 10 ? 'reproduced' : 'not reproduced',
    sentence: `${r10k.measured >= 10 ? 'Reproduced' : 'Not reproduced'}: in reverse at 10,000 the indexed heap is ${times(r10k.measured)} faster (published ${times(r10k.published)}; at least 10× counts as reproduced).`,
  });

  // In order, two separate claims: no asymptotic difference (same growth, a constant factor at
  // most), and the published parity. The first is the structural one; the second depends on what
  // else the original timed.
  const nums = [100, 1000, 10000, 100000];
  const inOrder = nums.map((n) => ({ n, ...speedup(run, 'cancelInOrder', n) }));
  const pubRange = `${times(Math.min(...inOrder.map((x) => x.published)))}–${times(Math.max(...inOrder.map((x) => x.published)))}`;
  const t3 = 'Cancel in order: the same growth on both heaps (indexed ÷ JDK within 0.5×–2× at every num)';
  const t5 = 'Cancel in order: the heaps level (indexed ÷ JDK within 0.8×–1.25× at every num), as published';
  if (inOrder.some((x) => x.measured === undefined)) {
    out.push(missing(t3, pubRange));
    out.push(missing(t5, pubRange));
  } else {
    const ratios = inOrder.map((x) => x.measured!);
    const lo = Math.min(...ratios);
    const hi = Math.max(...ratios);
    const range = `${times(lo)}–${times(hi)}`;
    const measured = ratios.map(times).join(', ');
    const published = inOrder.map((x) => times(x.published)).join(', ');
    const sameGrowth = lo >= 0.5 && hi <= 2;
    out.push({
      title: t3, published, measured, verdict: sameGrowth ? 'reproduced' : 'not reproduced',
      sentence: sameGrowth
        ? `Reproduced: in order neither heap is asymptotically faster; indexed ÷ JDK stays within ${range} from num = 100 to 100,000, a constant factor (published ${pubRange}).`
        : `Not reproduced: in order indexed ÷ JDK ranges over ${range} (published ${pubRange}), more than a constant factor apart.`,
    });
    const level = lo >= 0.8 && hi <= 1.25;
    const slower = hi < 1;
    out.push({
      title: t5, published, measured, verdict: level ? 'reproduced' : 'not reproduced',
      sentence: level
        ? `Reproduced: in order the heaps are level, ${range} (published ${pubRange}).`
        : `Not reproduced: the published parity (${pubRange}). Here the indexed heap runs at ${range} of the JDK heap's speed${slower ? `, ${Math.round((1 - hi) * 100)}–${Math.round((1 - lo) * 100)}% slower` : ''}: ` +
          'each of its moves also writes the moved timer\'s index, and the original also handed every operation to an ' +
          'event-loop thread, a fixed cost that the lab\'s kernel does not pay and that hid such differences.',
    });
  }

  const slope = (pts: { x: number; y: number }[]) => logLogFit(pts)?.slope;
  const pubSlope = slope(nums.map((n) => ({ x: n, y: published('cancelInReverseOrder', 'jdk', n) })))!;
  const measured = nums.map((n) => ({ x: n, y: score(run, 'cancelInReverseOrder', 'jdk', n) }));
  const t4 = 'JDK heap in reverse: slope of log(ops/s) against log(num)';
  if (measured.some((p) => p.y === undefined)) {
    out.push(missing(t4, pubSlope.toFixed(2)));
  } else {
    const s = slope(measured as { x: number; y: number }[])!;
    const ok = s <= -1.5;
    out.push({
      title: t4, published: pubSlope.toFixed(2), measured: s.toFixed(2), verdict: ok ? 'reproduced' : 'not reproduced',
      sentence: `${ok ? 'Reproduced' : 'Not reproduced'}: the JDK heap's reverse cancels slow down as num^${(-s).toFixed(2)} (published num^${(-pubSlope).toFixed(2)}; quadratic work per operation would be num^2).`,
    });
  }
  return out;
}

function speedupTable(run: SuiteRun): ExtraTable {
  return {
    caption: 'Indexed heap ÷ JDK heap, per row',
    head: ['benchmark', 'num', 'published after÷before', 'measured indexed÷JDK'],
    rows: heapCancelSpeedups(run).map((s) => [
      s.benchmark, s.num.toLocaleString('en-US'), `${s.published.toFixed(2)}×`, s.measured === undefined ? '—' : `${s.measured.toFixed(2)}×`,
    ]),
  };
}

export const heapCancel: Suite = {
  name: 'heap-cancel',
  title: 'Cancelling scheduled timers',
  className: 'ScheduledFutureTaskBenchmark',
  source: 'Netty commit 1f1a60ae7d (2017)',
  caveat: 'Each of the original\'s operations also handed work to an event-loop thread and waited for it.',
  paramNames: ['heap', 'num'],
  rows: ROWS,
  published: PUBLISHED,
  compare: compareHeapCancel,
  extras: (run) => [speedupTable(run)],
  chart: {
    x: 'num',
    xLabel: 'num (timers cancelled per operation)',
    publishedLabel: "Netty's published figures (JVM)",
    series: [
      { key: 'jdk-reverse', label: 'cancelInReverseOrder (JDK heap)', className: 'jdk-reverse', benchmark: 'cancelInReverseOrder', params: { heap: 'jdk' } },
      { key: 'jdk-order', label: 'cancelInOrder (JDK heap)', className: 'jdk-order', benchmark: 'cancelInOrder', params: { heap: 'jdk' } },
      { key: 'indexed-order', label: 'cancelInOrder (indexed heap)', className: 'indexed-order', benchmark: 'cancelInOrder', params: { heap: 'indexed' } },
      { key: 'indexed-reverse', label: 'cancelInReverseOrder (indexed heap)', className: 'indexed-reverse', benchmark: 'cancelInReverseOrder', params: { heap: 'indexed' } },
    ],
  },
  nativeBench: 'heap_cancel',
  jvm: {
    what: 'java.util.PriorityQueue and Netty 4.1.140’s DefaultPriorityQueue',
    runs: [{ project: 'jvm/suites', jar: 'target/benchmarks.jar', include: 'lab.jvm.HeapCancel' }],
  },
};
