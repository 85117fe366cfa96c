// A student's progress, kept in the browser (no server): every action is logged, as JSAV does,
// and exported for the teacher as CSV or JSON.
import type { Answer, Instance } from './exercises';

export interface LogEntry {
  at: string;
  exercise: string;
  action: 'answer' | 'hint' | 'replay';
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
  attempts: number;
  /** The latest answer was right. */
  solved: boolean;
  /** Right at the first attempt. */
  firstTry: boolean;
  hints: number;
  lastAnswer?: Answer;
}

const key = (lesson: string, seed: string) => `hotpath-progress:${lesson}:${seed}`;

export function emptyProgress(lesson: string, seed: string): Progress {
  return { lesson, seed, student: '', log: [] };
}

export function loadProgress(storage: Storage | undefined, lesson: string, seed: string): Progress {
  try {
    const raw = storage?.getItem(key(lesson, seed));
    if (raw) {
      const p = JSON.parse(raw) as Progress;
      if (p.lesson === lesson && p.seed === seed && Array.isArray(p.log)) return p;
    }
  } catch {
    // Unreadable or blocked storage: start afresh rather than fail the lesson.
  }
  return emptyProgress(lesson, seed);
}

export function saveProgress(storage: Storage | undefined, p: Progress): void {
  try {
    storage?.setItem(key(p.lesson, p.seed), JSON.stringify(p));
  } catch {
    // Storage full or blocked: progress lasts for this page only.
  }
}

export function record(p: Progress, entry: Omit<LogEntry, 'at'>, now = new Date()): Progress {
  return { ...p, log: [...p.log, { ...entry, at: now.toISOString() }] };
}

export function standing(p: Progress, exercise: string): Standing {
  const answers = p.log.filter((e) => e.exercise === exercise && e.action === 'answer');
  return {
    attempts: answers.length,
    solved: answers.length > 0 && answers[answers.length - 1].correct === true,
    firstTry: answers.length > 0 && answers[0].correct === true,
    hints: p.log.filter((e) => e.exercise === exercise && e.action === 'hint').length,
    lastAnswer: answers[answers.length - 1]?.answer,
  };
}

const cell = (v: unknown) => {
  const s = v === undefined ? '' : Array.isArray(v) ? v.join(' ') : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One row per exercise: what a teacher's gradebook wants. */
export function summaryCsv(p: Progress, set: Instance[]): string {
  const head = 'student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer,expected';
  const rows = set.map((i) => {
    const s = standing(p, i.id);
    return [p.student, p.lesson, p.seed, i.id, i.kind, s.attempts, s.solved, s.firstTry, s.hints, s.lastAnswer, i.expected].map(cell).join(',');
  });
  return [head, ...rows].join('\n') + '\n';
}

/** Everything, every action in order. */
export function progressJson(p: Progress, set: Instance[]): string {
  return JSON.stringify({
    ...p,
    exercises: set.map((i) => ({ id: i.id, kind: i.kind, expected: i.expected, ...standing(p, i.id) })),
  }, null, 2);
}

