// The figures of Netty's 2014 Recycler rewrite and of the critique that followed it, quoted by
// this lesson, its benchmark's verdicts and chart, and nowhere else typed again.
import { defineFigures, type Figure } from '../../web/src/published/define';

const SIZES = [0, 256, 1024, 4096, 16384, 65536] as const;

/** The commit message's two JMH tables: [score, score error] in ops/s, four threads summed. */
const BEFORE: [number, number][] = [
  [116026994.13, 2763381.305], [110823170.627, 3007221.464], [118290272.413, 7143962.304],
  [120560396.523, 6483323.228], [114726607.428, 2960013.108], [119385917.899, 3172913.684],
];
const AFTER: [number, number][] = [
  [204158855.315, 5031432.145], [205179685.861, 1934137.841], [209906801.437, 8007811.254],
  [214288320.053, 6413126.689], [215940902.649, 7837706.133], [211141994.206, 5017868.542],
];

const figures: Record<string, Figure> = {
  'critique-drop': {
    value: 20, unit: '%', source: 'pr3069', approx: true,
    what: 'the drop in performance its author measured for the rewrite “in the single thread scenario”, without -ea',
  },
};
SIZES.forEach((size, i) => {
  const row = size.toLocaleString('en-US');
  figures[`before-${size}`] = {
    value: BEFORE[i][0], error: BEFORE[i][1], unit: 'ops/s', source: 'commit', decimals: 3,
    what: `RecyclableArrayListBenchmark.recycleSameThread, size ${row}, the old Recycler (4 threads summed, -ea:io.netty...)`,
    table: { name: 'commit', row, column: 'before (4.0 branch without the commit)' },
  };
  figures[`after-${size}`] = {
    value: AFTER[i][0], error: AFTER[i][1], unit: 'ops/s', source: 'commit', decimals: 3,
    what: `RecyclableArrayListBenchmark.recycleSameThread, size ${row}, the rewritten Recycler (4 threads summed)`,
    table: { name: 'commit', row, column: 'after (with the commit)' },
  };
});

export const published = defineFigures({
  sources: {
    commit: {
      title: 'Netty commit 790c63e8 “Improve performance of Recycler”', where: 'the two JMH tables of the commit message (thrpt, 20 samples)',
      href: 'https://github.com/netty/netty/commit/790c63e8', date: '2014', count: 20,
    },
    pr3069: {
      title: 'Netty PR #3069 (unmerged)', where: 'its description',
      href: 'https://github.com/netty/netty/pull/3069', date: '2014-10-29',
    },
  },
  figures,
});
