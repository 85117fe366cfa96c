import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm, callWasm } from '../wasm/loader';
import { Replay } from '../player/replay';
import { parseScript, encodeCommands, type Command } from './script';
import { traceScript } from './run';
import { countsFromFlat, describeWork, type HeapKind } from './trace';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

function commands(text: string): Command[] {
  const r = parseScript(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.commands;
}

// A small seeded generator, so failures reproduce.
function scripts(count: number): string[] {
  let x = 12345;
  const rnd = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const ops: string[] = [];
    const len = 1 + rnd(40);
    for (let j = 0; j < len; j++) {
      const r = rnd(10);
      if (r < 5) ops.push(`add ${rnd(30)}`);
      else if (r < 7) ops.push('poll');
      else if (r < 9) ops.push(`remove ${rnd(30)}`);
      else ops.push(rnd(2) ? 'cancel-reverse' : 'schedule 5');
    }
    out.push(ops.join(', '));
  }
  return out;
}

describe('heap traces replayed in JavaScript', () => {
  it('reach exactly the layout Rust reports after every action, on both heaps', () => {
    for (const text of scripts(150)) {
      const cmds = commands(text);
      const traced = traceScript(cmds, ['jdk', 'indexed']);
      if (!traced.ok) throw new Error(`${text}: ${traced.error.message}`);
      for (const heap of ['jdk', 'indexed'] as HeapKind[]) {
        const run = traced.runs[heap]!;
        const replay = new Replay(run.trace, 16);
        run.actionStarts.forEach((_, a) => {
          const end = a + 1 < run.actionStarts.length ? run.actionStarts[a + 1] : run.trace.steps.length;
          const s = replay.stateAt(end);
          expect(s.slots, `${heap}: ${text}, action ${a}`).toEqual(run.layouts[a]);
          expect(s.held).toBeNull();
        });
        // Every node's stored index is its slot once an action is over.
        const final = replay.stateAt(run.trace.steps.length);
        if (heap === 'indexed') expect(final.pending).toBeNull();
        // The counters derived from the steps agree with the Counter probe.
        const flat = callWasm((w) => {
          const plan = new w.TimerPlan(encodeCommands(cmds), false);
          try {
            return plan.count(heap);
          } finally {
            plan.free();
          }
        });
        expect(final.total).toEqual(countsFromFlat(flat, cmds.length));
      }
    }
  });

  it('reproduces the cancel-reverse pathology: n(n+1)/2 equals() calls on the JDK heap, none on the indexed one', () => {
    const traced = traceScript(commands('schedule 20, cancel-reverse'), ['jdk', 'indexed']);
    if (!traced.ok) throw new Error(traced.error.message);
    const end = (h: HeapKind) => new Replay(traced.runs[h]!.trace).stateAt(traced.runs[h]!.trace.steps.length);
    expect(end('jdk').total.equals).toBe(210);
    expect(end('indexed').total.equals).toBe(0);
    expect(end('jdk').total.comparisons).toBe(end('indexed').total.comparisons);
  });

  it('leaves a script beyond the drawing limits to the counters, and draws everything within them', () => {
    const over = traceScript(commands('add 1, schedule 127'), ['jdk']);
    expect(over).toMatchObject({ ok: false, tooBig: true });
    const longButSmall = Array.from({ length: 1000 }, (_, i) => `add ${i}, poll`).join(', ');
    // Never more than 100 (or 1) queued at once: drawable, though the adds sum past 127.
    for (const text of ['schedule 100, cancel-reverse, schedule 100', longButSmall]) {
      expect(traceScript(commands(text), ['jdk']).ok, text).toBe(true);
    }
    expect(traceScript(commands(`${longButSmall}, poll`), ['jdk'])).toMatchObject({ ok: false, tooBig: true });
  });
});

describe('work in words', () => {
  it('names every count, with the right plural', () => {
    const c = { comparisons: 0, equals: 15, moves: 1, indexWrites: 1, allocations: 0 };
    expect(describeWork(c, 'jdk')).toBe('0 comparisons, 15 equals() calls and 1 move');
    expect(describeWork(c, 'indexed')).toBe('0 comparisons, 15 equals() calls, 1 move and 1 index write');
  });
});
