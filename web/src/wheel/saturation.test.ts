import { describe, expect, it } from 'vitest';
import { describeRange, saturation, saturationInterval, sustainable, verdicts, type Point } from './saturation';

/** Three seeded runs per rate, spread by ±`spread` around the cost. */
const pts = (design: Point['design'], c: Point['case'], cost: (r: number) => number, rates = [5e3, 1e4, 2e4, 4e4, 8e4, 16e4], spread = 0.02): Point[] =>
  rates.map((rate) => {
    const costs = [1 - spread, 1, 1 + spread].map((f) => f * cost(rate));
    return { design, case: c, rate, cost: costs.reduce((a, b) => a + b) / 3, costs, partial: false };
  });

describe('saturation', () => {
  it('interpolates, log-log, where the cost reaches a second', () => {
    // cost = (rate / 50k)²: exactly 1 at 50k.
    const s = saturation(pts('old', 'high', (r) => (r / 5e4) ** 2));
    expect(s?.kind).toBe('at');
    expect(s!.rate).toBeCloseTo(5e4, -2);
    expect(saturation(pts('wheel', 'high', (r) => r / 1e7))).toEqual({ kind: 'beyond', rate: 16e4 });
    expect(saturation(pts('old', 'low', () => 2))).toEqual({ kind: 'below', rate: 5e3 });
    expect(saturation([])).toBeNull();
  });

  it('sustains the target while the cost is under a second, then rate ÷ cost', () => {
    expect(sustainable({ rate: 1000, cost: 0.5 })).toBe(1000);
    expect(sustainable({ rate: 1000, cost: 4 })).toBe(250);
  });

  it('computes the verdicts from the data, finding what is there', () => {
    const data = [
      ...pts('old', 'high', (r) => (r / 25e3) ** 2),
      ...pts('wheel', 'high', (r) => r / 105e3),
      ...pts('old', 'low', (r) => (r / 50e3) ** 2),
      ...pts('wheel', 'low', (r) => r / 1e6 + (r < 1e4 ? 0 : 0)),
    ];
    const v = verdicts(data);
    expect(v.map((x) => x.verdict)).toEqual(['reproduced', 'reproduced', 'reproduced']);
    expect(v[0].ratio!.estimate).toBeCloseTo(4.2, 1);
    expect(v[0].sentence).toMatch(/the old purgatory saturates at 25k\/s \(2\dk–2\dk\) and the wheel at 105k\/s \(\d+k–\d+k\)/);
    // The direction reproduces; the rates are said not to compare.
    expect(v[1].sentence).toMatch(/^Reproduced: the direction: .*not comparable/);
    // A wheel that degrades (cost per request growing 8×) is not "no degradation".
    const worse = verdicts([...data.filter((p) => !(p.design === 'wheel' && p.case === 'low')), ...pts('wheel', 'low', (r) => (r / 2e5) ** 2)]);
    expect(worse[2].verdict).toBe('not reproduced');
    // Missing data is "not measured", not a guess.
    expect(verdicts([]).every((x) => x.verdict === 'not measured')).toBe(true);
    // Runs that disagree (a spread of ±60 % over the seeds) bound nothing close to the claim.
    const noisy = verdicts(data.map((p) => ({ ...p, costs: [0.4, 1, 1.6].map((f) => f * p.cost) })));
    expect(noisy[2].verdict).toBe('inconclusive');
    expect(noisy[2].sentence).toMatch(/straddles the claim's < 2×/);
  });

  it('gives a saturation rate as a range from the spread of the runs', () => {
    const tight = saturationInterval(pts('old', 'high', (r) => (r / 5e4) ** 2));
    const wide = saturationInterval(pts('old', 'high', (r) => (r / 5e4) ** 2, undefined, 0.5));
    expect(tight!.low).toBeLessThan(5e4);
    expect(tight!.high).toBeGreaterThan(5e4);
    expect(wide!.high / wide!.low).toBeGreaterThan(tight!.high / tight!.low);
    expect(describeRange(pts('old', 'high', (r) => (r / 5e4) ** 2))).toMatch(/^about 50k\/s \(\d\dk–\d\dk\)$/);
  });

  it('calls an interval with no bound on one side not enough data, plainly, with what would settle it', () => {
    // The old design with many timeouts: seeds so far apart that its saturation's range runs below
    // the smallest rate tried (a quick run on a busy machine).
    const data = [
      ...pts('old', 'high', (r) => (r / 25e3) ** 2, undefined, 0.97),
      ...pts('wheel', 'high', (r) => r / 105e3),
      ...pts('old', 'low', (r) => (r / 50e3) ** 2),
      ...pts('wheel', 'low', (r) => r / 1e6),
    ];
    const [gain] = verdicts(data);
    expect(gain.verdict).toBe('inconclusive');
    expect(gain.sentence).toMatch(/^Inconclusive: not enough data to judge “High timeout rate: .*”\. The estimate is 4\.20×, but with 3 seeds per rate its 95 % interval has no (lower|upper) bound: the sweep could not pin the saturation down\. Run the full preset \(five seeds per rate/);
    expect(gain.sentence).not.toMatch(/0\.00×|∞/);
  });
});

