// The choices of the Moodle export, shown before the file is made, because Moodle's import has
// three ways to go wrong that a CSV cannot avoid by itself (gradebook.ts MoodleChoice): a blank
// cell clears a grade already there, an ID number it does not know stops the whole import, and a
// row without an ID number is credited to the student above it. The teacher picks what a lesson
// never opened counts as and which column Moodle matches by; the panel says who is left out.
import { useId, useState } from 'react';
import type { ClassView } from './classView';
import { MATCH_NAMES, fileText, moodleCsv, type LessonTitle, type MoodleChoice } from './gradebook';
import { download, fileName } from '../util/download';
import { num, plural } from '../util/format';

export function MoodleExport({ cls, title, name, close }: { cls: ClassView; title: LessonTitle; name: string; close: () => void }) {
  const id = useId();
  const withEmail = cls.students.filter((s) => s.roster?.email).length;
  const withId = cls.students.filter((s) => s.roster?.id).length;
  const [match, setMatch] = useState<MoodleChoice['match']>(withId === 0 && withEmail > 0 ? 'email' : 'id');
  const [unopened, setUnopened] = useState<MoodleChoice['unopened']>('zero');
  const [lesson, setLesson] = useState(cls.lessons[0]?.lesson ?? '');
  const file = moodleCsv(cls, title, { match, unopened, lesson });
  const save = () => download(fileName(`${name}-moodle${unopened === 'omit' ? `-${lesson}` : ''}`, 'csv'), fileText('moodle', file.csv), 'text/csv');

  return (
    <section className="notice no-print" role="dialog" aria-label="export for Moodle">
      <h3>Export for Moodle</h3>
      <fieldset>
        <legend>Moodle matches each row by</legend>
        <label className="inline"><input type="radio" name={`${id}-match`} checked={match === 'id'} onChange={() => setMatch('id')} /> ID number ({num(withId)} of {num(cls.students.length)} students have one)</label>
        <label className="inline"><input type="radio" name={`${id}-match`} checked={match === 'email'} onChange={() => setMatch('email')} /> email address ({num(withEmail)} have one)</label>
      </fieldset>
      <fieldset>
        <legend>A lesson a student never opened</legend>
        <label className="inline"><input type="radio" name={`${id}-unopened`} checked={unopened === 'zero'} onChange={() => setUnopened('zero')} /> counts 0: the file sets their grade to 0</label>
        <label className="inline"><input type="radio" name={`${id}-unopened`} checked={unopened === 'omit'} onChange={() => setUnopened('omit')} /> is left out: Moodle keeps whatever grade it has (one lesson per file)</label>
        {unopened === 'omit' && cls.lessons.length > 1 && (
          <>
            <label htmlFor={`${id}-lesson`}>The lesson in this file</label>
            <select id={`${id}-lesson`} value={lesson} onChange={(e) => setLesson(e.target.value)}>
              {cls.lessons.map((l) => <option key={l.lesson} value={l.lesson}>{title(l.lesson)}</option>)}
            </select>
          </>
        )}
      </fieldset>
      <p>
        Moodle reads a blank grade as “no grade” and clears a grade already there, so this file has no blank grade:
        {unopened === 'zero' ? ' a lesson a student never opened is 0.' : ' a student who never opened the lesson is not in it, and keeps the grade Moodle has.'}
        {' '}Moodle stops the whole import, importing nothing, at the first {MATCH_NAMES[match]} it does not know: every student in
        the file must be in the Moodle course. A row without one would be credited to the student on the row above it,
        so students without one are left out. In Moodle, map <strong>{MATCH_NAMES[match]}</strong> to the user’s{' '}
        {match === 'id' ? 'ID number' : 'email address'}.
      </p>
      <p role="status">
        {plural(file.rows, 'student')} in the file{file.left.length > 0 && `; ${plural(file.left.length, 'student')} left out`}.
      </p>
      {file.left.length > 0 && (
        <details>
          <summary>Who is left out, and why</summary>
          <ul>{file.left.slice(0, 200).map((l, k) => <li key={k}><bdi>{l.name || 'no name'}</bdi>: {l.why}</li>)}</ul>
          {file.left.length > 200 && <p className="hint">And {num(file.left.length - 200)} more.</p>}
        </details>
      )}
      {file.rows === 0 && (
        <p className="hint">
          Moodle could match nobody here. Students get ID numbers from a roster (on a class server: add one, and merge
          each name row into its roster row); the lab’s own gradebook has every student, to fill in by hand.
        </p>
      )}
      <div className="button-row">
        <button type="button" onClick={save} disabled={file.rows === 0}>Download for Moodle (CSV)</button>
        <button type="button" onClick={close}>Close</button>
      </div>
    </section>
  );
}
