// One exercise card: the question, the answer box (a whole number, a choice, or cells clicked in
// order), Check, Hint and Show answer where the policy gives them, and the feedback its card
// state holds. The state comes from the grader (this browser on the static site, the class
// server in a class), so a card never needs the key.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { WHOLE_NUMBER, showAnswer, type Answer } from './exercises';
import { ordinal, wrongsLeft, type CardState, type Policy, type Question } from './card';
import { Prose } from './Prose';
import { points } from './scoring';
import { familyLink } from '../embed/link';
import { familyModule } from '../registry/family';

/** Click order as ordinals ("1st, 4th"): never a bare number that could read as what a cell holds. */
const clickOrder = (clicked: readonly number[], i: number) => clicked.flatMap((c, k) => (c === i ? [ordinal(k + 1)] : [])).join(', ');

/**
 * One question, answered by typing, choosing or clicking cells; what it shows comes from its
 * card state (graded in this browser, or by the class server), so a card never needs the key.
 */
export function ExerciseCard({ q, c, policy, draft, keep, answer, hint, reveal, replayed, busy = false, problem }: {
  q: Question; c: CardState; policy: Policy;
  /** Unchecked work kept from before a reload, if any. */
  draft: string | number[] | undefined; keep: (d: string | number[]) => void;
  answer: (a: Answer) => void;
  /** Absent where hints and the answer are not given (assessment). */
  hint?: () => void; reveal?: () => void; replayed?: () => void;
  /** An answer is on its way to the grader. */
  busy?: boolean;
  /** Why the last check did not arrive (the class server said no, or could not be reached). */
  problem?: string;
}) {
  const last = c.last?.answer;
  const [text, setText] = useState<string>(() => (typeof draft === 'string' ? draft : last === undefined || Array.isArray(last) ? '' : String(last)));
  const [clicked, setClicked] = useState<number[]>(() => (Array.isArray(draft) ? draft : Array.isArray(last) ? last : []));
  const [showHint, setShowHint] = useState(false);
  const [invalid, setInvalid] = useState(false);
  /** Why Check did nothing (no answer chosen yet), said in the feedback's live region. */
  const [notReady, setNotReady] = useState<string | null>(null);
  const answered = c.last;
  const open = c.open;
  // Show answer removes itself: the focus goes to Check (the answer itself is read out from the
  // feedback's live region), not to the page's body.
  const check = useRef<HTMLButtonElement>(null);
  const [revealing, setRevealing] = useState(false);
  useEffect(() => {
    if (revealing && open) {
      check.current?.focus();
      setRevealing(false);
    }
  }, [revealing, open]);
  const module = c.replay && familyModule(c.replay.family);
  const replay = module && c.replay ? familyLink(module, c.replay.view, c.replay.ops, c.replay.step, c.replay.settings).href : undefined;
  const numeric = q.kind !== 'trace' && !q.choices;
  const cells = q.kind === 'trace' ? q.cells : undefined;

  const edit = (t: string) => {
    setText(t);
    keep(t);
  };
  const click = (next: number[]) => {
    setClicked(next);
    keep(next);
  };

  const noAnswer = q.kind === 'trace' ? !clicked.length : text.trim() === '';
  /** Check is never disabled (a disabled button drops the focus, and Tab skips it): it says why it does nothing. */
  const checkBlocked = busy || c.solved || c.attemptsLeft === 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (checkBlocked) return;
    if (noAnswer) {
      setNotReady(q.kind === 'trace' ? 'Choose the cells in order first, then Check.' : q.choices ? 'Choose one answer first, then Check.' : 'Type your answer first, then Check.');
      return;
    }
    setNotReady(null);
    let given;
    if (q.kind === 'trace') given = clicked;
    else if (q.choices) given = text;
    else {
      if (!WHOLE_NUMBER.test(text)) {
        setInvalid(true);
        return;
      }
      given = text.trim(); // kept as typed; graded as an exact integer
    }
    setInvalid(false);
    answer(given);
  };

  /** After a wrong answer the feedback gives the hint itself (the Hint button then adds nothing). */
  const hintInFeedback = !!answered && !answered.correct && !open && q.hint !== undefined;
  const hintVisible = showHint || hintInFeedback;

  return (
    <article className={`exercise ${answered ? (answered.correct ? 'right' : 'wrong') : ''}`} aria-labelledby={`${q.id}-title`}>
      <h4 id={`${q.id}-title`}>{q.title} <span className="kind" aria-hidden="true">{q.kind}</span><span className="visually-hidden">, a {q.kind} question</span></h4>
      <p><Prose text={q.prompt} /></p>
      {q.code && (q.code.row ? (
        // A row of values is read one by one, each with its place, so nobody counts by ear to find the
        // ninth; on the page each value sits under its place's number, so a row that wraps on a
        // phone does not read as a second level of a tree.
        <>
          <div className="exercise-code exercise-row" aria-hidden="true">
            {q.code.row.values.map((v, i) => (
              <span className="row-cell" key={i}><span className="row-index">[{i}]</span><span className="row-value">{v}</span></span>
            ))}
          </div>
          <ol className="visually-hidden" aria-label={q.code.label}>
            {q.code.row.values.map((v, i) => <li key={i}>{q.code!.row!.place} [{i}]: {v}</li>)}
          </ol>
        </>
      ) : <pre className="exercise-code" aria-label={q.code.label}>{q.code.text}</pre>)}
      <form onSubmit={submit}>
        {cells && (
          <div className="trace-answer">
            <div className="trace-cells" role="group" aria-label={cells.groupLabel}>
              {cells.labels.map((label, i) => (
                // The name is the words on the button with the hidden ones between ("<place> 3, <noun> 40, chosen 1st"):
                // what is seen is part of what is heard, so a voice-control user can say it.
                <button type="button" key={i} className={clicked.includes(i) ? 'picked' : undefined} aria-pressed={clicked.includes(i)}
                  onClick={() => (clicked.length < 2 * cells.labels.length ? click([...clicked, i]) : undefined)}>
                  {cells.place && <><span className="visually-hidden">{cells.place} </span><span className="cell-index">{i}</span><span className="visually-hidden">, </span></>}
                  <span className="visually-hidden">{cells.noun} </span>{label}
                  {/* The order is read out from "Your order" below (and the button says it is pressed). */}
                  {clicked.includes(i) && <span className="order" title="your order of choosing" aria-hidden="true">{clickOrder(clicked, i)}</span>}
                </button>
              ))}
            </div>
            <p className="hint"><span role="status">Your order: {clicked.length ? showAnswer(q, clicked) : 'choose the cells in order'}</span>{' '}
              <button type="button" onClick={() => click(clicked.slice(0, -1))} disabled={!clicked.length}>Undo</button>{' '}
              <button type="button" onClick={() => click([])} disabled={!clicked.length}>Clear</button>
            </p>
            {clicked.length >= 2 * cells.labels.length && (
              <p className="input-error" role="alert">That is {2 * cells.labels.length} clicks, twice the cells there are and the most an answer takes: undo or clear to change it.</p>
            )}
          </div>
        )}
        {q.choices && (
          <fieldset className="choices">
            <legend className="visually-hidden">Choose one</legend>
            {q.choices.map((choice) => (
              <label key={choice} className="inline"><input type="radio" name={q.id} value={choice} checked={text === choice} onChange={() => edit(choice)} /> {choice}</label>
            ))}
          </fieldset>
        )}
        {numeric && (
          <>
            <label className="inline">Your answer{' '}
              <input inputMode="numeric" value={text} size={8}
                onChange={(e) => { edit(e.target.value); setInvalid(false); }}
                aria-invalid={invalid} aria-describedby={invalid ? `${q.id}-invalid` : undefined} />
            </label>
            {invalid && (
              <p id={`${q.id}-invalid`} className="input-error" role="alert">
                Enter a whole number using the digits 0–9, like 42 (not “{text.trim()}”).
              </p>
            )}
          </>
        )}
        <div className="button-row">
          {/* Solved is done: a later check would not count, so it does nothing (and keeps the focus). */}
          <button type="submit" ref={check} aria-disabled={checkBlocked || noAnswer}>
            {c.solved ? 'Solved' : c.attemptsLeft === 0 ? 'No attempts left' : 'Check'}
          </button>
          {hint && q.hint !== undefined && (
            <button type="button" aria-disabled={hintVisible} onClick={() => {
              if (hintVisible) return;
              setShowHint(true);
              hint();
            }}>Hint</button>
          )}
          {reveal && !open && <button type="button" onClick={() => { setRevealing(true); reveal(); }}>Show answer</button>}
        </div>
      </form>
      {problem && <p className="input-error" role="alert">{problem}</p>}
      {/* Live regions are there from the start, empty: text that appears in a new one is not read out. */}
      <div className="exercise-hint-region" role="status">
        {/* Only until the first check: after it the feedback gives the hint, and a status that came back would read it again. */}
        {showHint && !answered && !open && q.hint !== undefined && <p className="hint exercise-hint">Hint: <Prose text={q.hint} /></p>}
      </div>
      <div className="feedback" role="status">
        {notReady && !answered && !open && <p>{notReady}</p>}
        {(answered || open) && (<>
          <p>
            {answered && <><strong>{answered.correct ? 'Correct.' : 'Not quite.'}</strong>{' '}</>}
            {answered && !answered.correct && <>You answered {showAnswer(q, answered.answer)}{open ? '; ' : '. '}</>}
            {open && !answered?.correct && <>{answered ? 'the' : 'The'} answer is {showAnswer(q, open.expected)}. </>}
            {answered?.divergence && <>{answered.divergence} </>}
            {hintInFeedback && <>Hint: <Prose text={q.hint!} /> </>}
            {answered && !answered.correct && !open && c.attemptsLeft === 0 && <>No attempts left at this question.</>}
            {answered && !answered.correct && !open && c.attemptsLeft !== 0 && (policy === 'practice'
              ? <>Try again: the answer is shown after {wrongsLeft(c) === 1 ? 'one more wrong answer' : `${wrongsLeft(c)} more wrong answers`}{reveal ? ', or when you press Show answer' : ''}.</>
              : <>Try again.</>)}
            {open && <Prose text={open.explanation} />}
            {answered?.correct && c.shown && <> (Solved after the answer was shown.)</>}
          </p>
          <p>
            {replay && (
              <a href={replay} onClick={replayed} target="_blank" rel="noreferrer">
                Replay these steps in the player<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}{replay && ' · '}
            attempts: {c.attempts}{!c.solved && c.attemptsLeft !== undefined && ` (${c.attemptsLeft} left)`}{c.hints ? `, hints: ${c.hints}` : ''}{c.asked ? ', answer asked for' : ''}
            {c.score !== undefined && `, score: ${points(c.score)}`}
          </p>
        </>)}
      </div>
    </article>
  );
}
