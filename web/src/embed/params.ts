// The query parameters of /embed/heap, validated: a bad value is an error the page shows.
import type { HeapKind } from '../heaps/trace';

/** A step: a number, 'end', or `op:N` (just before operation N starts, counting from 1). */
export type StepSpec = number | 'end' | `op:${number}`;

export type HeapEmbed = { ok: true; heap: HeapKind | 'race'; ops: string; step: StepSpec } | { ok: false; message: string };

/** Resolves a step spec against the start of each operation and the trace length. */
export function resolveStep(spec: StepSpec, actionStarts: readonly number[], length: number): number {
  if (spec === 'end') return length;
  if (typeof spec === 'number') return Math.min(spec, length);
  const n = Number(spec.slice(3));
  return n >= 1 && n <= actionStarts.length ? actionStarts[n - 1] : length;
}

export function parseHeapEmbed(params: URLSearchParams): HeapEmbed {
  const heap = params.get('heap') ?? 'jdk';
  if (heap !== 'jdk' && heap !== 'indexed' && heap !== 'race') {
    return { ok: false, message: `heap=${heap} is not a view; expected heap=jdk, heap=indexed or heap=race` };
  }
  const rawStep = params.get('step') ?? '0';
  let step: StepSpec;
  if (rawStep === 'end') step = 'end';
  else if (/^\d+$/.test(rawStep)) step = Number(rawStep);
  else if (/^op:[1-9]\d*$/.test(rawStep)) step = rawStep as StepSpec;
  else return { ok: false, message: `step=${rawStep} is not a step; expected a whole number, "end" or "op:N"` };
  return { ok: true, heap, ops: params.get('ops') ?? '', step };
}

/** The URL of an embeddable view of this state, under the site's base path. */
export function heapEmbedUrl(view: HeapKind | 'race', ops: string, step: StepSpec, origin = window.location.origin): string {
  const q = new URLSearchParams({ heap: view, ops, step: String(step) });
  return `${origin}${import.meta.env.BASE_URL}embed/heap?${q.toString().replace(/%2C/g, ',').replace(/\+/g, '%20')}`;
}
