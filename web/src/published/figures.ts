// Published figures: each lesson keeps the figures its document published in one data file,
// lessons/<slug>/published.ts, with what was measured and where it was published. The prose
// (through <Fig>, <FigRatio>, <FigTable>), the verdicts, the legends and the exercises quote them
// from there and nowhere else, so a figure is typed once and always carries its source.

import type { Figure, LessonFigures, Source } from './define';

export { defineFigures, type Figure, type LessonFigures, type Source } from './define';

const modules = import.meta.glob<{ published: LessonFigures }>('../../../lessons/*/published.ts', { eager: true });

/** The figures of a lesson, or undefined if it publishes none. */
export function lessonFigures(slug: string): LessonFigures | undefined {
  const entry = Object.entries(modules).find(([path]) => path.endsWith(`/lessons/${slug}/published.ts`));
  return entry?.[1].published;
}

/** One figure, or an error that names the lesson and the figure. */
export function figureOf(slug: string, id: string): { figure: Figure; source: Source } {
  const lesson = lessonFigures(slug);
  if (!lesson) throw new Error(`lesson "${slug}" has no published figures (lessons/${slug}/published.ts)`);
  const figure = Object.hasOwn(lesson.figures, id) ? lesson.figures[id] : undefined;
  if (!figure) throw new Error(`lesson "${slug}" publishes no figure "${id}"; it has ${Object.keys(lesson.figures).join(', ')}`);
  return { figure, source: lesson.sources[figure.source] };
}

/** A number as the document printed it (all its decimals), with thousands separators. */
export function exact(x: number, printed?: number): string {
  const decimals = printed ?? (String(x).split('.')[1] ?? '').length;
  return x.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A number rounded to `digits` significant digits, with separators: 110,823,170.627 → 111,000,000. */
export function rounded(x: number, digits: number): string {
  const r = Number(x.toPrecision(digits));
  const decimals = Math.max(0, digits - (Math.floor(Math.log10(Math.abs(r || 1))) + 1));
  return r.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Short form: 110,823,170.627 → 111M, 40,000 → 40K (`digits` significant digits). */
export function compact(x: number, digits: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: digits }).format(x);
}

/** "1.8×" or "488×": a ratio of published figures, as prose writes one. */
export function ratioText(x: number): string {
  return `${x >= 10 ? Math.round(x).toLocaleString('en-US') : x.toFixed(x >= 1 ? 1 : 2)}×`;
}

export interface FigureStyle {
  /** Significant digits; all the document's digits when absent. */
  digits?: number;
  /** Append the unit. */
  unit?: boolean;
  /** Write 111M, 2.1M, 40K (with `digits`, default 3). */
  short?: boolean;
  /** Append ± the published error. */
  error?: boolean;
}

/** A figure written for prose: "about 25,000 requests/s", "0.743 ± 0.003 ops/s". */
export function figureText(f: Figure, style: FigureStyle = {}): string {
  const n = (x: number) => (style.short ? compact(x, style.digits ?? 3) : style.digits ? rounded(x, style.digits) : exact(x, f.decimals));
  let text = n(f.value);
  if (style.error && f.error !== undefined) text += ` ± ${n(f.error)}`;
  if (style.unit) text += ` ${f.unit}`;
  return text;
}

/** The source as a line a reader can follow: "Netty commit 1f1a60ae7d (PR #7384), the JMH table of the commit message, 2017-11". */
export function sourceText(s: Source): string {
  return `${s.title}, ${s.where}, ${s.date}`;
}
