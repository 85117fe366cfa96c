import { beforeAll, describe, expect, it } from 'vitest';
import { checkInstances, loadWasmFromDisk, replayed, seeds } from '../../web/src/exercises/testing';
import { generate as generateFor, grade, lessonsWithExercises, type Instance } from '../../web/src/exercises/exercises';
import { heapTrace } from '../../web/src/heap/frames';
import { Frame } from '../../web/src/script/frame';
import { FrameReplay } from '../../web/src/script/replay';

const generate = (seed: string) => generateFor('cancelling-timers', seed)!;

beforeAll(loadWasmFromDisk);

describe('the lesson exercises', () => {
  it('live beside the lesson, and only this lesson gets them', () => {
    expect(lessonsWithExercises()).toContain('cancelling-timers');
    expect(generateFor('no-such-lesson', 'x')).toBeUndefined();
  });

  it('are at least eight, of all three kinds', () => {
    const set = generate('class-1');
    expect(set.length).toBeGreaterThanOrEqual(8);
    expect(new Set(set.map((i) => i.kind))).toEqual(new Set(['predict', 'trace', 'compute']));
  });

  it('accept the model answer and reject wrong ones, for many seeds', () => {
    checkInstances(generate, 60);
  });

  it('are the same for the same seed and differ between seeds', () => {
    const key = (seed: string) => JSON.stringify(generate(seed).map((i) => [i.prompt, i.code, i.cells, i.expected]));
    expect(key('monday')).toBe(key('monday'));
    expect(key('monday')).not.toBe(key('tuesday'));
  });

  it('draw their answers from the real heaps', () => {
    const byId = Object.fromEntries(generate('check').map((i) => [i.id, i]));
    // The scan visits slots 0, 1, 2 … and the count question agrees with the cells it shows.
    const scan = byId['scan-order'];
    expect(scan.expected).toEqual((scan.expected as number[]).map((_, k) => k));
    expect(scan.cells!.labels[(scan.expected as number[]).at(-1)!]).toBe(/remove\((\d+)\)/.exec(scan.prompt)![1]);
    // One equals() per cancellation (Netty's contains(node, i) check): n in all.
    expect(byId['predict-indexed'].expected).toBe(Number(/indexed heap: (\d+) timers/.exec(byId['predict-indexed'].prompt)![1]));
    expect(byId['worst-order'].expected).toBe('cancelling in reverse order');
    const n = Number(/Schedule (\d+)/.exec(byId['predict-reverse'].prompt)![1]);
    expect(byId['predict-reverse'].expected).toBe(((n * (n + 1)) / 2).toLocaleString('en-US'));
  });
});

describe('each question’s premises, checked against the player its replay link opens', () => {
  /** The array the player draws at step `k`, slot [0] first, as deadlines. */
  const array = (r: ReturnType<typeof replayed>, k = r.step) => {
    const f = r.at(k);
    return f.list('slot', f.get('size')).map((seq) => r.trace.entityLabels[seq]);
  };
  it('for 200 seeds: the array shown is the player’s, and “the last timer” is the one in its last slot', () => {
    let stayed = 0;
    for (const seed of seeds(200, 'rrw38a')) {
      for (const i of generate(seed)) {
        const where = `${i.id} ${seed}`;
        if (!i.code && !i.cells) continue;
        const r = replayed(i);
        // The question is asked where the replay opens: just before the operation it is about.
        const shown = i.code ? i.code.text.split(/\s+/) : i.cells!.labels;
        expect(shown, where).toEqual(array(r));
        // "k stays where it starts, in [i]: its parent is not later": the player's parent of [i] is not later than k.
        const stays = /^(\d+) stays where it starts, in \[(\d+)\]: its parent is not later/.exec(i.explanation);
        if (stays) {
          const [k, at] = [Number(stays[1]), Number(stays[2])];
          expect(at, where).toBe(array(r).length);
          expect(Number(array(r)[(at - 1) >> 1]), where).toBeLessThanOrEqual(k);
          stayed++;
        }
        const moved = /moves the last timer, (\d+),/.exec(i.prompt)?.[1];
        if (moved) {
          expect(moved, `${where}: the last slot holds ${array(r).at(-1)}`).toBe(array(r).at(-1));
          const removed = /remove\((\d+)\)/.exec(i.prompt)?.[1];
          expect(moved, `${where}: remove(${removed}) would move nothing`).not.toBe(removed);
          // And the operation named is the one the player runs next.
          const next = r.trace.actions[r.trace.actionStarts.indexOf(r.step)].label;
          expect(next, where).toMatch(removed ? `remove ${removed}` : /^poll/);
        }
      }
    }
    expect(stayed, 'some offer stays where it starts').toBeGreaterThan(0);
  });
});

describe('numeric answers', () => {
  it('are graded as exact integers from the text typed', () => {
    const inst = generate('numeric').find((i) => i.kind === 'compute')!;
    const n = inst.expected as number;
    expect(grade(inst, String(n)).correct).toBe(true);
    expect(grade(inst, ` 00${n} `).correct).toBe(true);
    expect(grade(inst, `+${n}`).correct).toBe(true);
    for (const bad of ['abc', '1e3', '0x10', '٣', '', `${n}.0`, '12345678901234567890123']) {
      expect(grade(inst, bad).correct, bad).toBe(false);
    }
  });
});

describe('feedback texts', () => {
  let all: Instance[] = [];
  beforeAll(() => {
    all = Array.from({ length: 40 }, (_, s) => generate(`text-${s}`)).flat();
  });

  it('never hedge a plural', () => {
    for (const i of all) {
      for (const text of [i.prompt, i.explanation, i.hint]) {
        expect(text, i.id).not.toMatch(/\(s\)|\b1 [a-z()]+s\b(?! in all)/);
      }
    }
  });

  it('trace the climb the player shows: each step goes to the parent, ending where the timer lands', () => {
    for (const i of all.filter((x) => x.id === 'offer-comparisons')) {
      const path = [...i.explanation.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
      const levels = /climbs (\d+) levels?/.exec(i.explanation);
      if (!levels) {
        expect(i.explanation).toContain('stays where it starts');
        continue;
      }
      expect(path.length - 1).toBe(Number(levels[1]));
      for (let k = 1; k < path.length; k++) expect(path[k]).toBe((path[k - 1] - 1) >> 1);
      expect(path[0]).toBe(i.code!.text.split(/\s+/).length); // it starts in the first free slot
      // Where the replay ends, the new timer sits in the last slot of the path.
      const t = heapTrace(i.replay!.ops, 'jdk');
      const end = new Frame(t.schema, new FrameReplay(t).frameAt(t.length));
      const seq = t.actions[t.actions.length - 1].subject;
      expect(end.list('slot', end.get('size')).indexOf(seq)).toBe(path[path.length - 1]);
    }
  });

  it('count only the cancellations when the question says the timers are already queued', () => {
    const i = generate('orders').find((x) => x.id === 'worst-order')!;
    const n = Number(/^(\d+) timers/.exec(i.prompt)![1]);
    const [inOrder, reverse] = [...i.explanation.matchAll(/([\d,]+) comparisons, equals\(\) calls and moves (in order|in reverse)|, ([\d,]+) in reverse/g)]
      .map((m) => Number((m[1] ?? m[3]).replace(/,/g, '')));
    // In reverse, n(n+1)/2 equals() calls and no sifting (the last slot is just cleared).
    expect(reverse).toBe((n * (n + 1)) / 2);
    // In order: one equals() per cancel, then a sift down; the n − 1 scheduling comparisons are excluded.
    expect(inOrder).toBeLessThan(reverse);
    expect(i.choices).toEqual(['cancelling in scheduling order', 'cancelling in reverse order', 'both cost the same']);
    // Its replay runs both orders on the same timers, starting before the first cancel: the work
    // between its steps is the explanation's (n adds, n cancels in order, n adds, n in reverse).
    const r = replayed(i);
    const { actionStarts: at, length } = r.trace;
    expect(r.step).toBe(at[n]);
    const work = (from: number, to: number) => {
      const [a, b] = [r.at(from).counts('total'), r.at(to).counts('total')];
      return (b.compare - a.compare) + (b.equals - a.equals) + (b.move - a.move);
    };
    expect([work(at[n], at[2 * n]), work(at[3 * n], length)]).toEqual([inOrder, reverse]);
  });
});

describe('the benchmark-reading questions, for 200 seeds', () => {
  const byId = (seed: string) => Object.fromEntries(generate(seed).map((i) => [i.id, i]));
  it('count queued timers by Little’s law, from the numbers in the prompt', () => {
    for (const seed of seeds(200)) {
      const i = byId(seed)['little-timers'];
      const [, rate, ms, timeout] = /accepts ([\d,]+) requests a second and answers each in (\d+) ms.*a (\d+)-second timeout/.exec(i.prompt)!;
      const perSecond = Number(rate.replace(/,/g, ''));
      const lazy = i.prompt.includes('lazy cancellation');
      expect(i.expected, seed).toBe(lazy ? perSecond * Number(timeout) : (perSecond * Number(ms)) / 1000);
      expect(Number.isInteger(i.expected), seed).toBe(true);
    }
  });

  it('put the fixed cost in both operations, and keep the answer clear of a rounding tie', () => {
    for (const seed of seeds(200)) {
      const i = byId(seed)['fixed-cost'];
      const [, a, b, h] = /take (\d+) µs on heap A and (\d+) µs on heap B; the hand-off takes (\d+) µs/.exec(i.prompt)!.map(Number);
      const exact = (100 * (h + a)) / (h + b);
      expect(i.expected, seed).toBe(Math.round(exact));
      expect(Math.abs(exact - Math.floor(exact) - 0.5), seed).toBeGreaterThan(0.1);
      // The hand-off pulls the ratio toward 100 %.
      expect(exact, seed).toBeGreaterThan((100 * a) / b);
    }
  });

  it('read each interval the way the verdicts do: wholly above, wholly below, or straddling 1×', () => {
    const seen = new Set<string>();
    for (const seed of seeds(200)) {
      const i = byId(seed)['read-interval'];
      const [, lo, hi] = /interval of ([\d.]+)×–([\d.]+)×/.exec(i.prompt)!.map(Number);
      const want = lo >= 1 ? 'Netty’s heap was faster' : hi < 1 ? 'Netty’s heap was slower' : 'no difference this run can resolve';
      expect(i.expected, `${seed}: ${i.prompt}`).toBe(want);
      seen.add(i.expected as string);
    }
    expect(seen.size).toBe(3); // the committed runs give all three readings
  });
});
