// A recorded script as the player uses it: the frame before the first step, and per step the
// fields it wrote, its pseudocode line, its event and its sentence. Rust recorded all of it; the
// web only applies writes and reads named fields (see replay.ts and frame.ts).
import type { FamilySchema } from './schema';

/** Per step: `[action, line, kind, a, b, first write]` (see crates/core/src/trace.rs). */
export const STEP_WIDTH = 6;

export interface ActionInfo {
  /** The script command it came from (0-based). */
  command: number;
  /** "add 40", "remove 30 (not queued)". */
  label: string;
  /** The entity it is about, or −1. */
  subject: number;
}

export interface Step {
  action: number;
  line: number;
  /** An index into the schema's kinds. */
  kind: number;
  a: number;
  b: number;
}

export interface Trace {
  family: string;
  variant: string;
  schema: FamilySchema;
  initial: Int32Array;
  steps: Int32Array;
  writes: Int32Array;
  length: number;
  overflowed: boolean;
  actions: ActionInfo[];
  /** The index of each action's first step. */
  actionStarts: number[];
  /** Whether actions overlap (threads interleaved step by step), so they are not contiguous runs. */
  interleaved: boolean;
  /** The step count at which each action is complete, in the order they completed. */
  completions: number[];
  /** The actions in the order they completed. */
  completedActions: number[];
  /** The name of each entity the frame refers to by number (a timer's deadline). */
  entityLabels: string[];
  /** Step k's sentence (0-based), sliced on demand from the one string Rust sent. */
  text(k: number): string;
}

export function stepAt(t: Pick<Trace, 'steps'>, k: number): Step {
  const o = k * STEP_WIDTH;
  const s = t.steps;
  return { action: s[o], line: s[o + 1], kind: s[o + 2], a: s[o + 3], b: s[o + 4] };
}

/** The kind number of a named event kind ("compare" → 2). */
export function kindIndex(schema: FamilySchema, name: string): number {
  const i = schema.kinds.findIndex((k) => k.name === name);
  if (i < 0) throw new Error(`${schema.family} has no event kind "${name}"`);
  return i;
}

/** How many steps of event kind `kind` the trace holds (of action `a` only, if given). */
export function countSteps(t: Pick<Trace, 'schema' | 'steps' | 'length'>, kind: string, a?: number): number {
  const k = kindIndex(t.schema, kind);
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const s = stepAt(t, i);
    if (s.kind === k && (a === undefined || s.action === a)) n++;
  }
  return n;
}

/** The steps of action `a` (0-based), as [first, end). */
export function actionRange(t: Pick<Trace, 'actionStarts' | 'length'>, a: number): [number, number] {
  return [t.actionStarts[a], a + 1 < t.actionStarts.length ? t.actionStarts[a + 1] : t.length];
}

/** Lines of `joined` as an indexable list, found on first use. */
export function lazyLines(joined: string, count: number): (k: number) => string {
  let starts: number[] | null = null;
  return (k) => {
    if (k < 0 || k >= count) return '';
    if (!starts) {
      starts = [0];
      for (let i = joined.indexOf('\n'); i >= 0; i = joined.indexOf('\n', i + 1)) starts.push(i + 1);
      starts.push(joined.length + 1);
    }
    return joined.slice(starts[k], starts[k + 1] - 1);
  };
}

/**
 * The first step of each action, whether it ends, and the order actions complete in. Actions
 * are numbered as they start; on one thread each is a contiguous run of steps, and with threads
 * interleaved they overlap.
 */
export function actionSpans(steps: Int32Array): Pick<Trace, 'actionStarts' | 'interleaved' | 'completions' | 'completedActions'> {
  const starts: number[] = [];
  const ends: number[] = [];
  let interleaved = false;
  for (let k = 0; k * STEP_WIDTH < steps.length; k++) {
    const a = steps[k * STEP_WIDTH];
    if (a === starts.length) starts.push(k);
    else if (a !== starts.length - 1) interleaved = true;
    ends[a] = k + 1;
  }
  const completedActions = ends.map((_, a) => a).sort((x, y) => ends[x] - ends[y]);
  return { actionStarts: starts, interleaved, completions: completedActions.map((a) => ends[a]), completedActions };
}
