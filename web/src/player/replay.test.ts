import { describe, expect, it } from 'vitest';
import { Replay, type Trace } from './replay';

// A toy structure: a list that steps push to and pop from, so any state error shows.
type S = readonly number[];
type E = { push: number } | { pop: true };
const apply = (s: S, e: E): S => ('push' in e ? [...s, e.push] : s.slice(0, -1));

function toy(n: number): Trace<S, E> {
  const steps: E[] = [];
  for (let i = 0; i < n; i++) steps.push(i % 3 === 2 ? { pop: true } : { push: i });
  return { initial: [], steps, apply };
}

function naive(t: Trace<S, E>, k: number): S {
  let s = t.initial;
  for (let i = 0; i < k; i++) s = t.apply(s, t.steps[i]);
  return s;
}

describe('Replay', () => {
  it('gives the state after k steps, whatever order the steps are visited in', () => {
    const t = toy(500);
    for (const every of [1, 7, 64]) {
      const r = new Replay(t, every);
      const order = [500, 0, 250, 249, 251, 63, 64, 65, 499, 1, 128, 127];
      for (const k of order) expect(r.stateAt(k)).toEqual(naive(t, k));
    }
  });

  it('steps back exactly: walking down from the end matches walking up', () => {
    const t = toy(300);
    const r = new Replay(t, 16);
    const up = Array.from({ length: 301 }, (_, k) => r.stateAt(k));
    const down = Array.from({ length: 301 }, (_, i) => r.stateAt(300 - i)).reverse();
    expect(down).toEqual(up);
  });

  it('refuses steps outside the trace', () => {
    const r = new Replay(toy(10));
    expect(() => r.stateAt(11)).toThrow('step 11 is outside 0…10');
    expect(() => r.stateAt(-1)).toThrow(RangeError);
    expect(() => r.stateAt(1.5)).toThrow(RangeError);
    expect(() => new Replay(toy(1), 0)).toThrow(RangeError);
  });
});
