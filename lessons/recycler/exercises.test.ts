import { beforeAll, describe, expect, it } from 'vitest';
import { checkInstances, loadWasmFromDisk, replayed, seeds } from '../../web/src/exercises/testing';
import { kindIndex, stepAt } from '../../web/src/script/trace';
import { queuesOf, threadColumns } from '../../web/src/recycler/viewModel';
import { generate as generateFor } from '../../web/src/exercises/exercises';

const generate = (seed: string) => generateFor('recycler', seed)!;

beforeAll(loadWasmFromDisk);

describe('the recycler exercises', () => {
  it('are at least eight, of all three kinds, and only this lesson’s', () => {
    const set = generate('class-1');
    expect(set.length).toBeGreaterThanOrEqual(8);
    expect(new Set(set.map((i) => i.kind))).toEqual(new Set(['predict', 'trace', 'compute']));
    expect(set.every((i) => !i.replay || i.replay.family === 'recycler')).toBe(true);
    expect(generateFor('bounded-queues', 'class-1')!.map((i) => i.id)).not.toContain('handles-moved');
  });

  it('accept the model answer and reject a wrong one, for many seeds', () => {
    checkInstances(generate, 30, /\(s\)|undefined|NaN|Infinity|o0\b/, (inst, where) => {
      if (inst.kind === 'trace') expect((inst.expected as number[]).length, where).toBeGreaterThan(0);
    });
  });

  it('derive their answers from the real recyclers, as Netty’s code computes them', () => {
    for (let s = 0; s < 30; s++) {
      const byId = Object.fromEntries(generate(`check-${s}`).map((i) => [i.id, i]));
      // The script is the prompt's longest code span.
      const script = (id: string) => [...byId[id].prompt.matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort((a, b) => b.length - a.length)[0];
      // One scavenge moves one link: at most 16 handles.
      const n = Number(/get-many (\d+)/.exec(script('handles-moved'))![1]);
      expect(byId['handles-moved'].expected).toBe(Math.min(n, 16));
      // The tail link's write index: the recycles modulo 16, a full link counting 16.
      const w = Number(/get-many (\d+)/.exec(script('write-index'))![1]);
      expect(byId['write-index'].expected).toBe(((w - 1) % 16) + 1);
      // Its explanation counts the links as they are: 11 handles do not "fill" a 16-slot link.
      const links = Math.ceil(w / 16);
      const explained = byId['write-index'].explanation;
      expect(explained, explained).toContain(`holding ${((w - 1) % 16) + 1} of its 16`);
      expect(explained).toContain(links === 1 ? 'take 1 link' : `${links - 1} full link`);
      expect(explained).not.toMatch(/\bfill/);
      // The old Recycler drops every recycle from B; A's later gets reuse only A's own.
      const ops = script('old-allocations');
      const made = Number(/A: get-many (\d+)/.exec(ops)![1]);
      const later = Number(/A: get-many (\d+)$/.exec(ops)![1]);
      const own = (ops.split('B:')[0].match(/recycle/g) ?? []).length;
      expect(byId['old-allocations'].expected).toBe(made + Math.max(0, later - own));
      // One thread, old Recycler: LIFO, so the last recycled comes back.
      const last = [...script('next-get').matchAll(/recycle (\d+)/g)].pop()![1];
      expect(byId['next-get'].expected).toBe(`o${last}`);
      // A double recycle: caught by the assertion, not caught without it, caught by the ids.
      const d = byId['double-recycle'];
      const expected = d.prompt.includes('assertions on') ? 'throws AssertionError: recycled already'
        : d.prompt.includes('without assertions') ? 'returns true: o1 is pooled twice' : 'throws IllegalStateException: recycled already';
      expect(d.expected).toBe(expected);
      // The first empty-stack get after B's recycles only moves the cursor: it makes a new object.
      const c = byId['cross-thread-get'];
      if (/A: get$/.test(script('cross-thread-get'))) expect(c.expected).toBe('a new object');
      else expect(c.expected).toBe(`o${/get-many (\d+)/.exec(script('cross-thread-get'))![1]}`);
      // o1 is still in the first queue made, by the thread that recycled it.
      expect(byId['queued-ids'].expected).toBe('q1');
    }
  });

  it('for 200 seeds: what a question or hint says a get does is what the player shows it doing', () => {
    for (const seed of seeds(200)) {
      for (const i of generate(seed).filter((x) => x.replay)) {
        const where = `${i.id} ${seed}`;
        const r = replayed(i);
        const t = r.trace;
        const transfer = kindIndex(t.schema, 'transfer');
        const allocate = kindIndex(t.schema, 'allocate');
        /** What A's get (action `a`) did: queues A's stack had when it began, handles it transferred, objects it made. */
        const get = (a: number) => {
          const [from, to] = [t.actionStarts[a], t.actionStarts[a + 1] ?? t.length];
          const steps = Array.from({ length: to - from }, (_, k) => stepAt(t, from + k));
          return {
            queues: queuesOf(r.at(from), 0).length,
            moved: steps.filter((x) => x.kind === transfer).length,
            made: steps.filter((x) => x.kind === allocate).length,
          };
        };
        const gets = t.actions.flatMap((x, a) => (/^A: get/.test(x.label) ? [a] : []));
        if (i.id === 'producer-consumer') {
          // The hint: the first get finds no queue, the second only moves the cursor, the third takes a
          // batch, and the get after it pops from the stack without scavenging.
          expect(i.hint, where).toMatch(/first finds no queue.*second only moves the cursor.*third brings back everything.*gets after it pop that batch/);
          const [first, second, third, fourth] = gets.map(get);
          expect(first, where).toMatchObject({ queues: 0, moved: 0, made: 1 });
          expect(second, where).toMatchObject({ queues: 1, moved: 0, made: 1 });
          expect(third.moved, where).toBeGreaterThan(1);
          if (fourth) expect(fourth, where).toMatchObject({ moved: 0, made: 0 });
        }
        if (i.id === 'handles-moved' || (i.id === 'cross-thread-get' && /only moves the cursor/.test(i.explanation))) {
          // "The first only moves the scavenging cursor": a queue is there, nothing moves, a new object is made.
          const afterRecycles = gets.filter((a) => a > t.actions.findIndex((x) => x.label.startsWith('B:')));
          expect(get(afterRecycles[0]), where).toMatchObject({ queues: 1, moved: 0, made: 1 });
          if (i.id === 'handles-moved') expect(get(afterRecycles[1]).moved, where).toBe(i.expected);
        }
        if (i.id === 'next-get' || i.id === 'cross-thread-get') {
          // "The first n gets make o1 … on".
          const n = Number(/get-many (\d+)/.exec(i.prompt)![1]);
          expect(t.actions.slice(0, n).map((x) => x.label.replace(/^\w+: /, '')), where).toEqual(Array.from({ length: n }, (_, k) => `get #${k + 1}`));
          expect(t.actions.slice(0, n).reduce((m, _, a) => m + get(a).made, 0), where).toBe(n);
        }
        if (i.id === 'stack-contents') {
          const a = threadColumns(r.at(t.length), t)[0];
          expect(a.pooled.map((o) => i.cells!.labels[o]), where).toEqual((i.expected as number[]).map((k) => i.cells!.labels[k]));
        }
      }
    }
  });

  it('are the same for the same seed and differ across seeds', () => {
    expect(generate('a').map((i) => i.prompt)).toEqual(generate('a').map((i) => i.prompt));
    expect(generate('a').map((i) => i.prompt)).not.toEqual(generate('b').map((i) => i.prompt));
  });
});

describe('the JVM-reading questions, for 200 seeds', () => {
  const byId = (seed: string) => Object.fromEntries(generate(seed).map((i) => [i.id, i]));
  it('compute the rewrite’s share from the rows shown, against the row the flag picks', () => {
    const seen = new Set<boolean>();
    for (const seed of seeds(200)) {
      const i = byId(seed)['flag-gain'];
      const [, withEa, without, after] = /\(Netty 4\.0\.20\) ([\d.]+) with -ea:io\.netty\.\.\. and ([\d.]+) without; the rewrite \(4\.0\.21\) ([\d.]+)\./.exec(i.prompt)!.map(Number);
      const flag = i.prompt.includes('so compare as it did');
      const exact = (100 * after) / (flag ? withEa : without);
      expect(i.expected, seed).toBe(Math.round(exact));
      expect(Math.abs(exact - Math.floor(exact) - 0.5), seed).toBeGreaterThan(0.05);
      seen.add(flag);
    }
    expect(seen.size).toBe(2);
  });

  it('judge pool against allocation on the JVM’s own interval, as the lesson does: a loss at size 0, a win from 256', () => {
    for (const seed of seeds(200)) {
      const i = byId(seed)['pool-or-new'];
      const size = Number(/size ([\d,]+)/.exec(i.prompt)![1].replace(/,/g, ''));
      expect(i.expected, `${seed}: size ${size}`).toBe(size === 0 ? 'a new ArrayList each time' : 'the pool (the rewritten Recycler)');
    }
  });
});
