// A class's scoring rules and what a question earns under them: an attempt limit (after it, the
// class server takes no more answers to that question) and a penalty per wrong try, as Moodle's
// "penalty for each incorrect try": a question solved after k wrong tries earns
// max(0, 1 − k × penalty) of its one point. Guessing through every choice then earns little, and
// past the limit nothing. The class server enforces the limit; every view and export computes the
// score with this one function, from the answers (never from what a file claims).
import type { Policy } from './progress';

export interface Rules {
  policy: Policy;
  /** Answers a question takes at most; null: as many as the student likes. */
  maxAttempts: number | null;
  /** The share of a question's point taken off per wrong try, 0 to 1. */
  penalty: number;
}

/** The static site's rules, and a class created without any: no attempt limit, no penalty. */
export const PRACTICE: Rules = { policy: 'practice', maxAttempts: null, penalty: 0 };

/** The largest attempt limit a class may set. */
export const MAX_ATTEMPT_LIMIT = 100;

/**
 * The most answers the class server keeps per student and question where the class sets no
 * attempt limit. Practice shows the answer after a second wrong one, so no honest student comes
 * near it; a script posting a new wrong answer each request would otherwise grow the report
 * without end.
 */
export const MAX_STORED_ANSWERS = 30;

/**
 * What one question earns, 0 to 1: nothing unsolved, nothing solved past the attempt limit or
 * after the answer was shown (it was given, not found), else one point less the penalty for
 * each wrong try before the right one.
 */
export function questionScore(r: { attempts: number; solved: boolean; shown: boolean }, rules: Rules): number {
  if (!r.solved || r.shown) return 0;
  if (rules.maxAttempts !== null && r.attempts > rules.maxAttempts) return 0;
  return Math.max(0, 1 - rules.penalty * (r.attempts - 1));
}

/** Answers left at a question (null: no limit). */
export function attemptsLeft(attempts: number, rules: Rules): number | null {
  return rules.maxAttempts === null ? null : Math.max(0, rules.maxAttempts - attempts);
}

/** A score as exports write it: at most two decimals, no trailing zeros ("0.67", "2", "1.5"). */
export function points(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The rules in words, for the pages and the README's claims: "3 tries, 1/3 off per wrong try". */
export function rulesText(rules: Rules): string {
  const tries = rules.maxAttempts === null ? `no attempt limit (the server keeps at most ${MAX_STORED_ANSWERS} answers a question)`
    : `${rules.maxAttempts} ${rules.maxAttempts === 1 ? 'try' : 'tries'} per question`;
  const off = rules.penalty === 0 ? 'no penalty for a wrong try' : `${points(rules.penalty * 100)} % of a question's point off per wrong try`;
  return `${tries}, ${off}`;
}
