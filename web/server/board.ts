// The projector's view of a class, computed here so that what reaches the projector holds no
// seed, no answer a student gave and no model answer: per student, one verdict per question
// ("✓" at the first try, "✓3" in three, "✗2" two wrong tries, "" not tried), how many are solved
// and the score under the class's rules.
import type { Instance } from '../src/exercises/exercises';
import { standing, type LogEntry } from '../src/exercises/progress';
import { questionScore } from '../src/exercises/scoring';
import type { Board, ReportAction } from '../src/classroom/api';
import type { ClassRow, StudentRow } from './store';

type Sets = (lesson: string, seed: string) => Instance[] | undefined;

/** The questions in the class's order (every seed of a lesson has the same ids and titles). */
export function boardQuestions(cls: ClassRow, sets: Sets): { lesson: string; id: string; title: string }[] {
  return cls.lessons.flatMap((lesson) => (sets(lesson, cls.seed) ?? []).map((i) => ({ lesson, id: i.id, title: i.title })));
}

export function verdict(r: { attempts: number; solved: boolean }): string {
  if (r.attempts === 0) return '';
  if (r.solved) return r.attempts === 1 ? '✓' : `✓${r.attempts}`;
  return `✗${r.attempts}`;
}

/**
 * One row per student given who has joined, from their actions (any order: they are sorted by
 * id). A roster row nobody has joined with yet is not sent: the room would read the names of
 * students who are not there.
 */
export function boardRows(cls: ClassRow, sets: Sets, students: StudentRow[], actions: ReportAction[]): Board['rows'] {
  const questions = boardQuestions(cls, sets);
  const logs = new Map<string, Map<string, LogEntry[]>>();
  for (const a of [...actions].sort((x, y) => x.id - y.id)) {
    const byLesson = logs.get(a.student) ?? new Map<string, LogEntry[]>();
    byLesson.set(a.lesson, [...(byLesson.get(a.lesson) ?? []), a]);
    logs.set(a.student, byLesson);
  }
  return students.filter((s) => s.joinedAt !== null).map((s) => {
    let solved = 0;
    let score = 0;
    const cells = questions.map((q) => {
      const log = logs.get(s.id)?.get(q.lesson) ?? [];
      const st = standing({ lesson: q.lesson, seed: '', student: '', log }, q.id, cls.policy);
      if (st.solved) solved++;
      score += questionScore(st, cls);
      return verdict(st);
    });
    return { student: s.id, name: s.name, joined: s.joinedAt !== null, cells, solved, score: Math.round(score * 100) / 100 };
  });
}

export function board(cls: ClassRow, sets: Sets, students: StudentRow[], actions: ReportAction[]): Board {
  return {
    cls: { name: cls.name, policy: cls.policy, dueAt: cls.dueAt?.toISOString() ?? null, open: !cls.dueAt || cls.dueAt > new Date(), maxAttempts: cls.maxAttempts, penalty: cls.penalty },
    questions: boardQuestions(cls, sets).map(({ lesson, title }) => ({ lesson, title })),
    rows: boardRows(cls, sets, students, actions),
  };
}
