// Runs an ops script through the real heaps in wasm: traced step by step when it is small enough
// to draw, otherwise counted only (in a Worker: see countWorker.ts).
import { callWasm, type Wasm } from '../wasm/loader';
import type { Command, ScriptError } from './script';
import { encodeCommands } from './script';
import {
  EMPTY_HEAP, applyHeapStep, decodeActions, decodeLayouts, decodeSteps,
  type HeapKind, type HeapRun,
} from './trace';

/** The most nodes the tree view draws; past it, only the counters run. */
export const MAX_DRAWN = 127;
export const MAX_DRAWN_ACTIONS = 2000;

/** Turns the planner's "op N: …" message into an error located in the script text. */
export function locate(message: string, commands: Command[]): ScriptError {
  const m = /^op (\d+):/.exec(message);
  const c = m ? commands[Number(m[1]) - 1] : undefined;
  return { message, start: c?.start ?? 0, end: c?.end ?? 0 };
}

export type Traced =
  | { ok: true; runs: Partial<Record<HeapKind, HeapRun>> }
  /** `tooBig`: a valid script beyond the drawing limits, to be counted instead. */
  | { ok: false; error: ScriptError; tooBig: boolean };

function runOne(w: Wasm, plan: InstanceType<Wasm['TimerPlan']>, heap: HeapKind, deadlines: number[]): HeapRun {
  const t = plan.trace(heap);
  try {
    const steps = decodeSteps(t.steps(), t.texts(), w.heap_step_width());
    const actionStarts: number[] = [];
    steps.forEach((s, i) => {
      if (s.kind === 0) actionStarts.push(i);
    });
    return {
      heap,
      trace: { initial: EMPTY_HEAP, steps, apply: applyHeapStep },
      actionStarts,
      actions: decodeActions(plan.actionTable()),
      deadlines,
      layouts: decodeLayouts(t.layouts()),
      pseudocode: w.heap_pseudocode(heap),
      overflowed: t.overflowed,
    };
  } finally {
    t.free();
  }
}

/** Plans and traces `commands` on each heap in `heaps` (the same plan for all). */
export function traceScript(commands: Command[], heaps: HeapKind[]): Traced {
  return callWasm((w) => {
    let plan: InstanceType<Wasm['TimerPlan']>;
    try {
      plan = new w.TimerPlan(encodeCommands(commands), true);
    } catch (e) {
      return { ok: false, error: locate((e as Error).message, commands), tooBig: false };
    }
    try {
      if (!plan.fits) {
        return { ok: false, tooBig: true, error: { message: 'the script is too big to draw', start: 0, end: 0 } };
      }
      const deadlines = Array.from(plan.deadlines());
      const runs: Partial<Record<HeapKind, HeapRun>> = {};
      for (const h of heaps) runs[h] = runOne(w, plan, h, deadlines);
      return { ok: true, runs };
    } finally {
      plan.free();
    }
  });
}
