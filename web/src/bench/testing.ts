// Synthetic runs for the verdict tests: each row's samples drawn around a chosen mean with
// lognormal noise, and a load drift shared by the rows measured side by side, as the runner
// measures them. Deterministic: a seed gives the same run.
import type { RowResult, SuiteRun } from './suites';
import { summarize } from './stats';
import type { Row, Suite } from './suites';
import { interleaveGroups } from './runner';

/** A small seeded generator (mulberry32) and standard normals from it (Box–Muller). */
function normals(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

export interface SyntheticOptions {
  /** Samples per row. */
  n?: number;
  /** Standard deviation of each sample's log (0.05 is a quiet machine, 0.5 a very busy one). */
  noise?: number;
  /** Standard deviation of the log of the load factor all rows of a group share at one iteration. */
  drift?: number;
  seed?: number;
}

/** A run in which row `r` scored around `mean(r)` ops/s (undefined: the row failed). */
export function syntheticRun(suite: Suite, mean: (row: Row) => number | undefined, o: SyntheticOptions = {}): SuiteRun {
  const { n = 8, noise = 0.05, drift = 0, seed = 1 } = o;
  const z = normals(seed);
  const results: RowResult[] = [];
  for (const group of interleaveGroups(suite, suite.rows)) {
    const load = Array.from({ length: n }, () => Math.exp(drift * z()));
    for (const row of group) {
      const m = mean(row);
      if (m === undefined) {
        results.push({ row, status: 'failed', message: 'synthetic failure', samples: [] });
        continue;
      }
      const samples = load.map((l) => m * l * Math.exp(noise * z()));
      results.push({ row, status: 'ok', samples, summary: summarize(samples), group: group.length > 1 ? suite.interleave?.(row) : undefined });
    }
  }
  const order = new Map(suite.rows.map((r, i) => [r.id, i]));
  results.sort((a, b) => order.get(a.row.id)! - order.get(b.row.id)!);
  return {
    suite: suite.name, preset: 'synthetic', settings: { forks: 1, warmupIterations: 1, measurementIterations: n, iterationMs: 150, budgetMs: 1e9 },
    rows: results, cancelled: false, budgetSpent: false, startedAt: '', durationMs: 0,
  };
}
