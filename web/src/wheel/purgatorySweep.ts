// The purgatory experiment, run: for each workload and target rate, simulate the load on each
// design and time how long the real structures take to serve one simulated second. Shared by
// the browser Worker and `npm run bench -- purgatory`; it knows nothing of either.
import { CASES, type Case, type Design, type Point } from './saturation';

/** What the sweep needs of wasm's `Simulation` (the registry's `purgatory`). */
export interface Sim {
  run(ms: number): Float64Array | number[];
  figure(name: string): number;
  free(): void;
}
/** A purgatory simulation from its parameters (`purgatoryParams`): `new Simulation('purgatory', params)`. */
export type SimFactory = (params: string) => Sim;

/** The purgatory simulation's parameters, as its registry entry reads them. */
export function purgatoryParams(design: Design | 'none', rate: number, p50: number, p75: number, timeout: number, keys: number, seed: number): string {
  return `design=${design},rate=${rate},p50=${p50},p75=${p75},timeout=${timeout},keys=${keys},seed=${seed}`;
}

export interface SweepSettings {
  rates: number[];
  /** Simulated time before measuring: the purgatory fills up over the first timeout. */
  warmupMs: number;
  /** Simulated time measured at each point. */
  measureMs: number;
  /** The simulation advances this much per call, so a slow point can stop early. */
  chunkMs: number;
  /** Wall-clock time one point may take; past it, the cost is extrapolated from what ran. */
  budgetMs: number;
  /** A design whose cost passes this is not run at higher rates: it is long saturated. */
  giveUpCost: number;
  /** Seeded runs per rate (seeds 1, 2, …): each point's spread. */
  seeds: number;
}

export const TIMEOUT_MS = 200;
export const KEYS = 3;
/** The seed of the entries-over-time picture. */
export const SEED = 1;
/** The rate of the entries-over-time picture: the old design's lists are purged, its queue not yet. */
export const ENTRIES_RATE = 4000;

export const SWEEPS: Record<'quick' | 'full', SweepSettings> = {
  quick: { rates: [5e3, 1e4, 2e4, 4e4, 8e4, 16e4, 32e4, 64e4, 128e4], warmupMs: 250, measureMs: 400, chunkMs: 25, budgetMs: 700, giveUpCost: 3, seeds: 3 },
  full: {
    rates: [2.5e3, 5e3, 7.5e3, 1e4, 1.5e4, 2e4, 3e4, 4e4, 6e4, 8e4, 1.2e5, 1.6e5, 2.4e5, 3.2e5, 4.8e5, 6.4e5, 1.28e6, 2.56e6, 5.12e6],
    warmupMs: 400, measureMs: 1000, chunkMs: 20, budgetMs: 4000, giveUpCost: 4, seeds: 5,
  },
};

export interface Clock {
  now(): number;
}

/** Seconds per simulated second for one design at one rate (the load's own cost not subtracted). */
function measure(make: () => Sim, s: SweepSettings, clock: Clock): { cost: number; partial: boolean } {
  const sim = make();
  try {
    const t0 = clock.now();
    let warm = 0;
    while (warm < s.warmupMs) {
      sim.run(s.chunkMs);
      warm += s.chunkMs;
      if (clock.now() - t0 > s.budgetMs) {
        // Still filling up when the budget ran out: a lower bound, from all of it.
        return { cost: (clock.now() - t0) / warm, partial: true };
      }
    }
    const t1 = clock.now();
    let simulated = 0;
    while (simulated < s.measureMs) {
      sim.run(s.chunkMs);
      simulated += s.chunkMs;
      if (clock.now() - t0 > s.budgetMs && simulated < s.measureMs) {
        return { cost: (clock.now() - t1) / simulated, partial: true };
      }
    }
    return { cost: (clock.now() - t1) / simulated, partial: false };
  } finally {
    sim.free();
  }
}

export interface SweepProgress {
  /** Steps of the plan passed (a design given up on at a rate passes its steps without running them). */
  done: number;
  total: number;
  /** Simulations actually run so far: the load alone, then each design still measured, per seed. */
  ran: number;
  label: string;
}

/**
 * Runs the sweep, reporting each point as it is measured. `cost` is the purgatory's share: the
 * same load driven with no purgatory is measured beside each seeded run and subtracted. Each rate
 * runs `seeds` times (the load alone, the wheel and the old design for seed 1, then seed 2, …),
 * so a point carries its spread.
 */
export function runSweep(factory: SimFactory, clock: Clock, s: SweepSettings, cases: Case[],
  onPoint: (p: Point) => void, onProgress: (p: SweepProgress) => void = () => {}): Point[] {
  const points: Point[] = [];
  const total = cases.length * s.rates.length * 3 * s.seeds;
  let done = 0;
  let ran = 0;
  for (const c of cases) {
    const { p50, p75 } = CASES[c];
    const gaveUp = new Set<Design>();
    for (const rate of s.rates) {
      const costs: Record<Design, number[]> = { wheel: [], old: [] };
      const partial: Record<Design, boolean> = { wheel: false, old: false };
      for (let seed = 1; seed <= s.seeds; seed++) {
        const make = (d: Design | 'none') => () => factory(purgatoryParams(d, rate, p50, p75, TIMEOUT_MS, KEYS, seed));
        const at = `${c} timeouts, ${rate.toLocaleString('en-US')}/s, seed ${seed}`;
        onProgress({ done, total, ran, label: `${at}: the load alone` });
        const harness = measure(make('none'), s, clock).cost;
        done++;
        ran++;
        for (const design of ['wheel', 'old'] as Design[]) {
          if (!gaveUp.has(design)) {
            onProgress({ done, total, ran, label: `${at}: ${design === 'old' ? 'old purgatory' : 'timing wheel'}` });
            const m = measure(make(design), s, clock);
            ran++;
            costs[design].push(Math.max(0, m.cost - harness));
            partial[design] ||= m.partial;
          }
          done++;
        }
      }
      for (const design of ['wheel', 'old'] as Design[]) {
        if (!costs[design].length) continue;
        const cost = costs[design].reduce((a, b) => a + b, 0) / costs[design].length;
        const p: Point = { design, case: c, rate, cost, costs: costs[design], partial: partial[design] };
        points.push(p);
        onPoint(p);
        if (cost > s.giveUpCost) gaveUp.add(design);
      }
    }
  }
  onProgress({ done: total, total, ran, label: 'done' });
  return points;
}

export interface EntrySample {
  time: number;
  timer: number;
  watchers: number;
  completedTimer: number;
  completedWatchers: number;
  /** Entries visited by purges so far. */
  purgeVisits: number;
}

/** Entries each design holds over simulated time, at one rate: what the old design carries. */
export function entriesOverTime(factory: SimFactory, design: Design, c: Case, rate: number, ms = 1000, every = 20): EntrySample[] {
  const { p50, p75 } = CASES[c];
  const sim = factory(purgatoryParams(design, rate, p50, p75, TIMEOUT_MS, KEYS, SEED));
  try {
    const out: EntrySample[] = [];
    for (let t = 0; t < ms; t += every) {
      // Each run returns the entries held as it ends (the registry's `purgatory` samples so).
      const [time, timer, watchers, completedTimer, completedWatchers, purgeVisits] = Array.from(sim.run(every));
      out.push({ time, timer, watchers, completedTimer, completedWatchers, purgeVisits });
    }
    return out;
  } finally {
    sim.free();
  }
}
