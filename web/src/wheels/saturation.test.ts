import { describe, expect, it } from 'vitest';
import { saturation, sustainable, verdicts, type Point } from './saturation';

const pts = (design: Point['design'], c: Point['case'], cost: (r: number) => number, rates = [5e3, 1e4, 2e4, 4e4, 8e4, 16e4]) =>
  rates.map((rate) => ({ design, case: c, rate, cost: cost(rate), partial: false }));

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
    expect(v[0].measured).toBe('4.2×');
    expect(v[0].sentence).toContain('saturates at about 25k/s and the wheel about 105k/s');
    // A wheel that degrades (cost per request growing 8×) is not "no degradation".
    const worse = verdicts([...data.filter((p) => !(p.design === 'wheel' && p.case === 'low')), ...pts('wheel', 'low', (r) => (r / 2e5) ** 2)]);
    expect(worse[2].verdict).toBe('not reproduced');
    // Missing data is "not measured", not a guess.
    expect(verdicts([]).every((x) => x.verdict === 'not measured')).toBe(true);
  });
});
