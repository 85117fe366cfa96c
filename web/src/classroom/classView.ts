// A teacher's class view, computed in the browser from the students' exported progress files:
// each file read and checked (classFiles.ts), graded again from its seed (regrade.ts), then one
// row per student across every lesson they sent (two files of one student and lesson: the newer
// counts, and the page says so), per-question statistics, the hardest questions and the wrong
// answers given most. Nothing here leaves the page.
import type { Instance } from '../exercises/exercises';
import { showAnswer } from '../exercises/exercises';
import type { Parsed, StudentFile } from './classFiles';
import { regrade, setCache } from './regrade';
import { PRACTICE, questionScore, type Rules } from '../exercises/scoring';

/** A roster row as a teacher pasted or uploaded it (the class server keeps it; exports carry it). */
export interface RosterEntry {
  name: string;
  given?: string;
  family?: string;
  id?: string;
  email?: string;
  login?: string;
  lmsId?: string;
  section?: string;
}

export { answerText, parseExport, type ExerciseResult, type Parsed, type StudentFile } from './classFiles';

export interface ClassLesson {
  lesson: string;
  /** Exercise ids in the lesson's order (the same for every seed). */
  exercises: string[];
  /** Each exercise's title. */
  titles: Record<string, string>;
  /** The seeds the class's files were made with. */
  seeds: string[];
}

export interface ClassStudent {
  /** As the student typed it, from their newest file ("" if they typed none). */
  name: string;
  /** Their file for each lesson they sent. */
  lessons: Record<string, StudentFile>;
  // A class server's student (absent for files dropped on /teacher):
  id?: string;
  /** False: on the roster, not joined yet. */
  joined?: boolean;
  /** Their own due date (an extension). */
  dueAt?: string | null;
  /** Their roster identifiers (the LMS exports carry them). */
  roster?: RosterEntry | null;
  /** A roster code is waiting to be used. */
  codeWaiting?: boolean;
  seed?: string;
}

export interface ClassView {
  lessons: ClassLesson[];
  students: ClassStudent[];
  /** Files left out, and why (unreadable, impossible, or not of a lesson on this site). */
  rejected: { file: string; problem: string }[];
  /** Older copies of a student's lesson, left out for a newer one. */
  replaced: { file: string; by: string; student: string; lesson: string }[];
  /** The class's scoring rules (files dropped on /teacher: PRACTICE, a point per question solved). */
  rules?: Rules;
}

/**
 * Whether `full` holds everything `other` does: the same seed, and at least as many attempts and
 * hints on every exercise. A JSON export and a CSV one of the same progress both pass; the CSV's
 * date (the file's own) is later than the JSON's last answer, yet it holds less.
 */
const covers = (full: StudentFile, other: StudentFile) => full.seed === other.seed
  && Object.entries(other.exercises).every(([id, x]) => {
    const y = full.exercises[id];
    return y !== undefined && y.attempts >= x.attempts && y.hints >= x.hints;
  });

/** Which of two copies of a student's lesson to keep: the full log over a CSV it covers, else the newer. */
function newer(f: StudentFile, before: StudentFile): boolean {
  if (f.source !== before.source) {
    const [json, csv] = f.source === 'json' ? [f, before] : [before, f];
    if (covers(json, csv)) return json === f;
  }
  return f.newest >= before.newest;
}

/** Whose row a file belongs to: the name as typed, ignoring case and spacing; a nameless file is its own row. */
const who = (f: StudentFile) => (f.student.trim() ? `name:${f.student.trim().replace(/\s+/g, ' ').toLowerCase()}` : `file:${f.file}`);

/**
 * The class from every file read so far, in the order read. `sets` makes a lesson's exercise set
 * for a seed (by default the lessons' own generators, cached); `lessonOrder` orders the lessons.
 */
export function buildClass(parsed: Parsed[], sets: (lesson: string, seed: string) => Instance[] | undefined = setCache(),
  lessonOrder: readonly string[] = [], rules: Rules = PRACTICE): ClassView | null {
  if (parsed.length === 0) return null;
  const rejected: ClassView['rejected'] = [];
  const replaced: ClassView['replaced'] = [];
  // Newest wins per student and lesson; on a tie (CSV files carry no times), the one read later;
  // a JSON export beats a CSV of the same answers, whatever their dates.
  const kept = new Map<string, StudentFile>();
  for (const p of parsed) {
    const r = p.ok ? regrade(p.value, sets, rules.policy) : p;
    if (!r.ok) {
      rejected.push({ file: r.file, problem: r.problem });
      continue;
    }
    const f = r.value;
    const key = `${who(f)}\n${f.lesson}`;
    const before = kept.get(key);
    const [keep, drop] = !before || newer(f, before) ? [f, before] : [before, f];
    kept.set(key, keep);
    if (drop) replaced.push({ file: drop.file, by: keep.file, student: keep.student, lesson: keep.lesson });
  }
  const rows = new Map<string, ClassStudent & { newest: number }>();
  const lessons = new Map<string, ClassLesson>();
  for (const f of kept.values()) {
    const row = rows.get(who(f)) ?? { name: f.student, lessons: Object.create(null) as Record<string, StudentFile>, newest: -1 };
    row.lessons[f.lesson] = f;
    if (f.newest > row.newest) Object.assign(row, { name: f.student, newest: f.newest });
    rows.set(who(f), row);
    const l = lessons.get(f.lesson);
    if (!l) {
      const set = sets(f.lesson, f.seed)!;
      lessons.set(f.lesson, { lesson: f.lesson, exercises: set.map((i) => i.id), titles: Object.fromEntries(set.map((i) => [i.id, i.title])), seeds: [f.seed] });
    } else if (!l.seeds.includes(f.seed)) l.seeds.push(f.seed);
  }
  const rank = (lesson: string) => (lessonOrder.includes(lesson) ? lessonOrder.indexOf(lesson) : lessonOrder.length);
  return {
    lessons: [...lessons.values()].sort((a, b) => rank(a.lesson) - rank(b.lesson) || a.lesson.localeCompare(b.lesson)),
    students: [...rows.values()].map(({ name, lessons: ls }) => ({ name, lessons: ls })),
    rejected,
    replaced,
    rules,
  };
}

export interface ExerciseSummary {
  lesson: string;
  id: string;
  title: string;
  /** Students who sent this lesson. */
  students: number;
  attempted: number;
  solved: number;
  firstTry: number;
  /** Attempts of those who tried, added up. */
  attempts: number;
  hints: number;
  /** Students shown the answer before they solved it. */
  shown: number;
  /** Wrong answers, most given first, with the seed they were given under. */
  wrong: { seed: string; answer: string; count: number }[];
  /** Points earned on it under the class's rules, added up. */
  score: number;
}

export function summarise(c: ClassView): ExerciseSummary[] {
  return c.lessons.flatMap((l) => l.exercises.map((id) => {
    const files = c.students.map((s) => s.lessons[l.lesson]).filter((f): f is StudentFile => !!f);
    const results = files.flatMap((f) => (f.exercises[id] ? [{ r: f.exercises[id], seed: f.seed }] : []));
    const counts = new Map<string, { seed: string; answer: string; count: number }>();
    for (const { r, seed } of results) {
      for (const answer of r.wrong) {
        const k = `${seed}\n${answer}`;
        const entry = counts.get(k) ?? { seed, answer, count: 0 };
        entry.count++;
        counts.set(k, entry);
      }
    }
    const tried = results.filter(({ r }) => r.attempts > 0).map(({ r }) => r);
    return {
      lesson: l.lesson, id, title: l.titles[id] ?? id, students: files.length,
      attempted: tried.length,
      solved: tried.filter((r) => r.solved).length,
      firstTry: tried.filter((r) => r.firstTry).length,
      attempts: tried.reduce((n, r) => n + r.attempts, 0),
      hints: results.reduce((n, { r }) => n + r.hints, 0),
      shown: results.filter(({ r }) => r.shown).length,
      wrong: [...counts.values()].sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer)),
      score: results.reduce((n, { r }) => n + questionScore(r, c.rules ?? PRACTICE), 0),
    };
  }));
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

/** Exercises solved in a lesson (or in all the class's lessons), and how many there are. */
export function solvedCount(c: ClassView, s: ClassStudent, lesson?: string): { solved: number; of: number } {
  const ls = c.lessons.filter((l) => lesson === undefined || l.lesson === lesson);
  return {
    solved: ls.reduce((n, l) => n + l.exercises.filter((id) => s.lessons[l.lesson]?.exercises[id]?.solved).length, 0),
    of: ls.reduce((n, l) => n + l.exercises.length, 0),
  };
}

/** Points earned under the class's rules, in a lesson (or all the class's lessons), and out of how many. */
export function scoreOf(c: ClassView, s: ClassStudent, lesson?: string): { score: number; of: number } {
  const rules = c.rules ?? PRACTICE;
  const ls = c.lessons.filter((l) => lesson === undefined || l.lesson === lesson);
  return {
    score: ls.reduce((n, l) => n + l.exercises.reduce((m, id) => {
      const r = s.lessons[l.lesson]?.exercises[id];
      return m + (r ? questionScore(r, rules) : 0);
    }, 0), 0),
    of: ls.reduce((n, l) => n + l.exercises.length, 0),
  };
}

/** Whether the class counts more than questions solved (an attempt limit or a penalty). */
export const scored = (c: ClassView) => !!c.rules && (c.rules.maxAttempts !== null || c.rules.penalty > 0);
