import { beforeAll, describe, expect, it } from 'vitest';
import { checkInstances, loadWasmFromDisk } from '../../web/src/exercises/testing';
import { generate as generateFor } from '../../web/src/exercises/exercises';
import { MIB, secondsToExhaust } from '../../web/src/queues/overload';

const generate = (seed: string) => generateFor('bounded-queues', seed)!;

beforeAll(loadWasmFromDisk);

const numbers = (text: string) => [...text.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replace(/,/g, '')));

describe('the bounded-queues exercises', () => {
  it('are at least eight, of all three kinds, and only this lesson’s', () => {
    const set = generate('class-1');
    expect(set.length).toBeGreaterThanOrEqual(8);
    expect(new Set(set.map((i) => i.kind))).toEqual(new Set(['predict', 'trace', 'compute']));
    expect(set.every((i) => i.replay.family === 'queue')).toBe(true);
    expect(generateFor('request-timeouts', 'class-1')!.map((i) => i.id)).not.toContain('size-count');
  });

  it('accept the model answer and reject a wrong one, for many seeds', () => {
    checkInstances(generate, 30, /\(s\)|undefined|NaN|Infinity/);
  });

  it('derive their answers from the real queues, as the JDK and JCTools compute them', () => {
    for (let s = 0; s < 30; s++) {
      const byId = Object.fromEntries(generate(`check-${s}`).map((i) => [i.id, i]));
      // size() counts offers minus polls.
      const sc = byId['size-count'];
      const script = /`([^`]+)`/.exec(sc.prompt)![1];
      const n = Number(/fill (\d+)/.exec(script)![1]);
      expect(sc.expected).toBe(n - (script.match(/poll/g) ?? []).length);
      // With one thread, tail swings on every second offer: n for even n, n − 1 for odd.
      const tn = byId['tail-node'];
      const offers = Number(/offers (\d+) elements/.exec(tn.prompt)![1]);
      expect(tn.expected).toBe(offers % 2 === 0 ? offers : offers - 1);
      // The MPSC consumer spins for its steps beyond the first three reads.
      const ms = byId['mpsc-spins'];
      const k = Number(/C\*(\d+)/.exec(ms.prompt)![1]);
      expect(ms.expected).toBe(k - 3);
      // The budget arithmetic is the simulation's.
      const ex = byId['seconds-to-oom'];
      const [arrival, service] = numbers(ex.prompt);
      const budget = Number(/has ([\d,]+) MiB/.exec(ex.prompt)![1].replace(/,/g, ''));
      expect(ex.expected).toBe(Math.floor(secondsToExhaust(budget * MIB, arrival, service)));
    }
  });

  it('are the same for the same seed and differ across seeds', () => {
    expect(generate('a').map((i) => i.prompt)).toEqual(generate('a').map((i) => i.prompt));
    expect(generate('a').map((i) => i.prompt)).not.toEqual(generate('b').map((i) => i.prompt));
  });
});
