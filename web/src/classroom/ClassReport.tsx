// A class in one picture, shared by /teacher (files dropped by the teacher) and the class
// server's teacher page (answers as they arrive): one row per student across the lessons, with
// the name column held in view, found by a search, a filter and a sort; each student's own view
// (every question: tries, answers, score); per-question statistics; the hardest questions; the
// wrong answers given most with the model answer and a replay link; the gradebook in three CSV
// layouts; and a print layout for A4 landscape (the grid in short verdicts, the statistics on a
// page of their own; no answers on paper). Names are only ever text.
import { useState, type ReactNode } from 'react';
import { answerLabel, hardest, scoreOf, scored, solvedCount, summarise, type ClassStudent, type ClassView } from './classView';
import { canvasCsv, fileText, labCsv, type Layout } from './gradebook';
import { MoodleExport } from './MoodleExport';
import { FILTERS, SORTS, visibleRows, type RowFilter, type RowSort } from './classRows';
import type { Instance } from '../exercises/exercises';
import { points, rulesText } from '../exercises/scoring';
import { familyLink } from '../embed/link';
import { familyModule } from '../registry/family';
import { findLesson } from '../lessons';
import { download, fileName } from '../util/download';
import { num, plural } from '../util/format';
import { StudentDetail } from './StudentDetail';
import { cellText, shortText } from './classCells';

/** Rows drawn at first: a class of thousands draws its first rows at once, the rest on request. */
const FIRST_ROWS = 200;

const lessonTitle = (slug: string) => findLesson(slug)?.title ?? slug;
const percent = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)} %` : '—');

/** The replay link of a question under a seed: its steps in the family's player. */
function replayHref(inst: Instance | undefined): string | undefined {
  const module = inst?.replay && familyModule(inst.replay.family);
  return module && inst?.replay ? familyLink(module, inst.replay.view, inst.replay.ops, inst.replay.step, inst.replay.settings).href : undefined;
}

const rowKey = (s: ClassStudent, k: number) => s.id ?? `${s.name}\n${k}`;

export function ClassReport({ cls, instance, name, activity, studentTools }: {
  cls: ClassView;
  /** A question of a lesson under a seed (titles, model answers and replays come from the real structures). */
  instance: (lesson: string, seed: string, id: string) => Instance | undefined;
  /** For export file names: the class's name. */
  name: string;
  /** What each student is doing now, by row (the class server's live view). */
  activity?: (s: ClassStudent) => ReactNode;
  /** What the teacher may do to a student (the class server's: a due date, a code, remove, merge). */
  studentTools?: (s: ClassStudent) => ReactNode;
}) {
  const [all, setAll] = useState(false);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<RowFilter>('all');
  const [sort, setSort] = useState<RowSort>('class');
  const [chosen, setChosen] = useState<string | null>(null);
  const summaries = summarise(cls);
  const shown = visibleRows(cls, { query, filter, sort });
  const rows = all ? shown : shown.slice(0, FIRST_ROWS);
  const withScore = scored(cls);
  const edited = cls.students.flatMap((s) => Object.values(s.lessons).filter((f) => f.edited.length > 0));
  const selected = chosen === null ? undefined : cls.students.find((s, k) => rowKey(s, k) === chosen);
  const [moodle, setMoodle] = useState(false);
  const exportAs = (layout: Exclude<Layout, 'moodle'>) => {
    const text = layout === 'canvas' ? canvasCsv(cls, lessonTitle) : labCsv(cls, lessonTitle, instance);
    download(fileName(`${name}-${layout === 'lab' ? 'gradebook' : layout}`, 'csv'), fileText(layout, text), 'text/csv');
  };
  const seeds = cls.lessons.flatMap((l) => l.seeds);

  return (
    <>
      {cls.rejected.length > 0 && (
        <section aria-label="files left out" className="notice">
          <h2>Left out</h2>
          <ul>
            {cls.rejected.map((r, i) => <li key={`${r.file}-${i}`}><strong>{r.file}</strong>: {r.problem}.</li>)}
          </ul>
        </section>
      )}
      {cls.replaced.length > 0 && (
        <section aria-label="files merged" className="notice">
          <h2>One row per student</h2>
          <ul>
            {cls.replaced.map((r, i) => (
              <li key={`${r.file}-${i}`}>
                <strong>{r.student || 'no name'}</strong>, {lessonTitle(r.lesson)}: counted <strong>{r.by}</strong>, the newer file; left out <strong>{r.file}</strong>.
              </li>
            ))}
          </ul>
        </section>
      )}
      {cls.students.length > 0 && (
        <>
          <h2>{plural(cls.students.length, 'student')}; {cls.lessons.map((l) => lessonTitle(l.lesson)).join('; ')}</h2>
          <details className="no-print question-sets">
            <summary>Question sets ({plural(new Set(seeds).size, 'seed')}: keep them from students, a seed opens its answers)</summary>
            <p>{cls.lessons.map((l) => `${lessonTitle(l.lesson)}: ${l.seeds.slice(0, 20).join(', ')}${l.seeds.length > 20 ? ` and ${num(l.seeds.length - 20)} more` : ''}`).join('; ')}</p>
          </details>
          {edited.length > 0 && (
            <section aria-label="edited files" className="notice">
              <p>
                Graded again from each file’s seed with the real structures: {plural(edited.length, 'file claims', 'files claim')} what
                {edited.length === 1 ? ' its' : ' their'} answers do not earn. The table shows what the answers earn.
              </p>
              <ul>
                {edited.slice(0, 20).map((f) => <li key={f.file}><strong>{f.file}</strong> ({f.student || 'no name'}), edited? {f.edited.join('; ')}.</li>)}
              </ul>
              {edited.length > 20 && <p>And {num(edited.length - 20)} more.</p>}
            </section>
          )}
          <div className="class-tools no-print" role="search" aria-label="find students">
            <label className="inline">Search <input type="search" value={query} placeholder="name, ID, email or section" onChange={(e) => setQuery(e.target.value)} /></label>
            <label className="inline">Show <select value={filter} onChange={(e) => setFilter(e.target.value as RowFilter)}>
              {Object.entries(FILTERS).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
            </select></label>
            <label className="inline">Sort by <select value={sort} onChange={(e) => setSort(e.target.value as RowSort)}>
              {Object.entries(SORTS).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
            </select></label>
            <span className="hint" role="status">{shown.length === cls.students.length ? `All ${num(shown.length)}` : `${num(shown.length)} of ${num(cls.students.length)}`} shown</span>
          </div>
          {selected && (
            <StudentDetail cls={cls} student={selected} instance={instance} close={() => setChosen(null)} tools={studentTools?.(selected)} />
          )}
          <p className="print-legend">
            ✓ right at the first try · ✓3 solved at the 3rd try · ✗2 two wrong tries, unsolved · h hints · s answer shown before solving{withScore && cls.rules && ` · score: ${rulesText(cls.rules)}`}
          </p>
          <div className="table-scroll class-scroll">
            <table className="counters class-table" aria-label="class results">
              <thead>
                <tr>
                  <th scope="col" rowSpan={2} className="name-col">student</th>
                  <th scope="col" rowSpan={2} className="total-col">solved</th>
                  {withScore && <th scope="col" rowSpan={2} className="total-col">score</th>}
                  {activity && <th scope="col" rowSpan={2} className="now-col">now</th>}
                  {cls.lessons.map((l) => <th scope="colgroup" colSpan={l.exercises.length} key={l.lesson}>{lessonTitle(l.lesson)}</th>)}
                </tr>
                <tr>
                  {cls.lessons.flatMap((l) => l.exercises.map((ex, i) => (
                    <th scope="col" key={`${l.lesson}/${ex}`} title={l.titles[ex]}>{i + 1}.<span className="q-title"> {l.titles[ex]}</span></th>
                  )))}
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => {
                  const k = cls.students.indexOf(s);
                  const t = solvedCount(cls, s);
                  const files = Object.values(s.lessons);
                  return (
                    <tr key={rowKey(s, k)} className={s.joined === false ? 'not-joined' : undefined}>
                      <th scope="row" className="name-col">
                        <button type="button" className="link-button" aria-expanded={chosen === rowKey(s, k)} onClick={() => setChosen(chosen === rowKey(s, k) ? null : rowKey(s, k))}>
                          {s.name || <em>no name ({files[0]?.file})</em>}
                        </button>
                        {files.some((f) => f.edited.length > 0) && <> <span className="edited-flag" title={files.flatMap((f) => f.edited).join('; ')}>edited?</span></>}
                      </th>
                      <td className="total-col">{s.joined === false ? 'not joined' : `${t.solved} of ${t.of}`}</td>
                      {withScore && <td className="total-col">{points(scoreOf(cls, s).score)}</td>}
                      {activity && <td className="now-col">{activity(s)}</td>}
                      {cls.lessons.flatMap((l) => l.exercises.map((ex) => {
                        const r = s.lessons[l.lesson]?.exercises[ex];
                        return (
                          <td key={`${l.lesson}/${ex}`} className={r?.solved ? 'solved' : r?.attempts ? 'unsolved' : ''}>
                            <span className="long">{cellText(r)}</span><span className="short" aria-hidden="true">{shortText(r)}</span>
                          </td>
                        );
                      }))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {rows.length < shown.length && (
            <div className="button-row">
              <span className="hint">Showing the first {num(rows.length)} of {num(shown.length)} students.</span>
              <button type="button" onClick={() => setAll(true)}>Show all {num(shown.length)}</button>
            </div>
          )}
          <div className="button-row no-print">
            <button type="button" onClick={() => exportAs('lab')}>Export the gradebook (CSV)</button>
            <button type="button" onClick={() => setMoodle(true)} aria-expanded={moodle}>For Moodle (CSV)</button>
            <button type="button" onClick={() => exportAs('canvas')}>For Canvas (CSV)</button>
            <button type="button" onClick={() => window.print()}>Print</button>
          </div>
          {moodle && <MoodleExport cls={cls} title={lessonTitle} name={name} close={() => setMoodle(false)} />}

          <h2 className="print-page">Questions</h2>
          <div className="table-scroll">
            <table className="counters question-stats" aria-label="question statistics">
              <thead>
                <tr>
                  <th scope="col">question</th><th scope="col">tried</th><th scope="col">solved</th>
                  <th scope="col">right first try</th><th scope="col">mean attempts</th><th scope="col">hints used</th><th scope="col">answer shown</th>
                  {withScore && <th scope="col">mean score</th>}
                </tr>
              </thead>
              <tbody>
                {summaries.map((x) => (
                  <tr key={`${x.lesson}/${x.id}`}>
                    <th scope="row">{cls.lessons.length > 1 ? `${lessonTitle(x.lesson)}: ` : ''}{x.title}</th>
                    <td>{x.attempted} of {x.students}</td>
                    <td>{percent(x.solved, x.attempted)}</td>
                    <td>{percent(x.firstTry, x.attempted)}</td>
                    <td>{x.attempted ? (x.attempts / x.attempted).toFixed(1) : '—'}</td>
                    <td>{num(x.hints)}</td>
                    <td>{num(x.shown)}</td>
                    {withScore && <td>{x.attempted ? (x.score / x.attempted).toFixed(2) : '—'}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <section className="no-print" aria-label="hardest questions">
            <h2>Hardest questions</h2>
            {hardest(summaries).length === 0 && <p className="hint">No question has been tried yet.</p>}
            <ol aria-label="hardest exercises">
              {hardest(summaries).slice(0, 5).map((x) => (
                <li key={`${x.lesson}/${x.id}`}>
                  <strong>{x.title}</strong>: solved by {x.solved} of the {x.attempted} who tried ({x.students} sent this lesson),
                  {' '}{x.firstTry} at the first try{x.hints > 0 && `, ${plural(x.hints, 'hint')} asked`}{x.shown > 0 && `, ${x.shown} shown the answer before solving it`}.
                </li>
              ))}
            </ol>
          </section>

          <section className="no-print" aria-label="wrong answers">
            <h2>Wrong answers given most</h2>
            {summaries.every((x) => x.wrong.length === 0) && <p className="hint">No wrong answers recorded.</p>}
            {summaries.filter((x) => x.wrong.length > 0).map((x) => {
              const seedsOf = [...new Set(x.wrong.slice(0, 5).map((w) => w.seed))];
              const many = cls.lessons.find((l) => l.lesson === x.lesson)!.seeds.length > 1;
              return (
                <section key={`${x.lesson}/${x.id}`} className="wrong-answers" aria-label={`wrong answers: ${x.title}`}>
                  <h3>{x.title}</h3>
                  <ul>
                    {x.wrong.slice(0, 5).map((w) => (
                      <li key={`${w.seed}\n${w.answer}`}>
                        <code>{answerLabel(instance(x.lesson, w.seed, x.id), w.answer)}</code> — {num(w.count)} time{w.count > 1 ? 's' : ''}{many && ` (seed ${w.seed})`}
                      </li>
                    ))}
                  </ul>
                  {seedsOf.map((seed) => {
                    const inst = instance(x.lesson, seed, x.id);
                    const href = replayHref(inst);
                    return inst && (
                      <p className="hint" key={seed}>
                        {many ? `Seed ${seed}: model` : 'Model'} answer <code>{answerLabel(inst, Array.isArray(inst.expected) ? inst.expected.join(' → ') : String(inst.expected))}</code>
                        {href && <> · <a href={href} target="_blank" rel="noreferrer">Replay this exercise’s steps</a></>}
                      </p>
                    );
                  })}
                </section>
              );
            })}
          </section>
        </>
      )}
    </>
  );
}
