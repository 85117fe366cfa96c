import { describe, expect, it } from 'vitest';
import { THREAD_ROWS, measureOnce, threadsUnavailable, type ThreadHost, type ThreadsApi } from './threads';
import { table } from './threadsCli';

describe('the threaded race', () => {
  it('runs only where workers can share memory, and says why not elsewhere', () => {
    expect(threadsUnavailable({ crossOriginIsolated: true, SharedArrayBuffer })).toBeNull();
    expect(threadsUnavailable({ crossOriginIsolated: false, SharedArrayBuffer })).toMatch(/not cross-origin isolated/);
    expect(threadsUnavailable({ crossOriginIsolated: true })).toMatch(/not cross-origin isolated/);
  });

  it('times from the start line to the consumer’s last poll, and frees the run whatever happens', async () => {
    const calls: string[] = [];
    const api: ThreadsApi = {
      runNew: (kind, cap, producers, each) => { calls.push(`new ${kind} ${cap} ${producers} ${each}`); return 64; },
      runStart: () => calls.push('start'),
      runFree: () => calls.push('free'),
    };
    const clock = 1000;
    const host: ThreadHost = {
      now: () => clock,
      spawn: (job) => ({
        ready: Promise.resolve(),
        // The consumer reports 2,000 elements 50 ms after the start.
        done: Promise.resolve(job.role === 'consumer' ? { end: 1050, result: [2000, 0, 7, 1] } : { end: 1040, result: [3] }),
        stop: () => calls.push(`stop ${job.role}`),
      }),
    };
    const s = await measureOnce(host, api, {} as WebAssembly.Module, {} as WebAssembly.Memory, { queue: 'mpsc', producers: 2 }, 2000, 8);
    expect(s).toEqual({ opsPerSecond: 40_000, fullOffers: 6, emptyPolls: 7, outOfOrder: 0, complete: true });
    expect(calls).toEqual(['new mpsc 8 2 1000', 'start', 'stop producer', 'stop producer', 'stop consumer', 'free']);
    const failing: ThreadHost = { ...host, spawn: () => ({ ready: Promise.reject(new Error('no worker')), done: new Promise(() => {}), stop: () => {} }) };
    await expect(measureOnce(failing, api, {} as WebAssembly.Module, {} as WebAssembly.Memory, THREAD_ROWS[0], 10)).rejects.toThrow('no worker');
    expect(calls.at(-1)).toBe('free');
  });

  it('prints wasm beside native, and flags a run that lost elements', () => {
    const sample = { opsPerSecond: 1e6, fullOffers: 0, emptyPolls: 0, outOfOrder: 0, complete: true };
    const out = table([{ row: THREAD_ROWS[0], samples: [sample] }, { row: THREAD_ROWS[4], samples: [{ ...sample, complete: false }] }], { 'clq/1p1c': [2e6] });
    expect(out).toMatch(/ConcurrentLinkedQueue\s+1P 1C\s+1,000,000.*2,000,000\s+2\.00×$/m);
    expect(out).toMatch(/JCTools SpscArrayQueue.*✗ lost or reordered elements$/m);
  });
});
