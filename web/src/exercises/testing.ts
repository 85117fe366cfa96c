// What every lesson's exercise tests share: the real wasm module loaded from disk, a wrong
// answer of the right shape to check that grading can say no, the player an exercise's replay
// link opens (to check a question's premises against what the student will see), and the
// checks every generated exercise must pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../wasm/loader';
import { expect } from 'vitest';
import { grade, type Answer, type Instance } from './exercises';
import { traceOf } from '../script/run';
import { resolveStep } from '../embed/params';
import { frameAt, type Frame } from '../script/frame';
import type { Trace } from '../script/trace';

export function loadWasmFromDisk(): Promise<unknown> {
  return loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
}

/** A plausible wrong answer of the same shape. */
export function wrongAnswer(i: Instance): Answer {
  const e = i.expected;
  if (Array.isArray(e)) return e.length > 1 ? [...e].reverse() : [...e, e[0] + 1];
  if (typeof e === 'number') return e + 1;
  return i.choices!.find((c) => c !== e)!;
}

/** What the exercise's replay link shows: its player's trace, the step it opens on, and that frame. */
export function replayed(inst: Instance): { trace: Trace; step: number; frame: Frame; at: (k: number) => Frame } {
  if (!inst.replay) throw new Error(`${inst.id} has no replay: it is a question about figures, not about a script`);
  const { family, view, ops, step, settings } = inst.replay;
  const trace = traceOf(family, ops, view, settings);
  const k = resolveStep(step, trace.actionStarts, trace.length).step;
  return { trace, step: k, frame: frameAt(trace, k), at: (n) => frameAt(trace, n) };
}

/** `count` seeds, `seed-0` …, and any named ones (seeds a report found a problem with). */
export const seeds = (count: number, ...named: string[]) => [...named, ...Array.from({ length: count }, (_, s) => `seed-${s}`)];

/**
 * For seeds `seed-0` … `seed-(seeds − 1)`: every exercise accepts its model answer, refuses a
 * wrong one, lists its answer among its choices, reads without a placeholder left in (`prose`,
 * if given), and passes the lesson's own `extra` checks.
 */
export function checkInstances(generate: (seed: string) => Instance[], seeds: number,
  prose?: RegExp, extra?: (inst: Instance, where: string) => void): void {
  for (let s = 0; s < seeds; s++) {
    for (const inst of generate(`seed-${s}`)) {
      const where = `${inst.id} seed-${s}`;
      expect(grade(inst, inst.expected).correct, where).toBe(true);
      expect(grade(inst, wrongAnswer(inst)).correct, where).toBe(false);
      if (inst.choices) expect(inst.choices, where).toContain(inst.expected);
      if (inst.kind === 'trace') expect(inst.cells?.labels.length, where).toBeGreaterThan(0);
      // Prose is plain sentences: code spans in backticks, nothing else of Markdown, no placeholder.
      for (const text of [inst.prompt, inst.hint, inst.explanation]) {
        expect((text.match(/`/g) ?? []).length % 2, `${where}: unpaired backtick in “${text}”`).toBe(0);
        expect(text, where).not.toMatch(/\*\*|__|\$\{|undefined|NaN/);
      }
      if (prose) expect(`${inst.prompt} ${inst.hint} ${inst.explanation}`, where).not.toMatch(prose);
      extra?.(inst, where);
    }
  }
}
