import { describe, expect, it } from 'vitest';
import { jmhTable, toCsv, unboundedRows } from '../bench/report';
import type { SuiteRun } from '../bench/runner';
import { PRESETS } from '../bench/suites';
import { summarize } from '../bench/stats';
import { compareHeapCancel, heapCancel } from './heapCancelSuite';

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
    expect(csv[0]).toBe('benchmark,heap,num,mode,cnt,score,error,units,status,samples');
    expect(csv).toHaveLength(17);
    expect(csv[1].split(',')[9].split(' ')).toHaveLength(3);
  });
});

describe('published vs measured', () => {
  it('reproduces when the shape matches, whatever the absolute speed', () => {
    const c = compareHeapCancel(runFrom((_h, _b, _n, p) => 7 * p)); // seven times faster everywhere: same shape
    expect(c.map((x) => x.verdict)).toEqual(['reproduced', 'reproduced', 'reproduced', 'reproduced', 'reproduced']);
    expect(c[0].sentence).toBe('Reproduced: in reverse at 100,000 the indexed heap is 488× faster than the JDK heap (published 488×; the target is at least 100×).');
    expect(c[4].measured).toBe(c[4].published);
  });

  it('says not reproduced when the data disagree, and not measured when rows are missing', () => {
    // A JDK heap whose reverse cancels scale like n log n, not n²: the shape is not reproduced.
    const flat = compareHeapCancel(runFrom((heap, b, num, p) => (heap === 'jdk' && b === 'cancelInReverseOrder' ? 1e7 / num : p)));
    expect(flat[4]).toMatchObject({ verdict: 'not reproduced', measured: '-1.00' });
    const slowIndexed = compareHeapCancel(runFrom((heap, _b, _n, p) => (heap === 'indexed' ? 0.1 * p : p)));
    expect(slowIndexed[0].verdict).toBe('not reproduced');
    expect(slowIndexed[2].verdict).toBe('not reproduced');
    const partial = compareHeapCancel(runFrom((_h, _b, _n, p) => p, ['cancelInReverseOrder/jdk/100000']));
    expect(partial[0].verdict).toBe('not measured');
    expect(partial[4].verdict).toBe('not measured');
  });

  it('keeps "no asymptotic difference" apart from "level", and gives the reason when parity fails', () => {
    // The lab's typical in-order result: the indexed heap 0.6× the JDK heap at every size.
    const c = compareHeapCancel(runFrom((heap, b, _n, p) => (b === 'cancelInOrder' && heap === 'indexed' ? 0.6 * p : p), []))
      .filter((x) => x.title.startsWith('Cancel in order'));
    expect(c.map((x) => x.verdict)).toEqual(['reproduced', 'not reproduced']);
    expect(c[0].sentence).toMatch(/^Reproduced: in order neither heap is asymptotically faster; indexed ÷ JDK stays within 0\.\d+×–0\.\d+×/);
    expect(c[1].sentence).toMatch(/^Not reproduced: the published parity \(0\.90×–1\.20×\)\. Here the indexed heap runs at 0\.\d+×–0\.\d+× of the JDK heap's speed, \d+–\d+% slower: each of its moves also writes/);
    expect(c[1].sentence).not.toContain('level');
  });

  it('finds rows whose error is larger than their score', () => {
    const run = runFrom((_h, _b, _n, p) => p);
    run.rows[2] = { ...run.rows[2], summary: { ...run.rows[2].summary!, mean: 870631, error: 2637312 } };
    expect(unboundedRows(run).map((r) => r.row.id)).toEqual([run.rows[2].row.id]);
  });
});
