import { describe, expect, it } from 'vitest';
import { FrameReplay } from './replay';
import { STEP_WIDTH, actionSpans, lazyLines } from './trace';

/** A random trace: each step writes a few fields; the expected frames are computed naively. */
function randomTrace(steps: number, len: number, seed = 7) {
  let x = seed;
  const rnd = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const initial = new Int32Array(len).fill(-1);
  const stepTable: number[] = [];
  const writes: number[] = [];
  const frames = [initial.slice()];
  for (let k = 0; k < steps; k++) {
    stepTable.push(Math.floor(k / 3), 0, 0, 0, 0, writes.length);
    const f = frames[k].slice();
    for (let w = rnd(4); w > 0; w--) {
      const at = rnd(len);
      const v = rnd(1000);
      writes.push(at, v);
      f[at] = v;
    }
    frames.push(f);
  }
  return { trace: { initial, steps: Int32Array.from(stepTable), writes: Int32Array.from(writes), length: steps }, frames };
}

describe('FrameReplay', () => {
  it('gives the exact frame at any step, in any order of access', () => {
    const { trace, frames } = randomTrace(1000, 40);
    const r = new FrameReplay(trace, 16);
    const order = [0, 1000, 999, 17, 16, 15, 500, 501, 502, 3, 1000, 250];
    for (const k of order) expect(Array.from(r.frameAt(k)), `step ${k}`).toEqual(Array.from(frames[k]));
    for (let k = 0; k <= 1000; k += 37) expect(Array.from(r.frameAt(k))).toEqual(Array.from(frames[k]));
    expect(() => r.frameAt(1001)).toThrow(RangeError);
    expect(() => r.frameAt(-1)).toThrow(RangeError);
  });

  it('never changes the initial frame it was given', () => {
    const { trace } = randomTrace(50, 5);
    const before = Array.from(trace.initial);
    new FrameReplay(trace, 4).frameAt(50);
    expect(Array.from(trace.initial)).toEqual(before);
  });

  it('follows interleaved actions: where each starts and in which order they complete', () => {
    // Steps by action: 0 1 0 2 1 1 2 — action 0 completes first, then 1, then 2.
    const steps = Int32Array.from([0, 1, 0, 2, 1, 1, 2].flatMap((a) => [a, 0, 0, 0, 0, 0]));
    expect(actionSpans(steps)).toEqual({
      actionStarts: [0, 1, 3], interleaved: true, completions: [3, 6, 7], completedActions: [0, 1, 2],
    });
  });

  it('finds where each action starts, and slices sentences on demand', () => {
    const { trace } = randomTrace(10, 3);
    expect(actionSpans(trace.steps)).toEqual({
      actionStarts: [0, 3, 6, 9], interleaved: false, completions: [3, 6, 9, 10], completedActions: [0, 1, 2, 3],
    });
    expect(trace.steps.length).toBe(10 * STEP_WIDTH);
    const text = lazyLines('one\ntwo − ≤\n\nfour', 4);
    expect([text(0), text(1), text(2), text(3), text(4)]).toEqual(['one', 'two − ≤', '', 'four', '']);
  });
});
