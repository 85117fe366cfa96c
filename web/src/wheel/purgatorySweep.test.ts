// The sweep's count of simulations it ran, which the widget reports when it finishes: a design
// given up on at a rate runs no more simulations there (a student read "from 162 runs" beside
// 31 points and could not make the sum).
import { describe, expect, it } from 'vitest';
import { runSweep, type Sim, type SweepProgress, type SweepSettings } from './purgatorySweep';
import type { Design } from './saturation';

describe('the purgatory sweep', () => {
  it('counts the simulations it ran: the load alone, then each design not yet given up on, per seed', () => {
    let now = 0;
    const clock = { now: () => now };
    // The old design costs ten times the wheel, and past the second rate more than giveUpCost.
    const factory = (params: string): Sim => {
      // The parameters as purgatoryParams writes them: `design=old,rate=10000,…`.
      const p = new URLSearchParams(params.replaceAll(',', '&'));
      const design = p.get('design') as Design | 'none';
      const rate = Number(p.get('rate'));
      return {
        run: (ms) => {
          now += ms * (design === 'none' ? 0.01 : (design === 'old' ? 10 : 1) * rate * 1e-5);
          return [];
        },
        figure: () => 0,
        free: () => {},
      };
    };
    const s: SweepSettings = { rates: [1e4, 2e4, 4e4], warmupMs: 10, measureMs: 10, chunkMs: 5, budgetMs: 1e9, giveUpCost: 1.5, seeds: 2 };
    const last: SweepProgress[] = [];
    const points = runSweep(factory, clock, s, ['high'], () => {}, (p) => last.push(p));
    const old = points.filter((p) => p.design === 'old');
    // The old design is measured at the first rate (cost 1), then at the second (cost 2, past 1.5),
    // then given up on: two rates of the three.
    expect(old.map((p) => p.rate)).toEqual([1e4, 2e4]);
    const end = last.at(-1)!;
    expect(end.done).toBe(end.total);
    // Per rate and seed: the load alone and the wheel (3 × 2 × 2), and the old design at two rates (2 × 2).
    expect(end.ran).toBe(3 * 2 * 2 + 2 * 2);
    expect(end.ran).toBeLessThan(end.total);
  });
});
