// /class: the class server's pages. Without a query: create a class (lessons, seed, due date,
// feedback policy) and get its two links. `?join=ID`: a student joins with a name. `?teach=ID`
// with the teacher's key in the fragment (#key=…): the class live, as answers arrive. On a
// static site (no server) it says so and points to /teacher.
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { lessons } from '../lessons';
import { lessonsWithExercises } from '../exercises/exercises';
import { buildClass, parseExport, type ClassStudent } from '../exercises/classView';
import { setCache } from '../exercises/regrade';
import { plural } from '../site/format';
import { WasmWidget } from '../wasm/WasmWidget';
import { ClassReport } from '../pages/ClassReport';
import type { ClassInfo, Created, Joined, Report } from './api';
import { ApiFailure, api, followEvents, joinLink, membership, remember, rememberTeaching, teachLink, teaching } from './client';
import { useServerMode } from '../site/serverMode';

const lessonTitle = (slug: string) => lessons.find((l) => l.slug === slug)?.title ?? slug;

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
      {mode.mode === 'server' && (join ? <JoinClass id={join} /> : teach ? <TeachClass id={teach} /> : <CreateClass />)}
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
  const [due, setDue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<(Created & { name: string }) | null>(null);
  const [mine, setMine] = useState(teaching);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!chosen.length) return setProblem('Choose at least one lesson.');
    const dueAt = due ? new Date(due) : null;
    if (dueAt && Number.isNaN(dueAt.getTime())) return setProblem('The due date is not a date.');
    try {
      const c = await api<Created>('classes', {
        method: 'POST', body: { name: name.trim(), lessons: chosen, seedPerStudent: seedMode === 'per-student', policy, ...(dueAt ? { dueAt: dueAt.toISOString() } : {}) },
      });
      rememberTeaching({ id: c.id, name: name.trim(), token: c.teacherToken });
      setMine(teaching());
      setCreated({ ...c, name: name.trim() });
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
          <label className="inline"><input type="radio" name={`${id}-policy`} checked={policy === 'practice'} onChange={() => setPolicy('practice')} /> practice: hints, and the answer after two wrong tries</label>
          <label className="inline"><input type="radio" name={`${id}-policy`} checked={policy === 'assessment'} onChange={() => setPolicy('assessment')} /> assessment: right or wrong only</label>
        </fieldset>
        <label htmlFor={`${id}-due`}>Due (optional; answers are refused after it)</label>
        <input id={`${id}-due`} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
        <div className="button-row"><button type="submit">Create the class</button></div>
        {problem && <p className="input-error" role="alert">{problem}</p>}
      </form>
      {created && (
        <section className="notice" aria-label="class created">
          <h2>“{created.name}” is ready</h2>
          <p>For the students: <a href={joinLink(created.id)}>{joinLink(created.id)}</a></p>
          <p>For you (keep it secret; this browser remembers it): <a href={teachLink(created.id, created.teacherToken)}>the class, live</a></p>
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
  const [info, setInfo] = useState<ClassInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [me, setMe] = useState(() => membership(classId));

  useEffect(() => {
    api<ClassInfo>(`classes/${encodeURIComponent(classId)}`).then(setInfo, (e: ApiFailure) => setProblem(e.message));
  }, [classId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const j = await api<Joined>(`classes/${encodeURIComponent(classId)}/students`, { method: 'POST', body: { name: name.trim() } });
      remember(classId, { token: j.token, name: j.name });
      setMe({ token: j.token, name: j.name });
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
        {info.dueAt && <> Due {new Date(info.dueAt).toLocaleString()}.</>}
      </p>
      {me ? (
        <>
          <p>You joined as <strong>{me.name}</strong>. Your answers go to this class; your lessons:</p>
          <ul aria-label="class lessons">
            {info.lessons.map((l) => <li key={l}><Link to={`/lessons/${l}?class=${encodeURIComponent(classId)}`}>{lessonTitle(l)}</Link></li>)}
          </ul>
        </>
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

function TeachClass({ id: classId }: { id: string }) {
  const { hash } = useLocation();
  const token = useMemo(() => /(?:^#|&)key=([A-Za-z0-9_-]+)/.exec(hash)?.[1] ?? teaching().find((t) => t.id === classId)?.token, [hash, classId]);
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [live, setLive] = useState<'connecting' | 'live' | 'reconnecting'>('connecting');
  const [updated, setUpdated] = useState<Date | null>(null);

  useEffect(() => {
    if (!token) return undefined;
    const ctl = new AbortController();
    let fetching = false;
    let again = false;
    const refresh = async () => {
      if (fetching) {
        again = true;
        return;
      }
      fetching = true;
      try {
        setReport(await api<Report>(`classes/${encodeURIComponent(classId)}/report`, { token, signal: ctl.signal }));
        setUpdated(new Date());
        setProblem(null);
      } catch (e) {
        if ((e as Error).name !== 'AbortError') setProblem((e as Error).message);
      } finally {
        fetching = false;
        if (again) {
          again = false;
          void refresh();
        }
      }
    };
    void refresh();
    // Follow the live feed, reconnecting after a drop (a server restart, say) and catching up on return.
    void (async () => {
      while (!ctl.signal.aborted) {
        try {
          await followEvents(`classes/${encodeURIComponent(classId)}/events`, token, ctl.signal, () => void refresh(), () => {
            setLive('live');
            void refresh(); // catch up on what arrived while the feed was down
          });
        } catch (e) {
          if ((e as Error).name === 'AbortError') return;
          if ((e as ApiFailure).status === 403) return setProblem((e as ApiFailure).message);
        }
        if (ctl.signal.aborted) return;
        setLive('reconnecting');
        await new Promise((r) => setTimeout(r, 2000));
        void refresh();
      }
    })();
    return () => ctl.abort();
  }, [classId, token]);

  if (!token) return <p className="widget widget-error" role="alert">This teacher link has no key (#key=…): open the link you were given when you created the class.</p>;
  if (!report) return problem ? <p className="widget widget-error" role="alert">{problem}</p> : <p className="hint" role="status">Fetching the class …</p>;
  return (
    <>
      <h1>Class “{report.cls.name}”</h1>
      <p className="hint" role="status" aria-label="live status">
        {live === 'live' ? 'Live' : live === 'reconnecting' ? 'Reconnecting to the server …' : 'Connecting …'}
        {updated && ` · updated ${updated.toLocaleTimeString()}`} · {plural(new Set(report.exports.map((e) => e.student)).size, 'student')} ·{' '}
        {report.cls.policy} · {report.cls.seedPerStudent ? 'a set per student' : `seed ${report.cls.seed}`}
        {report.cls.dueAt && ` · due ${new Date(report.cls.dueAt).toLocaleString()}`}
      </p>
      {problem && <p className="notice" role="alert">{problem}</p>}
      <p className="no-print">Students join at <a href={joinLink(classId)}>{joinLink(classId)}</a></p>
      {report.exports.length === 0 ? <p className="hint">No student has joined yet.</p>
        : <WasmWidget name="The class results"><LiveReport report={report} /></WasmWidget>}
    </>
  );
}

/** The report as the class view draws it (regraded from each student's seed with the wasm, so inside a WasmWidget). */
function LiveReport({ report }: { report: Report }) {
  const sets = useMemo(() => setCache(), []);
  const cls = useMemo(() => buildClass(report.exports.map((e, i) => parseExport(`${e.student || 'student'}-${e.lesson}-${i}.json`, JSON.stringify(e))), sets, lessons.map((l) => l.slug)), [report, sets]);
  if (!cls) return null;
  const now = new Map(report.activity.map((a) => [a.student, a]));
  const activity = (s: ClassStudent) => {
    const a = now.get(s.name);
    if (!a) return 'not started';
    const title = cls.lessons.find((l) => l.lesson === a.lesson)?.titles[a.exercise] ?? a.exercise;
    return <span title={new Date(a.at).toLocaleString()}>{title} ({a.action}, {new Date(a.at).toLocaleTimeString()})</span>;
  };
  const instance = (lesson: string, seed: string, ex: string) => sets(lesson, seed)?.find((i) => i.id === ex);
  return <ClassReport cls={cls} instance={instance} name={`class-${report.cls.name}`} activity={activity} />;
}
