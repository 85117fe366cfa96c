// The class's gradebook as CSV, in three layouts: the lab's own (every question's titled columns,
// totals per student and a class row), and one column per lesson in the layouts Moodle's and
// Canvas's gradebook imports read, each lesson's points under the class's scoring rules (a point
// per question solved, less the penalty for wrong tries), each row carrying the roster's
// identifiers so the LMS matches it to its student. All through the one CSV writer, so a name
// like =HYPERLINK(…) stays text in a spreadsheet.
import { csvTable } from '../site/csv';
import { answerLabel, scoreOf, solvedCount, summarise, type ClassStudent, type ClassView } from './classView';
import type { Instance } from './exercises';
import { PRACTICE, points, questionScore } from './scoring';

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
 * A name's given and family parts: the roster's where it has them; "Family, Given" split at the
 * comma; otherwise the whole name as the given name and no family name. A name is not split at a
 * space: "Student 01 4782" or "Maria de la Cruz" have no last word that is the family name.
 */
export function nameParts(s: Pick<ClassStudent, 'name' | 'roster'>): [string, string] {
  if (s.roster?.given || s.roster?.family) return [s.roster.given ?? '', s.roster.family ?? ''];
  const t = s.name.trim().replace(/\s+/g, ' ');
  const comma = t.indexOf(',');
  return comma > 0 ? [t.slice(comma + 1).trim(), t.slice(0, comma).trim()] : [t, ''];
}

/** A lesson's points for a student: blank if they never opened it (an LMS leaves the grade alone). */
const lessonPoints = (c: ClassView, s: ClassStudent, lesson: string) => (s.lessons[lesson] ? points(scoreOf(c, s, lesson).score) : '');

/**
 * Moodle's gradebook export layout (Grades > Export > Plain text file), which its CSV import maps
 * back: identity columns, then one grade item per lesson, its points. With a roster, ID number
 * and Email address carry the roster's, so the import's "Map from" that column to the user's ID
 * number or email address matches every row; without one they are blank.
 */
export function moodleCsv(c: ClassView, title: LessonTitle): string {
  const head = ['First name', 'Last name', 'ID number', 'Institution', 'Department', 'Email address', ...c.lessons.map((l) => `${title(l.lesson)} (Real)`)];
  return csvTable(head, c.students.map((s) => [...nameParts(s), s.roster?.id ?? '', '', '', s.roster?.email ?? '', ...c.lessons.map((l) => lessonPoints(c, s, l.lesson))]));
}

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
