// A student's result on one question as the class grid writes it: in words on the screen
// ("✓ in 3, 1 hint"), in a few characters on paper ("✓3h").
import type { ExerciseResult } from './classView';
import { WRONG_BEFORE_SHOWN } from '../exercises/progress';
import { num, plural } from '../util/format';

export function cellText(r: ExerciseResult | undefined): string {
  if (!r) return '—';
  // A solve after the answer was shown is not a solve on one's own: say so, and how it was shown.
  const notes = [
    r.hints ? plural(r.hints, 'hint') : '',
    r.shown ? (r.asked ? 'answer asked for' : `answer shown after ${WRONG_BEFORE_SHOWN} wrong`) : '',
  ].filter(Boolean);
  if (r.attempts === 0) return notes.length ? `— (${notes.join(', ')})` : '—';
  const verdict = r.solved ? (r.firstTry ? '✓ first try' : `✓ in ${num(r.attempts)}`) : `✗ ${plural(r.attempts, 'try', 'tries')}`;
  return [verdict, ...notes].join(', ');
}

/** The same verdict in a few characters, for paper: "✓", "✓3", "✗2", with "h" for hints and "s" for an answer shown. */
export function shortText(r: ExerciseResult | undefined): string {
  if (!r) return '';
  const marks = `${r.hints ? 'h' : ''}${r.shown ? 's' : ''}`;
  if (r.attempts === 0) return marks;
  return `${r.solved ? '✓' : '✗'}${r.solved && r.firstTry ? '' : r.attempts}${marks}`;
}

