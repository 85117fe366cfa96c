import { beforeAll, describe, expect, it } from 'vitest';
import { checkInstances, loadWasmFromDisk } from '../../web/src/exercises/testing';
import { generate as generateFor, grade } from '../../web/src/exercises/exercises';
import { modelAt, wheelTrace } from '../../web/src/wheels/frames';

const generate = (seed: string) => generateFor('request-timeouts', seed)!;

beforeAll(loadWasmFromDisk);

describe('the request-timeouts exercises', () => {
  it('are at least eight, of all three kinds, and only this lesson’s', () => {
    const set = generate('class-1');
    expect(set.length).toBeGreaterThanOrEqual(8);
    expect(new Set(set.map((i) => i.kind))).toEqual(new Set(['predict', 'trace', 'compute']));
    expect(set.every((i) => i.replay.family === 'wheel')).toBe(true);
    expect(generateFor('cancelling-timers', 'class-1')!.map((i) => i.id)).not.toContain('which-level');
  });

  it('accept the model answer and reject a wrong one, for many seeds', () => {
    checkInstances(generate, 40, /\(s\)|undefined|NaN/);
  });

  it('derive their answers from the real wheel, as Kafka computes them', () => {
    for (let s = 0; s < 30; s++) {
      const byId = Object.fromEntries(generate(`check-${s}`).map((i) => [i.id, i]));
      // The slot is (expiration / tick) mod 20, at the level the prompt names.
      const slot = byId['which-slot'];
      const [now, delay] = [...slot.prompt.matchAll(/([\d,]+) ms/g)].slice(0, 2).map((m) => Number(m[1].replace(/,/g, '')));
      const tick = slot.prompt.includes('level 0') ? 1 : 20;
      expect(slot.expected).toBe(Math.floor((now + delay) / tick) % 20);
      // The first cascade is at the level-2 bucket's expiration: the due time rounded down to 400.
      const c = byId['first-cascade'];
      const d = Number(/delay of ([\d,]+) ms/.exec(c.prompt)![1].replace(/,/g, ''));
      expect(c.expected).toBe(Math.floor(d / 400) * 400);
      // The delay queue holds one entry per non-empty bucket.
      const q = byId['buckets-queued'];
      const ops = /`([^`]+)`/.exec(q.prompt)![1];
      const t = wheelTrace(ops, 'wheel');
      expect(q.expected).toBe(modelAt(t, t.length).buckets.length);
    }
  });

  it('grade a firing order click by click against the real run', () => {
    const fire = generate('order').find((i) => i.id === 'fire-order')!;
    const model = fire.expected as number[];
    const g = grade(fire, [...model.slice(0, 2), ...model.slice(2).reverse()]);
    expect(g.correct).toBe(model.length <= 3);
    if (!g.correct) expect(g.divergesAt).toBe(2);
  });
});
