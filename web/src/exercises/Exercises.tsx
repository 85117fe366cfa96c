// The classroom exercises: generated from `?seed=` by the lesson's real structures, graded in the
// browser, a hint after a first wrong answer and the model answer only after a second (or when
// asked), a replay link, progress and unchecked work kept locally, progress exportable;
// `?teacher=1` shows the key (on a class server only with the class's teacher key, which the
// server checks: ServerAnswerKey). The lesson supplies every noun: nothing here names a structure.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { generate, grade, showAnswer, type Instance } from './exercises';
import { seedProblem } from './rng';
import { excerpt } from '../util/format';
import {
  loadDrafts, loadProgress, progressJson, record, saveDrafts, saveProgress, standing, summaryCsv, type Drafts, type Progress,
} from './progress';
import { cardState } from './card';
import { PRACTICE } from './scoring';
import { ExerciseCard } from './ExerciseCard';
import { Prose } from './Prose';
import { download, fileName } from '../util/download';
import { readItem, siteStorage, storageState, writeItem, type StorageState } from '../util/storage';
import { useServerMode } from '../site/serverMode';

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

export function Exercises({ lesson }: { lesson: string }) {
  const seed = useSeed();
  const [params] = useSearchParams();
  const teacher = params.get('teacher') === '1';
  const problem = seedProblem(seed);
  const generated = useMemo(() => (problem ? undefined : generate(lesson, seed)), [lesson, seed, problem]);
  if (problem) {
    return <p className="widget widget-error" role="alert">This link’s exercises cannot be made: {problem} (“{excerpt(seed)}”). Open the link your teacher gave you, whole, or remove <code>?seed=</code> for a set of your own.</p>;
  }
  if (!generated) {
    return <p className="widget widget-error" role="alert">The lesson “{lesson}” has no exercises (lessons/{lesson}/exercises.ts).</p>;
  }
  return <ExerciseSet key={`${lesson}\n${seed}`} lesson={lesson} seed={seed} set={generated} teacher={teacher} />;
}

type Log = (e: Parameters<typeof record>[1]) => void;

/** An export's file name: the student's name first, so a class's files dropped together stay apart. */
export function exportName(p: Pick<Progress, 'student' | 'lesson' | 'seed'>, extension: string): string {
  return fileName([p.student.trim(), p.lesson, p.seed].filter(Boolean).join('-'), extension);
}

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
  // Answers that live only on this page (storage blocked, or full and not yet saved) are lost
  // with it: the browser asks before leaving. Nothing to lose, nothing asked.
  const atRisk = (saved === 'blocked' && progress.log.length > 0) || (saved === 'full' && behind);
  useEffect(() => {
    if (!atRisk) return undefined;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older engines ask only when this is set
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [atRisk]);
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
        Each one is generated from the seed and graded against an answer the lab computes: most by running its real code, the same the players above run; the reading questions from the figures they quote, which they name (the lab&apos;s committed runs, or figures made up for the question).
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
      {teacher && <TeacherKey set={set} seed={seed} lesson={lesson} />}
      <ol className="exercise-list">
        {set.map((inst) => (
          <li key={inst.id}>
            <ExerciseCard q={inst} c={cardState(progress, inst, PRACTICE)} policy="practice" draft={drafts[inst.id]} keep={(d) => keep(inst.id, d)}
              answer={(answer) => log({ exercise: inst.id, action: 'answer', answer, correct: grade(inst, answer).correct })}
              hint={() => log({ exercise: inst.id, action: 'hint' })} reveal={() => log({ exercise: inst.id, action: 'reveal' })}
              replayed={() => log({ exercise: inst.id, action: 'replay' })} />
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" onClick={() => download(exportName(progress, 'csv'), summaryCsv(progress, set), 'text/csv')}>Export CSV</button>
        <button type="button" onClick={() => download(exportName(progress, 'json'), progressJson(progress, set), 'application/json')}>Export JSON</button>
      </div>
    </section>
  );
}

/**
 * The answer key: on a static site, made here from the seed (anyone who guesses the parameter
 * can open it: the README says so); on a class server, only what the server hands to the
 * class's teacher key for one of the class's seeds.
 */
function TeacherKey({ set, seed, lesson }: { set: Instance[]; seed: string; lesson: string }) {
  const mode = useServerMode();
  const ServerKey = useContext(ServerAnswerKey);
  if (mode.mode === 'checking') return null;
  if (mode.mode === 'static') return <AnswerKey set={set} seed={seed} />;
  return ServerKey ? <ServerKey set={set} seed={seed} lesson={lesson} /> : null;
}

export interface KeyProps {
  set: Instance[];
  seed: string;
  lesson: string;
}

/**
 * On a class server, what opens the answer key: the class pages (classroom/) provide it, so these
 * generic exercises need not know the class server's API.
 */
export const ServerAnswerKey = createContext<ComponentType<KeyProps> | null>(null);

export function AnswerKey({ set, seed }: { set: Instance[]; seed: string }) {
  return (
    <div className="table-scroll">
      <table className="counters answer-key">
        <caption>Answer key for set {seed} (teacher view)</caption>
        <thead><tr><th scope="col">#</th><th scope="col">exercise</th><th scope="col">answer</th><th scope="col">why</th></tr></thead>
        <tbody>
          {set.map((i, n) => (
            <tr key={i.id}><td>{n + 1}</td><th scope="row">{i.title}</th><td>{typeof i.expected === 'number' ? i.expected.toLocaleString('en-US') : showAnswer(i, i.expected)}</td><td><Prose text={i.explanation} /></td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

