import { describe, expect, it } from 'vitest';
import { logLogFit } from './fit';

describe('logLogFit', () => {
  it('recovers the exponent of a power law', () => {
    const xs = [100, 1000, 10000, 100000];
    expect(logLogFit(xs.map((x) => ({ x, y: 3 * x })))!.slope).toBeCloseTo(1, 10);
    expect(logLogFit(xs.map((x) => ({ x, y: 0.5 * x * x })))!.slope).toBeCloseTo(2, 10);
    expect(logLogFit(xs.map((x) => ({ x, y: 7 })))!.slope).toBeCloseTo(0, 10);
    expect(logLogFit(xs.map((x) => ({ x, y: 2 * Math.log2(x) })))!.slope).toBeLessThan(0.2);
  });

  it('skips points a log axis cannot hold and needs two of them', () => {
    expect(logLogFit([{ x: 10, y: 0 }, { x: 100, y: 0 }])).toBeNull();
    expect(logLogFit([{ x: 10, y: 1 }, { x: 100, y: 0 }, { x: 1000, y: 100 }])).toMatchObject({ used: 2, slope: 1 });
    expect(logLogFit([{ x: 10, y: 1 }, { x: 10, y: 5 }])).toBeNull();
  });
});
