// What a teacher may do to one student of a class, from the student's own view: give them a due
// date of their own (an extension), issue a join code (a lost roster code, or a way back for a
// student whose browser lost their key), open the answer key of their question set, merge their
// row into another (a student who joined by name before the roster was required, into their
// roster row), or remove them.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ClassStudent } from './classView';
import { ApiFailure, api, codeLink } from './client';
import { localInput } from './ClassSettings';
import { findLesson } from '../lessons';

export function StudentTools({ classId, token, student: s, others, lessons }: {
  classId: string;
  token: string;
  student: ClassStudent;
  /** The class's other students, to merge into. */
  others: ClassStudent[];
  lessons: string[];
}) {
  const id = useId();
  const [due, setDue] = useState(localInput(s.dueAt ?? null));
  const [into, setInto] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const path = `classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(s.id!)}`;
  const run = async (f: () => Promise<string | void>) => {
    setSaid(null);
    try {
      const r = await f();
      if (r) setSaid(r);
    } catch (e) {
      setSaid((e as ApiFailure).message);
    }
  };

  return (
    <div className="student-tools" aria-label="what to do">
      <div className="class-form">
        <label htmlFor={`${id}-due`}>Their own due date (an extension; empty: the class’s)</label>
        <input id={`${id}-due`} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
        <div className="button-row">
          <button type="button" onClick={() => void run(async () => {
            await api(path, { method: 'PATCH', token, body: { dueAt: due ? new Date(due).toISOString() : null } });
            return 'Due date saved.';
          })}>Save the due date</button>
          {/* A student who joined by name needs one too when their browser lost (or never kept) their key. */}
          <button type="button" onClick={() => void run(async () => {
            const r = await api<{ code: string }>(`${path}/code`, { method: 'POST', token });
            setCode(r.code);
          })}>{s.roster ? 'Issue a new code' : 'Issue a code to come back with'}</button>
        </div>
        {code && <p role="status">New code <code>{code}</code> (the old one no longer works): <a href={codeLink(classId, code)}>join link</a>. Shown only now.</p>}
        <p className="hint">
          Answer key of their questions:{' '}
          {lessons.map((l, i) => (
            <span key={l}>{i > 0 && ', '}<Link to={`/lessons/${l}?seed=${encodeURIComponent(s.seed ?? '')}&teacher=1&teach=${encodeURIComponent(classId)}`}>{findLesson(l)?.title ?? l}</Link></span>
          ))}
        </p>
        {others.length > 0 && (
          <>
            <label htmlFor={`${id}-merge`}>Merge this row’s answers into</label>
            <select id={`${id}-merge`} value={into} onChange={(e) => setInto(e.target.value)}>
              <option value="">choose a student</option>
              {others.map((o) => <option key={o.id} value={o.id}>{o.name}{o.roster?.id ? ` (${o.roster.id})` : ''}</option>)}
            </select>
            <div className="button-row">
              <button type="button" disabled={!into} onClick={() => void run(async () => {
                const target = others.find((o) => o.id === into)!;
                if (!window.confirm(`Move ${s.name}’s answers to ${target.name} and remove ${s.name}’s row?`)) return;
                await api(`classes/${encodeURIComponent(classId)}/merge`, { method: 'POST', token, body: { from: s.id, into } });
              })}>Merge</button>
            </div>
          </>
        )}
        <div className="button-row">
          <button type="button" className="danger" onClick={() => void run(async () => {
            if (!window.confirm(`Remove ${s.name} and every answer of theirs from the class?`)) return;
            await api(path, { method: 'DELETE', token });
          })}>Remove from the class</button>
        </div>
        {said && <p role="status">{said}</p>}
      </div>
    </div>
  );
}
