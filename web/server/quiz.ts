// The lessons' concept checks on the class server (issue 57): a student keeps each phase's
// answers once — before the lesson and after it — and the teacher reads what the class learned,
// per question and over the students who took both (teaching/quiz.ts classGain). Only the
// choices are stored; they are graded when read, against the lesson's quiz.ts, as the exercises
// are graded again from their seeds.
import type { Knex } from 'knex';
import { PHASES, classGain, lessonQuiz, type QuizItem, type QuizPhase, type QuizResponse } from '../src/teaching/quiz';
import type { ClassQuiz, QuizTaken, StudentQuiz } from '../src/classroom/api';
import type { Db } from './db';
import type { ClassRow } from './store';

/** What is wrong with one phase's answers, in words, or null: every question answered once, with one of its choices. */
export function quizProblem(items: readonly QuizItem[], answers: Readonly<Record<string, string>>): string | null {
  const unknown = Object.keys(answers).find((id) => !items.some((q) => q.id === id));
  if (unknown !== undefined) return `The concept check has no question “${unknown}”.`;
  const missing = items.filter((q) => !(q.id in answers));
  if (missing.length) return `Every question takes an answer: ${missing.length} of ${items.length} have none (the first: “${missing[0].id}”).`;
  const off = items.find((q) => !q.choices.includes(answers[q.id]));
  return off ? `“${answers[off.id]}” is not one of the choices of question “${off.id}”.` : null;
}

/** The same answers, question for question. */
const same = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([q, c]) => b[q] === c);

async function taken(k: Knex, studentId: string, lesson: string, phase?: QuizPhase): Promise<Partial<Record<QuizPhase, QuizTaken>>> {
  const rows = await k('quiz_answers').where({ student_id: studentId, lesson, ...(phase ? { phase } : {}) }).orderBy('id');
  const out: Partial<Record<QuizPhase, QuizTaken>> = {};
  for (const r of rows) {
    const p = r.phase as QuizPhase;
    out[p] ??= { answers: {}, at: new Date(r.at as string).toISOString() };
    out[p].answers[r.question as string] = r.choice as string;
  }
  return out;
}

/** A student's kept answers to a lesson's check, by phase. */
export async function quizOf(db: Db, studentId: string, lesson: string): Promise<StudentQuiz> {
  return { lesson, ...(await taken(db.knex, studentId, lesson)) };
}

/**
 * Keeps one phase's answers, once: 'kept' the first time; 'same' when those answers were kept
 * already (a resent request); 'different' when other answers were (a phase is taken once, so
 * the class's before and after stay what they were). Two sends at once keep one: the table's
 * key is (student, lesson, phase, question), and the loser reads the winner's rows.
 */
export async function keepQuiz(db: Db, studentId: string, lesson: string, phase: QuizPhase, answers: Readonly<Record<string, string>>):
  Promise<{ outcome: 'kept' | 'same' | 'different'; taken: QuizTaken }> {
  const compare = async () => {
    const before = (await taken(db.knex, studentId, lesson, phase))[phase];
    return before ? { outcome: same(before.answers, answers) ? 'same' as const : 'different' as const, taken: before } : null;
  };
  const earlier = await compare();
  if (earlier) return earlier;
  const at = new Date();
  try {
    await db.knex('quiz_answers').insert(Object.entries(answers).map(([question, choice]) => ({ student_id: studentId, lesson, phase, question, choice, at })));
  } catch (e) {
    const raced = await compare();
    if (raced) return raced;
    throw e;
  }
  return { outcome: 'kept', taken: { answers: { ...answers }, at: at.toISOString() } };
}

/** What the class learned, per lesson of the class that has a check: each question's tallies and gain, and the matched students'. */
export async function classQuiz(db: Db, cls: ClassRow): Promise<ClassQuiz> {
  const rows = await db.knex('quiz_answers').join('students', 'students.id', 'quiz_answers.student_id')
    .where('students.class_id', cls.id).whereIn('quiz_answers.lesson', cls.lessons)
    .select('quiz_answers.student_id', 'quiz_answers.lesson', 'quiz_answers.phase', 'quiz_answers.question', 'quiz_answers.choice');
  const lessons = cls.lessons.flatMap((lesson) => {
    const items = lessonQuiz(lesson);
    if (!items) return [];
    const responses: QuizResponse[] = rows.filter((r) => r.lesson === lesson).flatMap((r) => {
      const q = items.find((i) => i.id === r.question);
      // A question since taken out of the lesson's check counts for nothing.
      return q && PHASES.includes(r.phase) ? [{ student: r.student_id, phase: r.phase, question: q.id, correct: r.choice === q.answer }] : [];
    });
    return [{ lesson, gain: classGain(items, responses) }];
  });
  return { lessons };
}
