import { readFileSync } from 'node:fs';
import type { Counts } from './schema.gen';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../wasm/loader';
import { parseScript } from '../script/parse';
import { familySchema, type FamilySchema } from '../script/schema';
import { traceOf, traceScript } from '../script/run';
import { frameAt } from '../script/frame';
import { kindIndex, stepAt, type Trace } from '../script/trace';
import { STACK, chipPlaces, handsOutOfSight, wheelModel } from './viewModel';
import { WHEEL_WORK } from './work';
import { describeWork, workOf } from '../registry/work';

let schema: FamilySchema;
beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
  schema = familySchema('wheel');
});

const trace = (text: string, variant = 'wheel'): Trace => traceOf('wheel', text, variant);
const at = frameAt;
const afterAction = (t: Trace, a: number) => at(t, a + 1 < t.actionStarts.length ? t.actionStarts[a + 1] : t.length);

describe('the wheel script, parsed from the grammar Rust exports', () => {
  const err = (text: string) => {
    const r = parseScript(text, schema);
    if (r.ok) throw new Error('expected an error');
    return r.error.message;
  };

  it('reads commands with two and three arguments', () => {
    const r = parseScript('add 7 40; cancel 7\nadvance 60, burst 3 10, random 5 100 9, cancel-all, drain', schema);
    expect(r.ok && r.commands.map((c) => [c.op, ...c.args])).toEqual([
      ['add', 7, 40], ['cancel', 7], ['advance', 60], ['burst', 3, 10], ['random', 5, 100, 9], ['cancel-all'], ['drain'],
    ]);
  });

  it('locates bad input, and the planner locates what only it can know', () => {
    expect(err('add 7')).toBe('command 1: add needs a timer ID and a delay in ms, e.g. "add 7 40"');
    expect(err('add 7 40 2')).toBe('command 1: unexpected "2" after add 7 40; separate commands with commas');
    expect(err('random 0 10 1')).toBe('command 1: random takes a count from 1 to 1,000,000, not 0');
    const planned = (text: string) => {
      const p = parseScript(text, schema);
      if (!p.ok) throw new Error(p.error.message);
      const t = traceScript('wheel', p.commands, ['wheel']);
      return t.ok ? null : t.error;
    };
    expect(planned('add 1 5, add 1 6')).toEqual({ message: 'command 2: timer 1 already exists; each add needs a new ID', start: 9, end: 16 });
    expect(planned('cancel 4')?.message).toBe('command 1: there is no timer 4; cancel names a timer added earlier');
    expect(planned('advance 50, advance 40')?.message).toContain('the clock is already at 50 ms');
  });
});

describe('the wheel view model', () => {
  it('shows a delay of exactly 20 on level 1, and the clocks, buckets and fired list after a cascade', () => {
    const t = trace('add 1 20, add 2 19, add 3 0, advance 20');
    const first = wheelModel(afterAction(t, 0), 20);
    expect(first.levels.map((l) => [l.level, l.tick, l.interval, l.time])).toEqual([[0, 1, 20, 0], [1, 20, 400, 0]]);
    expect(first.buckets).toEqual([{ level: 1, slot: 1, expires: 20, timers: [0] }]);
    const end = wheelModel(afterAction(t, 3), 20);
    expect(end.fired.map((f) => [t.entityLabels[f.timer], f.time])).toEqual([['3', 0], ['2', 19], ['1', 20]]);
    expect(end.buckets).toEqual([]);
    expect(end.levels.map((l) => l.time)).toEqual([20, 20]);
  });

  it('keeps list order, stacks at most four chips per bucket and puts fired ones on the strip', () => {
    const t = trace('burst 6 7, add 99 3, advance 3');
    const m = wheelModel(at(t, t.length), 20);
    expect(m.buckets).toHaveLength(1);
    expect(m.buckets[0].timers.map((e) => t.entityLabels[e])).toEqual(['1', '2', '3', '4', '5', '6']);
    const { chips, more } = chipPlaces(m, 20);
    expect(chips.filter((c) => !c.hidden && !c.fired)).toHaveLength(STACK - 1);
    expect(more).toEqual([expect.objectContaining({ n: 6 - STACK + 1 })]);
    expect(chips.filter((c) => c.fired).map((c) => t.entityLabels[c.timer])).toEqual(['99']);
  });

  it('counts the old design’s cancel as a scan and the wheel’s as an unlink', () => {
    const ops = 'burst 50 100, cancel 50';
    const w = trace(ops, 'wheel');
    const q = trace(ops, 'delay-queue');
    const wheelCancel = at(w, w.length).counts('last');
    const queueCancel = at(q, q.length).counts('last');
    expect([wheelCancel.unlink, wheelCancel['q-equals']]).toEqual([1, 0]);
    // Equal due times keep the order they were offered in: timer 50 is in the last of 50 slots.
    expect([queueCancel['q-equals'], queueCancel.unlink]).toEqual([50, 0]);
  });
});

describe('the two clocks', () => {
  it('keeps the wheel’s clock at the last bucket polled while now runs on, in the frame and the model', () => {
    const t = trace('add 1 5, advance 1000, add 2 5, advance 1005');
    const idle = wheelModel(afterAction(t, 1), 20);
    expect([idle.now, idle.wheelTime]).toEqual([1000, 5]);
    // The add is placed against the wheel's clock: level 2, in the bucket that expired at 800.
    const insert = kindIndex(t.schema, 'insert');
    let k = t.actionStarts[2];
    while (stepAt(t, k).kind !== insert) k++;
    expect(wheelModel(at(t, k + 1), 20).buckets).toEqual([{ level: 2, slot: 2, expires: 800, timers: [1] }]);
    // The add only offers that bucket: the timer waits in it, due, until the reaper's next pass.
    const added = wheelModel(afterAction(t, 2), 20);
    expect([added.now, added.wheelTime]).toEqual([1000, 5]);
    expect(added.levels.map((l) => l.time)).toEqual([5, 0, 0]);
    expect(added.buckets).toEqual([{ level: 2, slot: 2, expires: 800, timers: [1] }]);
    const end = wheelModel(at(t, t.length), 20);
    expect(end.fired.map((f) => [t.entityLabels[f.timer], f.time])).toEqual([['1', 5], ['2', 1005]]);
    expect([end.now, end.wheelTime]).toEqual([1005, 1005]);
    // The old design has no wheel.
    expect(wheelModel(at(trace('add 1 5', 'delay-queue'), 1), 20).wheelTime).toBe(-1);
  });

  it('does what the lesson says of its two-clocks player', () => {
    const mdx = readFileSync(join(import.meta.dirname, '..', '..', '..', 'lessons', 'request-timeouts.mdx'), 'utf8');
    const section = mdx.slice(mdx.indexOf('## Two clocks'), mdx.indexOf('## The old design')).replace(/\s+/g, ' ');
    const ops = /<WheelPlayer variant="wheel" ops="([^"]+)" step="op:3" \/>/.exec(section)![1];
    const t = trace(ops);
    const idle = wheelModel(afterAction(t, 1), 20);
    expect(section).toContain(`so the wheel's clock stays at ${idle.wheelTime} ms`);
    expect(section).toContain(`runs on to ${idle.now.toLocaleString('en')} ms`);
    // "beyond level 0 (reaching 24 ms), so level 1 is made …, and beyond level 1 (reaching 399 ms)":
    // the levels' reaches at the add.
    const beyond = kindIndex(t.schema, 'beyond');
    const passed = Array.from({ length: t.length }, (_, k) => k).filter((k) => k >= t.actionStarts[2] && stepAt(t, k).kind === beyond).slice(0, 2);
    const reach = passed.map((k) => { const l = wheelModel(at(t, k + 1), 20).levels[stepAt(t, k).a]; return l.time + l.interval - 1; });
    expect(section).toContain(`beyond level 0 (reaching ${reach[0]} ms), so level 1 is made for it, and beyond level 1 (reaching ${reach[1]} ms), so level 2 is made too`);
    const words = ['no', 'one', 'two', 'three', 'four', 'five'];
    // "The add ends there, with one offer and no poll" … "two cascades, two offers and three polls":
    // the add, then the advance (the reaper's next pass).
    const c = afterAction(t, 2).counts('last');
    expect(section).toContain(`with ${words[c['q-offer']]} offer and ${words[c['q-poll']]} poll: the wheel's clock is still at ${wheelModel(afterAction(t, 2), 20).wheelTime} ms`);
    expect(c.overflow).toBe(2); // "level 1 is made for it … level 2 is made too"
    const pass = afterAction(t, 3).counts('last');
    expect(section).toContain(`${words[pass.cascade]} cascades, ${words[pass['q-offer']]} offers and ${words[pass['q-poll']]} polls`);
    // "Had a bucket come due at 1,000 ms, … one offer to level 0."
    const kept = trace('add 1 1000, advance 1000, add 2 5');
    const k = afterAction(kept, 2).counts('last');
    expect([k['q-offer'], k.cascade, k.overflow, k['q-poll']]).toEqual([1, 0, 0, 0]);
    expect(wheelModel(afterAction(kept, 2), 20).buckets).toEqual([{ level: 0, slot: 5, expires: 1005, timers: [1] }]);
  });
});

describe('the work sum', () => {
  it('adds list links, levels passed and the queue’s work', () => {
    const c = { place: 1, beyond: 2, insert: 1, unlink: 3, cascade: 1, 'q-compare': 4, 'q-equals': 5, 'q-move': 6 } as Counts;
    expect(workOf(WHEEL_WORK, c)).toBe(23);
    // The words add up to the same sum: each declared counter, by its name.
    expect(describeWork(WHEEL_WORK, c)).toBe('1 slot computed, 2 levels passed, 1 bucket insert, 3 bucket unlinks, 1 cascade, 4 delay-queue comparisons, 5 delay-queue equals() calls and 6 delay-queue moves');
  });
});

describe('a clock scrolled out of sight (a phone shows about half a row)', () => {
  // 20 slots of 20 px; 180 px of the row in view.
  const at = (slot: number) => slot * 20;
  const hands = [{ level: 0, slot: 2 }, { level: 1, slot: 9 }, { level: 2, slot: 17 }];
  it('is pointed at on the side it is on, and only while it is out of sight', () => {
    expect(handsOutOfSight(hands, at, 20, [0, 180])).toEqual([{ level: 1, slot: 9, side: 'right' }, { level: 2, slot: 17, side: 'right' }]);
    expect(handsOutOfSight(hands, at, 20, [0, 220])).toEqual([{ level: 2, slot: 17, side: 'right' }]);
    expect(handsOutOfSight(hands, at, 20, [200, 180])).toEqual([{ level: 0, slot: 2, side: 'left' }, { level: 1, slot: 9, side: 'left' }]);
    // Wide enough for the whole row: nothing to point at.
    expect(handsOutOfSight(hands, at, 20, [0, Infinity])).toEqual([]);
  });
  it('counts a slot under the faded edge, a sliver of it showing, as out of sight', () => {
    // Slot 9 spans 180–200: with the view at 190–370 only 10 px of it shows.
    expect(handsOutOfSight([{ level: 0, slot: 9 }], at, 20, [190, 180])).toEqual([{ level: 0, slot: 9, side: 'left' }]);
    expect(handsOutOfSight([{ level: 0, slot: 9 }], at, 20, [170, 180])).toEqual([]);
  });
});
