import { describe, expect, it } from 'vitest';
import { forkServer } from './forkMain';
import type { ForkHost, ForkReply } from './protocol';
import { runSuite } from './runner';
import type { KernelFactory, Preset } from './suites';
import { heapCancel } from '../heap/suites';

/** Virtual time that advances only when fake kernels run: fast, deterministic tests. */
function world(opts: { failOn?: string; panicOn?: string } = {}) {
  let t = 0;
  const clock = { now: () => (t += 0.001) };
  const wasm: KernelFactory = {
    Kernel: class {
      private k = 0;
      private heap: string;
      private num: number;
      private reverse: boolean;
      constructor(suite: string, params: string) {
        const p = Object.fromEntries(params.split(',').map((kv) => kv.split('=')));
        [this.heap, this.num, this.reverse] = [p.heap, Number(p.num), p.reverse === 'true'];
        if (suite !== 'heap-cancel') throw new Error(`not a heap-cancel row: ${suite}`);
        if (opts.failOn === `${this.heap}/${this.num}`) throw new Error('no such kernel today');
      }
      prepare(k: number) {
        this.k = k;
      }
      run() {
        if (opts.panicOn === `${this.heap}/${this.num}`) throw new Error('[rust panic] index out of bounds');
        // The JDK heap in reverse costs n² / 2, everything else n log n, in fake microseconds.
        const n = this.num;
        t += this.k * (this.heap === 'jdk' && this.reverse ? (n * n) / 2e6 : (n * Math.log2(n)) / 1e6);
        return this.k;
      }
      free() {}
    },
  };
  let spawned = 0;
  const host: ForkHost = {
    spawn() {
      spawned++;
      let cb: (m: ForkReply) => void = () => {};
      let dead = false;
      const handle = forkServer(wasm, clock, (m) => !dead && cb(m));
      return {
        send: (req) => setTimeout(() => handle(req), 0),
        onMessage: (f) => {
          cb = f;
        },
        terminate: () => {
          dead = true;
        },
      };
    },
  };
  return { host, now: clock.now, spawnedCount: () => spawned };
}

const PRESET: Preset = { forks: 2, warmupIterations: 1, measurementIterations: 3, iterationMs: 50, budgetMs: 1e9 };

describe('runSuite', () => {
  it('runs every row in fresh forks: Cnt = forks × iterations, scores positive and finite', async () => {
    const w = world();
    const run = await runSuite(heapCancel, PRESET, w.host, { presetName: 'test', now: w.now });
    expect(run.rows).toHaveLength(16);
    expect(w.spawnedCount()).toBe(32);
    for (const r of run.rows) {
      expect(r.status).toBe('ok');
      expect(r.summary!.n).toBe(6);
      expect(Number.isFinite(r.summary!.mean) && r.summary!.mean > 0).toBe(true);
    }
    const score = (id: string) => run.rows.find((r) => r.row.id === id)!.summary!.mean;
    expect(score('cancelInReverseOrder/indexed/100000') / score('cancelInReverseOrder/jdk/100000')).toBeGreaterThan(100);
    expect(run.rows.find((r) => r.row.id === 'cancelInReverseOrder/jdk/100000')!.singleShot).toBe(true);
    expect(run.cancelled).toBe(false);
  });

  it('measures the rows a verdict compares side by side, alternating their iterations', async () => {
    const w = world();
    const order: string[] = [];
    const run = await runSuite(heapCancel, { ...PRESET, forks: 1, measurementIterations: 4 }, w.host, {
      presetName: 'test', now: w.now, rows: heapCancel.rows.filter((r) => r.params.num === 100 && r.benchmark === 'cancelInOrder'),
      onProgress: (p) => {
        if (p.iteration?.phase === 'measurement') order.push(p.label.includes('jdk') ? 'J' : 'I');
      },
    });
    expect(order.join('')).toBe('JIIJJIIJ');
    expect(run.rows.map((r) => r.group)).toEqual(['cancelInOrder/100', 'cancelInOrder/100']);
    expect(run.rows.every((r) => r.samples.length === 4)).toBe(true);
  });

  it('reports a failing or panicking row with its message and runs the others', async () => {
    const w = world({ failOn: 'indexed/1000', panicOn: 'jdk/100' });
    const run = await runSuite(heapCancel, { ...PRESET, forks: 1 }, w.host, { presetName: 'test', now: w.now });
    const failed = run.rows.filter((r) => r.status === 'failed').map((r) => [r.row.id, r.message]);
    expect(failed).toEqual([
      ['cancelInOrder/jdk/100', '[rust panic] index out of bounds'],
      ['cancelInOrder/indexed/1000', 'no such kernel today'],
      ['cancelInReverseOrder/jdk/100', '[rust panic] index out of bounds'],
      ['cancelInReverseOrder/indexed/1000', 'no such kernel today'],
    ]);
    expect(run.rows.filter((r) => r.status === 'ok')).toHaveLength(12);
  });

  it('stops at once when cancelled and keeps the rows already measured', async () => {
    const w = world();
    const ctrl = new AbortController();
    let done = 0;
    const run = await runSuite(heapCancel, { ...PRESET, forks: 1 }, w.host, {
      presetName: 'test', now: w.now, signal: ctrl.signal,
      onRow: () => {
        if (++done === 3) ctrl.abort();
      },
    });
    expect(run.cancelled).toBe(true);
    // The rows of a group (the two heaps at one size) finish together: two whole groups.
    expect(run.rows).toHaveLength(4);
    expect(run.rows.every((r) => r.status === 'ok')).toBe(true);
  });

  it('skips what the time budget cannot hold, saying so', async () => {
    const w = world();
    const run = await runSuite(heapCancel, { ...PRESET, forks: 1, budgetMs: 600 }, w.host, { presetName: 'test', now: w.now });
    const skipped = run.rows.filter((r) => r.status === 'skipped');
    expect(run.budgetSpent).toBe(true);
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped[0].message).toContain('time budget');
    expect(run.rows).toHaveLength(16);
  });
});
