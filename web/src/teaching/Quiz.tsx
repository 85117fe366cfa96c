// A lesson's concept check, before the lesson and after it (quiz.ts says why both): a few
// questions with one right choice each. Before, the student only learns that the answers were
// kept; after, which were right. Where they are kept is the store's business: this browser
// (localQuizStore), or a class server for a student who joined a class (classroom/LessonQuiz),
// whose teacher page then shows what the class learned (the gain).
import { useEffect, useId, useMemo, useState } from 'react';
import { readItem, writeItem } from '../util/storage';
import { gradeQuiz, lessonQuiz, type QuizPhase, type QuizTaken } from './quiz';

export type QuizRecord = Partial<Record<QuizPhase, QuizTaken>>;

/** Where a lesson's check is kept. */
export interface QuizStore {
  /** Where the answers go, said in the hint: "in this browser", "with your class “…”". */
  where: string;
  load(signal: AbortSignal): Promise<QuizRecord>;
  /** Keeps one phase; `waiting` is told, in words, while a send is to be tried again. Rejects with a message to show. */
  keep(phase: QuizPhase, answers: Record<string, string>, waiting: (message: string) => void): Promise<void>;
}

const KEY = (lesson: string, phase: QuizPhase) => `hotpath-quiz:${lesson}:${phase}`;

function readTaken(lesson: string, phase: QuizPhase): QuizTaken | undefined {
  try {
    const raw = readItem(KEY(lesson, phase));
    return raw ? (JSON.parse(raw) as QuizTaken) : undefined;
  } catch {
    return undefined;
  }
}

/** The check kept in this browser's storage (the static site, or a lesson read outside a class). */
export const localQuizStore = (lesson: string): QuizStore => ({
  where: 'in this browser',
  load: async () => ({ pre: readTaken(lesson, 'pre'), post: readTaken(lesson, 'post') }),
  keep: async (phase, answers) => {
    if (writeItem(KEY(lesson, phase), JSON.stringify({ answers, at: new Date().toISOString() })) !== 'ok') {
      throw new Error('This browser would not keep them (its site data is blocked or full).');
    }
  },
});

const right = (items: Parameters<typeof gradeQuiz>[0], t: QuizTaken) => gradeQuiz(items, t.answers).filter((g) => g.correct).length;

export function Quiz({ lesson, phase, store: given }: { lesson: string; phase: QuizPhase; store?: QuizStore }) {
  const id = useId();
  const items = useMemo(() => lessonQuiz(lesson), [lesson]);
  const store = useMemo(() => given ?? localQuizStore(lesson), [given, lesson]);
  const [record, setRecord] = useState<QuizRecord | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    store.load(ctl.signal).then((r) => {
      setRecord(r);
      if (r[phase]) setAnswers(r[phase].answers);
    }, (e: Error) => e.name !== 'AbortError' && setProblem(`Your answers could not be read: ${e.message}`));
    return () => ctl.abort();
  }, [store, phase]);
  if (!items) return <p className="widget widget-error" role="alert">The lesson “{lesson}” has no concept check (lessons/{lesson}/quiz.ts).</p>;
  const title = phase === 'pre' ? 'Before you start: what do you expect?' : 'After the lesson: the same questions again';
  const done = record?.[phase];
  const submit = async () => {
    const missing = items.filter((q) => !(q.id in answers)).length;
    if (missing) return setProblem(`Choose an answer to every question first (${missing} left): a guess is fine, it is not graded.`);
    setProblem(null);
    setSending(true);
    try {
      await store.keep(phase, answers, setProblem);
      setProblem(null);
    } catch (e) {
      setProblem(`Not kept: ${(e as Error).message}`);
    }
    // Read again, kept or not: the check before may have been kept since this one was read (the
    // two are on one page), or another browser kept this one.
    try {
      const r = await store.load(new AbortController().signal);
      setRecord(r);
      if (r[phase]) setAnswers(r[phase].answers);
    } catch {
      // The answers shown stay as they were; the problem above says what went wrong, if anything.
    } finally {
      setSending(false);
    }
  };
  const graded = done ? gradeQuiz(items, done.answers) : [];
  return (
    <section className="widget quiz" aria-labelledby={`${id}-title`}>
      <h3 className="widget-title" id={`${id}-title`}>{title}</h3>
      <p className="hint">
        {phase === 'pre'
          ? `A short check of what you already think, not graded: answer before you read on. The same questions come back at the end, so you can see what changed. Your answers are kept ${store.where}.`
          : `The questions you answered before the lesson. Answer them again, then compare. Your answers are kept ${store.where}.`}
      </p>
      <ol className="quiz-items">
        {items.map((q, n) => {
          const verdict = phase === 'post' && done ? graded.find((g) => g.question === q.id) : undefined;
          return (
            <li key={q.id}>
              <fieldset disabled={!record || !!done || sending}>
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
      {record && !done && <div className="button-row"><button type="button" disabled={sending} onClick={() => void submit()}>Keep my answers</button></div>}
      <div role="status">
        {!record && !problem && <p>Reading your answers …</p>}
        {problem && <p className="input-error">{problem}</p>}
        {done && (phase === 'pre'
          ? <p>Kept. You will see which were right after the lesson, when the same questions come back.</p>
          : <p>{right(items, done)} of {items.length} right.{record?.pre ? ` Before the lesson: ${right(items, record.pre)} of ${items.length}.` : ''}</p>)}
      </div>
    </section>
  );
}
