// The teacher's live page of a class (`/class?teach=ID`, the key in the fragment): who is on
// which question as answers arrive, and everything /teacher shows (ClassReport), the class's
// settings, its roster and each student's tools. It reads the class once and then adds what the
// server says changed (liveClass.ts), so a class of hundreds costs a few hundred bytes per answer.
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { lessons } from '../lessons';
import type { ClassStudent } from './classView';
import { setCache } from './regrade';
import { rulesText } from '../exercises/scoring';
import { plural } from '../util/format';
import { WasmWidget } from '../wasm/WasmWidget';
import { ClassReport } from './ClassReport';
import type { Delta, Report } from './api';
import { joinLink, teacherKey } from './client';
import { applyDelta, fromReport, latest, liveView, type GradeCache, type LiveClass } from './liveClass';
import { useLive } from './useLive';
import { ClassSettings } from './ClassSettings';
import { RosterPanel } from './RosterPanel';
import { StudentTools } from './StudentTools';
import { ProjectorPanel } from './ProjectorPanel';
import { ClassLearned } from './ClassLearned';

/** Each delta the feed sends is added to the live class. */
const applyEvent = (live: LiveClass, event: string, data: string): LiveClass => (event === 'delta' ? applyDelta(live, JSON.parse(data) as Delta) : live);

export function TeachClass({ id: classId }: { id: string }) {
  const { hash } = useLocation();
  const token = useMemo(() => teacherKey(classId, hash), [classId, hash]);
  const { state: cls, live, updated, problem } = useLive<Report, LiveClass>(classId, token, {
    snapshot: `classes/${encodeURIComponent(classId)}/report`, view: 'teacher', from: fromReport, apply: applyEvent,
  });
  const [deleted, setDeleted] = useState(false);

  if (!token) return <p className="widget widget-error" role="alert">This teacher link has no key (#key=…): open the link you were given when you created the class.</p>;
  if (deleted) return <p className="notice" role="status">The class is deleted, with every answer in it.</p>;
  if (!cls) return problem ? <p className="widget widget-error" role="alert">{problem}</p> : <p className="hint" role="status">Fetching the class …</p>;
  const c = cls.cls;
  const joined = cls.students.filter((s) => s.joinedAt !== null).length;
  return (
    <>
      <h1>Class “{c.name}”</h1>
      <p className="hint" role="status" aria-label="live status">
        {live === 'live' ? 'Live' : live === 'reconnecting' ? 'Reconnecting to the server …'
          : live === 'paused' ? 'Paused: the server lost its database’s change feed and is reconnecting; this page catches up when it is back' : 'Connecting …'}
        {updated && ` · updated ${updated.toLocaleTimeString()}`} · {plural(joined, 'student')}
        {cls.students.length > joined && ` (and ${cls.students.length - joined} on the roster, not joined)`} ·{' '}
        {c.policy} · {c.seedPerStudent ? 'a question set per student' : 'one question set'} · {rulesText(c)}
        {c.dueAt && ` · due ${new Date(c.dueAt).toLocaleString()}`}
      </p>
      {problem && <p className="notice" role="alert">{problem}</p>}
      <p className="no-print">
        Students join at <a href={joinLink(classId)}>{joinLink(classId)}</a>{c.roster && ' with their roster code'}.
      </p>
      <ProjectorPanel classId={classId} token={token} out={!!c.projector} />
      <ClassSettings key={`${c.name}\n${c.dueAt}\n${c.roster}`} cls={c} token={token} deleted={() => setDeleted(true)} />
      <RosterPanel classId={classId} className={c.name} token={token} rosterOnly={c.roster} />
      {cls.students.length === 0 ? <p className="hint">No student has joined yet.</p>
        : <WasmWidget name="The class results"><LiveReport live={cls} token={token} /></WasmWidget>}
      {cls.students.length > 0 && <ClassLearned classId={classId} token={token} />}
    </>
  );
}

/** The report as the class view draws it (graded again from each student's seed with the wasm, so inside a WasmWidget). */
function LiveReport({ live, token }: { live: LiveClass; token: string }) {
  const sets = useMemo(() => setCache(), []);
  const cache = useRef<GradeCache>(new Map());
  const view = useMemo(() => liveView(live, sets, cache.current), [live, sets]);
  const lessonOrder = lessons.map((l) => l.slug);
  view.lessons.sort((a, b) => lessonOrder.indexOf(a.lesson) - lessonOrder.indexOf(b.lesson));
  const activity = (s: ClassStudent) => {
    if (s.joined === false) return s.codeWaiting ? 'code not used yet' : 'not joined';
    const a = latest(live, s.id!);
    if (!a) return 'not started';
    const title = view.lessons.find((l) => l.lesson === a.lesson)?.titles[a.exercise] ?? a.exercise;
    return <span title={new Date(a.at).toLocaleString()}>{title} ({a.action}, {new Date(a.at).toLocaleTimeString()})</span>;
  };
  const instance = (lesson: string, seed: string, ex: string) => sets(lesson, seed)?.find((i) => i.id === ex);
  const tools = (s: ClassStudent) => (
    <StudentTools key={s.id} classId={live.cls.id} token={token} student={s} others={view.students.filter((o) => o.id !== s.id)} lessons={live.cls.lessons} />
  );
  return <ClassReport cls={view} instance={instance} name={`class-${live.cls.name}`} activity={activity} studentTools={tools} />;
}
