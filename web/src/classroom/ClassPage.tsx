// /class: the class server's pages. Without a query: create a class (lessons, question sets,
// feedback, scoring rules, roster, due date) and get its two links. `?join=ID`: a student joins
// with a name, or with their roster code. `?teach=ID` with the teacher's key in the fragment
// (#key=…): the class live, as answers arrive (TeachClass); `&view=projector`: the view for the
// classroom's screen (Projector). On a static site (no server) it says so and points to /teacher.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { lessons } from '../lessons';
import { lessonsWithExercises } from '../exercises/exercises';
import { rulesText } from '../exercises/scoring';
import type { ClassInfo, CreateClass as CreateBody, Created, Joined, LessonWork } from './api';
import { ApiFailure, api, comeBackLink, joinLink, keyInFragment, membership, remember, rememberTeaching, teachLink, teaching } from './client';
import type { StorageState } from '../util/storage';
import { useServerMode } from '../site/serverMode';
import { TeachClass } from './TeachClass';
import { Projector } from './Projector';
import { LinkToKeep } from './LinkToKeep';

/** The penalties a teacher picks from: Moodle's usual ones. */
const PENALTIES = [0, 0.1, 0.2, 0.25, 1 / 3, 0.5, 1];

const lessonTitle = (slug: string) => lessons.find((l) => l.slug === slug)?.title ?? slug;

/** Why this browser did not keep something, in words. */
const notKept = (state: StorageState) => (state === 'full' ? 'its storage for this site is full' : 'it does not let this site save data');

export function ClassPage() {
  const mode = useServerMode();
  const [params] = useSearchParams();
  const join = params.get('join');
  const teach = params.get('teach');
  return (
    <article className="lesson teacher class-page">
      {mode.mode === 'checking' && <p className="hint" role="status">Looking for the class server …</p>}
      {mode.mode === 'static' && (
        <>
          <h1>Classes</h1>
          <p className="notice" role="note">
            This site is served without the class server, so classes cannot be created or joined here. Your teacher’s
            link may point to another address; or, to run classes yourself, start the server with <code>npm run class</code> (see
            docs/class-server.md in the lab’s repository). Without it, students export their answers and the teacher drops the files on <Link to="/teacher">the class view</Link>.
          </p>
        </>
      )}
      {mode.mode === 'server' && (join ? <JoinClass id={join} /> : teach ? (params.get('view') === 'projector' ? <Projector id={teach} /> : <TeachClass id={teach} />) : <CreateClass />)}
    </article>
  );
}

function CreateClass() {
  const id = useId();
  const available = lessons.filter((l) => lessonsWithExercises().includes(l.slug));
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>(available.slice(0, 1).map((l) => l.slug));
  const [seedMode, setSeedMode] = useState<'shared' | 'per-student'>('shared');
  const [policy, setPolicy] = useState<'practice' | 'assessment'>('practice');
  const [limit, setLimit] = useState('');
  const [penalty, setPenalty] = useState(0);
  const [roster, setRoster] = useState(false);
  const [due, setDue] = useState('');
  /** An assessment gives each student their own set unless the teacher chose otherwise. */
  const choosePolicy = (p: 'practice' | 'assessment') => {
    setPolicy(p);
    setSeedMode(p === 'assessment' ? 'per-student' : 'shared');
  };
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<(Created & { name: string; kept: StorageState }) | null>(null);
  const [mine, setMine] = useState(teaching);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!chosen.length) return setProblem('Choose at least one lesson.');
    const dueAt = due ? new Date(due) : null;
    if (dueAt && Number.isNaN(dueAt.getTime())) return setProblem('The due date is not a date.');
    const maxAttempts = limit ? Number(limit) : undefined;
    if (maxAttempts !== undefined && !(Number.isInteger(maxAttempts) && maxAttempts >= 1 && maxAttempts <= 100)) return setProblem('The attempt limit is a whole number from 1 to 100, or empty for none.');
    const body: CreateBody = {
      name: name.trim(), lessons: chosen, seedPerStudent: seedMode === 'per-student', policy, penalty, roster,
      ...(maxAttempts ? { maxAttempts } : {}), ...(dueAt ? { dueAt: dueAt.toISOString() } : {}),
    };
    try {
      const c = await api<Created>('classes', { method: 'POST', body });
      const kept = rememberTeaching({ id: c.id, name: name.trim(), token: c.teacherToken });
      setMine(teaching());
      setCreated({ ...c, name: name.trim(), kept });
    } catch (err) {
      setProblem((err as ApiFailure).message);
    }
  };

  return (
    <>
      <h1>Create a class</h1>
      <p>
        The class server hands each student the class’s questions, grades every answer as it is checked with the same Rust
        structures the lessons run, and keeps it. You get two links: one to give the students, and your own, which carries
        a secret key: keep it to yourself.
      </p>
      <form className="class-form" onSubmit={submit}>
        <label htmlFor={`${id}-name`}>Class name</label>
        <input id={`${id}-name`} value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
        <fieldset>
          <legend>Lessons</legend>
          {available.map((l) => (
            <label key={l.slug} className="inline">
              <input type="checkbox" checked={chosen.includes(l.slug)}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, l.slug] : c.filter((x) => x !== l.slug)))} /> {l.title}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Questions</legend>
          <label className="inline"><input type="radio" name={`${id}-seed`} checked={seedMode === 'shared'} onChange={() => setSeedMode('shared')} /> the same set for everyone</label>
          <label className="inline"><input type="radio" name={`${id}-seed`} checked={seedMode === 'per-student'} onChange={() => setSeedMode('per-student')} /> a different set for each student</label>
        </fieldset>
        <fieldset>
          <legend>Feedback</legend>
          <label className="inline"><input type="radio" name={`${id}-policy`} checked={policy === 'practice'} onChange={() => choosePolicy('practice')} /> practice: hints, and the answer after two wrong tries</label>
          <label className="inline"><input type="radio" name={`${id}-policy`} checked={policy === 'assessment'} onChange={() => choosePolicy('assessment')} /> assessment: right or wrong only (a question set per student, unless you choose one for everyone)</label>
        </fieldset>
        <fieldset>
          <legend>Scoring</legend>
          <label htmlFor={`${id}-limit`}>Answers a question takes at most (empty: no limit)</label>
          <input id={`${id}-limit`} inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value.trim())} />
          <label htmlFor={`${id}-penalty`}>Penalty for each wrong try (a share of the question’s point)</label>
          <select id={`${id}-penalty`} value={String(penalty)} onChange={(e) => setPenalty(Number(e.target.value))}>
            {PENALTIES.map((p) => <option key={p} value={String(p)}>{p === 0 ? 'none' : `${Math.round(p * 1000) / 10} %`}</option>)}
          </select>
          <p className="hint">A question solved after k wrong tries earns 1 − k × penalty of its point; past the limit the server takes no more answers to it.</p>
        </fieldset>
        <fieldset>
          <legend>Who may join</legend>
          <label className="inline"><input type="radio" name={`${id}-roster`} checked={!roster} onChange={() => setRoster(false)} /> anyone with the link, under the name they type</label>
          <label className="inline"><input type="radio" name={`${id}-roster`} checked={roster} onChange={() => setRoster(true)} /> only students on a roster, each with a code (add the roster on the class’s page)</label>
        </fieldset>
        {policy === 'assessment' && seedMode === 'shared' && !roster && (
          <p className="notice" role="note" aria-label="warning: shared questions in an open assessment">
            With one question set for everyone and anyone able to join, a student can join again under made-up names and try
            answers there for free (an attempt limit counts per name): the answers they find are the real ones. Give each
            student a set of their own, or take only a roster.
          </p>
        )}
        <label htmlFor={`${id}-due`}>Due (optional; answers are refused after it)</label>
        <input id={`${id}-due`} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
        <div className="button-row"><button type="submit">Create the class</button></div>
        {problem && <p className="input-error" role="alert">{problem}</p>}
      </form>
      {created && (
        <section className="notice" aria-label="class created">
          <h2>“{created.name}” is ready</h2>
          <p>For the students: <a href={joinLink(created.id)}>{joinLink(created.id)}</a></p>
          {created.kept === 'ok' ? (
            <p>For you (keep it secret; this browser remembers it): <a href={teachLink(created.id, created.teacherToken)}>the class, live</a></p>
          ) : (
            <>
              <p role="alert">
                This browser did not keep your link ({notKept(created.kept)}): copy it now and keep it somewhere safe. It
                carries your teacher key, the only way into “{created.name}”: <a href={teachLink(created.id, created.teacherToken)}>the class, live</a>
              </p>
              <LinkToKeep label="your teacher link" href={teachLink(created.id, created.teacherToken)} />
            </>
          )}
        </section>
      )}
      {mine.length > 0 && (
        <>
          <h2>Your classes on this server</h2>
          <ul>{mine.map((t) => <li key={t.id}><a href={teachLink(t.id, t.token)}>{t.name}</a></li>)}</ul>
        </>
      )}
    </>
  );
}

function JoinClass({ id: classId }: { id: string }) {
  const id = useId();
  const { hash } = useLocation();
  const [info, setInfo] = useState<ClassInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [code, setCode] = useState(() => {
    const given = /(?:^#|&)code=([^&]+)/.exec(hash)?.[1] ?? '';
    try {
      return decodeURIComponent(given);
    } catch {
      // A link cut after a '%': the code box shows what came, to be corrected by hand.
      return given;
    }
  });
  const [me, setMe] = useState(() => membership(classId));
  /** Set when this browser would not keep the key: the tab holds it, and the student is shown a link to come back with. */
  const [kept, setKept] = useState<StorageState>('ok');
  const [backWith] = useState(() => keyInFragment(hash));

  useEffect(() => {
    api<ClassInfo>(`classes/${encodeURIComponent(classId)}`).then(setInfo, (e: ApiFailure) => setProblem(e.message));
  }, [classId]);

  const keep = (j: { token: string; name: string }) => {
    setKept(remember(classId, { token: j.token, name: j.name }));
    setMe({ token: j.token, name: j.name });
  };

  // A come-back link: the key is checked with the server (which names its student), kept like a
  // fresh join, and taken out of the address bar, which others may see.
  useEffect(() => {
    if (!backWith || !info) return;
    history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}`);
    api<LessonWork>(`work/${encodeURIComponent(info.lessons[0])}`, { token: backWith }).then(
      (w) => keep({ token: backWith, name: w.student }),
      (e: ApiFailure) => setProblem(`This come-back link did not open the class: ${e.message}`),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the class is known
  }, [backWith, info]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const j = await api<Joined>(`classes/${encodeURIComponent(classId)}/students`, { method: 'POST', body: info?.roster || code.trim() ? { code: code.trim() } : { name: name.trim() } });
      keep(j);
    } catch (err) {
      setProblem((err as ApiFailure).message);
    }
  };

  if (!info) return problem ? <p className="widget widget-error" role="alert">{problem}</p> : <p className="hint" role="status">Fetching the class …</p>;
  return (
    <>
      <h1>Class “{info.name}”</h1>
      <p>
        {info.policy === 'practice' ? 'Practice: hints, and the answer after two wrong tries.' : 'Assessment: you are told whether each answer is right, nothing more.'}
        {' '}Scoring: {rulesText(info)}.
        {info.dueAt && <> Due {new Date(info.dueAt).toLocaleString()}.</>}
      </p>
      {me ? (
        <>
          <p>You joined as <strong>{me.name}</strong>. Your answers go to this class; your lessons:</p>
          {kept !== 'ok' && (
            <div className="notice">
              <p role="alert">
                This browser did not keep your key ({notKept(kept)}), so it knows you only in this tab, and only until
                it closes or reloads. To come back, from this browser or another, keep this link; it is your key, so
                keep it to yourself. Without it, ask your teacher for a code to come back with.
              </p>
              <LinkToKeep label="your come-back link" href={comeBackLink(classId, me.token)} />
            </div>
          )}
          <ul aria-label="class lessons">
            {info.lessons.map((l) => <li key={l}><Link to={`/lessons/${l}?class=${encodeURIComponent(classId)}`}>{lessonTitle(l)}</Link></li>)}
          </ul>
        </>
      ) : info.roster || code ? (
        <form className="class-form" onSubmit={submit}>
          <label htmlFor={`${id}-code`}>Your join code, from your teacher</label>
          <input id={`${id}-code`} value={code} maxLength={20} required autoComplete="off" onChange={(e) => setCode(e.target.value)} />
          <div className="button-row"><button type="submit" disabled={!code.trim()}>Join</button></div>
          {problem && <p className="input-error" role="alert">{problem}</p>}
        </form>
      ) : info.open ? (
        <form className="class-form" onSubmit={submit}>
          <label htmlFor={`${id}-name`}>Your name, as your teacher knows you</label>
          <input id={`${id}-name`} value={name} maxLength={60} required onChange={(e) => setName(e.target.value)} />
          <div className="button-row"><button type="submit" disabled={!name.trim()}>Join</button></div>
          {problem && <p className="input-error" role="alert">{problem}</p>}
        </form>
      ) : <p className="notice" role="note">This class is past its due date.</p>}
    </>
  );
}
