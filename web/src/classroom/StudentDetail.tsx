// One student's own view, opened from their name in the class grid: who they are (the roster's
// identifiers, their due date), and per question of every lesson: the verdict, the answers they
// gave in order (clicked cells by what they hold), when, and what it scores under the class's
// rules. Whatever the teacher may do to the student (the class server's tools) comes below.
import type { ReactNode } from 'react';
import { answerLabel, scoreOf, scored, type ClassStudent, type ClassView } from './classView';
import type { Instance } from '../exercises/exercises';
import { PRACTICE, points, questionScore } from '../exercises/scoring';
import { findLesson } from '../lessons';
import { cellText } from './classCells';

export function StudentDetail({ cls, student: s, instance, close, tools }: {
  cls: ClassView;
  student: ClassStudent;
  instance: (lesson: string, seed: string, id: string) => Instance | undefined;
  close: () => void;
  tools?: ReactNode;
}) {
  const r = s.roster;
  const ids = [r?.id && `ID ${r.id}`, r?.email, r?.login && `login ${r.login}`, r?.section && `section ${r.section}`].filter(Boolean);
  const total = scoreOf(cls, s);
  return (
    <section className="student-detail no-print" aria-label={`student: ${s.name}`}>
      <h3>{s.name || 'no name'}</h3>
      <p className="hint">
        {ids.length > 0 && <>{ids.join(' · ')}. </>}
        {s.joined === false ? 'On the roster, not joined yet' : 'Joined'}
        {s.codeWaiting && ' (a join code is waiting to be used)'}.
        {s.dueAt && <> Their own due date: {new Date(s.dueAt).toLocaleString()}.</>}
        {scored(cls) && <> Score {points(total.score)} of {total.of}.</>}
      </p>
      {cls.lessons.map((l) => {
        const f = s.lessons[l.lesson];
        return (
          <div className="table-scroll" key={l.lesson}>
            <table className="counters student-table">
              <caption>{findLesson(l.lesson)?.title ?? l.lesson}{f ? '' : ': not opened'}</caption>
              <thead>
                <tr><th scope="col">question</th><th scope="col">result</th><th scope="col">answers given</th><th scope="col">last answered</th><th scope="col">score</th></tr>
              </thead>
              <tbody>
                {l.exercises.map((id, i) => {
                  const x = f?.exercises[id];
                  const inst = f && instance(l.lesson, f.seed, id);
                  const given = x ? [...x.wrong, ...(x.solved && x.last !== undefined ? [x.last] : [])].map((a) => answerLabel(inst, a)) : [];
                  return (
                    <tr key={id}>
                      <th scope="row">{i + 1}. {l.titles[id]}</th>
                      <td>{cellText(x)}</td>
                      <td>{given.length ? given.join('; ') : '—'}</td>
                      <td>{x?.at ? new Date(x.at).toLocaleString() : '—'}</td>
                      <td>{x ? points(questionScore(x, cls.rules ?? PRACTICE)) : '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
      {tools}
      <div className="button-row"><button type="button" onClick={close}>Close</button></div>
    </section>
  );
}
