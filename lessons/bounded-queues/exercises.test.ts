import { beforeAll, describe, expect, it } from 'vitest';
import { checkInstances, loadWasmFromDisk, replayed, seeds } from '../../web/src/exercises/testing';
import { stepAt } from '../../web/src/script/trace';
import { generate as generateFor } from '../../web/src/exercises/exercises';
import { MIB, secondsToExhaust } from '../../web/src/queue/overload';

const generate = (seed: string) => generateFor('bounded-queues', seed)!;

beforeAll(loadWasmFromDisk);

const numbers = (text: string) => [...text.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replace(/,/g, '')));

describe('the bounded-queues exercises', () => {
  it('are at least eight, of all three kinds, and only this lesson’s', () => {
    const set = generate('class-1');
    expect(set.length).toBeGreaterThanOrEqual(8);
    expect(new Set(set.map((i) => i.kind))).toEqual(new Set(['predict', 'trace', 'compute']));
    expect(set.every((i) => !i.replay || i.replay.family === 'queue')).toBe(true);
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

  it('for 200 seeds: each step a question describes is the step the player takes', () => {
    for (const seed of seeds(200)) {
      for (const i of generate(seed).filter((x) => x.replay)) {
        const where = `${i.id} ${seed}`;
        const r = replayed(i);
        const t = r.trace;
        /** Step k as the player shows it: whose step, and its event kind's name. */
        const step = (k: number) => {
          const s = stepAt(t, k);
          return `${t.entityLabels[t.actions[s.action].subject]} ${t.schema.kinds[s.kind].name}`;
        };
        // The schedule's turns: the player's steps without the calls, which take none.
        const turns = Array.from({ length: t.length }, (_, k) => step(k)).filter((x) => !x.endsWith(' begin'));
        const steps = (from: number, to: number) => turns.slice(from, to);
        if (i.id === 'tail-node' || i.id === 'head-node') {
          // "A new ConcurrentLinkedQueue holds one dummy node, n0; head and tail point at it."
          const f = r.at(0);
          expect([f.get('nodes'), f.get('head'), f.get('tail')], where).toEqual([1, 0, 0]);
        }
        if (i.id === 'failed-cas') {
          // Each offer: allocate, read tail, read tail's next (null), CAS it, return: a step each.
          const first = /A A A B B B A B/.test(i.prompt) ? 'A' : 'B';
          const other = first === 'A' ? 'B' : 'A';
          expect(steps(0, 8), where).toEqual([
            'A alloc', 'A load', 'A load', 'B alloc', 'B load', 'B load', `${first} cas`, `${other} cas-fail`,
          ]);
          expect(steps(8, 9), where).toEqual([`${first} done`]);
        }
        if (i.id === 'mpsc-spins') {
          // P reads producerLimit, reads producerIndex, CASes it; C reads consumerIndex, slot 0, producerIndex;
          // after C's k steps, round-robin gives P one step, which writes the element.
          const k = Number(/C\*(\d+)/.exec(i.prompt)![1]);
          expect(i.hint, where).toContain(`C has ${k} turns`);
          expect(steps(0, 6), where).toEqual(['P load', 'P load', 'P cas', 'C load', 'C slot-read', 'C load']);
          expect(steps(6, 3 + k), where).toEqual(Array(k - 3).fill('C spin'));
          expect(steps(3 + k, 4 + k), where).toEqual(['P slot-write']);
        }
        if (i.id === 'spsc-limit') {
          expect(r.at(t.length).get('look_ahead'), where).toBe(Number(/look-ahead step (\d+)/.exec(i.prompt)![1]));
        }
        if (i.id === 'poll-order') {
          // "… which gives C its turn only when the producers are done."
          const who = turns.map((x) => x.split(' ')[0]);
          expect(who.indexOf('C'), where).toBeGreaterThan(Math.max(who.lastIndexOf('P1'), who.lastIndexOf('P2')));
          // The hint's step counts: an offer is five steps when tail is on the last node, seven when it lags.
          const alone = replayed({ ...i, replay: { ...i.replay!, ops: 'offer 1, offer 2', settings: undefined } }).trace;
          // (Each operation's player steps are its call and its turns.)
          expect(alone.actionStarts.concat(alone.length).slice(1).map((e, a) => e - alone.actionStarts[a] - 1), where).toEqual([5, 7]);
          expect(i.hint, where).toMatch(/five turns when tail is on the last node \(allocate, read tail, read next, CAS, return\) and seven when tail lags/);
        }
      }
    }
  });

  it('are the same for the same seed and differ across seeds', () => {
    expect(generate('a').map((i) => i.prompt)).toEqual(generate('a').map((i) => i.prompt));
    expect(generate('a').map((i) => i.prompt)).not.toEqual(generate('b').map((i) => i.prompt));
  });
});

describe('the benchmark-checking questions, for 200 seeds', () => {
  const byId = (seed: string) => Object.fromEntries(generate(seed).map((i) => [i.id, i]));
  it('time the build as L²/2 node visits, and stay clear of a span’s edge', () => {
    const seen = new Set<string>();
    for (const seed of seeds(200)) {
      const i = byId(seed)['build-time'];
      const [, visits, length] = /walks ([\d,]+) nodes a second.*queue of ([\d,]+) nodes/.exec(i.prompt)!.map((x) => Number(x.replace(/,/g, '')));
      const t = (length * (length - 1)) / 2 / visits;
      const want = t < 1 ? 0 : t < 60 ? 1 : t < 3600 ? 2 : t < 86400 ? 3 : 4;
      expect(i.expected, `${seed}: ${i.prompt}`).toBe(i.choices![want]);
      for (const edge of [1, 60, 3600, 86400]) expect(Math.abs(Math.log(t / edge)), seed).toBeGreaterThan(Math.log(1.3) - 1e-9);
      seen.add(i.expected as string);
    }
    expect(seen.size).toBeGreaterThanOrEqual(4);
  });

  it('count the iterations a walk needs to double from the numbers in the prompt', () => {
    for (const seed of seeds(200)) {
      const i = byId(seed)['drift-iterations'];
      const [, score, length, seconds] = /about (\d+) ops\/s.*starts with ([\d,]+) nodes.*lasts (\d+) seconds?/.exec(i.prompt)!.map((x) => Number(x.replace(/,/g, '')));
      // The fewest whole iterations that add `length` nodes (rounding down would fall a few short).
      expect(i.expected, seed).toBe(Math.ceil(length / (score * seconds)));
      expect((i.expected as number) * score * seconds, seed).toBeGreaterThanOrEqual(length);
      expect(i.expected as number, seed).toBeGreaterThan(10); // never within a 10-iteration run
    }
  });
});
