// The teacher adds students to the class's roster: a CSV pasted or chosen (an LMS's export or
// the school's list), checked and previewed here, then sent; the server answers with one join
// code per student, shown once (it keeps only their hashes): the teacher downloads them with
// each student's join link, to hand out or mail merge (a CSV that opens in a spreadsheet with its accents).
import { useId, useState } from 'react';
import type { RosterAdded, RosterEntry } from './api';
import { ApiFailure, api, codeLink } from './client';
import { codesCsv, parseRoster } from './rosterCsv';
import { download, fileName } from '../util/download';
import { num, plural } from '../util/format';

export function RosterPanel({ classId, className, token, rosterOnly }: { classId: string; className: string; token: string; rosterOnly: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [read, setRead] = useState<{ entries: RosterEntry[]; columns: string[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState<(RosterAdded['codes'][number] & { entry: RosterEntry })[] | null>(null);

  const check = (t: string) => {
    setText(t);
    setCodes(null);
    const r = t.trim() ? parseRoster(t) : null;
    setRead(r?.ok ? r : null);
    setProblem(r && !r.ok ? r.problem : null);
  };
  const send = async () => {
    if (!read) return;
    try {
      const r = await api<RosterAdded>(`classes/${encodeURIComponent(classId)}/roster`, { method: 'POST', token, body: { students: read.entries } });
      setCodes(r.codes.map((c, i) => ({ ...c, entry: read.entries[i] })));
      setRead(null);
      setText('');
    } catch (e) {
      setProblem((e as ApiFailure).message);
    }
  };
  const downloadCodes = () => {
    if (!codes) return;
    download(fileName(`${className}-join-codes`, 'csv'), codesCsv(codes.map((c) => ({ entry: { ...c.entry, name: c.name }, code: c.code, link: codeLink(classId, c.code) }))), 'text/csv');
  };

  return (
    <details className="roster-panel no-print">
      <summary>Roster: add students, each with a join code</summary>
      <p className="hint">
        Paste or choose a CSV with a header line: an LMS’s export (Moodle’s gradebook export, Canvas’s gradebook export) or a
        list with a name column and an ID number or email. Each student gets a code to join with; the Moodle and Canvas
        exports then carry their ID number, email and SIS ids, so the LMS matches every row.
        {rosterOnly ? ' This class takes only students on its roster.' : ' Students may also join by name until you require the roster (class settings).'}
      </p>
      <label htmlFor={`${id}-roster`}>The roster as CSV</label>
      <textarea id={`${id}-roster`} rows={5} value={text} onChange={(e) => check(e.target.value)} />
      <label className="inline">or choose a file{' '}
        <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void f.text().then(check);
        }} />
      </label>
      {problem && <p className="input-error" role="alert">{problem}</p>}
      {read && (
        <div aria-label="roster preview">
          <p>{plural(read.entries.length, 'student')} read; columns: {read.columns.join('; ')}.</p>
          <ul>{read.entries.slice(0, 5).map((e, i) => <li key={i}>{e.name}{e.id ? ` · ${e.id}` : ''}{e.email ? ` · ${e.email}` : ''}{e.section ? ` · ${e.section}` : ''}</li>)}</ul>
          {read.entries.length > 5 && <p className="hint">and {num(read.entries.length - 5)} more.</p>}
          <div className="button-row"><button type="button" onClick={() => void send()}>Add {plural(read.entries.length, 'student')} and issue their codes</button></div>
        </div>
      )}
      {codes && (
        <section aria-label="join codes" className="notice">
          <p>
            {plural(codes.length, 'code')} issued. They are shown only now (the server keeps only their hashes): download them,
            and give each student theirs. A lost code is issued again from the student’s row.
          </p>
          <div className="button-row"><button type="button" onClick={downloadCodes}>Download the codes and join links (CSV)</button></div>
          <table className="counters">
            <thead><tr><th scope="col">student</th><th scope="col">code</th></tr></thead>
            <tbody>{codes.slice(0, 50).map((c) => <tr key={c.student}><th scope="row">{c.name}</th><td><code>{c.code}</code></td></tr>)}</tbody>
          </table>
          {codes.length > 50 && <p className="hint">The other {num(codes.length - 50)} are in the download.</p>}
        </section>
      )}
    </details>
  );
}
