// The load generator, through wasm as the page uses it: for a seed, the rate and the share of
// requests that time out are what Kafka's TestPurgatoryPerformance would draw.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm, callWasm } from '../wasm/loader';
import { CASES } from './saturation';
import { entriesOverTime, purgatoryParams, type SimFactory } from './purgatorySweep';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

function draw(rate: number, c: keyof typeof CASES, seconds: number, seed: number) {
  return callWasm((w) => {
    const sim = new w.Simulation('purgatory', purgatoryParams('none', rate, CASES[c].p50, CASES[c].p75, 200, 3, seed));
    try {
      sim.run(seconds * 1000);
      return { requests: sim.figure('requests'), timedOut: sim.figure('timedOut') };
    } finally {
      sim.free();
    }
  });
}

describe('the purgatory load generator', () => {
  it('arrives at the target rate, within Poisson noise', () => {
    for (const rate of [2_000, 50_000]) {
      const { requests } = draw(rate, 'high', 2, 3);
      const expected = rate * 2;
      expect(Math.abs(requests - expected)).toBeLessThan(4 * Math.sqrt(expected) + 2); // 4σ
    }
  });

  it('times out about half the requests in the high case and 8% in the low one', () => {
    const high = draw(20_000, 'high', 1, 5);
    const low = draw(20_000, 'low', 1, 5);
    // P(latency ≥ 200 ms): 0.5 for p50 = 200; 1 − Φ(ln 10 / σ) with σ = ln 3 / 0.67449 for p50 = 20, p75 = 60.
    const sigma = Math.log(3) / 0.67449;
    const z = Math.log(10) / sigma;
    const tail = 0.5 * (1 - erf(z / Math.SQRT2));
    expect(high.timedOut / high.requests).toBeCloseTo(0.5, 1);
    expect(Math.abs(low.timedOut / low.requests - tail)).toBeLessThan(0.01);
  });

  it('is the same for the same seed and differs between seeds', () => {
    expect(draw(5_000, 'low', 1, 9)).toEqual(draw(5_000, 'low', 1, 9));
    expect(draw(5_000, 'low', 1, 9)).not.toEqual(draw(5_000, 'low', 1, 10));
  });

  it('refuses nonsense parameters with a message naming the parameter', () => {
    const start = (params: string) => () => callWasm((w) => new w.Simulation('purgatory', params));
    expect(start(purgatoryParams('older' as 'old', 1, 20, 60, 200, 3, 1))).toThrow('design is "older"; expected old, wheel, none');
    expect(start(purgatoryParams('old', -5, 20, 60, 200, 3, 1))).toThrow('rate is "-5"; expected a whole number from 1 to 10000000');
    expect(start(purgatoryParams('old', 0, 20, 60, 200, 3, 1))).toThrow('rate is "0"; expected a whole number from 1 to 10000000');
    expect(start(purgatoryParams('old', 100, 60, 20, 200, 3, 1))).toThrow('p75 is "20"; expected a whole number from 61 to 3600000');
    expect(start('design=old,rate=100')).toThrow('purgatory needs the parameter p50');
    expect(start('design=old,colour=red')).toThrow('purgatory has no parameter "colour"');
    expect(() => callWasm((w) => new w.Simulation('purgatry', ''))).toThrow('there is no simulation "purgatry"');
    const sim = callWasm((w) => new w.Simulation('purgatory', purgatoryParams('old', 100, 20, 60, 200, 3, 1)));
    try {
      expect(() => sim.figure('colour')).toThrow('purgatory has no figure "colour"');
    } finally {
      sim.free();
    }
  });
});

/** Abramowitz–Stegun 7.1.26: plenty for a 1% check. */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * x);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

describe('what each purgatory holds over time', () => {
  it('reads every field of a sample, purge visits included', () => {
    const factory: SimFactory = (params) => callWasm((w) => new w.Simulation('purgatory', params));
    const old = entriesOverTime(factory, 'old', 'low', 4000).at(-1)!;
    for (const v of Object.values(old)) expect(Number.isFinite(v)).toBe(true);
    // At 4,000 requests/s the old design's lists pass the purge interval: purges visit entries.
    expect(old.purgeVisits).toBeGreaterThan(0);
  });
});
