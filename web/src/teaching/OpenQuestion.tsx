// An open design question: no single right number, so no auto-grader. The student writes an
// answer (kept in this browser as they type, and downloaded as a file to hand in); the rubric the
// teacher grades it by is shown with the question, so the student knows what a full answer
// holds. The model answer is in the instructor notes.
import { useId, useState, type ReactNode } from 'react';
import { readItem, writeItem, type StorageState } from '../util/storage';
import { download } from '../util/download';
import { Rubric } from './Guide';

const KEY = (lesson: string, id: string) => `hotpath-open:${lesson}:${id}`;

export function OpenQuestion({ lesson, id, title, rubric, children }: {
  lesson: string; id: string; title: string; rubric: [string, string][]; children: ReactNode;
}) {
  const htmlId = useId();
  const [text, setText] = useState(() => readItem(KEY(lesson, id)) ?? '');
  const [kept, setKept] = useState<StorageState>('ok');
  const edit = (t: string) => {
    setText(t);
    setKept(writeItem(KEY(lesson, id), t || null));
  };
  const words = text.trim() ? text.trim().split(/\s+/).length : 0;
  return (
    <section className="widget open-question" aria-labelledby={`${htmlId}-title`}>
      <h3 className="widget-title" id={`${htmlId}-title`}>{title} <span className="kind">(open question, graded by your teacher with the rubric below)</span></h3>
      <div className="open-prompt">{children}</div>
      <label htmlFor={`${htmlId}-answer`}>Your answer</label>
      <textarea id={`${htmlId}-answer`} rows={8} value={text} onChange={(e) => edit(e.target.value)} aria-describedby={`${htmlId}-kept`} />
      <p className="hint" id={`${htmlId}-kept`}>
        {words} {words === 1 ? 'word' : 'words'}; {kept === 'ok' ? 'kept in this browser as you type' : 'this browser is not keeping it (its storage is blocked or full): download it before you leave'}.
        {' '}The lab sends it nowhere: to hand it in, download it and give your teacher the file.
      </p>
      <div className="button-row">
        <button type="button" aria-disabled={!words} onClick={() => words && download(`${lesson}-${id}.txt`, `${title}\n\n${text.trim()}\n`, 'text/plain')}>
          Download my answer
        </button>
      </div>
      <Rubric rows={rubric} />
    </section>
  );
}
