// A lesson's exercises as a class server hands them out (/lessons/<slug>?class=<id>): the
// questions come from the server without their key, each check is sent there, graded by the
// real structures, and stored before the card changes. A check the server could not store (its
// database restarting) is sent again, the same request, until it is stored or refused. Work not
// yet checked stays in this browser, as on the static site.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Answer } from '../exercises/exercises';
import type { CardState } from '../exercises/card';
import { ExerciseCard } from '../exercises/ExerciseCard';
import { loadDrafts, saveDrafts, type Drafts } from '../exercises/progress';
import { siteStorage } from '../util/storage';
import type { ActionResult, LessonWork, NewAction } from './api';
import { ApiFailure, api, membership, requestId, untilAnswered } from './client';
import { useServerMode } from '../site/serverMode';

export function ClassExercises({ lesson, classId }: { lesson: string; classId: string }) {
  const joined = useMemo(() => membership(classId), [classId]);
  const [work, setWork] = useState<LessonWork | null>(null);
  const [cards, setCards] = useState<Record<string, CardState>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mode = useServerMode();
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const storage = useMemo(() => siteStorage(), []);
  const draftSeed = `class-${classId}`;
  const [drafts, setDrafts] = useState<Drafts>(() => loadDrafts(storage, lesson, draftSeed));
  // Ends the resending of checks when the page is left.
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const c = new AbortController();
    leaving.current = c;
    return () => c.abort();
  }, []);

  useEffect(() => {
    if (!joined) return undefined;
    const ctl = new AbortController();
    api<LessonWork>(`work/${encodeURIComponent(lesson)}`, { token: joined.token, signal: ctl.signal })
      .then((w) => {
        setWork(w);
        setCards(w.cards);
      })
      .catch((e) => e.name !== 'AbortError' && setFailure((e as Error).message));
    return () => ctl.abort();
  }, [joined, lesson]);

  if (!joined) {
    return (
      <section className="widget exercises" aria-label="Exercises">
        <h3 className="widget-title">Exercises</h3>
        {mode.mode === 'static' ? (
          <p className="notice" role="note">This link is for a class on a class server, but this site is a static copy of the lab with no class server behind it: open the link your teacher gave you, on the address it names.</p>
        ) : (
          <p className="notice" role="note">This link is for a class on this server, which this browser has not joined. <Link to={`/class?join=${encodeURIComponent(classId)}`}>Join the class</Link> first; if you joined already and this browser could not keep your key, open the come-back link you were shown.</p>
        )}
      </section>
    );
  }
  if (failure) return <p className="widget widget-error" role="alert">{failure}</p>;
  if (!work) return <p className="widget hint" role="status">Fetching this class’s questions …</p>;

  const send = async (exercise: string, action: NewAction['action'], answer?: Answer) => {
    setBusy((b) => ({ ...b, [exercise]: true }));
    setProblems((p) => ({ ...p, [exercise]: undefined }));
    const signal = leaving.current?.signal;
    // One request id for the check, however often it is sent: the server stores it once.
    const body: NewAction = { requestId: requestId(), lesson, exercise, action, ...(answer !== undefined ? { answer } : {}) };
    try {
      // Sent again, with backoff, while the server stores nothing and says to try again (its
      // database restarting, say): the card stays busy and says so, until stored or refused.
      const r = await untilAnswered(() => api<ActionResult>('work', { method: 'POST', token: joined.token, body }), {
        signal,
        waiting: (e, ms, attempt) => setProblems((p) => ({
          ...p, [exercise]: `Not stored yet: ${e.message} Sending it again in ${Math.max(1, Math.round(ms / 1000))} s (${attempt === 1 ? 'first retry' : `retry ${attempt}`}); your answer is kept.`,
        })),
      });
      setCards((c) => ({ ...c, [exercise]: r.card }));
      setProblems((p) => ({ ...p, [exercise]: undefined }));
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      // Nothing is shown as checked that the server did not store: the answer stays in the box.
      setProblems((p) => ({ ...p, [exercise]: `Not sent: ${(e as ApiFailure).message}` }));
    } finally {
      if (!signal?.aborted) setBusy((b) => ({ ...b, [exercise]: false }));
    }
  };
  const keep = (exercise: string, d: string | number[]) => {
    setDrafts((all) => {
      const next = { ...all, [exercise]: d };
      saveDrafts(storage, lesson, draftSeed, next);
      return next;
    });
  };
  const practice = work.cls.policy === 'practice';
  const solved = Object.values(cards).filter((c) => c.solved).length;

  return (
    <section className="widget exercises" aria-label="Exercises">
      <h3 className="widget-title">Exercises: class “{work.cls.name}”</h3>
      <p className="hint">
        You are <strong>{work.student}</strong> in this class. Each answer goes to the class server, which grades it with
        the same real structures and keeps it for your teacher.{' '}
        {practice ? 'A wrong answer gets a hint first; the answer is shown after a second wrong answer, or when you press Show answer.'
          : 'This is an assessment: you are told whether each answer is right, nothing more.'}
        {work.cls.dueAt && <> Due {new Date(work.cls.dueAt).toLocaleString()}.</>}
      </p>
      {!work.cls.open && <p className="notice" role="note">This class is past its due date: answers are no longer taken.</p>}
      <div className="button-row">
        <span role="status" className="score">{solved} of {work.questions.length} solved</span>
      </div>
      <ol className="exercise-list">
        {work.questions.map((q) => (
          <li key={q.id}>
            <ExerciseCard q={q} c={cards[q.id]} policy={work.cls.policy} draft={drafts[q.id]} keep={(d) => keep(q.id, d)}
              answer={(a) => void send(q.id, 'answer', a)}
              hint={practice ? () => void send(q.id, 'hint') : undefined}
              reveal={practice ? () => void send(q.id, 'reveal') : undefined}
              replayed={() => void send(q.id, 'replay')}
              busy={busy[q.id]} problem={problems[q.id]} />
          </li>
        ))}
      </ol>
    </section>
  );
}
