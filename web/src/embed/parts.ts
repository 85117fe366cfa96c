// The parts of a player a link may show (`show=drawing,controls,narration`): a docs page often
// wants the figure and its step buttons, not the script editor, pseudocode and counters. A link
// without `show` shows every part, as links did before there was one.
import { excerpt, listing } from '../util/format.ts';

export const PARTS = ['drawing', 'controls', 'narration', 'pseudocode', 'counters', 'script'] as const;
export type Part = (typeof PARTS)[number];

/** The parts a view shows; null for all of them (a link without `show`). */
export type Parts = ReadonlySet<Part> | null;

/** What a docs author is most likely to want: the figure, its step buttons and what is happening. */
export const FIGURE_ONLY: ReadonlySet<Part> = new Set(['drawing', 'controls', 'narration']);

/** Parts that only work live (buttons, the editor): not in a picture. */
export const LIVE_PARTS: ReadonlySet<Part> = new Set(['controls', 'script']);

export const shows = (parts: Parts, part: Part): boolean => parts === null || parts.has(part);

const isPart = (s: string): s is Part => (PARTS as readonly string[]).includes(s);

/** `show`'s value: the parts in their fixed order; undefined when that is all of them. */
export function partsParam(parts: Parts): string | undefined {
  if (parts === null || PARTS.every((p) => parts.has(p))) return undefined;
  return PARTS.filter((p) => parts.has(p)).join(',');
}

/** Reads `show=` (null when absent: every part). Naming all six is the same as not naming any. */
export function parseParts(raw: string | null): { ok: true; parts: Parts } | { ok: false; message: string } {
  if (raw === null) return { ok: true, parts: null };
  const names = raw.split(',').map((s) => s.trim());
  const expected = `expected some of ${listing([...PARTS])}, separated by commas`;
  if (names.every((n) => n === '')) return { ok: false, message: `show= names no part; ${expected}` };
  const bad = names.find((n) => !isPart(n));
  if (bad !== undefined) return { ok: false, message: `show=${excerpt(raw)}: “${excerpt(bad)}” is not a part; ${expected}` };
  const parts = new Set(names as Part[]);
  return { ok: true, parts: parts.size === PARTS.length ? null : parts };
}

/** A view's link parameters with `show` added when it shows only some parts (after the settings, before the script). */
export function withParts(params: Readonly<Record<string, string>>, parts: Parts): Record<string, string> {
  const show = partsParam(parts);
  return show ? { ...params, show } : { ...params };
}
