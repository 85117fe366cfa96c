// What every lesson's exercise tests share: the real wasm module loaded from disk, a wrong
// answer of the right shape to check that grading can say no, and the checks every generated
// exercise must pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../wasm/loader';
import { expect } from 'vitest';
import { grade, type Answer, type Instance } from './exercises';

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

/**
 * For seeds `seed-0` … `seed-(seeds − 1)`: every exercise accepts its model answer, refuses a
 * wrong one, offers its answer among its choices, reads without a placeholder left in (`prose`,
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
      if (prose) expect(`${inst.prompt} ${inst.explanation}`, where).not.toMatch(prose);
      extra?.(inst, where);
    }
  }
}
