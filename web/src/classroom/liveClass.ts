// The class as the teacher's live page holds it: the class read once when the page opens, then
// each change the server sends (a few rows: delta), added in place. Every student's lesson is
// graded again in this browser from their seed (regrade.ts), and only the students a change
// touched are graded again, so a class of hundreds follows an answer in a few milliseconds.
import type { Instance } from '../exercises/exercises';
import type { LogEntry } from '../exercises/progress';
import type { ClassLesson, ClassStudent, ClassView, StudentFile } from './classView';
import { regrade } from './regrade';
import type { Board, ClassDetails, Delta, Report, ReportAction, ReportStudent } from './api';

export interface LiveClass {
  cls: ClassDetails;
  /** Students in the class's order (the roster's, then as they joined). */
  students: ReportStudent[];
  /** Each student's actions per lesson, in the order stored. */
  logs: Map<string, Map<string, ReportAction[]>>;
  /** Ids of the actions held, so an action the page read and was also sent counts once. */
  seen: Set<number>;
  /** Bumped per student each time their actions change (what to grade again). */
  versions: Map<string, number>;
}

function add(live: LiveClass, a: ReportAction): boolean {
  if (live.seen.has(a.id)) return false;
  live.seen.add(a.id);
  const byLesson = live.logs.get(a.student) ?? new Map<string, ReportAction[]>();
  live.logs.set(a.student, byLesson);
  const list = byLesson.get(a.lesson) ?? [];
  byLesson.set(a.lesson, list);
  // Answers of several instances may arrive out of order: kept in the order stored.
  let at = list.length;
  while (at > 0 && list[at - 1].id > a.id) at--;
  list.splice(at, 0, a);
  live.versions.set(a.student, (live.versions.get(a.student) ?? 0) + 1);
  return true;
}

export function fromReport(r: Report): LiveClass {
  const live: LiveClass = { cls: r.cls, students: r.students, logs: new Map(), seen: new Set(), versions: new Map() };
  for (const a of r.actions) add(live, a);
  return live;
}

/** The class with a change added (a new object, so a page redraws; the maps are shared). */
export function applyDelta(live: LiveClass, d: Delta): LiveClass {
  let students = live.students;
  if (d.students?.length) {
    const byId = new Map(d.students.map((s) => [s.id, s]));
    students = students.map((s) => byId.get(s.id) ?? s);
    for (const s of d.students) {
      if (!live.students.some((x) => x.id === s.id)) students.push(s);
      live.versions.set(s.id, (live.versions.get(s.id) ?? 0) + 1);
    }
  }
  for (const a of d.actions ?? []) add(live, a);
  return { ...live, students };
}

/** A student's lesson as the class view reads a file: their log, graded again from their seed. */
function studentFile(s: ReportStudent, lesson: string, log: LogEntry[], sets: (lesson: string, seed: string) => Instance[] | undefined, live: LiveClass): StudentFile | null {
  const times = log.map((e) => Date.parse(e.at)).filter(Number.isFinite);
  const f: StudentFile = {
    file: `${s.name}-${lesson}`, student: s.name, lesson, seed: s.seed, source: 'json', exercises: Object.create(null) as StudentFile['exercises'],
    log, newest: times.length ? Math.max(...times) : 0, edited: [],
  };
  const r = regrade(f, sets, live.cls.policy);
  return r.ok ? r.value : null;
}

/** Per student and version, the graded lessons: a change grades again only its students. */
export type GradeCache = Map<string, { version: number; student: ReportStudent; row: ClassStudent }>;

/** The class view (one row per student, every lesson of the class) of the live class. */
export function liveView(live: LiveClass, sets: (lesson: string, seed: string) => Instance[] | undefined, cache: GradeCache): ClassView {
  const lessons: ClassLesson[] = live.cls.lessons.flatMap((lesson) => {
    const set = sets(lesson, live.cls.seed);
    if (!set) return [];
    const seeds = [...new Set(live.students.map((s) => s.seed))];
    return [{ lesson, exercises: set.map((i) => i.id), titles: Object.fromEntries(set.map((i) => [i.id, i.title])), seeds: seeds.length ? seeds : [live.cls.seed] }];
  });
  const students = live.students.map((s): ClassStudent => {
    const version = live.versions.get(s.id) ?? 0;
    const kept = cache.get(s.id);
    if (kept && kept.version === version && kept.student === s) return kept.row;
    const files: Record<string, StudentFile> = Object.create(null);
    for (const [lesson, log] of live.logs.get(s.id) ?? []) {
      const f = studentFile(s, lesson, log, sets, live);
      if (f) files[lesson] = f;
    }
    const row: ClassStudent = { name: s.name, lessons: files, id: s.id, joined: s.joinedAt !== null, dueAt: s.dueAt, roster: s.roster, codeWaiting: s.codeWaiting, seed: s.seed };
    cache.set(s.id, { version, student: s, row });
    return row;
  });
  return {
    lessons, students, rejected: [], replaced: [],
    rules: { policy: live.cls.policy, maxAttempts: live.cls.maxAttempts, penalty: live.cls.penalty },
  };
}

/** Each student's latest action, by id (what they are doing now). */
export function latest(live: LiveClass, studentId: string): ReportAction | undefined {
  let last: ReportAction | undefined;
  for (const list of live.logs.get(studentId)?.values() ?? []) {
    const a = list.at(-1);
    if (a && (!last || a.id > last.id)) last = a;
  }
  return last;
}

/** The rows a `rows` event carries for `board`, or null when it holds anything else (the view then keeps what it shows). */
function rowsOf(board: Board, data: string): Board['rows'] | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  const row = (r: Record<string, unknown>) => typeof r?.student === 'string' && typeof r.name === 'string' && typeof r.solved === 'number' && typeof r.score === 'number'
    && Array.isArray(r.cells) && r.cells.length === board.questions.length && r.cells.every((c) => typeof c === 'string');
  return Array.isArray(v) && v.every(row) ? v as Board['rows'] : null;
}

/** A projector's board with a `rows` event's rows in place (the board itself for any other event). */
export function applyRows(board: Board, event: string, data: string): Board {
  if (event !== 'rows') return board;
  const changed = rowsOf(board, data);
  if (!changed) return board;
  const byId = new Map(changed.map((r) => [r.student, r]));
  const rows = board.rows.map((r) => byId.get(r.student) ?? r);
  for (const r of changed) if (!board.rows.some((x) => x.student === r.student)) rows.push(r);
  return { ...board, rows };
}
