// Intervals on ratios of throughputs, and the verdict an interval supports. A verdict is judged on
// the interval, never on the point estimate: when the interval straddles the claim's threshold the
// run cannot tell, and says so.
//
// Everything is computed on logarithms: a ratio's log is a difference, whose variance adds.
import { tQuantile } from './stats';

/** The confidence of every verdict's interval. */
export const VERDICT_CONFIDENCE = 0.95;

/** An estimate of log(ratio): its mean, its variance, and the degrees of freedom of that variance. */
export interface LogEstimate {
  mean: number;
  variance: number;
  df: number;
}

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

const logs = (xs: readonly number[]) => xs.filter((x) => x > 0).map(Math.log);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sampleVariance = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.length > 1 ? xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1) : NaN;
};

/** log(mean of samples), with the variance of that estimate (delta method on the sample mean); samples may be 0, their mean not. */
export function logOfMean(samples: readonly number[]): LogEstimate | undefined {
  if (!samples.length || samples.some((x) => !(x >= 0))) return undefined;
  const m = mean(samples);
  if (!(m > 0)) return undefined;
  return { mean: Math.log(m), variance: sampleVariance(samples) / samples.length / (m * m), df: samples.length - 1 };
}

/**
 * a ÷ b from samples measured in pairs (a[i] next to b[i] in time, so load that drifts hits both
 * alike): the mean of the paired log-ratios, with the variance of that mean.
 */
export function pairedLogRatio(a: readonly number[], b: readonly number[]): LogEstimate | undefined {
  const n = Math.min(a.length, b.length);
  if (n === 0) return undefined;
  const d: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!(a[i] > 0 && b[i] > 0)) return undefined;
    d.push(Math.log(a[i]) - Math.log(b[i]));
  }
  return { mean: mean(d), variance: sampleVariance(d) / n, df: n - 1 };
}

/** a ÷ b from samples not measured in pairs (Welch): the JVM's rows ran one after the other. */
export function unpairedLogRatio(a: readonly number[], b: readonly number[]): LogEstimate | undefined {
  const la = logs(a);
  const lb = logs(b);
  if (la.length !== a.length || lb.length !== b.length || !la.length || !lb.length) return undefined;
  const va = sampleVariance(la) / la.length;
  const vb = sampleVariance(lb) / lb.length;
  const variance = va + vb;
  const df = variance ** 2 / (va ** 2 / (la.length - 1) + vb ** 2 / (lb.length - 1));
  return { mean: mean(la) - mean(lb), variance, df };
}

/** A weighted sum of independent estimates, Σ w·x (a geometric mean over sizes, a slope), with Welch–Satterthwaite df. */
export function combine(parts: readonly { estimate: LogEstimate; weight: number }[]): LogEstimate | undefined {
  if (!parts.length) return undefined;
  const terms = parts.map(({ estimate, weight }) => ({ m: weight * estimate.mean, v: weight * weight * estimate.variance, df: estimate.df }));
  const variance = terms.reduce((a, t) => a + t.v, 0);
  const denominator = terms.reduce((a, t) => a + (t.v === 0 ? 0 : t.v ** 2 / t.df), 0);
  return { mean: terms.reduce((a, t) => a + t.m, 0), variance, df: denominator > 0 ? variance ** 2 / denominator : Infinity };
}

/** A t interval on the mean of samples, on their own scale (a simulation's cost), floored at `floor`. */
export function meanInterval(samples: readonly number[], confidence = VERDICT_CONFIDENCE, floor = 0): Interval {
  const m = mean(samples);
  const half = samples.length > 1 ? tQuantile(1 - (1 - confidence) / 2, samples.length - 1) * Math.sqrt(sampleVariance(samples) / samples.length) : Infinity;
  return { estimate: m, low: Math.max(floor, m - half), high: m + half };
}

/** The geometric mean of several ratios (each its own stratum). */
export function geometricMean(parts: readonly (LogEstimate | undefined)[]): LogEstimate | undefined {
  if (parts.some((p) => p === undefined)) return undefined;
  return combine((parts as LogEstimate[]).map((estimate) => ({ estimate, weight: 1 / parts.length })));
}

/** The least-squares slope of log(y) on log(x), from independent estimates of each log(y). */
export function logLogSlope(points: readonly { x: number; y: LogEstimate | undefined }[]): LogEstimate | undefined {
  if (points.length < 2 || points.some((p) => p.y === undefined)) return undefined;
  const lx = points.map((p) => Math.log(p.x));
  const mx = mean(lx);
  const sxx = lx.reduce((a, x) => a + (x - mx) ** 2, 0);
  return combine(points.map((p, i) => ({ estimate: p.y!, weight: (lx[i] - mx) / sxx })));
}

/** A t interval around the estimate, back on the ratio's own scale (`exp`) or left as it is (a slope). */
export function intervalOf(e: LogEstimate, scale: 'ratio' | 'linear' = 'ratio', confidence = VERDICT_CONFIDENCE): Interval {
  const half = Number.isFinite(e.variance) && e.df > 0 && e.variance >= 0
    ? tQuantile(1 - (1 - confidence) / 2, Math.min(e.df, 1e6)) * Math.sqrt(e.variance)
    : Infinity;
  const f = scale === 'ratio' ? Math.exp : (x: number) => x;
  return { estimate: f(e.mean), low: f(e.mean - half), high: f(e.mean + half) };
}

export type VerdictState = 'reproduced' | 'not reproduced' | 'inconclusive' | 'not measured';

/** What a comparison claims of its measured quantity. */
export type Claim =
  | { kind: 'at least'; threshold: number }
  | { kind: 'below'; threshold: number }
  | { kind: 'within'; low: number; high: number };

/** The claim in words, for tables and JSON: "≥ 100", "< 1.3", "0.8–1.25". */
export function claimText(c: Claim, unit = '×'): string {
  return c.kind === 'at least' ? `≥ ${c.threshold}${unit}` : c.kind === 'below' ? `< ${c.threshold}${unit}` : `${c.low}${unit}–${c.high}${unit}`;
}

/**
 * One interval against a claim: reproduced when all of it is on the claimed side, not reproduced
 * when all of it is on the other side, inconclusive when it straddles.
 */
export function judge(i: Interval, c: Claim): VerdictState {
  switch (c.kind) {
    case 'at least':
      return i.low >= c.threshold ? 'reproduced' : i.high < c.threshold ? 'not reproduced' : 'inconclusive';
    case 'below':
      return i.high < c.threshold ? 'reproduced' : i.low >= c.threshold ? 'not reproduced' : 'inconclusive';
    case 'within':
      return i.low >= c.low && i.high <= c.high ? 'reproduced'
        : i.high < c.low || i.low > c.high ? 'not reproduced' : 'inconclusive';
  }
}

/** A claim that must hold at every point (every size, every bound): one miss refutes it, one doubt leaves it open. */
export function judgeAll(states: readonly VerdictState[]): VerdictState {
  if (!states.length || states.includes('not measured')) return 'not measured';
  if (states.includes('not reproduced')) return 'not reproduced';
  return states.includes('inconclusive') ? 'inconclusive' : 'reproduced';
}
