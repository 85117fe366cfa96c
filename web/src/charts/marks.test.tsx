import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { ChartLegend, overlaps, type ChartSeries } from './marks';

const line = (key: string, ys: number[], extra: Partial<ChartSeries> = {}): ChartSeries =>
  ({ key, label: key, className: key, points: ys.map((y, i) => ({ x: 10 ** (i + 2), y })), ...extra });

describe('lines that run over others', () => {
  afterEach(cleanup);

  it('are found, so the later one is drawn dashed on top and says so', () => {
    const yAt = (v: number) => 300 - 30 * Math.log10(v);
    const series = [
      line('jdk-reverse', [50, 500, 5000]),
      line('jdk-order', [9.45, 15.97, 22.67]),
      line('indexed-order', [9.44, 15.97, 22.67]),
      line('published', [9.45, 15.97, 22.67], { dashed: true }),
    ];
    // Measured lines are compared with measured ones, published with published.
    expect(overlaps(series, yAt)).toEqual([null, null, { label: 'jdk-order', meet: 3, of: 3 }, null]);
    // Apart at most x values: not over.
    expect(overlaps([line('a', [10, 100, 1000]), line('b', [10, 1000, 10000])], yAt)).toEqual([null, null]);
    // Close at two of three points: drawn over, and the legend says where, not "runs over".
    expect(overlaps([line('a', [10, 100, 1000]), line('b', [10, 100, 5000])], yAt)).toEqual([null, { label: 'a', meet: 2, of: 3 }]);
  });

  it('have legend swatches drawn with their line’s classes: dashed for a dashed line', () => {
    const series = [line('a', [1, 2]), line('b', [1, 2], { dashed: true, marker: 'square' })];
    const { container } = render(<ChartLegend series={series} over={[null, { label: 'a', meet: 2, of: 2 }]} />);
    const groups = [...container.querySelectorAll('.legend li svg g')];
    expect(groups.map((g) => g.getAttribute('class'))).toEqual(['series a', 'series b dashed over']);
    expect(container.querySelector('.legend li:nth-child(2) rect.mark')).not.toBeNull();
    expect(container.textContent).toContain('(drawn on top: it runs over a)');
    cleanup();
    const partly = render(<ChartLegend series={series} over={[null, { label: 'a', meet: 2, of: 3 }]} />);
    expect(partly.container.textContent).toContain('(drawn on top: it lies within a few pixels of a at 2 of their 3 points)');
  });

  it('name only the series drawn: one with no point has no line to name (issue 60: the purgatory’s quick preset)', () => {
    const series = [line('old, few timeouts', [1, 2]), line('old, many timeouts', []), line('wheel, few timeouts', [1, 3])];
    const { container } = render(<ChartLegend series={series} over={[null, null, null]} />);
    expect([...container.querySelectorAll('.legend li')].map((li) => li.textContent!.trim())).toEqual(['old, few timeouts', 'wheel, few timeouts']);
  });
});

describe('a log axis by default', () => {
  it('spans the values, widened to a decade if narrower, not down to 1', async () => {
    const { atLeastADecade } = await import('./LogLogChart');
    expect(atLeastADecade([9.44, 50_000])).toEqual([9.44, 50_000]);
    const [lo, hi] = atLeastADecade([7e7, 2e8]);
    expect(hi / lo).toBeCloseTo(10, 9);
    expect(lo).toBeGreaterThan(1e7);
    expect(atLeastADecade([])).toEqual([1, 10]);
  });
});
