// A teacher's class view, computed in the browser from the students' exported progress files
// (CSV gradebooks or JSON logs, as web/src/exercises/progress.ts writes them): each file checked
// and read, the class's lesson and seed agreed, then one row per student, the hardest exercises
// and the wrong answers given most. Nothing here leaves the page.
import { csvTable, parseCsv, unguard } from '../site/csv';
import { showAnswer, type Instance } from './exercises';

export interface ExerciseResult {
  kind: string;
  attempts: number;
  solved: boolean;
  firstTry: boolean;
  hints: number;
  /** The model answer was shown before it was solved (asked for, or after two wrong answers); false in older exports. */
  shown: boolean;
  /** The student asked for it (Show answer). */
  asked: boolean;
  /** Every wrong answer given, in order (a CSV export has only the last answer, if it was wrong). */
  wrong: string[];
}

export interface StudentFile {
  file: string;
  student: string;
  lesson: string;
  seed: string;
  /** Whether the answers came from the full log (JSON) or the last answer only (CSV). */
  source: 'json' | 'csv';
  exercises: Record<string, ExerciseResult>;
}

export type Parsed = { ok: true; value: StudentFile } | { ok: false; file: string; problem: string };

const CSV_HEAD = ['student', 'lesson', 'seed', 'exercise', 'kind', 'attempts', 'solved', 'first_try', 'hints', 'last_answer'];

/** An answer as a file stores it: a sequence of clicked cells as "3 → 1 → 2", anything else as typed. */
export function answerText(a: unknown): string {
  return Array.isArray(a) ? a.join(' → ') : String(a);
}

function wholeNumber(v: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : null;
}

function fromCsv(file: string, text: string): Parsed {
  const fail = (problem: string): Parsed => ({ ok: false, file, problem });
  const parsed = parseCsv(text);
  if (!parsed.ok) return fail(`line ${parsed.line}: ${parsed.message}`);
  const [head, ...rows] = parsed.rows;
  const missing = CSV_HEAD.filter((h) => !head?.includes(h));
  if (missing.length) return fail(`not a Hotpath Lab gradebook: no column ${missing.map((m) => `“${m}”`).join(', ')} in the first line`);
  const col = (name: string) => head.indexOf(name);
  if (rows.length === 0) return fail('the gradebook has a header but no exercises');
  const exercises: Record<string, ExerciseResult> = {};
  let who: { student: string; lesson: string; seed: string } | null = null;
  for (const [i, raw] of rows.entries()) {
    const line = i + 2;
    const r = raw.map(unguard);
    const cell = (name: string) => r[col(name)] ?? '';
    const id = { student: cell('student'), lesson: cell('lesson'), seed: cell('seed') };
    if (who && (id.student !== who.student || id.lesson !== who.lesson || id.seed !== who.seed)) {
      return fail(`line ${line}: another student, lesson or seed (${id.student || 'no name'}, ${id.lesson}, seed ${id.seed}) than line 2; export one student per file`);
    }
    who = id;
    const attempts = wholeNumber(cell('attempts'));
    const hints = wholeNumber(cell('hints'));
    if (attempts === null) return fail(`line ${line}: attempts is “${cell('attempts')}”, not a whole number`);
    if (hints === null) return fail(`line ${line}: hints is “${cell('hints')}”, not a whole number`);
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
    const last = cell('last_answer');
    exercises[cell('exercise')] = { kind: cell('kind'), attempts, solved, firstTry, hints, shown, asked, wrong: !solved && last !== '' ? [last] : [] };
  }
  return { ok: true, value: { file, ...who!, source: 'csv', exercises } };
}

function fromJson(file: string, text: string): Parsed {
  const fail = (problem: string): Parsed => ({ ok: false, file, problem });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return fail(`not valid JSON (${(e as Error).message})`);
  }
  const d = data as Record<string, unknown> | null;
  if (!d || typeof d !== 'object' || Array.isArray(d)) return fail('the JSON is not an object');
  for (const k of ['lesson', 'seed', 'student'] as const) {
    if (typeof d[k] !== 'string') return fail(`no “${k}” (a string) at the top: not a Hotpath Lab progress export`);
  }
  if (!Array.isArray(d.exercises)) return fail('no “exercises” list: not a Hotpath Lab progress export');
  const log = Array.isArray(d.log) ? d.log : [];
  const exercises: Record<string, ExerciseResult> = {};
  for (const [i, e] of (d.exercises as unknown[]).entries()) {
    const x = e as Record<string, unknown>;
    if (!x || typeof x.id !== 'string') return fail(`exercises[${i}] has no id`);
    const num = (k: string) => (typeof x[k] === 'number' && Number.isInteger(x[k]) && (x[k] as number) >= 0 ? (x[k] as number) : null);
    const attempts = num('attempts');
    const hints = num('hints');
    if (attempts === null || hints === null) return fail(`exercises[${i}] (${x.id}): attempts and hints must be whole numbers`);
    if (typeof x.solved !== 'boolean' || typeof x.firstTry !== 'boolean') return fail(`exercises[${i}] (${x.id}): solved and firstTry must be true or false`);
    // Added later: absent in older exports.
    if ((x.shown !== undefined && typeof x.shown !== 'boolean') || (x.asked !== undefined && typeof x.asked !== 'boolean')) {
      return fail(`exercises[${i}] (${x.id}): shown and asked must be true or false`);
    }
    const wrong = log
      .filter((l): l is Record<string, unknown> => !!l && typeof l === 'object')
      .filter((l) => l.exercise === x.id && l.action === 'answer' && l.correct === false && l.answer !== undefined)
      .map((l) => answerText(l.answer));
    exercises[x.id] = { kind: String(x.kind ?? ''), attempts, solved: x.solved, firstTry: x.firstTry, hints, shown: x.shown === true, asked: x.asked === true, wrong };
  }
  return { ok: true, value: { file, student: d.student as string, lesson: d.lesson as string, seed: d.seed as string, source: 'json', exercises } };
}

/** One file as dropped or pasted: JSON if it looks like JSON, else a CSV gradebook. */
export function parseExport(file: string, text: string): Parsed {
  if (text.length > 5_000_000) return { ok: false, file, problem: 'larger than 5 MB: not a progress export' };
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t === '') return { ok: false, file, problem: 'the file is empty' };
  return t.startsWith('{') ? fromJson(file, t) : fromCsv(file, t);
}

export interface ClassView {
  lesson: string;
  seed: string;
  students: StudentFile[];
  /** Files left out, and why (unreadable, or another lesson or seed). */
  rejected: { file: string; problem: string }[];
  /** Exercise ids in the lesson's order. */
  exercises: string[];
}

/**
 * The class: the lesson and seed most files share (ties: the first file's), the files that match,
 * and the rest named with what is different.
 */
export function buildClass(parsed: Parsed[], order: (lesson: string, seed: string) => string[] | undefined = () => undefined): ClassView | null {
  const rejected: ClassView['rejected'] = parsed.filter((p): p is Extract<Parsed, { ok: false }> => !p.ok).map((p) => ({ file: p.file, problem: p.problem }));
  const good = parsed.filter((p): p is Extract<Parsed, { ok: true }> => p.ok).map((p) => p.value);
  if (good.length === 0) return rejected.length ? { lesson: '', seed: '', students: [], rejected, exercises: [] } : null;
  const tally = new Map<string, number>();
  for (const s of good) tally.set(`${s.lesson}\n${s.seed}`, (tally.get(`${s.lesson}\n${s.seed}`) ?? 0) + 1);
  const best = [...tally.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const [lesson, seed] = best.split('\n');
  const students: StudentFile[] = [];
  for (const s of good) {
    if (s.lesson === lesson && s.seed === seed) students.push(s);
    else rejected.push({ file: s.file, problem: `is for lesson “${s.lesson}”, seed “${s.seed}”; the class is “${lesson}”, seed “${seed}”` });
  }
  const seen = [...new Set(students.flatMap((s) => Object.keys(s.exercises)))];
  const known = order(lesson, seed);
  const exercises = known ? [...known, ...seen.filter((id) => !known.includes(id))] : seen;
  return { lesson, seed, students, rejected, exercises };
}

export interface ExerciseSummary {
  id: string;
  solved: number;
  firstTry: number;
  attempted: number;
  hints: number;
  /** Students shown the answer before they solved it. */
  shown: number;
  /** Wrong answers, most given first: [answer, how many times]. */
  wrong: [string, number][];
}

export function summarise(c: ClassView): ExerciseSummary[] {
  return c.exercises.map((id) => {
    const results = c.students.map((s) => s.exercises[id]).filter((r): r is ExerciseResult => !!r);
    const counts = new Map<string, number>();
    for (const r of results) for (const w of r.wrong) counts.set(w, (counts.get(w) ?? 0) + 1);
    return {
      id,
      solved: results.filter((r) => r.solved).length,
      firstTry: results.filter((r) => r.firstTry).length,
      attempted: results.filter((r) => r.attempts > 0).length,
      hints: results.reduce((n, r) => n + r.hints, 0),
      shown: results.filter((r) => r.shown).length,
      wrong: [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    };
  });
}

/**
 * Hardest first, among the exercises someone tried: the smallest share solved, then the smallest
 * share right at the first try, then the most hints. (An exercise nobody tried says nothing.)
 */
export function hardest(summaries: ExerciseSummary[]): ExerciseSummary[] {
  const share = (n: number, of: number) => n / of;
  return summaries.filter((x) => x.attempted > 0).sort((a, b) => share(a.solved, a.attempted) - share(b.solved, b.attempted)
    || share(a.firstTry, a.attempted) - share(b.firstTry, b.attempted) || b.hints - a.hints);
}

/** A stored answer as the exercise shows it: a trace's clicked cells by what they hold ("o2 → o1"). */
export function answerLabel(inst: Pick<Instance, 'cells'> | undefined, answer: string): string {
  if (!inst?.cells || !/^\d+( → \d+)*$/.test(answer)) return answer;
  return showAnswer(inst, answer.split(' → ').map(Number));
}

/** The merged gradebook: one row per student, per exercise solved / first try / attempts / hints. */
export function classCsv(c: ClassView): string {
  const head = ['student', 'file', 'lesson', 'seed', 'solved',
    ...c.exercises.flatMap((id) => [`${id}:solved`, `${id}:first_try`, `${id}:attempts`, `${id}:hints`, `${id}:answer_shown`])];
  return csvTable(head, c.students.map((s) => [
    s.student, s.file, c.lesson, c.seed, c.exercises.filter((id) => s.exercises[id]?.solved).length,
    ...c.exercises.flatMap((id): unknown[] => {
      const r = s.exercises[id];
      return r ? [r.solved, r.firstTry, r.attempts, r.hints, r.shown] : ['', '', '', '', ''];
    }),
  ]));
}

/** The exercises of a lesson and seed, by id (for titles and replay links). */
export function instancesById(set: Instance[] | undefined): Record<string, Instance> {
  return Object.fromEntries((set ?? []).map((i) => [i.id, i]));
}
