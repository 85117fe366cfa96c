// The query parameters of /embed/heap, validated: a bad value is an error the page shows.
import type { HeapKind } from '../heaps/trace';

export type HeapEmbed = { ok: true; heap: HeapKind | 'race'; ops: string; step: number | 'end' } | { ok: false; message: string };

export function parseHeapEmbed(params: URLSearchParams): HeapEmbed {
  const heap = params.get('heap') ?? 'jdk';
  if (heap !== 'jdk' && heap !== 'indexed' && heap !== 'race') {
    return { ok: false, message: `heap=${heap} is not a view; expected heap=jdk, heap=indexed or heap=race` };
  }
  const rawStep = params.get('step') ?? '0';
  let step: number | 'end';
  if (rawStep === 'end') step = 'end';
  else if (/^\d+$/.test(rawStep)) step = Number(rawStep);
  else return { ok: false, message: `step=${rawStep} is not a step; expected a whole number or "end"` };
  return { ok: true, heap, ops: params.get('ops') ?? '', step };
}

/** The URL of an embeddable view of this state, under the site's base path. */
export function heapEmbedUrl(view: HeapKind | 'race', ops: string, step: number, origin = window.location.origin): string {
  const q = new URLSearchParams({ heap: view, ops, step: String(step) });
  return `${origin}${import.meta.env.BASE_URL}embed/heap?${q.toString().replace(/%2C/g, ',').replace(/\+/g, '%20')}`;
}
