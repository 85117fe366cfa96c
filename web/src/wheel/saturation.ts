// The purgatory experiment's arithmetic: from the measured cost of one simulated second at each
// target rate (repeated over seeds, so each point has a spread), the rate a single thread can
// sustain, where each design saturates (as a range), and the verdicts against Kafka's published
// figures, in the same four states as the benchmarks'. Pure functions, tested on their own.
import type { Comparison } from '../bench/suites';
import { combine, intervalOf, logOfMean, meanInterval, type Interval } from '../bench/ratio';
import { intervalVerdict, worded } from '../bench/verdict';
import { times } from '../util/format';
import { published } from '../../../lessons/request-timeouts/published';

export type Design = 'old' | 'wheel';
export type Case = 'low' | 'high';

/** Kafka's two workloads (timeout 200 ms, 3 keys): about 8% and 50% of requests time out. */
export const CASES: Record<Case, { p50: number; p75: number; label: string }> = {
  low: { p50: 20, p75: 60, label: 'low timeout rate (p50 20 ms, p75 60 ms)' },
  high: { p50: 200, p75: 400, label: 'high timeout rate (p50 200 ms, p75 400 ms)' },
};

/** The KAFKA-1989 wiki's figures (requests/s), from the lesson's one data file. */
const FIG = published.figures;
export const PUBLISHED = { old: { low: FIG['old-low'].value, high: FIG['old-high'].value }, wheel: { high: FIG['wheel-high'].value } };
export const WIKI = published.sources.wiki;

export interface Point {
  design: Design;
  case: Case;
  /** Target requests per second. */
  rate: number;
  /** Seconds of one thread's time to serve one simulated second (the load's own cost subtracted): the mean over the seeds. */
  cost: number;
  /** The same, for each seeded run of this rate: the spread of the point. */
  costs: number[];
  /** The run was cut short at the time budget: `cost` is extrapolated from the part simulated. */
  partial: boolean;
}

/** What one thread can keep up with: the target while the cost stays under a second, then less. */
export const sustainable = (p: Pick<Point, 'rate' | 'cost'>) => (p.cost <= 1 ? p.rate : p.rate / p.cost);

export type Saturation =
  | { kind: 'at'; rate: number }
  /** Never reached a second of cost: saturates beyond the largest rate tried. */
  | { kind: 'beyond'; rate: number }
  /** Already over a second at the smallest rate tried. */
  | { kind: 'below'; rate: number };

/** Where the cost reaches one second: log-log interpolation between the points that bracket it. */
export function saturation(points: readonly Pick<Point, 'rate' | 'cost'>[]): Saturation | null {
  const ps = [...points].sort((a, b) => a.rate - b.rate);
  if (!ps.length) return null;
  if (ps[0].cost >= 1) return { kind: 'below', rate: ps[0].rate };
  for (let i = 1; i < ps.length; i++) {
    const a = ps[i - 1];
    const b = ps[i];
    if (b.cost >= 1) {
      const la = Math.log(Math.max(a.cost, 1e-9));
      const lb = Math.log(b.cost);
      const t = (0 - la) / (lb - la);
      return { kind: 'at', rate: Math.exp(Math.log(a.rate) + t * (Math.log(b.rate) - Math.log(a.rate))) };
    }
  }
  return { kind: 'beyond', rate: ps[ps.length - 1].rate };
}

const k = (x: number) => (x >= 1e6 ? `${(x / 1e6).toFixed(x >= 1e7 ? 0 : 1)}M` : x >= 1000 ? `${Math.round(x / 1000)}k` : String(Math.round(x)));

export function describeSaturation(s: Saturation | null): string {
  if (!s) return 'not measured';
  return s.kind === 'at' ? `about ${k(s.rate)}/s` : s.kind === 'beyond' ? `beyond ${k(s.rate)}/s (the largest rate tried)` : `below ${k(s.rate)}/s`;
}

/** Where a design saturates, with its range: "about 31k/s (27k–36k)". */
export function describeRange(points: readonly Point[]): string {
  const mid = saturation(points);
  const i = saturationInterval(points);
  if (!mid || !i) return 'not measured';
  if (mid.kind !== 'at') return describeSaturation(mid);
  return `about ${k(mid.rate)}/s (${i.low > 0 ? k(i.low) : 'below the rates tried'}–${Number.isFinite(i.high) ? k(i.high) : 'beyond the rates tried'})`;
}

/**
 * A point's cost, low or high end of its 95 % interval over the seeds (the mean with one seed).
 * On the cost's own scale: each cost is a difference (the purgatory's time less the load's), so
 * near zero its noise is additive, and a cost can be 0.
 */
export function costBound(p: Pick<Point, 'cost' | 'costs'>, end: 'low' | 'high'): number {
  if (p.costs.length < 2) return p.cost;
  const i = meanInterval(p.costs);
  return end === 'low' ? i.low : i.high;
}

/** A saturation rate as a range: where the cost's upper bound reaches a second, and where its lower bound does. */
export function saturationInterval(points: readonly Point[]): Interval | undefined {
  const mid = saturation(points);
  if (!mid) return undefined;
  const at = (end: 'low' | 'high') => saturation(points.map((p) => ({ rate: p.rate, cost: costBound(p, end) })))!;
  const lower = (x: Saturation) => (x.kind === 'below' ? 0 : x.rate);
  const upper = (x: Saturation) => (x.kind === 'beyond' ? Infinity : x.rate);
  // A higher cost saturates earlier.
  return { estimate: mid.rate, low: lower(at('high')), high: upper(at('low')) };
}

const of = (points: readonly Point[], d: Design, c: Case) => points.filter((p) => p.design === d && p.case === c);

/** a ÷ b of two saturation ranges. */
const quotient = (a: Interval, b: Interval): Interval => ({ estimate: a.estimate / b.estimate, low: a.low / b.high, high: b.low > 0 ? a.high / b.low : Infinity });

const SETTLE_SWEEP = 'Run the full preset (five seeds per rate, longer simulated runs), with other tabs and programs closed, to settle it.';

export function verdicts(points: readonly Point[]): Comparison[] {
  const sat = (d: Design, c: Case) => saturationInterval(of(points, d, c));
  const rowsOf = (d: Design, c: Case) => of(points, d, c).map((p) => `${c}/${d}/${p.rate}`);
  const pubRatio = PUBLISHED.wheel.high / PUBLISHED.old.high;
  const oldHigh = sat('old', 'high');
  const wheelHigh = sat('wheel', 'high');
  const oldLow = sat('old', 'low');
  const bracketed = (x: Interval | undefined) => x !== undefined && x.low > 0 && Number.isFinite(x.estimate);
  const range = (x: Interval) => `${k(x.estimate)}/s (${k(x.low)}–${Number.isFinite(x.high) ? k(x.high) : '∞'})`;
  const notRate = `The rates themselves are not comparable: the lab times the purgatory’s own work on one thread of this machine, while Kafka’s figures are the throughput of its whole benchmark process on the hardware of 2015.`;

  const wheelGain = intervalVerdict({
    id: 'high-timeout-saturation', title: 'High timeout rate: the wheel sustains several times the old purgatory’s rate',
    published: `${pubRatio.toFixed(1)}× (${k(PUBLISHED.old.high)} → ${k(PUBLISHED.wheel.high)} requests/s; ${WIKI.title})`,
    rows: [...rowsOf('wheel', 'high'), ...rowsOf('old', 'high')],
    what: 'the wheel’s saturation rate ÷ the old purgatory’s, with half the requests timing out', claim: { kind: 'at least', threshold: 2 },
    interval: bracketed(oldHigh) && wheelHigh ? quotient(wheelHigh, oldHigh!) : undefined,
    missing: 'the sweep did not bracket the old design’s saturation with many timeouts', settle: SETTLE_SWEEP,
    says: {
      reproduced: (_, t) => `with half the requests timing out, the old purgatory saturates at ${range(oldHigh!)} and the wheel at ${range(wheelHigh!)}: the wheel sustains ${t} the old rate (the wiki: ${pubRatio.toFixed(1)}×; at least 2× counts).`,
      'not reproduced': (_, t) => `with half the requests timing out the wheel sustains only ${t} the old purgatory’s rate (the wiki: ${pubRatio.toFixed(1)}×).`,
    },
  });

  const direction = intervalVerdict({
    id: 'old-earlier-with-timeouts', title: 'The old purgatory saturates earlier when more requests time out',
    published: `${k(PUBLISHED.old.high)} with many vs about ${k(PUBLISHED.old.low)} with few (${WIKI.title})`,
    rows: [...rowsOf('old', 'low'), ...rowsOf('old', 'high')],
    what: 'the old purgatory’s saturation with few timeouts ÷ with many', claim: { kind: 'at least', threshold: 1 },
    interval: bracketed(oldLow) && bracketed(oldHigh) ? quotient(oldLow!, oldHigh!) : undefined,
    missing: 'the sweep did not bracket the old design’s saturation in both cases', settle: SETTLE_SWEEP,
    says: {
      reproduced: (_, t) => `the direction: the old purgatory saturates at ${range(oldHigh!)} with half the requests timing out and at ${range(oldLow!)} with 8 %, ${t} later. ${notRate}`,
      'not reproduced': (_, t) => `the old purgatory saturates at ${range(oldHigh!)} with many timeouts and ${range(oldLow!)} with few (${t}): not earlier with more timeouts.`,
    },
  });

  // Costs under 1 % of a thread are mostly the noise of subtracting the load's own cost. The claim is about
  // the range where the old design gave out: up to twice its saturation.
  const cap = oldLow && bracketed(oldLow) ? 2 * oldLow.estimate : Infinity;
  const wl = of(points, 'wheel', 'low').filter((p) => !p.partial && p.cost >= 0.01 && p.rate <= cap).sort((a, b) => a.rate - b.rate);
  const first = wl[0];
  const last = wl[wl.length - 1];
  // log(cost per request at the top ÷ at the bottom): the difference of two independent log-means.
  const hi = wl.length >= 2 ? logOfMean(last.costs.map((c) => c / last.rate)) : undefined;
  const lo = wl.length >= 2 ? logOfMean(first.costs.map((c) => c / first.rate)) : undefined;
  const growth = hi && lo ? combine([{ estimate: hi, weight: 1 }, { estimate: lo, weight: -1 }]) : undefined;
  const degradation = intervalVerdict({
    id: 'low-timeout-no-degradation', title: 'Low timeout rate: the wheel shows no significant degradation',
    published: `no significant degradation (${WIKI.title})`, rows: rowsOf('wheel', 'low'),
    what: wl.length >= 2 ? `the wheel’s cost per request at ${k(last.rate)}/s ÷ at ${k(first.rate)}/s, few timeouts` : 'the wheel’s cost per request across the rates, few timeouts',
    claim: { kind: 'below', threshold: 2 }, interval: growth && intervalOf(growth),
    missing: 'the sweep measured fewer than two rates where the wheel’s cost was large enough to time', settle: SETTLE_SWEEP,
    says: {
      reproduced: (_, t) => `from ${k(first.rate)} to ${k(last.rate)} requests/s (${Number.isFinite(cap) ? `of the rates measured, those at or under ${k(cap)}, twice the old design’s saturation` : 'every rate measured'}) the wheel’s cost per request changes ${t}; under 2× counts as no significant degradation.`,
      'not reproduced': (_, t) => `from ${k(first.rate)} to ${k(last.rate)} requests/s the wheel’s cost per request grows ${t}, all of it at or above 2×.`,
    },
  });
  return [wheelGain, direction, degradation].map((c) => notEnoughData(c, Math.min(...points.map((p) => p.costs.length))));
}

/**
 * An inconclusive verdict whose interval has no bound on one side is not a measurement with a
 * wide interval ("0.00×–∞"): too few seeds, or a sweep that did not bracket a saturation, left it
 * open. It says so plainly, and what would settle it.
 */
function notEnoughData(c: Comparison, seeds: number): Comparison {
  const i = c.ratio;
  if (c.verdict !== 'inconclusive' || !i || (i.low > 0 && Number.isFinite(i.high))) return c;
  const open = [i.low > 0 ? '' : 'no lower bound', Number.isFinite(i.high) ? '' : 'no upper bound'].filter(Boolean).join(' and ');
  return worded({ ...c, measured: `${times(i.estimate)}, unbounded` }, 'Inconclusive',
    `not enough data to judge “${c.title}”. The estimate is ${times(i.estimate)}, but with ${seeds} seed${seeds === 1 ? '' : 's'} per rate its 95 % interval has ${open}: the sweep could not pin the saturation down.`,
    SETTLE_SWEEP);
}
