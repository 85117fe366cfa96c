// "Work": one number to compare a family's variants by, declared once (each family's work.ts)
// as the counters it adds up, each with its name in words. The counters table marks those rows
// and adds them up in a row of its own; the race's tally and its narration say the same sum, in
// the same words, so a ratio on the page is always of totals the reader can see and add.
import type { Counts } from '../script/frame';
import { listing, plural } from '../util/format';

/** One counter that counts as work: its kind, and what one and many of it are called. */
export interface WorkKind {
  kind: string;
  one: string;
  many?: string;
}

/** The sum of the declared counters. */
export function workOf(work: readonly WorkKind[], c: Counts): number {
  return work.reduce((s, w) => s + (c[w.kind] ?? 0), 0);
}

/** The declared counters in words, those that are not zero: "1 bucket insert and 1 delay-queue move" (or "no work"). */
export function describeWork(work: readonly WorkKind[], c: Counts): string {
  const parts = work.filter((w) => (c[w.kind] ?? 0) !== 0).map((w) => plural(c[w.kind], w.one, w.many));
  return parts.length ? listing(parts) : 'no work';
}

/** What the sum adds up, in words: "slots computed, levels passed, … and delay-queue moves". */
export const workNames = (work: readonly WorkKind[]) => listing(work.map((w) => w.many ?? `${w.one}s`));

/** The declaration as the kinds it adds, joined with "+" (as the lessons' claims name a sum of counters). */
export const workSum = (work: readonly WorkKind[]) => work.map((w) => w.kind).join('+');
