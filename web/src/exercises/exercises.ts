// The exercise framework: what an exercise is, how an answer is graded against the model answer
// (for a sequence, against the model trace click by click), and where each lesson's exercises
// live: `lessons/<slug>/exercises.ts`, beside the lesson, each generated from a seed by the
// real structures. Nothing here names a structure: each lesson brings its own nouns.
import type { StepSpec } from '../embed/params';
import { lookup } from '../util/lookup';

export type Kind = 'predict' | 'trace' | 'compute';

/**
 * What a student answers: a whole number as typed, a choice, or (for a trace) the cells clicked,
 * by their position in `cells.labels`. Progress logs and exports keep this form.
 */
export type Answer = number | string | number[];

/**
 * The cells a trace question is answered by clicking. The framework names no structure: the
 * lesson says what a cell holds and what the row is.
 */
export interface TraceCells {
  /** What each cell holds, as shown and read out, in the order shown: "42", "o3". */
  labels: string[];
  /** What that is, in the lesson's own word, for screen readers: "{noun} {label}". */
  noun: string;
  /** The row's accessible name. */
  groupLabel: string;
  /** Set when a cell's position means something: the lesson's word for it, shown as a small index and read first. */
  place?: string;
}

export interface Instance {
  id: string;
  kind: Kind;
  title: string;
  /** The question, in plain sentences (`code spans` are drawn as code). */
  prompt: string;
  /** Data shown beside the question (an array, say), and its accessible name. */
  /** Something the question shows as code; `row`: it is a row of values, read out one by one with its place (`place [3]: 40`) to a screen reader. */
  code?: { text: string; label: string; row?: { place: string; values: readonly (string | number)[] } };
  /** For choice questions. */
  choices?: string[];
  /** For trace questions. */
  cells?: TraceCells;
  /** Shown when asked for, and after a first wrong answer: it must not give the answer away. */
  hint: string;
  /** The model answer, from the real structures. */
  expected: Answer;
  /** Why the model answer is right: shown once it is solved or revealed, so it may name the answer. */
  explanation: string;
  /**
   * The steps to replay in a family's player: which view, the script, its settings, and where to
   * start. Only a question about a script has one: a question about figures has no steps to show.
   */
  replay?: { family: string; view: string; ops: string; step: StepSpec; settings?: Record<string, string> };
}

/** One clicked cell as the student sees it: what it holds ("42", "o3"). */
export function cellLabel(inst: Pick<Instance, 'cells'>, i: number): string {
  return inst.cells?.labels[i] ?? String(i);
}

/** An answer as every view shows it (feedback, answer key, class view): a trace by what the cells hold. */
export function showAnswer(inst: Pick<Instance, 'cells'> | undefined, a: Answer): string {
  if (Array.isArray(a)) return a.map((i) => (inst ? cellLabel(inst, i) : String(i))).join(' → ');
  return String(a); // a number as digits only, the way it is typed
}

export interface Grade {
  correct: boolean;
  expected: Answer;
  /** For a sequence: the first position (0-based) where the answer leaves the model trace. */
  divergesAt?: number;
}

/** A whole number as typed: ASCII digits, an optional sign, spaces around. */
export const WHOLE_NUMBER = /^\s*[+-]?[0-9]+\s*$/;

export function sameAnswer(expected: Answer, answer: Answer): boolean {
  if (Array.isArray(expected) || Array.isArray(answer)) {
    return Array.isArray(expected) && Array.isArray(answer) && expected.length === answer.length
      && expected.every((x, i) => x === answer[i]);
  }
  // Numeric answers are kept as typed (so "007" or a 23-digit guess is echoed exactly) and
  // compared as exact integers.
  if (typeof expected === 'number' && typeof answer === 'string') {
    return WHOLE_NUMBER.test(answer) && Number.isInteger(expected) && BigInt(answer.trim()) === BigInt(expected);
  }
  return expected === answer;
}

export function grade(inst: Instance, answer: Answer): Grade {
  const correct = sameAnswer(inst.expected, answer);
  if (correct || !Array.isArray(inst.expected) || !Array.isArray(answer)) return { correct, expected: inst.expected };
  const model = inst.expected;
  let i = 0;
  while (i < model.length && i < answer.length && model[i] === answer[i]) i++;
  return { correct, expected: model, divergesAt: i };
}

/** Makes one exercise from a seed. */
export type Maker = (seed: string) => Instance;

/** Every lesson's exercises, found beside the lessons at build time. */
const modules = import.meta.glob<{ exercises: Maker[] }>('../../../lessons/*/exercises.ts', { eager: true });
const byLesson: Record<string, Maker[]> = Object.create(null);
for (const [path, mod] of Object.entries(modules)) {
  byLesson[path.split('/').slice(-2)[0]] = mod.exercises;
}

export function lessonsWithExercises(): string[] {
  return Object.keys(byLesson);
}

/** The lesson's exercise set for a seed, or undefined if the lesson has none. */
export function generate(lesson: string, seed: string): Instance[] | undefined {
  return lookup(byLesson, lesson)?.map((make) => make(seed));
}

