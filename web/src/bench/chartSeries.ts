// A suite's chart as lines: one per design, measured, and beside each the figures it is compared
// with (published ones, or the JVM originals run here, named as what they are).
import type { Series } from '../charts/LogLogChart';
import { MARKER_SHAPES } from '../charts/marks';
import type { RowResult } from './suites';
import type { Suite } from './suites';

const matches = (params: Record<string, string | number>, want: Record<string, string | number>) =>
  Object.entries(want).every(([k, v]) => params[k] === v);

/** One line per series of the suite's chart, measured, plus its published figures if asked. */
export function chartSeries(suite: Suite, rows: RowResult[], withPublished: boolean): Series[] {
  const x = suite.chart.x;
  // Each design keeps one marker shape, measured and published, so its two lines pair up.
  return suite.chart.series.flatMap((c, i) => {
    const marker = MARKER_SHAPES[i % MARKER_SHAPES.length];
    const own: Series = {
      key: c.key, label: c.label, className: c.className, marker,
      points: rows.filter((r) => r.status === 'ok' && r.row.benchmark === c.benchmark && matches(r.row.params, c.params))
        .map((r) => ({ x: Number(r.row.params[x]), y: r.summary!.mean, err: r.summary!.error }))
        .filter((p) => p.x > 0),
    };
    if (!withPublished) return [own];
    const points = suite.published.filter((q) => q.benchmark === c.benchmark && matches(q.params, c.params))
      .map((q) => ({ x: Number(q.params[x]), y: q.score, err: q.error }))
      .filter((p) => p.x > 0);
    // A design nobody gave figures for has no second line, and no legend entry claiming one.
    if (!points.length) return [own];
    return [own, { key: `${c.key}/published`, label: `${c.label}, ${suite.chart.publishedTag}`, className: c.className, dashed: true, marker, points }];
  });
}
