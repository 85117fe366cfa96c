// The projector view (`/class?teach=ID&view=projector`): the class's progress for the classroom's
// screen, live. Everything it shows and everything it is sent comes from the server's board
// (board.ts): names and verdicts ("✓", "✓3", "✗2"), counts and scores, never a seed, an answer
// given or a model answer, so a class watching it learns nobody's key. It opens with the
// projector key, which the server lets read the board and nothing else (and the teacher may
// revoke), never with the teacher's; the key leaves the address bar as soon as it is read.
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { findLesson } from '../lessons';
import { rulesText } from '../exercises/scoring';
import { num, plural } from '../util/format';
import type { Board } from './api';
import { projectorKey } from './client';
import { useLive } from './useLive';
import { applyRows } from './liveClass';

const same = (b: Board) => b;

export function Projector({ id: classId }: { id: string }) {
  const { hash } = useLocation();
  const token = useMemo(() => projectorKey(classId, hash), [classId, hash]);
  const { state: board, live, problem } = useLive<Board, Board>(classId, token, { snapshot: `classes/${encodeURIComponent(classId)}/board`, view: 'board', from: same, apply: applyRows });

  if (!token) return <p className="widget widget-error" role="alert">The projector view opens with a projector link, made on the teacher’s page of the class (it carries a key of its own).</p>;
  if (!board) return problem ? <p className="widget widget-error" role="alert">{problem}</p> : <p className="hint" role="status">Fetching the class …</p>;
  // Only students who joined are sent (board.ts); `joined` is kept for older servers' boards.
  const joined = board.rows.filter((r) => r.joined);
  const scored = board.cls.maxAttempts !== null || board.cls.penalty > 0;
  const lessonsShown = [...new Set(board.questions.map((q) => q.lesson))];
  const solvedBy = board.questions.map((_, i) => joined.filter((r) => r.cells[i].startsWith('✓')).length);
  return (
    <section className="projector" aria-label="projector view">
      <h1>{board.cls.name}</h1>
      <p className="hint" role="status" aria-label="live status">
        {live === 'live' ? 'Live' : live === 'reconnecting' ? 'Reconnecting …' : live === 'paused' ? 'Paused (the server is reconnecting to its database)' : 'Connecting …'} · {plural(joined.length, 'student')} joined ·{' '}
        {board.cls.policy} · {rulesText(board.cls)}{board.cls.dueAt && ` · due ${new Date(board.cls.dueAt).toLocaleString()}`}
      </p>
      <div className="table-scroll class-scroll">
        <table className="counters class-table projector-table" aria-label="class progress">
          <thead>
            <tr>
              <th scope="col" rowSpan={2} className="name-col">student</th>
              <th scope="col" rowSpan={2}>solved</th>
              {scored && <th scope="col" rowSpan={2}>score</th>}
              {lessonsShown.map((l) => <th scope="colgroup" key={l} colSpan={board.questions.filter((q) => q.lesson === l).length}>{findLesson(l)?.title ?? l}</th>)}
            </tr>
            <tr>{board.questions.map((q, i) => <th scope="col" key={i} title={q.title}>{board.questions.filter((x, k) => k <= i && x.lesson === q.lesson).length}.</th>)}</tr>
          </thead>
          <tbody>
            {joined.map((r) => (
              <tr key={r.student}>
                <th scope="row" className="name-col">{r.name}</th>
                <td>{r.solved} of {board.questions.length}</td>
                {scored && <td>{r.score}</td>}
                {r.cells.map((c, i) => <td key={i} className={c.startsWith('✓') ? 'solved' : c ? 'unsolved' : ''}>{c}</td>)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">solved by</th><td />{scored && <td />}
              {solvedBy.map((n, i) => <td key={i}>{num(n)}</td>)}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="hint">✓ right at the first try · ✓3 at the 3rd try · ✗2 two wrong tries so far.</p>
    </section>
  );
}
