// Reading one student's exported progress file (a CSV gradebook or a JSON log, as progress.ts
// writes them) for the class view. Every file is someone else's to edit, so each is checked
// before anything is believed: the format it claims, each field's type and range, and records
// that cannot happen (solved in no attempts, right at the first try but unsolved). A file that
// fails is named with its first problem; nothing in it is counted.
import { parseCsv, unguard } from '../util/csv';
import { validEntry, type LogEntry, type Standing } from '../exercises/progress';
import type { Answer } from '../exercises/exercises';
import { seedProblem } from '../exercises/rng';

/** An exercise's standing as a file states it (`shown` and `asked` are false in older exports). */
export interface ExerciseResult extends Omit<Standing, 'lastAnswer'> {
  kind: string;
  /** Every wrong answer given, in order, as stored (a CSV export has only the last answer, if it was wrong). */
  wrong: string[];
  /** The last answer checked, as stored ("3 → 1" for clicked cells), if any. */
  last?: string;
  /** When it was last answered (JSON exports only). */
  at?: string;
}

export interface StudentFile {
  file: string;
  student: string;
  lesson: string;
  seed: string;
  /** Whether the answers came from the full log (JSON) or the last answer only (CSV). */
  source: 'json' | 'csv';
  /** By exercise id; a record without a prototype, so an id such as "constructor" is only data. */
  exercises: Record<string, ExerciseResult>;
  /** The checked actions of a JSON export, for regrading. */
  log?: LogEntry[];
  /** The newest time the file carries (its last action, else the file's own date), in ms; 0 if none. */
  newest: number;
  /** Why the file's claims differ from what its answers earn, when regraded (empty: they agree). */
  edited: string[];
}

export type Parsed = { ok: true; value: StudentFile } | { ok: false; file: string; problem: string };

const CSV_HEAD = ['student', 'lesson', 'seed', 'exercise', 'kind', 'attempts', 'solved', 'first_try', 'hints', 'last_answer'];

/** More attempts or hints than anyone makes by hand: a number past it is not a record of work. */
export const MAX_COUNT = 10_000;

/** More exercises than any lesson has: a file listing more is refused before each is read. */
export const MAX_EXERCISES = 500;

/** Larger than any export a student's browser writes. */
export const MAX_FILE_BYTES = 5_000_000;

/** An answer as a file stores it: a sequence of clicked cells as "3 → 1 → 2", anything else as typed. */
export function answerText(a: unknown): string {
  return Array.isArray(a) ? a.join(' → ') : String(a);
}

/** At most `n` characters of text from a file, quoted: a message never repeats a whole bad input. */
export function excerpt(text: string, n = 40): string {
  const s = text.replace(/\s+/g, ' ');
  return `“${s.length > n ? `${s.slice(0, n)}…` : s}”`;
}

function count(v: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(v) && Number(v) <= MAX_COUNT ? Number(v) : null;
}

/** The records no student's browser can write. */
function impossible(r: Pick<ExerciseResult, 'attempts' | 'solved' | 'firstTry'>): string | null {
  if (r.solved && r.attempts === 0) return 'solved in 0 attempts';
  if (r.firstTry && !r.solved) return 'right at the first try but not solved';
  if (r.firstTry && r.attempts !== 1) return `right at the first try but ${r.attempts} attempts`;
  return null;
}

function fromCsv(file: string, text: string): Parsed {
  const fail = (problem: string): Parsed => ({ ok: false, file, problem });
  const parsed = parseCsv(text);
  if (!parsed.ok) return fail(`line ${parsed.line}: ${parsed.message}`);
  const [head, ...rows] = parsed.rows;
  const missing = CSV_HEAD.filter((h) => !head?.includes(h));
  // The class view's own gradebooks (the lab's, Moodle's and Canvas's layouts) have a row per
  // student and no answers: there is nothing in them to grade again.
  if (missing.includes('exercise') && head?.some((h) => ['percent solved', 'Email address', 'SIS User ID'].includes(h) || / · \d+\. /.test(h))) {
    return fail('a class gradebook exported from the class view (a row per student, no answers): it cannot be graded again; drop the students’ own progress exports, one per student and lesson');
  }
  if (missing.length) return fail(`not a Hotpath Lab gradebook: no column ${missing.map((m) => `“${m}”`).join(', ')} in the first line`);
  const col = (name: string) => head.indexOf(name);
  if (rows.length === 0) return fail('the gradebook has a header but no exercises');
  if (rows.length > MAX_EXERCISES) return fail(`${rows.length.toLocaleString('en')} rows: no lesson has more than ${MAX_EXERCISES} exercises`);
  const exercises: Record<string, ExerciseResult> = Object.create(null);
  let who: { student: string; lesson: string; seed: string } | null = null;
  for (const [i, raw] of rows.entries()) {
    const line = i + 2;
    const r = raw.map(unguard);
    const cell = (name: string) => r[col(name)] ?? '';
    const id = { student: cell('student'), lesson: cell('lesson'), seed: cell('seed') };
    if (who && (id.student !== who.student || id.lesson !== who.lesson || id.seed !== who.seed)) {
      return fail(`line ${line}: another student, lesson or seed (${excerpt(id.student || 'no name')}, ${excerpt(id.lesson)}, seed ${excerpt(id.seed)}) than line 2; export one student per file`);
    }
    const badSeed = who ? null : seedProblem(id.seed);
    if (badSeed) return fail(`line ${line}: ${badSeed}`);
    who = id;
    const exercise = cell('exercise');
    if (exercise in exercises) return fail(`line ${line}: exercise ${excerpt(exercise)} appears twice`);
    const attempts = count(cell('attempts'));
    const hints = count(cell('hints'));
    if (attempts === null) return fail(`line ${line}: attempts is ${excerpt(cell('attempts'))}, not a whole number from 0 to ${MAX_COUNT.toLocaleString('en')}`);
    if (hints === null) return fail(`line ${line}: hints is ${excerpt(cell('hints'))}, not a whole number from 0 to ${MAX_COUNT.toLocaleString('en')}`);
    const flag = (name: string) => {
      const v = cell(name);
      return v === 'true' ? true : v === 'false' ? false : null;
    };
    const solved = flag('solved');
    const firstTry = flag('first_try');
    if (solved === null || firstTry === null) return fail(`line ${line}: solved and first_try must be true or false`);
    // Columns added later are optional, so older gradebooks still read.
    const later = (name: string) => (col(name) < 0 || cell(name) === '' ? false : flag(name));
    const shown = later('answer_shown');
    const asked = later('answer_asked');
    if (shown === null || asked === null) return fail(`line ${line}: answer_shown and answer_asked must be true or false`);
    const bad = impossible({ attempts, solved, firstTry });
    if (bad) return fail(`line ${line} (${excerpt(exercise)}): ${bad}, which no export records`);
    // The CSV writer joins clicked cells with spaces; the class view shows them as "3 → 1".
    const stored = cell('last_answer');
    const last = /^\d+( \d+)+$/.test(stored) ? stored.split(' ').join(' → ') : stored;
    exercises[exercise] = {
      kind: cell('kind'), attempts, solved, firstTry, hints, shown, asked,
      wrong: !solved && last !== '' ? [last] : [], last: last === '' ? undefined : last,
    };
  }
  return { ok: true, value: { file, ...who!, source: 'csv', exercises, newest: 0, edited: [] } };
}

function fromJson(file: string, text: string, now: number): Parsed {
  const fail = (problem: string): Parsed => ({ ok: false, file, problem });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return fail(`not valid JSON (${(e as Error).message.slice(0, 80)})`);
  }
  if (data === null || typeof data !== 'object') return fail(`the JSON is ${data === null ? 'null' : `a ${typeof data}`}, not a progress export (an object with lesson, seed, student and exercises)`);
  if (Array.isArray(data)) return fail('the JSON is a list, not a progress export (an object with lesson, seed, student and exercises)');
  const d = data as Record<string, unknown>;
  for (const k of ['lesson', 'seed', 'student'] as const) {
    if (typeof d[k] !== 'string') return fail(`no “${k}” (a string) at the top: not a Hotpath Lab progress export`);
  }
  const badSeed = seedProblem(d.seed as string);
  if (badSeed) return fail(badSeed);
  if (!Array.isArray(d.exercises)) return fail('no “exercises” list: not a Hotpath Lab progress export');
  if (d.exercises.length > MAX_EXERCISES) return fail(`lists ${d.exercises.length.toLocaleString('en')} exercises: no lesson has more than ${MAX_EXERCISES}`);
  if (d.log !== undefined && !Array.isArray(d.log)) return fail('“log” is not a list');
  const rawLog = (d.log ?? []) as unknown[];
  const badEntry = rawLog.findIndex((e) => !validEntry(e));
  if (badEntry >= 0) return fail(`log[${badEntry}] is not an action the lab records`);
  const log = rawLog as LogEntry[];
  const exercises: Record<string, ExerciseResult> = Object.create(null);
  for (const [i, e] of (d.exercises as unknown[]).entries()) {
    const x = e as Record<string, unknown>;
    if (!x || typeof x !== 'object' || typeof x.id !== 'string') return fail(`exercises[${i}] has no id`);
    const name = `exercises[${i}] (${excerpt(x.id)})`;
    if (x.id in exercises) return fail(`${name} appears twice`);
    const num = (k: string) => (typeof x[k] === 'number' && Number.isInteger(x[k]) && (x[k] as number) >= 0 && (x[k] as number) <= MAX_COUNT ? (x[k] as number) : null);
    const attempts = num('attempts');
    const hints = num('hints');
    if (attempts === null || hints === null) return fail(`${name}: attempts and hints must be whole numbers from 0 to ${MAX_COUNT.toLocaleString('en')}`);
    if (typeof x.solved !== 'boolean' || typeof x.firstTry !== 'boolean') return fail(`${name}: solved and firstTry must be true or false`);
    // Added later: absent in older exports.
    if ((x.shown !== undefined && typeof x.shown !== 'boolean') || (x.asked !== undefined && typeof x.asked !== 'boolean')) {
      return fail(`${name}: shown and asked must be true or false`);
    }
    const bad = impossible({ attempts, solved: x.solved, firstTry: x.firstTry });
    if (bad) return fail(`${name}: ${bad}, which no export records`);
    const answers = log.filter((l) => l.exercise === x.id && l.action === 'answer' && l.answer !== undefined);
    const last = answers.at(-1);
    exercises[x.id] = {
      kind: String(x.kind ?? ''), attempts, solved: x.solved, firstTry: x.firstTry, hints, shown: x.shown === true, asked: x.asked === true,
      wrong: answers.filter((l) => l.correct === false).map((l) => answerText(l.answer)),
      last: last ? answerText(last.answer as Answer) : x.lastAnswer !== undefined ? answerText(x.lastAnswer) : undefined,
      at: last?.at,
    };
  }
  const times = log.map((l) => Date.parse(l.at)).filter((t) => Number.isFinite(t));
  // A copy with edited dates must not pass for the newer file: no browser logs the future.
  const future = log.find((l) => Date.parse(l.at) > now + 86_400_000);
  if (future) return fail(`its log has an answer dated ${excerpt(future.at, 30)}, in the future: not a file a browser wrote`);
  return {
    ok: true,
    value: { file, student: d.student as string, lesson: d.lesson as string, seed: d.seed as string, source: 'json', exercises, log, newest: times.length ? Math.max(...times) : 0, edited: [] },
  };
}

/** Bytes no text file holds: NUL, and the C0 controls besides tab, newline and carriage return. */
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

/**
 * One file as dropped or pasted. The name's extension says which format it claims (a pasted
 * text, or a file named otherwise, is read as JSON if it looks like JSON, else as CSV); a file
 * that is neither is named as what it is. `modified` is the file's own date, for telling which
 * of two copies is newer when the file has no times in it (a CSV).
 */
export function parseExport(file: string, text: string, modified = 0, now = Date.now()): Parsed {
  const fail = (problem: string): Parsed => ({ ok: false, file, problem });
  if (text.length > MAX_FILE_BYTES) return fail('larger than 5 MB: not a progress export');
  if (BINARY.test(text.slice(0, 4096)) || text.slice(0, 4096).includes('\uFFFD')) return fail('a binary file, not text: exports are CSV or JSON text');
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(file)?.[1].toLowerCase();
  if (ext && ext !== 'csv' && ext !== 'json' && ext !== 'txt') return fail(`a .${ext} file: the class view reads the .csv and .json files the lessons export`);
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t === '') return fail('the file is empty');
  const json = ext === 'json' || (ext !== 'csv' && /^[{[]|^(null|true|false|-?\d+(\.\d+)?|")$/.test(t));
  const parsed = json ? fromJson(file, t, now) : fromCsv(file, t);
  if (parsed.ok && !parsed.value.newest) parsed.value.newest = modified;
  return parsed;
}
