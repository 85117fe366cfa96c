import { describe, expect, it } from 'vitest';
import { emptyProgress, record, standing } from './progress';
import { attemptsLeft, points, questionScore, rulesText, type Rules } from './scoring';

const quiz: Rules = { policy: 'assessment', maxAttempts: 3, penalty: 1 / 3 };

describe('scoring', () => {
  it('takes the penalty off per wrong try, and gives nothing unsolved, past the limit or after the answer was shown (issue 42 item 3)', () => {
    [1, 2 / 3, 1 / 3].forEach((want, i) => expect(questionScore({ attempts: i + 1, solved: true, shown: false }, quiz)).toBeCloseTo(want, 12));
    expect(questionScore({ attempts: 4, solved: true, shown: false }, quiz)).toBe(0);
    expect(questionScore({ attempts: 2, solved: false, shown: false }, quiz)).toBe(0);
    expect(questionScore({ attempts: 1, solved: true, shown: true }, { ...quiz, policy: 'practice' })).toBe(0);
    expect(questionScore({ attempts: 9, solved: true, shown: false }, { policy: 'practice', maxAttempts: null, penalty: 0.25 })).toBe(0);
    expect(questionScore({ attempts: 9, solved: true, shown: false }, { policy: 'practice', maxAttempts: null, penalty: 0 })).toBe(1);
    expect([attemptsLeft(1, quiz), attemptsLeft(5, quiz), attemptsLeft(5, { ...quiz, maxAttempts: null })]).toEqual([2, 0, null]);
    expect([points(2 / 3), points(1.5), points(2)]).toEqual(['0.67', '1.5', '2']);
    expect(rulesText(quiz)).toBe("3 tries per question, 33.33 % of a question's point off per wrong try");
  });

  it('never counts an answer as shown in an assessment, which shows none (issue 42 item 6)', () => {
    let p = emptyProgress('l', 's');
    p = record(p, { exercise: 'a', action: 'answer', answer: '1', correct: false });
    p = record(p, { exercise: 'a', action: 'answer', answer: '2', correct: false });
    expect(standing(p, 'a').shown).toBe(true);
    expect(standing(p, 'a', 'assessment')).toMatchObject({ attempts: 2, shown: false, asked: false });
  });
});
