import { describe, expect, it } from 'vitest';
import { MAX_EXTRA_WARMUP, calibrate, stillWarming, measureResolution, runFork, targetBatchMs, type Clock, type Kernel } from './fork';

/** A clock that only moves when the fake kernel works, in steps of `tick` ms. */
function fakeWorld(opMs: number, setupMs = 0, tick = 0.1) {
  let t = 0;
  let reads = 0;
  let prepared = 0;
  const clock: Clock = {
    now: () => {
      reads++;
      if (reads % 3 === 0) t += tick / 2; // time passes a little between reads
      return Math.floor(t / tick) * tick;
    },
  };
  const kernel: Kernel & { ran: number } = {
    ran: 0,
    prepare(k) {
      prepared = k;
      t += setupMs * k;
    },
    run() {
      t += opMs * prepared;
      this.ran += prepared;
      const n = prepared;
      prepared = 0;
      return n;
    },
  };
  return { clock, kernel };
}

describe('batch sizing', () => {
  it('reads the timer resolution and asks for 100 ticks per batch', () => {
    const { clock } = fakeWorld(0.001, 0, 0.1);
    expect(measureResolution(clock)).toBeCloseTo(0.1, 9);
    expect(targetBatchMs(0.1)).toBeCloseTo(10, 9);
    expect(targetBatchMs(0.005)).toBe(0.5);
    expect(targetBatchMs(0.00013)).toBe(0.2);
  });

  it('grows the batch until a batch lasts the target, within the memory cap', () => {
    const { clock, kernel } = fakeWorld(0.002);
    const { batch, opMs } = calibrate(kernel, clock, 10, 1_000_000);
    expect(batch * 0.002).toBeGreaterThanOrEqual(10);
    expect(batch * 0.002).toBeLessThan(40);
    expect(opMs).toBeCloseTo(0.002, 3);
    expect(calibrate(kernel, clock, 10, 64).batch).toBe(64);
  });

  it('does not let a slow first call (lazy compilation, a first growth) decide the batch', () => {
    const { clock, kernel } = fakeWorld(0.002);
    const run = kernel.run.bind(kernel);
    let calls = 0;
    kernel.run = () => {
      if (calls++ === 0) kernel.prepare(5000); // the first call costs what 5,000 ops cost
      return run();
    };
    const { batch } = calibrate(kernel, clock, 10, 1_000_000);
    expect(batch * 0.002).toBeGreaterThanOrEqual(10);
  });

  it('keeps a slow operation to batches of one', () => {
    const { clock, kernel } = fakeWorld(50);
    expect(calibrate(kernel, clock, 10, 1000).batch).toBe(1);
  });
});

describe('a fork', () => {
  it('runs warmup then measurement iterations and excludes setup from the timed part', () => {
    const { clock, kernel } = fakeWorld(0.01, 0.05); // setup costs 5× the operation
    const seen: string[] = [];
    const r = runFork(kernel, clock, { warmupIterations: 2, measurementIterations: 3, iterationMs: 100, maxBatch: 100_000 },
      (it) => seen.push(`${it.phase}${it.index}`));
    expect(seen).toEqual(['warmup0', 'warmup1', 'measurement0', 'measurement1', 'measurement2']);
    for (const it of r.iterations) {
      expect(it.score).toBeGreaterThan(0.9 * 100_000); // 1 / 0.01 ms = 100,000 ops/s
      expect(it.score).toBeLessThan(1.1 * 100_000);
      expect(it.singleShot).toBe(false);
    }
    expect(r.checksum).toBeGreaterThan(0);
  });

  it('falls back to single shots when one operation outlasts an iteration', () => {
    const { clock, kernel } = fakeWorld(1500);
    const r = runFork(kernel, clock, { warmupIterations: 1, measurementIterations: 2, iterationMs: 500, maxBatch: 100 });
    // One warmup configured: a second is run to compare with; the score is steady, so no third.
    expect(r.iterations.map((i) => [i.phase, i.ops, i.singleShot])).toEqual([
      ['warmup', 1, true], ['warmup', 1, true], ['measurement', 1, true], ['measurement', 1, true]]);
    expect(r.iterations[3].score).toBeCloseTo(1000 / 1500, 2);
  });

  it('warms up longer while the score still climbs, as a JIT swaps in optimized code, up to a cap', () => {
    const iter = (phase: 'warmup' | 'measurement', score: number) => ({ phase, index: 0, ops: 1, timedMs: 1, score, batch: 1, singleShot: false });
    expect(stillWarming([iter('warmup', 10)], 1, 1)).toBe(true); // one configured: one more to compare
    expect(stillWarming([iter('warmup', 10), iter('warmup', 20)], 2, 1)).toBe(true); // +100 %: not settled
    expect(stillWarming([iter('warmup', 10), iter('warmup', 10.4)], 2, 1)).toBe(false); // +4 %: settled
    expect(stillWarming([iter('warmup', 10), iter('warmup', 20)], 1, 2)).toBe(false); // still within the configured two
    const climbing = Array.from({ length: 8 }, (_, k) => iter('warmup', 2 ** k));
    expect(stillWarming(climbing, 1 + MAX_EXTRA_WARMUP, 1)).toBe(false); // capped
    expect(stillWarming([], 0, 0)).toBe(false);
  });
});
