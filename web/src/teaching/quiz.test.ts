// The concept checks' arithmetic: Hake's normalized gain per question and for a scripted class.
import { describe, expect, it } from 'vitest';
import { classGain, gradeQuiz, normalizedGain, type QuizItem, type QuizResponse } from './quiz';

const items: QuizItem[] = [
  { id: 'a', prompt: 'A?', choices: ['x', 'y'], answer: 'x' },
  { id: 'b', prompt: 'B?', choices: ['x', 'y'], answer: 'y' },
];

describe('the normalized gain', () => {
  it('is the share of what was left to learn that was learned', () => {
    expect(normalizedGain(0.4, 0.7)).toBeCloseTo(0.5);
    expect(normalizedGain(0.5, 0.5)).toBe(0);
    expect(normalizedGain(0.6, 0.3)).toBeCloseTo(-0.75);
    expect(normalizedGain(1, 1)).toBeNull();
  });

  it('for a class: per question, and over the students who took both checks', () => {
    const r = (student: string, phase: 'pre' | 'post', question: string, correct: boolean): QuizResponse => ({ student, phase, question, correct });
    const responses = [
      // Ann: 0 of 2 before, 2 of 2 after. Bo: 1 of 2 before, 1 of 2 after. Cy took only the first check.
      r('ann', 'pre', 'a', false), r('ann', 'pre', 'b', false), r('ann', 'post', 'a', true), r('ann', 'post', 'b', true),
      r('bo', 'pre', 'a', true), r('bo', 'pre', 'b', false), r('bo', 'post', 'a', true), r('bo', 'post', 'b', false),
      r('cy', 'pre', 'a', true), r('cy', 'pre', 'b', true),
    ];
    const g = classGain(items, responses);
    expect(g.questions.map((q) => [q.id, q.pre, q.post])).toEqual([
      ['a', { answered: 3, right: 2 }, { answered: 2, right: 2 }],
      ['b', { answered: 3, right: 1 }, { answered: 2, right: 1 }],
    ]);
    // Question a: 2/3 → 1: gain 1. Question b: 1/3 → 1/2: gain (1/2 − 1/3) ÷ (2/3) = 1/4.
    expect(g.questions[0].gain).toBeCloseTo(1);
    expect(g.questions[1].gain).toBeCloseTo(0.25);
    // Matched (Ann and Bo): 25 % before, 75 % after: (0.75 − 0.25) ÷ 0.75 = 2/3.
    expect(g.matched.students).toBe(2);
    expect([g.matched.pre, g.matched.post]).toEqual([0.25, 0.75]);
    expect(g.matched.gain).toBeCloseTo(2 / 3);
  });

  it('grades answers by the item, taking only the questions answered', () => {
    expect(gradeQuiz(items, { a: 'x', b: 'x' })).toEqual([{ question: 'a', correct: true }, { question: 'b', correct: false }]);
    expect(gradeQuiz(items, { b: 'y' })).toEqual([{ question: 'b', correct: true }]);
  });
});
