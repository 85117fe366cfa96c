// The class's gradebook as CSV, in three layouts: the lab's own (every question's titled columns,
// totals per student and a class row), and one column per lesson in the layouts Moodle's and
// Canvas's gradebook imports read. All through the one CSV writer, so a name like =HYPERLINK(…)
// stays text in a spreadsheet.
import { csvTable } from '../site/csv';
import { answerLabel, solvedCount, summarise, type ClassView } from './classView';
import type { Instance } from './exercises';

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
  const questions = c.lessons.flatMap((l) => l.exercises.map((id, i) => ({ l, id, name: `${title(l.lesson)} · ${i + 1}. ${l.titles[id]}` })));
  const head = ['student', 'solved', 'first try', 'questions', 'percent solved', 'files', 'edited?',
    ...questions.flatMap(({ name }) => ['solved', 'first try', 'attempts', 'hints', 'answer shown', 'last answer', 'answered at'].map((x) => `${name}: ${x}`))];
  const rows = c.students.map((s) => {
    const t = solvedCount(c, s);
    const files = Object.values(s.lessons);
    const firstTry = questions.filter(({ l, id }) => s.lessons[l.lesson]?.exercises[id]?.firstTry).length;
    return [s.name, t.solved, firstTry, t.of, pct(t.solved, t.of), files.map((f) => f.file).join(' '), files.flatMap((f) => f.edited).join('; '),
      ...questions.flatMap(({ l, id }) => {
        const f = s.lessons[l.lesson];
        const r = f?.exercises[id];
        if (!r) return ['', '', '', '', '', '', ''];
        return [r.solved, r.firstTry, r.attempts, r.hints, r.shown, r.last === undefined ? '' : answerLabel(instance(l.lesson, f.seed, id), r.last), r.at ?? ''];
      })];
  });
  const sums = summarise(c);
  const total = [`class (${c.students.length} students)`, '', '', '', '', '', '',
    ...sums.flatMap((x) => [x.solved, x.firstTry, x.attempts, x.hints, x.shown, '', ''])];
  return csvTable(head, [...rows, total]);
}

/** "Ada Lovelace" → ["Ada", "Lovelace"]; one word is a first name. */
function splitName(name: string): [string, string] {
  const t = name.trim().replace(/\s+/g, ' ');
  const at = t.lastIndexOf(' ');
  return at < 0 ? [t, ''] : [t.slice(0, at), t.slice(at + 1)];
}

/**
 * Moodle's gradebook export layout (Grades > Export > Plain text file), which its CSV import maps
 * back: identity columns, then one grade item per lesson, the questions solved. The lab knows
 * only the name each student typed: fill ID number or Email address before importing, and map
 * that column to the user.
 */
export function moodleCsv(c: ClassView, title: LessonTitle): string {
  const head = ['First name', 'Last name', 'ID number', 'Institution', 'Department', 'Email address', ...c.lessons.map((l) => `${title(l.lesson)} (Real)`)];
  return csvTable(head, c.students.map((s) => [...splitName(s.name), '', '', '', '', ...c.lessons.map((l) => (s.lessons[l.lesson] ? solvedCount(c, s, l.lesson).solved : ''))]));
}

/**
 * Canvas's gradebook import layout: Student, ID, SIS User ID, SIS Login ID, Section, one
 * assignment column per lesson, and a "Points Possible" row. Canvas matches rows by ID or SIS
 * ids, which the lab does not know: fill one of them before importing.
 */
export function canvasCsv(c: ClassView, title: LessonTitle): string {
  const head = ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', ...c.lessons.map((l) => title(l.lesson))];
  const possible = ['Points Possible', '', '', '', '', ...c.lessons.map((l) => l.exercises.length)];
  return csvTable(head, [possible, ...c.students.map((s) => [s.name, '', '', '', '', ...c.lessons.map((l) => (s.lessons[l.lesson] ? solvedCount(c, s, l.lesson).solved : ''))])]);
}
