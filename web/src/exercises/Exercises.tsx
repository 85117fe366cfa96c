// The classroom exercises: generated from `?seed=` by the lesson's real structures, graded in the
// browser, a hint after a first wrong answer and the model answer only after a second (or when
// asked), a replay link, progress and unchecked work kept locally, progress exportable;
// `?teacher=1` shows the key. The lesson supplies every noun: nothing here names a structure.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { WHOLE_NUMBER, cellLabel, generate, grade, showAnswer, type Instance } from './exercises';
import {
  WRONG_BEFORE_SHOWN, loadDrafts, loadProgress, progressJson, record, saveDrafts, saveProgress, standing, summaryCsv, type Drafts, type Progress,
} from './progress';
import { Prose } from './Prose';
import { familyLink } from '../embed/link';
import { familyModule } from '../registry/family';
import { num } from '../site/format';
import { download, fileName } from '../site/download';
import { readItem, siteStorage, storageState, writeItem, type StorageState } from '../site/storage';

const SEED_KEY = 'hotpath-seed';

/** The seed in the URL, else this browser's own (made once, so a reload keeps the same set). */
function useSeed(): string {
  const [params] = useSearchParams();
  const fromUrl = params.get('seed');
  return useMemo(() => {
    if (fromUrl) return fromUrl;
    let own = readItem(SEED_KEY);
    if (!own) {
      own = Math.random().toString(36).slice(2, 8);
      writeItem(SEED_KEY, own); // without storage: a fresh set per visit
    }
    return own;
  }, [fromUrl]);
}

const ordinal = (n: number) => `${num(n)}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

/**
 * Where a clicked sequence leaves the model trace, in words, by what the cells hold. Before the
 * answer may be shown it says only where; after, also what the real run did there.
 */
export function divergence(inst: Pick<Instance, 'cells'>, at: number, answer: readonly number[], model: readonly number[], open: boolean): string {
  const cell = (i: number) => cellLabel(inst, i);
  const matched = (n: number) => (n === 1 ? 'Your first click matches' : `Your first ${num(n)} clicks match`);
  if (at >= model.length) return `${matched(model.length)} the real run, which ends there: you clicked ${num(answer.length - model.length)} more.`;
  if (at >= answer.length) {
    return `${answer.length === 1 ? 'Your click matches' : `Your ${num(answer.length)} clicks match`} the real run so far, but it goes on${open ? ` to ${cell(model[at])}` : ''}.`;
  }
  if (at === 0) return `Your 1st click, ${cell(answer[0])}, is not where the real run starts${open ? `: it starts at ${cell(model[0])}` : ''}.`;
  return open ? `Your ${ordinal(at + 1)} click was ${cell(answer[at])}; at that point the real run went to ${cell(model[at])}.`
    : `${matched(at)} the real run; your ${ordinal(at + 1)}, ${cell(answer[at])}, does not.`;
}

export function Exercises({ lesson }: { lesson: string }) {
  const seed = useSeed();
  const [params] = useSearchParams();
  const teacher = params.get('teacher') === '1';
  const generated = useMemo(() => generate(lesson, seed), [lesson, seed]);
  if (!generated) {
    return <p className="widget widget-error" role="alert">The lesson “{lesson}” has no exercises (lessons/{lesson}/exercises.ts).</p>;
  }
  return <ExerciseSet key={`${lesson}\n${seed}`} lesson={lesson} seed={seed} set={generated} teacher={teacher} />;
}

type Log = (e: Parameters<typeof record>[1]) => void;

/** How often a save that found storage full is tried again. */
const RETRY_MS = 3000;

function ExerciseSet({ lesson, seed, set, teacher }: { lesson: string; seed: string; set: Instance[]; teacher: boolean }) {
  // Reading works even when storage is full; only saving may fail, and then it is said and retried.
  const storage = useMemo(() => siteStorage(), []);
  const [progress, setProgress] = useState<Progress>(() => loadProgress(storage, lesson, seed));
  const [drafts, setDrafts] = useState<Drafts>(() => loadDrafts(storage, lesson, seed));
  const [saved, setSaved] = useState<StorageState>(() => storageState());
  // Answers given since the last save that went through.
  const [behind, setBehind] = useState(false);
  const unsaved = useRef(false);
  const latest = useRef({ progress, drafts });
  const save = useCallback(() => {
    const a = saveProgress(storage, latest.current.progress);
    const b = saveDrafts(storage, lesson, seed, latest.current.drafts);
    const state = a !== 'ok' ? a : b;
    setSaved(state);
    setBehind(state !== 'ok');
  }, [storage, lesson, seed]);
  useEffect(() => {
    latest.current = { progress, drafts };
    if (!unsaved.current) return;
    unsaved.current = false;
    save();
  }, [progress, drafts, save]);
  useEffect(() => {
    if (saved !== 'full' || !behind) return undefined;
    const t = setInterval(save, RETRY_MS);
    return () => clearInterval(t);
  }, [saved, behind, save]);
  const log: Log = (entry) => {
    unsaved.current = true;
    setProgress((p) => record(p, entry));
  };
  const keep = (exercise: string, d: string | number[]) => {
    unsaved.current = true;
    setDrafts((all) => ({ ...all, [exercise]: d }));
  };
  const solved = set.filter((i) => standing(progress, i.id).solved).length;
  const classLink = `${window.location.origin}${window.location.pathname}?seed=${encodeURIComponent(seed)}`;

  return (
    <section className="widget exercises" aria-label="Exercises">
      <h3 className="widget-title">Exercises</h3>
      <p className="hint">
        Question set <strong>{seed}</strong>: everyone who opens <a href={classLink}>this link</a> gets the same questions.
        Each one is generated by running the lab&apos;s real code, the same the players above run, and graded against what it did.
        A wrong answer gets a hint first; the answer is shown after a second wrong answer, or when you press Show answer
        (your export says so). Your answers stay in this browser.
      </p>
      {saved === 'blocked' && (
        <p className="notice" role="note">
          This browser is not letting the site save data, so your answers last only while this page is open.
          Export them before you leave.
        </p>
      )}
      {saved === 'full' && (behind ? (
        <p className="notice" role="alert">
          This browser&apos;s storage for the site is full, so your latest answers are not saved yet: they are kept on
          this page, and saved as soon as there is room (the lab tries again every few seconds). Free some space, or
          export your answers before you leave.
        </p>
      ) : (
        <p className="notice" role="note">
          This browser&apos;s storage for the site is full. What you answered before is here; new answers will be kept
          on this page and saved as soon as there is room.
        </p>
      ))}
      <div className="button-row">
        <label className="inline">Your name (for the export){' '}
          <input value={progress.student} onChange={(e) => {
            unsaved.current = true;
            setProgress({ ...progress, student: e.target.value });
          }} />
        </label>
        <span role="status" className="score">{solved} of {set.length} solved</span>
      </div>
      {teacher && <AnswerKey set={set} seed={seed} />}
      <ol className="exercise-list">
        {set.map((inst) => (
          <li key={inst.id}>
            <ExerciseCard inst={inst} progress={progress} log={log} draft={drafts[inst.id]} keep={(d) => keep(inst.id, d)} />
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" onClick={() => download(fileName(`${lesson}-${seed}`, 'csv'), summaryCsv(progress, set), 'text/csv')}>Export CSV</button>
        <button type="button" onClick={() => download(fileName(`${lesson}-${seed}`, 'json'), progressJson(progress, set), 'application/json')}>Export JSON</button>
      </div>
    </section>
  );
}

function AnswerKey({ set, seed }: { set: Instance[]; seed: string }) {
  return (
    <div className="table-scroll">
      <table className="counters answer-key">
        <caption>Answer key for set {seed} (teacher view)</caption>
        <thead><tr><th scope="col">#</th><th scope="col">exercise</th><th scope="col">answer</th><th scope="col">why</th></tr></thead>
        <tbody>
          {set.map((i, n) => (
            <tr key={i.id}><td>{n + 1}</td><th scope="row">{i.title}</th><td>{showAnswer(i, i.expected)}</td><td><Prose text={i.explanation} /></td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Click order as ordinals ("1st, 4th"): never a bare number that could read as what a cell holds. */
const clickOrder = (clicked: readonly number[], i: number) => clicked.flatMap((c, k) => (c === i ? [ordinal(k + 1)] : [])).join(', ');

function ExerciseCard({ inst, progress, log, draft, keep }: {
  inst: Instance; progress: Progress; log: Log;
  /** Unchecked work kept from before a reload, if any. */
  draft: string | number[] | undefined; keep: (d: string | number[]) => void;
}) {
  const s = standing(progress, inst.id);
  const last = s.lastAnswer;
  const [text, setText] = useState<string>(() => (typeof draft === 'string' ? draft : last === undefined || Array.isArray(last) ? '' : String(last)));
  const [clicked, setClicked] = useState<number[]>(() => (Array.isArray(draft) ? draft : Array.isArray(last) ? last : []));
  const [showHint, setShowHint] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const answered = s.attempts > 0 ? grade(inst, last!) : null;
  // The model answer and the explanation (which names it) appear once it has been solved or shown.
  const open = s.shown || progress.log.some((e) => e.exercise === inst.id && e.action === 'answer' && e.correct);
  const module = familyModule(inst.replay.family);
  const replay = module ? familyLink(module, inst.replay.view, inst.replay.ops, inst.replay.step, inst.replay.settings).href : undefined;
  const numeric = inst.kind !== 'trace' && !inst.choices;
  const cells = inst.kind === 'trace' ? inst.cells : undefined;

  const edit = (t: string) => {
    setText(t);
    keep(t);
  };
  const click = (next: number[]) => {
    setClicked(next);
    keep(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let answer;
    if (inst.kind === 'trace') answer = clicked;
    else if (inst.choices) answer = text;
    else {
      if (!WHOLE_NUMBER.test(text)) {
        setInvalid(true);
        return;
      }
      answer = text.trim(); // kept as typed; graded as an exact integer
    }
    setInvalid(false);
    log({ exercise: inst.id, action: 'answer', answer, correct: grade(inst, answer).correct });
  };

  const wrongs = progress.log.filter((e) => e.exercise === inst.id && e.action === 'answer' && !e.correct).length;
  return (
    <article className={`exercise ${answered ? (answered.correct ? 'right' : 'wrong') : ''}`} aria-labelledby={`${inst.id}-title`}>
      <h4 id={`${inst.id}-title`}>{inst.title} <span className="kind">{inst.kind}</span></h4>
      <p><Prose text={inst.prompt} /></p>
      {inst.code && <pre className="exercise-code" aria-label={inst.code.label}>{inst.code.text}</pre>}
      <form onSubmit={submit}>
        {cells && (
          <div className="trace-answer">
            <div className="trace-cells" role="group" aria-label={cells.groupLabel}>
              {cells.labels.map((label, i) => (
                <button type="button" key={i} className={clicked.includes(i) ? 'picked' : undefined} aria-pressed={clicked.includes(i)}
                  aria-label={`${cells.place ? `${cells.place} ${i}, ` : ''}${cells.noun} ${label}`} onClick={() => click([...clicked, i])}>
                  {cells.place && <span className="cell-index">{i}</span>}{label}
                  {clicked.includes(i) && <span className="order" title="your click order">{clickOrder(clicked, i)}</span>}
                </button>
              ))}
            </div>
            <p className="hint">Your order: {clicked.length ? showAnswer(inst, clicked) : 'click the cells'}{' '}
              <button type="button" onClick={() => click(clicked.slice(0, -1))} disabled={!clicked.length}>Undo</button>{' '}
              <button type="button" onClick={() => click([])} disabled={!clicked.length}>Clear</button>
            </p>
          </div>
        )}
        {inst.choices && (
          <fieldset className="choices">
            <legend className="visually-hidden">Choose one</legend>
            {inst.choices.map((c) => (
              <label key={c} className="inline"><input type="radio" name={inst.id} value={c} checked={text === c} onChange={() => edit(c)} /> {c}</label>
            ))}
          </fieldset>
        )}
        {numeric && (
          <>
            <label className="inline">Your answer{' '}
              <input inputMode="numeric" value={text} size={8}
                onChange={(e) => { edit(e.target.value); setInvalid(false); }}
                aria-invalid={invalid} aria-describedby={invalid ? `${inst.id}-invalid` : undefined} />
            </label>
            {invalid && (
              <p id={`${inst.id}-invalid`} className="input-error" role="alert">
                Enter a whole number using the digits 0–9, like 42 (not “{text.trim()}”).
              </p>
            )}
          </>
        )}
        <div className="button-row">
          <button type="submit" disabled={inst.kind === 'trace' ? !clicked.length : text.trim() === ''}>Check</button>
          <button type="button" onClick={() => {
            setShowHint(true);
            if (!showHint) log({ exercise: inst.id, action: 'hint' });
          }}>Hint</button>
          {!open && <button type="button" onClick={() => log({ exercise: inst.id, action: 'reveal' })}>Show answer</button>}
        </div>
      </form>
      {showHint && <p className="hint exercise-hint">Hint: <Prose text={inst.hint} /></p>}
      {(answered || open) && (
        <div className="feedback" role="status">
          <p>
            {answered && <><strong>{answered.correct ? 'Correct.' : 'Not quite.'}</strong>{' '}</>}
            {answered && !answered.correct && <>You answered {showAnswer(inst, last!)}{open ? '; ' : '. '}</>}
            {open && !answered?.correct && <>{answered ? 'the' : 'The'} answer is {showAnswer(inst, inst.expected)}. </>}
            {answered?.divergesAt !== undefined && Array.isArray(inst.expected) && (
              <>{divergence(inst, answered.divergesAt, last as number[], inst.expected, open)} </>
            )}
            {answered && !answered.correct && !open && !showHint && <>Hint: <Prose text={inst.hint} /> </>}
            {answered && !answered.correct && !open && (
              <>Try again: the answer is shown after {WRONG_BEFORE_SHOWN - wrongs === 1 ? 'one more wrong answer' : `${WRONG_BEFORE_SHOWN - wrongs} more wrong answers`}, or when you press Show answer.</>
            )}
            {open && <Prose text={inst.explanation} />}
            {answered?.correct && s.shown && <> (Solved after the answer was shown.)</>}
          </p>
          <p>
            {replay && (
              <a href={replay} onClick={() => log({ exercise: inst.id, action: 'replay' })} target="_blank" rel="noreferrer">
                Replay these steps in the player
              </a>
            )}{' '}
            · attempts: {s.attempts}{s.hints ? `, hints: ${s.hints}` : ''}{s.asked ? ', answer asked for' : ''}
          </p>
        </div>
      )}
    </article>
  );
}
