// A lesson's concept check, before the lesson and after it (quiz.ts says why both): a few
// questions with one right choice each. Before, the student only learns that the answers were
// kept; after, which were right. In this browser the answers are kept locally; the class server
// keeps them for the class, and its teacher page shows what the class learned (the gain).
import { useId, useMemo, useState } from 'react';
import { readItem, writeItem } from '../site/storage';
import { gradeQuiz, lessonQuiz, type QuizPhase } from './quiz';

const KEY = (lesson: string, phase: QuizPhase) => `hotpath-quiz:${lesson}:${phase}`;

interface Taken { answers: Record<string, string>; at: string }

function taken(lesson: string, phase: QuizPhase): Taken | null {
  try {
    const raw = readItem(KEY(lesson, phase));
    return raw ? (JSON.parse(raw) as Taken) : null;
  } catch {
    return null;
  }
}

export function Quiz({ lesson, phase }: { lesson: string; phase: QuizPhase }) {
  const id = useId();
  const items = useMemo(() => lessonQuiz(lesson), [lesson]);
  const [done, setDone] = useState(() => taken(lesson, phase));
  const [answers, setAnswers] = useState<Record<string, string>>(() => done?.answers ?? {});
  const [problem, setProblem] = useState<string | null>(null);
  if (!items) return <p className="widget widget-error" role="alert">The lesson “{lesson}” has no concept check (lessons/{lesson}/quiz.ts).</p>;
  const title = phase === 'pre' ? 'Before you start: what do you expect?' : 'After the lesson: the same questions again';
  const submit = () => {
    const missing = items.filter((q) => !(q.id in answers)).length;
    if (missing) return setProblem(`Choose an answer to every question first (${missing} left): a guess is fine, it is not graded.`);
    setProblem(null);
    const record = { answers, at: new Date().toISOString() };
    writeItem(KEY(lesson, phase), JSON.stringify(record));
    setDone(record);
  };
  const graded = done ? gradeQuiz(items, done.answers) : [];
  const right = graded.filter((g) => g.correct).length;
  return (
    <section className="widget quiz" aria-labelledby={`${id}-title`}>
      <h3 className="widget-title" id={`${id}-title`}>{title}</h3>
      <p className="hint">
        {phase === 'pre'
          ? 'A short check of what you already think, not graded: answer before you read on. The same questions come back at the end, so you (and your teacher) can see what changed.'
          : 'The questions you answered before the lesson. Answer them again, then compare.'}
      </p>
      <ol className="quiz-items">
        {items.map((q, n) => {
          const verdict = phase === 'post' && done ? graded.find((g) => g.question === q.id) : undefined;
          return (
            <li key={q.id}>
              <fieldset disabled={!!done}>
                <legend><span aria-hidden="true">{n + 1}. </span>{q.prompt}</legend>
                {q.choices.map((c) => (
                  <label key={c} className="inline">
                    <input type="radio" name={`${id}-${q.id}`} checked={answers[q.id] === c} onChange={() => setAnswers((a) => ({ ...a, [q.id]: c }))} /> {c}
                  </label>
                ))}
              </fieldset>
              {verdict && <p className={verdict.correct ? 'quiz-right' : 'quiz-wrong'}>{verdict.correct ? 'Right.' : `Not quite: ${q.answer}.`}</p>}
            </li>
          );
        })}
      </ol>
      {!done && <div className="button-row"><button type="button" onClick={submit}>Keep my answers</button></div>}
      <div role="status">
        {problem && <p className="input-error">{problem}</p>}
        {done && (phase === 'pre'
          ? <p>Kept. You will see which were right after the lesson, when the same questions come back.</p>
          : <p>{right} of {items.length} right.{(() => {
            const before = taken(lesson, 'pre');
            return before ? ` Before the lesson: ${gradeQuiz(items, before.answers).filter((g) => g.correct).length} of ${items.length}.` : '';
          })()}</p>)}
      </div>
    </section>
  );
}
