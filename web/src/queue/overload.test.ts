import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { callWasm, loadWasm } from '../wasm/loader';
import { MIB, NODE_BYTES, OVERLOAD, PACKET_BYTES, SLOT_BYTES, boundCost, decodeSamples, overloadParams, ratesParams, secondsToExhaust, settingsNotes, waitMs, type OverloadConfig, type OverloadSample } from './overload';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

function simulate(queue: string, ms: number, bound = 20_000): { samples: OverloadSample[]; oom: number } {
  return callWasm((w) => {
    const sim = new w.Simulation(OVERLOAD, overloadParams({ queue: queue as OverloadConfig['queue'], arrivalRate: 200_000, serviceRate: 150_000, bound, budgetMiB: 128, seed: 1 }));
    try {
      const samples = decodeSamples(sim.run(ms), sim.width);
      return { samples, oom: sim.figure('oomAtMs') };
    } finally {
      sim.free();
    }
  });
}

describe('the overload arithmetic', () => {
  it('says when an unbounded queue fills its budget, and how long a full queue makes packets wait', () => {
    // 50,000 packets a second × 2,072 bytes: 128 MiB last 1.2955 s.
    expect(secondsToExhaust(128 * MIB, 200_000, 150_000)).toBeCloseTo((128 * MIB) / (50_000 * (PACKET_BYTES + NODE_BYTES)), 9);
    expect(secondsToExhaust(128 * MIB, 100, 100)).toBe(Infinity);
    expect(waitMs(20_000, 150_000)).toBeCloseTo(133.33, 2);
    expect(waitMs(5, 0)).toBe(Infinity);
  });

  it('says what a bound costs in memory when the queue is full, and which bound a budget allows', () => {
    // The blog's ArrayBlockingQueue(10_000_000): 19 GiB of buffers and a 40 MB array.
    expect(boundCost('abq', 4_000_000, 128).fullBytes).toBe(4_000_000 * (PACKET_BYTES + SLOT_BYTES));
    expect(boundCost('abq', 1_000_000, 128).fullBytes).toBe(1_000_000 * (PACKET_BYTES + SLOT_BYTES));
    expect(boundCost('spsc', 1_000_000, 128).fullBytes).toBe(1_048_576 * (PACKET_BYTES + SLOT_BYTES));
    expect(boundCost('clq', 5, 128)).toEqual({ slots: 0, fullBytes: Infinity, largestBound: null });
    // 128 MiB ÷ (2,048 + 4) bytes; a ring's bound is rounded up before it is priced.
    expect(boundCost('abq', 1, 128).largestBound).toBe(65_408);
    for (const q of ['abq', 'spsc', 'mpsc', 'clq-size'] as const) {
      const fits = boundCost(q, 1, 128).largestBound!;
      expect(boundCost(q, fits, 128).fullBytes, q).toBeLessThanOrEqual(128 * MIB);
      expect(boundCost(q, fits + 1, 128).fullBytes, q).toBeGreaterThan(128 * MIB);
    }
    expect(boundCost('spsc', 1, 128).largestBound).toBe(32_768);
  });

  it('notes what the settings as they stand mean, never an earlier run (issue 48, item 11)', () => {
    const now = (queue: 'abq' | 'spsc' | 'mpsc' | 'clq', bound: number) => settingsNotes({ queue, arrivalRate: 200_000, serviceRate: 150_000, bound, budgetMiB: 128 });
    // An SPSC ring of 30,000 has 32,768 slots, from the settings alone, before any run.
    expect(now('spsc', 30_000).rounding).toBe('JCTools rounds the bound up to 32,768 slots.');
    expect(now('mpsc', 60_000).rounding).toBe('JCTools rounds the bound up to 65,536 slots.');
    expect(now('spsc', 32_768).rounding).toBeNull();
    expect(now('abq', 60_000).rounding).toBeNull();
    expect(now('clq', 60_000).rounding).toBeNull();
    // The largest bound offered for a ring fits once rounded: 65,408 would be 65,536 slots, over 128 MiB.
    expect(now('spsc', 60_000).full).toEqual({ over: true, text: 'Full, this queue holds 128.3 MiB: more than the 128 MiB budget, so it can run out of memory before it is ever full. The largest bound that fits is 32,768 packets.' });
    expect(now('abq', 1_000_000).full!.text).toMatch(/The largest bound that fits is 65,408 packets\.$/);
    // 20,000 packets: 39.1 MiB in the ArrayBlockingQueue, 64.1 MiB in a ring of 32,768 slots.
    expect(now('abq', 20_000).full).toEqual({ over: false, text: 'Full, this queue holds 39.1 MiB, within the 128 MiB budget.' });
    expect(now('spsc', 20_000).full!.text).toBe('Full, this queue holds 64.1 MiB, within the 128 MiB budget.');
    expect(settingsNotes({ queue: 'spsc', arrivalRate: 1, serviceRate: 1, bound: 'x', budgetMiB: 128 })).toEqual({
      growth: 'At these rates the consumers keep up: an unbounded queue would not grow.', rounding: null, full: null,
    });
  });

  it('matches the simulation’s memory: buffers, nodes and the array', () => {
    const { samples, oom } = simulate('abq', 3_000, 1_000_000);
    // The array alone is there from the start; the queue runs out of the budget before it is full.
    expect(samples[0].memoryBytes).toBe(samples[0].queued * PACKET_BYTES + 1_000_000 * SLOT_BYTES);
    expect(oom).toBeGreaterThan(1_150);
    expect(oom).toBeLessThan(1_400);
    expect(samples.at(-1)!.queued).toBeLessThan(1_000_000 / 10);
  });

  it('reads the samples Rust sends, and refuses a width it does not know', () => {
    expect(decodeSamples([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 11)).toEqual([{
      tMs: 1, queued: 2, memoryBytes: 3, received: 4, processed: 5, droppedQueue: 6, droppedSocket: 7, p50Ms: 8, p99Ms: 9, receiverNs: 10, accessesPerOffer: 11,
    }]);
    expect(() => decodeSamples([1, 2], 2)).toThrow(/sends 2 numbers a sample; this page reads 11/);
  });

  it('matches the real simulation: the arithmetic predicts its out-of-memory time, and nothing is lost', () => {
    const { samples, oom } = simulate('clq', 5_000);
    const predicted = secondsToExhaust(128 * MIB, 200_000, 150_000) * 1000;
    expect(Math.abs(oom - predicted) / predicted).toBeLessThan(0.05);
    for (const s of simulate('abq', 600).samples.concat(samples)) {
      expect(s.received).toBe(s.processed + s.queued + s.droppedQueue + s.droppedSocket);
      expect(s.memoryBytes).toBeGreaterThanOrEqual(s.queued * PACKET_BYTES);
    }
  });

  it('refuses bad settings with a sentence naming the setting, not a panic', () => {
    const start = (c: Partial<OverloadConfig>) => () => callWasm((w) => new w.Simulation(OVERLOAD,
      overloadParams({ queue: 'abq', arrivalRate: 1, serviceRate: 1, bound: 1, budgetMiB: 1, seed: 1, ...c })));
    expect(start({ queue: 'lifo' as OverloadConfig['queue'] })).toThrow('queue is "lifo"; expected clq, clq-size, abq, spsc, mpsc');
    expect(start({ arrivalRate: -5 })).toThrow('arrival is "-5"; expected a whole number from 0 to 5000000');
    expect(start({ bound: 0 })).toThrow('bound is "0"; expected a whole number from 1 to 4000000');
    expect(start({ budgetMiB: 20_000 })).toThrow('budget is "20000"; expected a whole number from 1 to 16384');
    const sim = callWasm((w) => new w.Simulation(OVERLOAD, overloadParams({ queue: 'abq', arrivalRate: 1, serviceRate: 1, bound: 8, budgetMiB: 1, seed: 1 })));
    try {
      expect(() => sim.set(ratesParams(1.5, 1))).toThrow('arrival is "1.5"; expected a whole number from 0 to 5000000');
      expect(() => sim.set('bound=9')).toThrow('udp-overload has no parameter "bound"; expected arrival, service');
      expect(sim.figure('capacity')).toBe(8);
    } finally {
      sim.free();
    }
  });
});

describe('one rule for the boxes and the link', () => {
  it('a value a box takes opens from the link; a refused one is refused by both with one sentence', async () => {
    const { checkOverloadNumber, LINK_PARAM, LIMITS } = await import('./overloadLimits');
    const { embedWidget } = await import('../registry/embeds');
    await import('../catalog');
    const open = (param: string, v: string) => embedWidget('overload-sim')!.render(new URLSearchParams({ [param]: v }), () => {});
    expect(checkOverloadNumber('arrivalRate', '0')).toBe(0);
    // The link the widget makes from a rate of 0 opens (it was refused: "not a whole number from 1").
    expect(open('arrival-rate', '0')).not.toHaveProperty('problem');
    for (const [field, param] of Object.entries(LINK_PARAM)) {
      const [lo, hi] = LIMITS[field as keyof typeof LIMITS];
      for (const v of [String(lo), String(hi), String(hi + 1), '-1', '2.5', 'x'.repeat(80)]) {
        const box = checkOverloadNumber(field as keyof typeof LIMITS, v);
        const link = open(param!, v) as { problem?: string };
        if (typeof box === 'number') expect(link.problem, `${param}=${v}`).toBeUndefined();
        else expect(link.problem).toBe(`${param}: ${box}`);
      }
    }
    // Bad input is quoted short.
    expect(String(checkOverloadNumber('bound', 'y'.repeat(500))).length).toBeLessThan(100);
  });
});
