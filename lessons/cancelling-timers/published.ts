// The figures Netty published with its heap change, quoted by this lesson, its benchmark's
// verdicts and chart, and nowhere else typed again (see web/src/published/figures.ts).
import { defineFigures, type Figure } from '../../web/src/published/define';

const NUMS = [100, 1000, 10000, 100000] as const;
const ORDERS = { 'in-order': ['cancelInOrder', 'in order'], reverse: ['cancelInReverseOrder', 'in reverse'] } as const;

/** [before score, before error, after score, after error], ops/s, as the commit message printed them. */
const TABLE: Record<keyof typeof ORDERS, [number, number, number, number][]> = {
  'in-order': [
    [139968.586, 12951.333, 137779.616, 7709.751],
    [12274.42, 337.8, 11049.448, 385.832],
    [958.168, 15.35, 943.294, 12.391],
    [53.381, 13.981, 64.21, 1.824],
  ],
  reverse: [
    [123918.829, 3642.517, 167531.096, 9187.865],
    [5099.81, 206.992, 33019.786, 4737.77],
    [72.335, 0.443, 2976.955, 248.555],
    [0.743, 0.003, 362.654, 45.716],
  ],
};

const figures: Record<string, Figure> = {};
for (const [order, [method, words]] of Object.entries(ORDERS) as [keyof typeof ORDERS, (typeof ORDERS)[keyof typeof ORDERS]][]) {
  NUMS.forEach((num, i) => {
    const [bs, be, as, ae] = TABLE[order][i];
    const row = `${words}, ${num.toLocaleString('en-US')}`;
    figures[`before-${order}-${num}`] = {
      value: bs, error: be, unit: 'ops/s', source: 'commit', decimals: 3,
      what: `ScheduledFutureTaskBenchmark.${method}, num = ${num.toLocaleString('en-US')}, on java.util.PriorityQueue (before)`,
      table: { name: 'netty', row, column: 'before: JDK PriorityQueue' },
    };
    figures[`after-${order}-${num}`] = {
      value: as, error: ae, unit: 'ops/s', source: 'commit', decimals: 3,
      what: `ScheduledFutureTaskBenchmark.${method}, num = ${num.toLocaleString('en-US')}, on Netty's DefaultPriorityQueue (after)`,
      table: { name: 'netty', row, column: 'after: DefaultPriorityQueue' },
    };
  });
}

export const published = defineFigures({
  sources: {
    commit: {
      title: 'Netty commit 1f1a60ae7d (PR #7384)', where: 'the JMH tables of the commit message (thrpt, Cnt 20)',
      href: 'https://github.com/netty/netty/pull/7384', date: '2017-11', count: 20,
    },
  },
  figures,
});
