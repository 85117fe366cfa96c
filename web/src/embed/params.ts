// Steps in a URL, and the query parameters of /embed/heap, validated: a bad value is an error
// the page shows, and a value past the end is a notice, never a silent jump.
import type { HeapKind } from '../heaps/trace';
import { checkParams, embedLink, type Link } from './link';
import { num as fmt } from '../site/format';

/** A step: a number, 'end', or `op:N` (just before operation N starts, counting from 1). */
export type StepSpec = number | 'end' | `op:${number}`;

export interface ResolvedStep {
  step: number;
  /** Why the step shown is not the one asked for. */
  notice?: string;
}


/** Resolves a step spec against the start of each operation and the trace length. */
export function resolveStep(spec: StepSpec, actionStarts: readonly number[], length: number): ResolvedStep {
  if (spec === 'end') return { step: length };
  if (typeof spec === 'number') {
    return spec <= length ? { step: spec }
      : { step: length, notice: `Step ${fmt(spec)} is past the end of this script (${fmt(length)} steps), so it is shown at the end.` };
  }
  const n = Number(spec.slice(3));
  return n >= 1 && n <= actionStarts.length ? { step: actionStarts[n - 1] }
    : { step: length, notice: `There is no operation ${fmt(n)}: this script has ${fmt(actionStarts.length)}, so it is shown at the end.` };
}

/** The largest step number a link may carry (more digits than any trace could need). */
const MAX_STEP_DIGITS = 9;

export function parseStep(raw: string | null): { ok: true; step: StepSpec } | { ok: false; message: string } {
  const bad = { ok: false as const, message: `step=${raw} is not a step; expected a whole number, "end" or "op:N"` };
  if (raw === null) return { ok: true, step: 0 };
  if (raw === 'end') return { ok: true, step: 'end' };
  const m = /^(op:)?(\d+)$/.exec(raw);
  if (!m || (m[1] && /^0+$/.test(m[2]))) return bad;
  if (m[2].length > MAX_STEP_DIGITS) {
    return { ok: false, message: `step=${raw} is larger than any script here can have; use "end" for the last step` };
  }
  return { ok: true, step: m[1] ? (`op:${Number(m[2])}` as StepSpec) : Number(m[2]) };
}

export type HeapEmbed = { ok: true; heap: HeapKind | 'race'; ops: string; step: StepSpec } | { ok: false; message: string };

export const HEAP_PARAMS = ['heap', 'ops', 'step'] as const;

export function parseHeapEmbed(params: URLSearchParams): HeapEmbed {
  const problem = checkParams(params, HEAP_PARAMS);
  if (problem) return { ok: false, message: problem };
  const heap = params.get('heap') ?? 'jdk';
  if (heap !== 'jdk' && heap !== 'indexed' && heap !== 'race') {
    return { ok: false, message: `heap=${heap} is not a view; expected heap=jdk, heap=indexed or heap=race` };
  }
  const step = parseStep(params.get('step'));
  if (!step.ok) return step;
  return { ok: true, heap, ops: params.get('ops') ?? '', step: step.step };
}

/** A link to an embeddable view of this state, under the site's base path. */
export function heapEmbedLink(view: HeapKind | 'race', ops: string, step: StepSpec, origin = window.location.origin): Link {
  return embedLink('heap', { heap: view, ops, step: String(step) }, origin);
}
