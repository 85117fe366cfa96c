// A student's progress, kept in the browser (no server): every action is logged, as JSAV does,
// and exported for the teacher as CSV or JSON. The export holds what the student did; the model
// answers stay in the teacher's key. Work not yet checked (a typed number, a choice, cells
// clicked) is kept beside it, per seed, so a reload loses nothing, but it is not exported.
import type { Answer, Instance } from './exercises';
import { writeTo, type StorageState } from '../util/storage';
import { csvTable } from '../util/csv';

/**
 * What may leave the grader: "practice" (and the static site) opens the model answer after a
 * second wrong answer or when asked; "assessment" says only right or wrong.
 */
export type Policy = 'practice' | 'assessment';

export interface LogEntry {
  at: string;
  exercise: string;
  /** `reveal`: the student pressed Show answer. */
  action: 'answer' | 'hint' | 'replay' | 'reveal';
  answer?: Answer;
  correct?: boolean;
}

export interface Progress {
  lesson: string;
  seed: string;
  student: string;
  log: LogEntry[];
}

export interface Standing {
  /** Answers checked up to the first right one. */
  attempts: number;
  /** Some answer was right. */
  solved: boolean;
  /** Right at the first attempt. */
  firstTry: boolean;
  hints: number;
  lastAnswer?: Answer;
  /**
   * The model answer has been shown (asked for, or after a second wrong answer) before it was
   * first solved. Never in an assessment, which shows no answer.
   */
  shown: boolean;
  /** The student asked for it (Show answer) before solving it. */
  asked: boolean;
}

/** Wrong answers after which the model answer is shown. */
export const WRONG_BEFORE_SHOWN = 2;

const key = (lesson: string, seed: string) => `hotpath-progress:${lesson}:${seed}`;

export function emptyProgress(lesson: string, seed: string): Progress {
  return { lesson, seed, student: '', log: [] };
}

const ACTIONS = new Set(['answer', 'hint', 'replay', 'reveal']);

function isAnswer(a: unknown): a is Answer {
  return typeof a === 'string' || (typeof a === 'number' && Number.isFinite(a))
    || (Array.isArray(a) && a.every((x) => typeof x === 'number' && Number.isInteger(x)));
}

/** A stored log entry, checked field by field: storage is anyone's to edit. */
export function validEntry(e: unknown): e is LogEntry {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as Record<string, unknown>;
  return typeof x.at === 'string' && typeof x.exercise === 'string' && ACTIONS.has(x.action as string)
    && (x.answer === undefined || isAnswer(x.answer))
    && (x.correct === undefined || typeof x.correct === 'boolean');
}

/** What was stored for this lesson and seed; invalid entries are skipped, the rest kept. */
export function loadProgress(storage: Storage | null | undefined, lesson: string, seed: string): Progress {
  try {
    const raw = storage?.getItem(key(lesson, seed));
    if (raw) {
      const p = JSON.parse(raw) as Record<string, unknown> | null;
      if (p && p.lesson === lesson && p.seed === seed && Array.isArray(p.log)) {
        return {
          lesson, seed, student: typeof p.student === 'string' ? p.student : '',
          log: p.log.filter(validEntry),
        };
      }
    }
  } catch {
    // Unreadable or blocked storage: start afresh rather than fail the lesson.
  }
  return emptyProgress(lesson, seed);
}

/** Returns false when the browser would not store it (the progress then lasts for this page). */
/** Saves the progress; says whether the browser took it (`full`: kept on the page, to retry). */
export function saveProgress(storage: Storage | null | undefined, p: Progress): StorageState {
  return writeTo(storage, key(p.lesson, p.seed), JSON.stringify(p));
}

export function record(p: Progress, entry: Omit<LogEntry, 'at'>, now = new Date()): Progress {
  return { ...p, log: [...p.log, { ...entry, at: now.toISOString() }] };
}

export function standing(p: Progress, exercise: string, policy: Policy = 'practice'): Standing {
  const mine = p.log.filter((e) => e.exercise === exercise);
  // An exercise is done at its first right answer: what is checked after it (another tab, a
  // second click) is neither an attempt nor a change of grade, so first try implies solved and
  // a solve is never undone.
  const firstRight = mine.findIndex((e) => e.action === 'answer' && e.correct === true);
  const upToSolve = firstRight < 0 ? mine : mine.slice(0, firstRight + 1);
  const answers = upToSolve.filter((e) => e.action === 'answer');
  // Shown or asked for before the first right answer: what came after does not change the grade.
  let wrong = 0;
  let asked = false;
  let shown = false;
  for (const e of mine) {
    if (e.action === 'answer' && e.correct) break;
    if (e.action === 'reveal') asked = shown = true;
    if (e.action === 'answer' && ++wrong >= WRONG_BEFORE_SHOWN) shown = true;
  }
  // An assessment shows nothing, whatever the log holds (it takes no reveal, and wrong answers open nothing).
  if (policy === 'assessment') shown = asked = false;
  return {
    attempts: answers.length,
    solved: firstRight >= 0,
    firstTry: answers.length > 0 && answers[0].correct === true,
    // A hint read after the solve helped nothing: like a later check, it is not on the record.
    hints: upToSolve.filter((e) => e.action === 'hint').length,
    lastAnswer: answers[answers.length - 1]?.answer,
    shown,
    asked,
  };
}

/** One row per exercise: what a teacher's gradebook wants. */
export function summaryCsv(p: Progress, set: Instance[]): string {
  // New columns go last: a gradebook read by its first ten columns reads the same.
  const head = ['student', 'lesson', 'seed', 'exercise', 'kind', 'attempts', 'solved', 'first_try', 'hints', 'last_answer', 'answer_shown', 'answer_asked'];
  return csvTable(head, set.map((i) => {
    const s = standing(p, i.id);
    return [p.student, p.lesson, p.seed, i.id, i.kind, s.attempts, s.solved, s.firstTry, s.hints, s.lastAnswer, s.shown, s.asked];
  }));
}

/** Everything, every action in order. */
export function progressJson(p: Progress, set: Instance[], policy: Policy = 'practice'): string {
  return JSON.stringify({
    ...p,
    exercises: set.map((i) => ({ id: i.id, kind: i.kind, ...standing(p, i.id, policy) })),
  }, null, 2);
}

/** Work not yet checked, by exercise: a typed number or a choice (text), or the cells clicked. */
export type Drafts = Record<string, string | number[]>;

const draftKey = (lesson: string, seed: string) => `hotpath-drafts:${lesson}:${seed}`;

function validDraft(d: unknown): d is string | number[] {
  return (typeof d === 'string' && d.length <= 200) || (Array.isArray(d) && d.length <= 1000 && d.every((x) => Number.isInteger(x) && x >= 0));
}

/** The unchecked work stored for this lesson and seed; anything malformed is left out. */
export function loadDrafts(storage: Storage | null | undefined, lesson: string, seed: string): Drafts {
  try {
    const raw = storage?.getItem(draftKey(lesson, seed));
    const d = raw ? (JSON.parse(raw) as unknown) : null;
    if (d && typeof d === 'object' && !Array.isArray(d)) {
      return Object.fromEntries(Object.entries(d).filter(([, v]) => validDraft(v))) as Drafts;
    }
  } catch {
    // Unreadable or blocked storage: no drafts, the checked answers still come back.
  }
  return {};
}

/** Saves unchecked work; full or blocked, the drafts last for this page. */
export function saveDrafts(storage: Storage | null | undefined, lesson: string, seed: string, d: Drafts): StorageState {
  return writeTo(storage, draftKey(lesson, seed), JSON.stringify(d));
}
