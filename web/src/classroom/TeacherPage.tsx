// /teacher: a class's exported progress files in one picture. Drop or paste the students' CSV or
// JSON exports, of one lesson or several; each file is checked and graded again from its seed,
// and the page shows one row per student (ClassReport). Everything stays in this browser:
// nothing is uploaded. Also where a teacher reads how to give a class its questions and key.
import { memo, useId, useMemo, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { buildClass, parseExport, type Parsed } from './classView';
import { setCache } from './regrade';
import { lessonsWithExercises } from '../exercises/exercises';
import { lessons } from '../lessons';
import { num, plural } from '../util/format';
import { WasmWidget } from '../wasm/WasmWidget';
import { ClassReport } from './ClassReport';
import { useServerMode } from '../site/serverMode';

/** The paste box keeps what is typed to itself: a keystroke redraws this box, not a class of thousands. */
const PasteBox = memo(function PasteBox({ onAdd }: { onAdd: (text: string) => void }) {
  const id = useId();
  const [paste, setPaste] = useState('');
  return (
    <details className="paste no-print">
      <summary>Or paste one export</summary>
      <label htmlFor={`${id}-paste`}>The contents of one CSV or JSON export</label>
      <textarea id={`${id}-paste`} rows={6} value={paste} onChange={(e) => setPaste(e.target.value)} />
      <div className="button-row">
        <button type="button" onClick={() => { onAdd(paste); setPaste(''); }} disabled={!paste.trim()}>Add</button>
      </div>
    </details>
  );
});

function TeacherHelp() {
  const server = useServerMode();
  const example = lessons.find((l) => lessonsWithExercises().includes(l.slug));
  return (
    <details className="teacher-help no-print">
      <summary>Giving a class its questions, and the answer key</summary>
      <ul>
        <li>
          Every lesson’s exercises are generated from a <em>seed</em>. Send the class a lesson link with one, such as{' '}
          {example ? <code>/lessons/{example.slug}?seed=class7</code> : <code>?seed=class7</code>}: everyone who opens it gets the same questions.
        </li>
        <li>
          The answer key for that set: add <code>&amp;teacher=1</code> to the link ({example && <Link to={`/lessons/${example.slug}?seed=class7&teacher=1`}>example</Link>}).
          Keep it to yourself, but know that on a static site anyone who guesses the parameter can open it: the questions
          are made in the student’s browser, so their answers are too. For a test, use the class server.
        </li>
        <li>
          Open questions and concept checks stay in each student’s browser. A student hands in an open answer as the text
          file its “Download my answer” button saves (through your course’s assignment upload, say); grade it with the rubric
          beside the question, and the model answers in the lesson’s instructor notes. The before-and-after concept check counts
          for no score and is in no export: only a class on the class server shows its answers, and what the class learned.
        </li>
        <li>
          The class server (<code>npm run class</code>, see docs/class-server.md in the lab’s repository) hands out the questions, grades each answer as it is
          checked, and never sends the seed or the key to a student’s browser; its teacher page shows the class live.{' '}
          {server.mode === 'server' ? <Link to="/class">Create a class on this server</Link> : 'This site is served without it.'}
        </li>
      </ul>
    </details>
  );
}

const READ_BATCH = 250;

export function TeacherPage() {
  const id = useId();
  const [files, setFiles] = useState<Parsed[]>([]);
  const [dragging, setDragging] = useState(false);

  const [reading, setReading] = useState<{ done: number; of: number } | null>(null);
  // A class's files are read a few hundred at a time, the page drawn between batches, so
  // dropping 10,000 of them shows progress instead of freezing the tab.
  const add = async (list: FileList | null) => {
    if (!list) return;
    const all = [...list];
    const read: Parsed[] = [];
    for (let i = 0; i < all.length; i += READ_BATCH) {
      read.push(...await Promise.all(all.slice(i, i + READ_BATCH).map(async (f) => parseExport(f.name, await f.text(), f.lastModified))));
      if (all.length > READ_BATCH) {
        setReading({ done: read.length, of: all.length });
        await new Promise((r) => setTimeout(r));
      }
    }
    setReading(null);
    setFiles((fs) => [...fs, ...read]);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void add(e.dataTransfer.files);
  };
  const addPaste = useMemo(() => (text: string) => setFiles((fs) => [...fs, parseExport(`pasted ${fs.length + 1}`, text, Date.now())]), []);

  return (
    <article className="lesson teacher">
      <h1>Class view</h1>
      <p className="no-print">
        Ask each student to export their progress (the <strong>Export CSV</strong> or <strong>Export JSON</strong> button
        under a lesson’s exercises), then drop the files here, for one lesson or several. Every answer in them is graded
        again from the file’s seed by the real structures, so an edited file is caught. JSON exports carry every answer,
        so the wrong answers below are complete; a CSV has only each exercise’s last answer. The files are read by this
        page and go nowhere else.
      </p>
      <TeacherHelp />
      <div className={`drop-zone no-print${dragging ? ' dragging' : ''}`} onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)} onDrop={drop}>
        <p>Drop progress files here, or</p>
        <label className="inline" htmlFor={`${id}-files`}>choose files </label>
        <input id={`${id}-files`} type="file" multiple accept=".csv,.json,text/csv,application/json" onChange={(e) => { void add(e.target.files); e.target.value = ''; }} />
      </div>
      <PasteBox onAdd={addPaste} />
      {reading && <p className="hint no-print" role="status">Reading the files: {num(reading.done)} of {num(reading.of)} …</p>}
      {files.length > 0 && (
        <div className="button-row no-print">
          <span className="hint">{plural(files.length, 'file')} read.</span>
          <button type="button" onClick={() => setFiles([])}>Clear</button>
        </div>
      )}
      {files.length > 0 && <WasmWidget name="The class results"><ClassResults files={files} /></WasmWidget>}
    </article>
  );
}

/** The class, from the files read so far; drawn again only when the files change. */
const ClassResults = memo(function ClassResults({ files }: { files: Parsed[] }) {
  const sets = useMemo(() => setCache(), []);
  const cls = useMemo(() => buildClass(files, sets, lessons.map((l) => l.slug)), [files, sets]);
  if (!cls) return null;
  const instance = (lesson: string, seed: string, ex: string) => sets(lesson, seed)?.find((i) => i.id === ex);
  const name = cls.lessons.length === 1 ? `class-${cls.lessons[0].lesson}-${cls.lessons[0].seeds[0]}` : 'class';
  return <ClassReport cls={cls} instance={instance} name={name} />;
});
