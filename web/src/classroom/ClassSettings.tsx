// Editing a class after it is made, as an LMS allows: its name, its due date (moved, or taken
// away), whether only roster students may join, and deleting it with everything in it.
import { useId, useState } from 'react';
import type { ClassDetails } from './api';
import { ApiFailure, api } from './client';

/** An ISO time as a datetime-local input shows it (local time, to the minute). */
export const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function ClassSettings({ cls, token, deleted }: { cls: ClassDetails; token: string; deleted: () => void }) {
  const id = useId();
  const [name, setName] = useState(cls.name);
  const [due, setDue] = useState(localInput(cls.dueAt));
  const [roster, setRoster] = useState(cls.roster);
  const [said, setSaid] = useState<string | null>(null);
  const path = `classes/${encodeURIComponent(cls.id)}`;

  const save = async () => {
    setSaid(null);
    const dueAt = due ? new Date(due) : null;
    if (dueAt && Number.isNaN(dueAt.getTime())) return setSaid('The due date is not a date.');
    try {
      await api(path, { method: 'PATCH', token, body: { name: name.trim(), dueAt: dueAt?.toISOString() ?? null, roster } });
      setSaid('Saved.');
    } catch (e) {
      setSaid((e as ApiFailure).message);
    }
  };
  const remove = async () => {
    if (!window.confirm(`Delete the class “${cls.name}” and every answer in it? This cannot be undone.`)) return;
    try {
      await api(path, { method: 'DELETE', token });
      deleted();
    } catch (e) {
      setSaid((e as ApiFailure).message);
    }
  };

  return (
    <details className="class-settings no-print">
      <summary>Class settings: name, due date, roster, delete</summary>
      <div className="class-form">
        <label htmlFor={`${id}-name`}>Class name</label>
        <input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-due`}>Due (empty: none; a student’s own due date, an extension, is set from their row)</label>
        <input id={`${id}-due`} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
        <label className="inline"><input type="checkbox" checked={roster} onChange={(e) => setRoster(e.target.checked)} /> only students on the roster may join (each with their code)</label>
        <div className="button-row">
          <button type="button" onClick={() => void save()} disabled={!name.trim()}>Save</button>
          <button type="button" className="danger" onClick={() => void remove()}>Delete the class</button>
        </div>
        {said && <p role="status">{said}</p>}
      </div>
    </details>
  );
}
