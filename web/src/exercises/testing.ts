// What every lesson's exercise tests share: the real wasm module loaded from disk, and a wrong
// answer of the right shape to check that grading can say no.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../wasm/loader';
import type { Answer, Instance } from './exercises';

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
