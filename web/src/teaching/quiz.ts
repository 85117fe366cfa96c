// A lesson's short concept check, taken twice: before the lesson (pre) and after it (post).
// What the class learned is the normalized gain (Hake 1998): of what was left to learn, the
// share that was learned, g = (post − pre) ÷ (1 − pre), per question and for the class.

export interface QuizItem {
  /** Stable within the lesson (answers are stored by it). */
  id: string;
  prompt: string;
  choices: readonly string[];
  /** One of the choices. */
  answer: string;
}

export type QuizPhase = 'pre' | 'post';
export const PHASES: readonly QuizPhase[] = ['pre', 'post'];

/** One phase as a student kept it: question id → the choice given, and when. */
export interface QuizTaken {
  answers: Record<string, string>;
  at: string;
}

/** One student's answer to one question in one phase, graded. */
export interface QuizResponse {
  student: string;
  phase: QuizPhase;
  question: string;
  correct: boolean;
}

/** Hake's normalized gain from the shares right before and after; null when nothing was left to learn (pre = 1). */
export function normalizedGain(pre: number, post: number): number | null {
  return pre >= 1 ? null : (post - pre) / (1 - pre);
}

export interface PhaseTally { answered: number; right: number }
export interface QuestionGain { id: string; prompt: string; pre: PhaseTally; post: PhaseTally; gain: number | null }
export interface ClassGain {
  questions: QuestionGain[];
  /** Over the students who took both checks (matched): their share right before and after, and the class's normalized gain. */
  matched: { students: number; pre: number; post: number; gain: number | null };
}

const share = (t: PhaseTally) => (t.answered ? t.right / t.answered : 0);

/**
 * What a class learned, from every response: per question, how many answered and were right in
 * each phase and the question's gain; and, over the students who took both checks, the class's
 * average before and after and its gain (the gain of the class's averages, as Hake computes it).
 */
export function classGain(items: readonly QuizItem[], responses: readonly QuizResponse[]): ClassGain {
  const tally = (id: string, phase: QuizPhase): PhaseTally => {
    const rs = responses.filter((r) => r.question === id && r.phase === phase);
    return { answered: rs.length, right: rs.filter((r) => r.correct).length };
  };
  const questions = items.map((q) => {
    const [pre, post] = [tally(q.id, 'pre'), tally(q.id, 'post')];
    return { id: q.id, prompt: q.prompt, pre, post, gain: pre.answered && post.answered ? normalizedGain(share(pre), share(post)) : null };
  });
  const took = (phase: QuizPhase) => new Set(responses.filter((r) => r.phase === phase).map((r) => r.student));
  const [before, after] = [took('pre'), took('post')];
  const both = [...before].filter((s) => after.has(s));
  const average = (phase: QuizPhase) => {
    if (!both.length) return 0;
    const per = both.map((s) => responses.filter((r) => r.student === s && r.phase === phase && r.correct).length / items.length);
    return per.reduce((a, b) => a + b, 0) / both.length;
  };
  const [pre, post] = [average('pre'), average('post')];
  return { questions, matched: { students: both.length, pre, post, gain: both.length ? normalizedGain(pre, post) : null } };
}

/** Grades one phase's answers (question id → the choice given) against the items; unknown ids are refused by the caller. */
export function gradeQuiz(items: readonly QuizItem[], answers: Readonly<Record<string, string>>): { question: string; correct: boolean }[] {
  return items.filter((q) => q.id in answers).map((q) => ({ question: q.id, correct: answers[q.id] === q.answer }));
}

const modules = import.meta.glob<{ quiz: QuizItem[] }>('../../../lessons/*/quiz.ts', { eager: true });

/** A lesson's concept check (lessons/<slug>/quiz.ts), or undefined when it has none. */
export function lessonQuiz(slug: string): readonly QuizItem[] | undefined {
  return Object.entries(modules).find(([p]) => p.endsWith(`/lessons/${slug}/quiz.ts`))?.[1].quiz;
}

/** The lessons that have a concept check. */
export const lessonsWithQuiz = (): string[] => Object.keys(modules).map((p) => /\/lessons\/([^/]+)\/quiz\.ts$/.exec(p)![1]);
