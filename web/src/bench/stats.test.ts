import { describe, expect, it } from 'vitest';
import { incompleteBeta, summarize, tCdf, tQuantile } from './stats';

describe('Student t', () => {
  it('matches published quantiles', () => {
    // Two-sided 99.9% (p = 0.9995), the ones JMH uses, from standard t tables.
    const table: [number, number][] = [[1, 636.619], [2, 31.599], [4, 8.610], [9, 4.781], [19, 3.883], [29, 3.659], [120, 3.373]];
    for (const [df, t] of table) expect(tQuantile(0.9995, df)).toBeCloseTo(t, 2);
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.228, 3);
    expect(tQuantile(0.95, 5)).toBeCloseTo(2.015, 3);
    expect(tQuantile(0.9995, 1e6)).toBeCloseTo(3.2905, 3); // the normal limit
  });

  it('has a CDF that inverts the quantile and is symmetric', () => {
    for (const df of [1, 3, 19]) {
      for (const p of [0.6, 0.9, 0.999]) expect(tCdf(tQuantile(p, df), df)).toBeCloseTo(p, 9);
      expect(tCdf(-1.3, df) + tCdf(1.3, df)).toBeCloseTo(1, 12);
    }
    expect(incompleteBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
  });

  it('refuses nonsense', () => {
    expect(() => tQuantile(0.3, 5)).toThrow(RangeError);
    expect(() => tQuantile(1, 5)).toThrow(RangeError);
    expect(() => tQuantile(0.9, 0)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('gives JMH score and error', () => {
    // mean 10, sample sd 1.5811, n 5: error = t(0.9995, 4) · sd / √5 = 8.610 · 0.7071.
    const s = summarize([8, 9, 10, 11, 12]);
    expect(s.mean).toBe(10);
    expect(s.stdev).toBeCloseTo(1.5811, 4);
    expect(s.error).toBeCloseTo(8.6103 * 0.70711, 3);
    expect(s).toMatchObject({ n: 5, min: 8, max: 12 });
  });

  it('has no error with one sample, and needs at least one', () => {
    expect(summarize([3]).error).toBeNaN();
    expect(() => summarize([])).toThrow(RangeError);
  });
});
