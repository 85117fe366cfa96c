// /teacher: a class's exported progress files in one picture. Drop or paste the students' CSV or
// JSON exports; each file is checked, the class's lesson and seed agreed, and the page shows one
// row per student, the hardest exercises and the wrong answers given most, each with a link that
// replays the exercise's steps. Everything stays in this browser: nothing is uploaded.
import { useId, useState, type DragEvent } from 'react';
import { answerLabel, answerText, buildClass, classCsv, hardest, instancesById, parseExport, summarise, type Parsed, type StudentFile } from '../exercises/classView';
import { generate } from '../exercises/exercises';
import { WRONG_BEFORE_SHOWN } from '../exercises/progress';
import { familyLink } from '../embed/link';
import { familyModule } from '../registry/family';
import { download, fileName } from '../site/download';
import { num, plural } from '../site/format';
import { WasmWidget } from '../wasm/WasmWidget';

function cellText(s: StudentFile, id: string): string {
  const r = s.exercises[id];
  if (!r) return '—';
  // A solve after the answer was shown is not a solve on one's own: say so, and how it was shown.
  const notes = [
    r.hints ? plural(r.hints, 'hint') : '',
    r.shown ? (r.asked ? 'answer asked for' : `answer shown after ${WRONG_BEFORE_SHOWN} wrong`) : '',
  ].filter(Boolean);
  if (r.attempts === 0) return notes.length ? `— (${notes.join(', ')})` : '—';
  const verdict = r.solved ? (r.firstTry ? '✓ first try' : `✓ in ${r.attempts}`) : `✗ ${plural(r.attempts, 'try', 'tries')}`;
  return [verdict, ...notes].join(', ');
}

export function TeacherPage() {
  const id = useId();
  const [files, setFiles] = useState<Parsed[]>([]);
  const [paste, setPaste] = useState('');
  const [dragging, setDragging] = useState(false);

  const add = async (list: FileList | null) => {
    if (!list) return;
    const read = await Promise.all([...list].map(async (f) => parseExport(f.name, await f.text())));
    setFiles((fs) => [...fs, ...read]);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void add(e.dataTransfer.files);
  };
  const addPaste = () => {
    setFiles((fs) => [...fs, parseExport(`pasted ${fs.length + 1}`, paste)]);
    setPaste('');
  };

  return (
    <article className="lesson teacher">
      <h1>Class view</h1>
      <p>
        Ask each student to export their progress (the <strong>Export CSV</strong> or <strong>Export JSON</strong> button
        under a lesson’s exercises), then drop the files here. JSON exports carry every answer, so the wrong answers
        below are complete; a CSV has only each exercise’s last answer. The files are read by this page and go
        nowhere else.
      </p>
      <div className={`drop-zone${dragging ? ' dragging' : ''}`} onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)} onDrop={drop}>
        <p>Drop progress files here, or</p>
        <label className="inline" htmlFor={`${id}-files`}>choose files </label>
        <input id={`${id}-files`} type="file" multiple accept=".csv,.json,text/csv,application/json" onChange={(e) => { void add(e.target.files); e.target.value = ''; }} />
      </div>
      <details className="paste">
        <summary>Or paste one export</summary>
        <label htmlFor={`${id}-paste`}>The contents of one CSV or JSON export</label>
        <textarea id={`${id}-paste`} rows={6} value={paste} onChange={(e) => setPaste(e.target.value)} />
        <div className="button-row"><button type="button" onClick={addPaste} disabled={!paste.trim()}>Add</button></div>
      </details>
      {files.length > 0 && (
        <div className="button-row">
          <span className="hint">{plural(files.length, 'file')} read.</span>
          <button type="button" onClick={() => setFiles([])}>Clear</button>
        </div>
      )}
      {files.length > 0 && <WasmWidget name="The class results"><ClassResults files={files} /></WasmWidget>}
    </article>
  );
}

/** The class, from the files read so far (exercise titles and replays come from the real structures). */
function ClassResults({ files }: { files: Parsed[] }) {
  const order = (lesson: string, seed: string) => generate(lesson, seed)?.map((i) => i.id);
  const cls = buildClass(files, order);
  const set = cls ? instancesById(generate(cls.lesson, cls.seed)) : {};
  const summaries = cls ? summarise(cls) : [];
  const title = (ex: string) => set[ex]?.title ?? ex;
  const replay = (ex: string) => {
    const inst = set[ex];
    const module = inst && familyModule(inst.replay.family);
    return module ? familyLink(module, inst.replay.view, inst.replay.ops, inst.replay.step, inst.replay.settings).href : undefined;
  };

  return (
    <>
      {cls && cls.rejected.length > 0 && (
        <section aria-label="files left out" className="notice">
          <h2>Left out</h2>
          <ul>
            {cls.rejected.map((r, i) => <li key={`${r.file}-${i}`}><strong>{r.file}</strong>: {r.problem}.</li>)}
          </ul>
        </section>
      )}
      {cls && cls.students.length > 0 && (
        <>
          <h2>Lesson “{cls.lesson}”, seed “{cls.seed}”: {plural(cls.students.length, 'student')}</h2>
          {Object.keys(set).length === 0 && <p className="notice">This site has no lesson “{cls.lesson}”: exercise ids are shown without titles or replay links.</p>}
          <div className="table-scroll">
            <table className="counters class-table" aria-label="class results">
              <thead>
                <tr>
                  <th scope="col">student</th><th scope="col">solved</th>
                  {cls.exercises.map((ex, i) => <th scope="col" key={ex} title={title(ex)}>{i + 1}. {title(ex)}</th>)}
                </tr>
              </thead>
              <tbody>
                {cls.students.map((s, k) => (
                  <tr key={`${s.file}-${k}`}>
                    <th scope="row">{s.student || <em>no name ({s.file})</em>}</th>
                    <td>{cls.exercises.filter((ex) => s.exercises[ex]?.solved).length} of {cls.exercises.length}</td>
                    {cls.exercises.map((ex) => <td key={ex} className={s.exercises[ex]?.solved ? 'solved' : s.exercises[ex]?.attempts ? 'unsolved' : ''}>{cellText(s, ex)}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="button-row">
            <button type="button" onClick={() => download(fileName(`class-${cls.lesson}-${cls.seed}`, 'csv'), classCsv(cls), 'text/csv')}>Export the class as CSV</button>
          </div>

          <h2>Hardest exercises</h2>
          {hardest(summaries).length === 0 && <p className="hint">No exercise has been tried yet.</p>}
          <ol aria-label="hardest exercises">
            {hardest(summaries).slice(0, 5).map((x) => (
              <li key={x.id}>
                <strong>{title(x.id)}</strong>: solved by {x.solved} of the {x.attempted} who tried ({cls.students.length} in the class),
                {' '}{x.firstTry} at the first try{x.hints > 0 && `, ${plural(x.hints, 'hint')} asked`}{x.shown > 0 && `, ${x.shown} shown the answer before solving it`}.
              </li>
            ))}
          </ol>

          <h2>Wrong answers given most</h2>
          {summaries.every((x) => x.wrong.length === 0) && <p className="hint">No wrong answers recorded.</p>}
          {summaries.filter((x) => x.wrong.length > 0).map((x) => (
            <section key={x.id} className="wrong-answers" aria-label={`wrong answers: ${title(x.id)}`}>
              <h3>{title(x.id)}</h3>
              <ul>
                {x.wrong.slice(0, 5).map(([a, n]) => <li key={a}><code>{answerLabel(set[x.id], a)}</code> — {num(n)} time{n > 1 ? 's' : ''}</li>)}
              </ul>
              {set[x.id] && <p className="hint">Model answer: <code>{answerLabel(set[x.id], answerText(set[x.id].expected))}</code></p>}
              {replay(x.id) && <p><a href={replay(x.id)} target="_blank" rel="noreferrer">Replay this exercise’s steps</a></p>}
            </section>
          ))}
        </>
      )}
    </>
  );
}
