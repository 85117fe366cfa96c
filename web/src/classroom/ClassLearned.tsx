// "What the class learned", on the teacher's page: for each lesson of the class with a concept
// check, how many answered each question right before the lesson and after it, and the question's
// normalized gain (of what was left to learn, the share learned: teaching/quiz.ts); then the
// same over the students who took both checks. Read when the teacher opens it or asks again.
import { useCallback, useEffect, useState } from 'react';
import { lessons } from '../lessons';
import type { PhaseTally } from '../teaching/quiz';
import { plural } from '../util/format';
import type { ClassQuiz } from './api';
import { ApiFailure, api } from './client';

const lessonTitle = (slug: string) => lessons.find((l) => l.slug === slug)?.title ?? slug;
const pct = (x: number) => `${Math.round(x * 100)}\u00a0%`;
const tally = (t: PhaseTally) => (t.answered ? `${t.right} of ${t.answered} (${pct(t.right / t.answered)})` : 'nobody yet');
const gainText = (g: number | null) => (g === null ? '—' : g.toFixed(2));

export function ClassLearned({ classId, token }: { classId: string; token: string }) {
  const [quiz, setQuiz] = useState<ClassQuiz | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const read = useCallback(async (signal?: AbortSignal) => {
    setReading(true);
    try {
      setQuiz(await api<ClassQuiz>(`classes/${encodeURIComponent(classId)}/quiz`, { token, signal }));
      setProblem(null);
    } catch (e) {
      if ((e as Error).name !== 'AbortError') setProblem((e as ApiFailure).message);
    } finally {
      if (!signal?.aborted) setReading(false);
    }
  }, [classId, token]);
  useEffect(() => {
    const ctl = new AbortController();
    void read(ctl.signal);
    return () => ctl.abort();
  }, [read]);

  return (
    <section className="class-learned" aria-labelledby={`learned-${classId}`}>
      <h2 id={`learned-${classId}`}>What the class learned</h2>
      <p className="hint">
        Each lesson opens and closes with the same short concept check; a student keeps each once. A question’s gain is
        Hake’s normalized gain, (after − before) ÷ (1 − before): of what was left to learn, the share the class learned
        (— where nobody answered yet, or everyone was right before). The last line counts only the students who took both.
      </p>
      <div className="button-row no-print">
        <button type="button" disabled={reading} onClick={() => void read()}>{reading ? 'Reading …' : 'Read the answers again'}</button>
      </div>
      {problem && <p className="notice" role="alert">{problem}</p>}
      {quiz && quiz.lessons.length === 0 && <p>None of this class’s lessons has a concept check.</p>}
      {quiz?.lessons.map(({ lesson, gain }) => (
        <div key={lesson} className="table-scroll">
          <table className="learned-table">
            <caption>{lessonTitle(lesson)}: right before and after the lesson</caption>
            <thead>
              <tr><th scope="col">Question</th><th scope="col">Right before</th><th scope="col">Right after</th><th scope="col">Gain</th></tr>
            </thead>
            <tbody>
              {gain.questions.map((q) => (
                <tr key={q.id}>
                  <th scope="row">{q.prompt}</th>
                  <td className="num">{tally(q.pre)}</td>
                  <td className="num">{tally(q.post)}</td>
                  <td className="num">{gainText(q.gain)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {gain.matched.students === 0 ? 'No student has taken both checks yet.'
              : `Over the ${plural(gain.matched.students, 'student')} who took both: ${pct(gain.matched.pre)} right before, ${pct(gain.matched.post)} after; the class’s normalized gain ${gainText(gain.matched.gain)}.`}
          </p>
        </div>
      ))}
    </section>
  );
}
