// What an exercise card shows, computed from a progress log and the real instance, by one
// function that the lesson page (static mode, graded in the browser) and the class server
// (graded on the server) both call. The feedback policy decides what may leave the grader:
// "practice" (and the static site) opens the model answer after a second wrong answer or when
// asked; "assessment" says only right or wrong, so the key never reaches the student.
import { cellLabel, grade, WHOLE_NUMBER, type Answer, type Instance } from './exercises';
import { num } from '../util/format';
import { standing, WRONG_BEFORE_SHOWN, type Policy, type Progress, type Standing } from './progress';
import { attemptsLeft, questionScore, type Rules } from './scoring';

export type { Policy } from './progress';

/** A question as a student's browser receives it: no model answer, no explanation, no script. */
export type Question = Pick<Instance, 'id' | 'kind' | 'title' | 'prompt' | 'code' | 'choices' | 'cells'> & {
  /** Absent in assessment. */
  hint?: string;
};

export function question(inst: Instance, policy: Policy): Question {
  const { id, kind, title, prompt, code, choices, cells, hint } = inst;
  return { id, kind, title, prompt, code, choices, cells, ...(policy === 'practice' ? { hint } : {}) };
}

/** The standing (progress.ts) without the answer itself, and what the card shows of it. */
export interface CardState extends Omit<Standing, 'lastAnswer'> {
  /** Wrong answers before it was solved. */
  wrongs: number;
  /** The last answer counted, and whether it was right (for a sequence in practice: where it left the model, in words). */
  last?: { answer: Answer; correct: boolean; divergence?: string };
  /** The model answer and why: only once solved or shown, and never in assessment. */
  open?: { expected: Answer; explanation: string };
  /** The steps to replay, once answered (practice only). */
  replay?: Instance['replay'];
  /** Answers this question still takes, where the class limits them. */
  attemptsLeft?: number;
  /** What it earns so far under the class's rules, 0 to 1 (a class server's cards). */
  score?: number;
}

/** The card from the log, under the class's rules (the static site's: PRACTICE). */
export function cardState(p: Progress, inst: Instance, rules: Rules): CardState {
  const policy = rules.policy;
  const s = standing(p, inst.id, policy);
  const answered = s.lastAnswer === undefined ? null : grade(inst, s.lastAnswer);
  const practice = policy === 'practice';
  const open = practice && (s.shown || s.solved);
  return {
    attempts: s.attempts, solved: s.solved, firstTry: s.firstTry, hints: s.hints, shown: practice && s.shown, asked: s.asked,
    wrongs: s.attempts - (s.solved ? 1 : 0),
    last: answered ? {
      answer: s.lastAnswer!, correct: answered.correct,
      ...(practice && answered.divergesAt !== undefined && Array.isArray(inst.expected)
        ? { divergence: divergence(inst, answered.divergesAt, s.lastAnswer as number[], inst.expected, open) } : {}),
    } : undefined,
    open: open ? { expected: inst.expected, explanation: inst.explanation } : undefined,
    replay: practice && (answered || open) ? inst.replay : undefined,
    ...(rules.maxAttempts !== null ? { attemptsLeft: s.solved ? 0 : attemptsLeft(s.attempts, rules)! } : {}),
    ...(rules.maxAttempts !== null || rules.penalty > 0 ? { score: questionScore(s, rules) } : {}),
  };
}

/** How many more wrong answers open the model answer (practice). */
export const wrongsLeft = (c: CardState) => Math.max(0, WRONG_BEFORE_SHOWN - c.wrongs);

/**
 * An answer as it arrives from a browser, in the form the question takes, or why not: a whole
 * number as typed (kept as typed), one of the choices, or cells by position.
 */
export function takeAnswer(q: Pick<Instance, 'kind' | 'choices' | 'cells'>, raw: unknown): { ok: true; answer: Answer } | { ok: false; problem: string } {
  if (q.kind === 'trace') {
    const n = q.cells?.labels.length ?? 0;
    // No real run visits more cells than the picture has (checked over every lesson's traces), so
    // twice that is room for a wrong answer's detours and still bounds what a request may store.
    const most = 2 * n;
    if (!Array.isArray(raw) || raw.length === 0 || !raw.every((x) => Number.isInteger(x) && x >= 0 && x < n)) {
      return { ok: false, problem: `a trace answer is a list of cell positions from 0 to ${n - 1}` };
    }
    return raw.length <= most ? { ok: true, answer: raw as number[] }
      : { ok: false, problem: `a trace answer here has at most ${most} clicks (this one has ${raw.length})` };
  }
  if (q.choices) {
    return typeof raw === 'string' && q.choices.includes(raw) ? { ok: true, answer: raw } : { ok: false, problem: 'the answer must be one of the choices' };
  }
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  return typeof text === 'string' && text.length <= 200 && WHOLE_NUMBER.test(text)
    ? { ok: true, answer: text.trim() } : { ok: false, problem: 'the answer must be a whole number, like 42' };
}

export const ordinal = (n: number) => `${num(n)}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

/**
 * Where a clicked sequence leaves the model trace, in words, by what the cells hold. Before the
 * answer may be shown it says only where; after, also what the real run did there.
 */
export function divergence(inst: Pick<Instance, 'cells'>, at: number, answer: readonly number[], model: readonly number[], open: boolean): string {
  const cell = (i: number) => cellLabel(inst, i);
  const matched = (n: number) => (n === 1 ? 'Your first click matches' : `Your first ${num(n)} clicks match`);
  if (at >= model.length) return `${matched(model.length)} the real run, which ends there: you clicked ${num(answer.length - model.length)} more.`;
  if (at >= answer.length) {
    return `${answer.length === 1 ? 'Your click matches' : `Your ${num(answer.length)} clicks match`} the real run so far, but it goes on${open ? ` to ${cell(model[at])}` : ''}.`;
  }
  if (at === 0) return `Your 1st click, ${cell(answer[0])}, is not where the real run starts${open ? `: it starts at ${cell(model[0])}` : ''}.`;
  return open ? `Your ${ordinal(at + 1)} click was ${cell(answer[at])}; at that point the real run went to ${cell(model[at])}.`
    : `${matched(at)} the real run; your ${ordinal(at + 1)}, ${cell(answer[at])}, does not.`;
}
