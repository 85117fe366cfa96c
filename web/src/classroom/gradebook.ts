// The class's gradebook as CSV, in three layouts: the lab's own (every question's titled columns,
// totals per student and a class row), and one column per lesson in the layouts Moodle's and
// Canvas's gradebook imports read, each lesson's points under the class's scoring rules (a point
// per question solved, less the penalty for wrong tries), each row carrying the roster's
// identifiers so the LMS matches it to its student. All through the one CSV writer, so a name
// like =HYPERLINK(…) stays text in a spreadsheet.
import { csvCell, csvTable } from '../util/csv';
import { answerLabel, scoreOf, solvedCount, summarise, type ClassStudent, type ClassView } from './classView';
import type { Instance } from '../exercises/exercises';
import { PRACTICE, points, questionScore } from '../exercises/scoring';

export type Layout = 'lab' | 'moodle' | 'canvas';

/** A lesson's title as the site lists it (the slug if it has none). */
export type LessonTitle = (lesson: string) => string;

const pct = (n: number, of: number) => (of ? Math.round((100 * n) / of) : '');

/**
 * Per student: totals first (solved, first try, of how many, percent), then for every question
 * of every lesson, titled "lesson · n. title": solved, first try, attempts, hints, answer shown,
 * last answer (as the question shows it) and when. Last row: the class's totals per question.
 * `instance` gives a question of a seed (to show clicked cells by what they hold).
 */
export function labCsv(c: ClassView, title: LessonTitle, instance: (lesson: string, seed: string, id: string) => Instance | undefined): string {
  const rules = c.rules ?? PRACTICE;
  const questions = c.lessons.flatMap((l) => l.exercises.map((id, i) => ({ l, id, name: `${title(l.lesson)} · ${i + 1}. ${l.titles[id]}` })));
  // New columns go last: a sheet read by its first columns reads the same.
  const head = ['student', 'solved', 'first try', 'questions', 'percent solved', 'files', 'edited?', 'score', 'ID number', 'email',
    ...questions.flatMap(({ name }) => ['solved', 'first try', 'attempts', 'hints', 'answer shown', 'last answer', 'answered at', 'score'].map((x) => `${name}: ${x}`))];
  const rows = c.students.map((s) => {
    const t = solvedCount(c, s);
    const files = Object.values(s.lessons);
    const firstTry = questions.filter(({ l, id }) => s.lessons[l.lesson]?.exercises[id]?.firstTry).length;
    return [s.name, t.solved, firstTry, t.of, pct(t.solved, t.of), files.map((f) => f.file).join(' '), files.flatMap((f) => f.edited).join('; '),
      points(scoreOf(c, s).score), s.roster?.id ?? '', s.roster?.email ?? '',
      ...questions.flatMap(({ l, id }) => {
        const f = s.lessons[l.lesson];
        const r = f?.exercises[id];
        if (!r) return ['', '', '', '', '', '', '', ''];
        return [r.solved, r.firstTry, r.attempts, r.hints, r.shown, r.last === undefined ? '' : answerLabel(instance(l.lesson, f.seed, id), r.last), r.at ?? '', points(questionScore(r, rules))];
      })];
  });
  const sums = summarise(c);
  const total = [`class (${c.students.length} students)`, '', '', '', '', '', '', '', '', '',
    ...sums.flatMap((x) => [x.solved, x.firstTry, x.attempts, x.hints, x.shown, '', '', points(x.score)])];
  return csvTable(head, [...rows, total]);
}

/**
 * A name's given and family parts, for a layout with a column each (Moodle's): the roster's own
 * columns where it had them; otherwise the whole name, as written, is the given name and the
 * family name is blank. A name is never split: not at a space ("Student 01 4782" has no family
 * name "4782"), nor at a comma ("John Smith, Jr." is not "Jr." "John Smith", and a formula
 * `+SUM(1,2)` is not two names). Moodle's import matches rows by ID number or email and reads no
 * name, so nothing is lost by not guessing.
 */
export function nameParts(s: Pick<ClassStudent, 'name' | 'roster'>): [string, string] {
  if (s.roster?.given || s.roster?.family) return [s.roster.given ?? '', s.roster.family ?? ''];
  return [s.name, ''];
}

/** A lesson's points for a student: blank if they never opened it. */
const lessonPoints = (c: ClassView, s: ClassStudent, lesson: string) => (s.lessons[lesson] ? points(scoreOf(c, s, lesson).score) : '');

/**
 * What Moodle's import (grade/import/csv, gradeimport_csv_load_data) does with a file, and so
 * what the export must never write:
 * - a blank cell (or "-") in a column mapped to a grade item already there is "no grade": it
 *   clears the student's grade (update_grade_item), so a lesson a student never opened is either
 *   0 or not in the file at all; a CSV has no cell that leaves a grade alone, so leaving it out
 *   takes one lesson per file, with only the students who opened it;
 * - a row whose identifier Moodle does not know stops the whole import, nothing imported
 *   (check_user_exists, then cleanup_import), where the docs say such rows are "reported";
 * - a row whose identifier is blank is skipped as an identifier but not as a row: its grades go
 *   to the student of the row before it (map_user_data_with_value keeps the last student id).
 *   PHP's empty() counts "0" as blank too. Such rows are never written.
 */
export interface MoodleChoice {
  /** The column the teacher maps ("Map from") to Moodle's user ID number or email address. */
  match: 'id' | 'email';
  /** A lesson a student never opened: 0 points, or left out (one lesson per file). */
  unopened: 'zero' | 'omit';
  /** With 'omit': the lesson the file holds. */
  lesson?: string;
}

export interface MoodleFile {
  csv: string;
  /** Students written. */
  rows: number;
  /** Students left out, each with why. */
  left: { name: string; why: string }[];
}

export const MATCH_NAMES = { id: 'ID number', email: 'Email address' } as const;

/**
 * Moodle's gradebook export layout (Grades > Export > Plain text file), which its CSV import maps
 * back: identity columns, then one grade item per lesson, its points. Only students Moodle can
 * match are written (see MoodleChoice): those with the chosen identifier, from the roster.
 */
export function moodleCsv(c: ClassView, title: LessonTitle, choice: MoodleChoice): MoodleFile {
  const lessons = choice.unopened === 'omit' ? c.lessons.filter((l) => l.lesson === (choice.lesson ?? c.lessons[0]?.lesson)) : c.lessons;
  const head = ['First name', 'Last name', 'ID number', 'Institution', 'Department', 'Email address', ...lessons.map((l) => `${title(l.lesson)} (Real)`)];
  const left: MoodleFile['left'] = [];
  const rows: unknown[][] = [];
  for (const s of c.students) {
    const key = (choice.match === 'id' ? s.roster?.id : s.roster?.email)?.trim() ?? '';
    if (key === '' || key === '0') {
      left.push({ name: s.name, why: key === '0' ? `${MATCH_NAMES[choice.match]} “0”, which Moodle takes for none` : `no ${MATCH_NAMES[choice.match]}` });
      continue;
    }
    // The one CSV writer makes a formula-like cell inert with an apostrophe; Moodle would then
    // look up the identifier with it, know nobody, and stop the import.
    const written = csvCell(key.replace(/[",\n\r]/g, ''));
    if (written.startsWith("'")) {
      left.push({ name: s.name, why: `${MATCH_NAMES[choice.match]} “${key}” begins like a spreadsheet formula, so the file would carry it as “${written}”, which Moodle would not know` });
      continue;
    }
    if (choice.unopened === 'omit' && !s.lessons[lessons[0]?.lesson]) {
      left.push({ name: s.name, why: 'never opened the lesson' });
      continue;
    }
    rows.push([...nameParts(s), s.roster?.id ?? '', '', '', s.roster?.email ?? '',
      ...lessons.map((l) => (s.lessons[l.lesson] ? points(scoreOf(c, s, l.lesson).score) : 0))]);
  }
  return { csv: csvTable(head, rows), rows: rows.length, left };
}

/**
 * Whether a layout's file starts with UTF-8's byte-order mark. Excel opens a CSV without one in
 * the system's code page ("Chloé Côté" shows as "ChloÃ© CÃ´tÃ©"), so a file for a spreadsheet
 * carries it. Moodle's import strips it (csv_import_reader::load_csv_content calls
 * core_text::trim_utf8_bom), so its file carries it too, for a teacher who looks at it in a
 * spreadsheet first. Canvas's importer reads the file with Ruby's CSV as plain UTF-8 and does not
 * strip it (its own export writes one only when a user turns that on), so its file has none.
 */
export const WITH_BOM: Record<Layout, boolean> = { lab: true, moodle: true, canvas: false };

/** The file as downloaded: the layout's CSV, after a byte-order mark where the layout takes one. */
export const fileText = (layout: Layout, csv: string) => (WITH_BOM[layout] ? `\uFEFF${csv}` : csv);

/**
 * Canvas's gradebook import layout: Student, ID, SIS User ID, SIS Login ID, Section, one
 * assignment column per lesson, and a "Points Possible" row. Canvas matches a row by its ID (the
 * Canvas user id), SIS User ID or SIS Login ID: a roster taken from Canvas's own export carries
 * all three, and the roster's ID number stands for the SIS User ID.
 */
export function canvasCsv(c: ClassView, title: LessonTitle): string {
  const head = ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', ...c.lessons.map((l) => title(l.lesson))];
  const possible = ['Points Possible', '', '', '', '', ...c.lessons.map((l) => l.exercises.length)];
  return csvTable(head, [possible, ...c.students.map((s) => [
    s.roster?.family && s.roster.given ? `${s.roster.family}, ${s.roster.given}` : s.name,
    s.roster?.lmsId ?? '', s.roster?.id ?? '', s.roster?.login ?? '', s.roster?.section ?? '',
    ...c.lessons.map((l) => lessonPoints(c, s, l.lesson)),
  ])]);
}
