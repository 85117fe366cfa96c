import { describe, expect, it } from 'vitest';
import { jmhTable, noisyRows, toCsv } from '../bench/report';
import type { SuiteRun } from '../bench/suites';
import { PRESETS } from '../bench/suites';
import { summarize } from '../bench/stats';
import { heapCancel } from './suites';

/** A run whose score for each row is `f(row, its published score)`. */
function runFrom(f: (heap: string, benchmark: string, num: number, published: number) => number, drop: string[] = []): SuiteRun {
  return {
    suite: 'heap-cancel', preset: 'quick', settings: PRESETS.quick, cancelled: false, budgetSpent: false,
    startedAt: '2026-11-21T00:00:00Z', durationMs: 1,
    rows: heapCancel.rows.filter((r) => !drop.includes(r.id)).map((row) => {
      const p = heapCancel.published.find((x) => x.benchmark === row.benchmark && x.params.heap === row.params.heap && x.params.num === row.params.num)!;
      const s = f(String(row.params.heap), row.benchmark, Number(row.params.num), p.score);
      const samples = [s * 0.99, s, s * 1.01];
      return { row, status: 'ok' as const, samples, summary: summarize(samples) };
    }),
  };
}

describe('the JMH table', () => {
  it('has JMH columns, one line per row, failures listed after', () => {
    const run = runFrom((_h, _b, _n, p) => p);
    run.rows[0] = { ...run.rows[0], status: 'failed', message: 'boom', summary: undefined };
    const lines = jmhTable(heapCancel, run).split('\n');
    expect(lines[0]).toMatch(/^Benchmark\s+\(heap\)\s+\(num\)\s+Mode\s+Cnt\s+Score\s+Error\s+Units$/);
    expect(lines).toHaveLength(1 + 15 + 1);
    expect(lines[1]).toMatch(/^ScheduledFutureTaskBenchmark\.cancelInOrder\s+jdk\s+1000\s+thrpt\s+3\s+12274\.420\s+±\s+\d+\.\d{3}\s+ops\/s$/);
    expect(lines[16]).toBe('FAILED: ScheduledFutureTaskBenchmark.cancelInOrder (jdk, 100): boom');
  });

  it('exports CSV with every sample', () => {
    const csv = toCsv(heapCancel, runFrom((_h, _b, _n, p) => p)).trim().split('\n');
    expect(csv[0]).toBe('benchmark,heap,num,mode,cnt,score,error,units,status,noisy,samples');
    expect(csv).toHaveLength(17);
    expect(csv[1].split(',')[10].split(' ')).toHaveLength(3);
  });
});

describe('noisy rows', () => {
  it('marks rows whose error is more than half their score, in the table and the CSV', () => {
    const run = runFrom((_h, _b, _n, p) => p);
    run.rows[2] = { ...run.rows[2], summary: { ...run.rows[2].summary!, mean: 870631, error: 435316 } };
    run.rows[3] = { ...run.rows[3], summary: { ...run.rows[3].summary!, mean: 870631, error: 435315 } };
    expect(noisyRows(run).map((r) => r.row.id)).toEqual([run.rows[2].row.id]);
    const lines = jmhTable(heapCancel, run).split('\n');
    expect(lines[3]).toMatch(/ops\/s  noisy$/);
    expect(lines[4]).toMatch(/ops\/s$/);
    expect(lines.at(-1)).toMatch(/^noisy: the row's 99.9 % error is more than half its score/);
    expect(toCsv(heapCancel, run).split('\n')[3]).toContain(',true,');
  });
});
