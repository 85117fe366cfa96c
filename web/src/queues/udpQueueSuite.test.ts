import { describe, expect, it } from 'vitest';
import type { SuiteRun } from '../bench/runner';
import type { Summary } from '../bench/stats';
import { compareQueues, udpQueue } from './udpQueueSuite';

/** A run whose every row scored what `score` says (a missing score: the row failed). */
function run(score: (queue: string, capacity: number) => number | undefined): SuiteRun {
  return {
    suite: 'udp-queue', preset: 'quick', settings: { forks: 1, warmupIterations: 1, measurementIterations: 3, iterationMs: 300, budgetMs: 60_000 },
    cancelled: false, budgetSpent: false, startedAt: '', durationMs: 0,
    rows: udpQueue.rows.map((row) => {
      const s = score(row.params.queue as string, row.params.capacity as number);
      return s === undefined
        ? { row, status: 'failed' as const, samples: [] }
        : { row, status: 'ok' as const, samples: [s], summary: { mean: s } as Summary };
    }),
  };
}

const jvm = (queue: string, capacity: number) => udpQueue.published.find((p) => p.params.queue === queue && p.params.capacity === capacity)!.score;

describe('the udp-queue verdicts', () => {
  it('reproduce every claim from the JVM originals’ own figures', () => {
    const v = compareQueues(run(jvm));
    expect(v.map((c) => c.verdict)).toEqual(['reproduced', 'reproduced', 'reproduced', 'reproduced', 'reproduced']);
    expect(v[0].sentence).toMatch(/^Reproduced: the size\(\) guard makes each offer 57,2\d\d× slower at a bound of 1,048,576/);
    expect(v[1].measured).toBe('n^1.00');
  });

  it('say "not reproduced" when size() costs nothing, and "not measured" without the rows', () => {
    const flat = compareQueues(run((q, c) => (q === 'clq-size' ? jvm('clq', c) : jvm(q, c))));
    expect(flat[0].verdict).toBe('not reproduced');
    expect(flat[1].verdict).toBe('not reproduced');
    const none = compareQueues(run(() => undefined));
    expect(none.every((c) => c.verdict === 'not measured')).toBe(true);
  });
});
