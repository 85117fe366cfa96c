// What a lesson's published figures are, and the check each data file runs as it declares them.
// Kept apart from figures.ts, which loads every lesson's data file: a data file that imported
// figures.ts would import itself in a circle, and a bundler may then evaluate figures.ts before
// the data file it loads, leaving that lesson without figures.

/** Where a figure was published. */
export interface Source {
  /** The document, as a reader would name it: "Netty commit 1f1a60ae7d (PR #7384)". */
  title: string;
  /** The place in it: "the JMH table of the commit message". */
  where: string;
  href?: string;
  /** Publication date, ISO (year, or year-month, where that is all that is known). */
  date: string;
  /** JMH's Cnt (samples per row) of the rows it prints, where it printed one: with each row's Error, an interval. */
  count?: number;
}

export interface Figure {
  value: number;
  /** The published error (JMH: half-width of the 99.9% interval), where one was published. */
  error?: number;
  unit: string;
  /** What was measured, in one phrase. */
  what: string;
  /** A key of the lesson's `sources`. */
  source: string;
  /** The document said "around" or "about". */
  approx?: boolean;
  /** Anything a reader must know to quote it right. */
  note?: string;
  /** The decimals the document printed (JMH prints three: 12,274.420), where more than the value shows. */
  decimals?: number;
  /** Its place in a published table, for <FigTable>. */
  table?: { name: string; row: string; column: string };
}

export interface LessonFigures {
  sources: Record<string, Source>;
  figures: Record<string, Figure>;
}

/** Checks a lesson's figures as it declares them (every source named exists). */
export function defineFigures<T extends LessonFigures>(lesson: T): T {
  for (const [id, f] of Object.entries(lesson.figures)) {
    if (!lesson.sources[f.source]) throw new Error(`published figure "${id}" names source "${f.source}", which its lesson does not list`);
    if (!Number.isFinite(f.value)) throw new Error(`published figure "${id}" has no finite value`);
  }
  return lesson;
}
