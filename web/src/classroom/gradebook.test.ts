// The LMS exports read back as the LMSs read them (issue 59). Moodle's CSV import is modelled on
// its code (grade/import/csv/classes/load_data.php, prepare_import_grade_data and the methods it
// calls; lib/csvlib.class.php's csv_import_reader::load_csv_content), for what the export must get
// right: a blank grade clears a grade already there, an identifier Moodle does not know stops the
// whole import, and a row with a blank identifier is credited to the student on the row before.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClass, parseExport, type ClassView, type RosterEntry } from './classView';
import { canvasCsv, fileText, labCsv, moodleCsv, nameParts } from './gradebook';
import { emptyProgress, progressJson, record, type Progress } from '../exercises/progress';
import { generate, type Instance } from '../exercises/exercises';
import { setCache } from './regrade';
import { loadWasmFromDisk } from '../exercises/testing';
import { parseCsv, unguard } from '../util/csv';

beforeAll(loadWasmFromDisk);

const LESSONS = ['cancelling-timers', 'recycler'];
const title = (l: string) => (l === 'cancelling-timers' ? 'Cancelling timers' : 'Recyclers');

/** A student who answered the first question of each lesson named, right at the first try. */
function opened(name: string, lessons: string[]) {
  return lessons.map((lesson) => {
    const [q] = generate(lesson, 's1')!;
    let p: Progress = { ...emptyProgress(lesson, 's1'), student: name };
    p = record(p, { exercise: q.id, action: 'answer', answer: q.expected, correct: true }, new Date('2026-11-28T10:00:00Z'));
    return parseExport(`${name}-${lesson}.json`, progressJson(p, generate(lesson, 's1')!));
  });
}

/** A class view of these students, each with the lessons they opened and their roster row. */
function classOf(students: { roster: RosterEntry; lessons: string[] }[]): ClassView {
  const cls = buildClass(students.flatMap((s) => opened(s.roster.name, s.lessons)), setCache(), LESSONS)!;
  for (const s of students) {
    const row = cls.students.find((x) => x.name === s.roster.name);
    if (row) row.roster = s.roster;
    else cls.students.push({ name: s.roster.name, lessons: {}, roster: s.roster, joined: false });
  }
  return cls;
}

type Outcome = { ok: true; grades: Map<string, number | null> } | { ok: false; error: string };

/**
 * A Moodle course's gradebook and its CSV import. `users`: the identifier the teacher maps from
 * (an ID number, say) to the Moodle user. `items`: which CSV column goes to which existing grade
 * item. `grades`: what the gradebook holds before, by `user/item` (null: no grade).
 */
function moodleImport(file: string, course: { mapFrom: string; users: Record<string, string>; items: Record<string, string>; grades: Map<string, number | null> }): Outcome {
  // load_csv_content: the byte-order mark is trimmed (core_text::trim_utf8_bom), line ends made
  // \n, the whole trimmed.
  const text = file.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, error: `csvloaderror: ${parsed.message}` };
  const [rawHeader, ...lines] = parsed.rows;
  const header = rawHeader.map((h) => h.trim());
  const staged: [string, string, number | null][] = [];
  // map_user_data_with_value keeps the last student id found: it is not reset per row.
  let studentId: string | null = null;
  for (const line of lines) {
    // "There is no data on this line, move on."
    if (line.length <= 1) continue;
    const newGrades: [string, number | null][] = [];
    for (const [key, raw] of line.entries()) {
      const value = raw.trim();
      if (header[key] === course.mapFrom) {
        // "Skip invalid row with blank user field": PHP's empty(), which "0" is too.
        if (value !== '' && value !== '0') {
          const user = course.users[value];
          // check_user_exists: no such user is cleanup_import, the import's end.
          if (!user) return { ok: false, error: `usermappingerror: ${course.mapFrom} ${value}` };
          studentId = user;
        }
      } else if (course.items[header[key]]) {
        // update_grade_item: '' or '-' is null, "no grade"; anything else a number or the end.
        if (value === '' || value === '-') newGrades.push([course.items[header[key]], null]);
        else if (/^-?\d+(\.\d+)?$/.test(value)) newGrades.push([course.items[header[key]], Number(value)]);
        else return { ok: false, error: `badgrade: ${value}` };
      }
    }
    // "User not found, abort whole import."
    if (!studentId) return { ok: false, error: 'usermappingerrorusernotfound' };
    for (const [item, grade] of newGrades) staged.push([studentId, item, grade]);
  }
  // Committed only when every line went through.
  const grades = new Map(course.grades);
  for (const [user, item, grade] of staged) grades.set(`${user}/${item}`, grade);
  return { ok: true, grades };
}

/** A course that knows Ada and Bo by ID number and email, each with a grade already in both items. */
const course = (mapFrom = 'ID number') => ({
  mapFrom,
  users: mapFrom === 'ID number' ? { 'S-1': 'ada', 'S-2': 'bo' } as Record<string, string> : { 'ada@school.example': 'ada', 'bo@school.example': 'bo' } as Record<string, string>,
  items: { 'Cancelling timers (Real)': 'timers', 'Recyclers (Real)': 'recyclers' } as Record<string, string>,
  grades: new Map<string, number | null>([['ada/timers', 3], ['ada/recyclers', 4], ['bo/timers', 5], ['bo/recyclers', 6]]),
});

describe('the Moodle import, as Moodle’s code reads a file', () => {
  it('clears a grade on a blank, stops at an unknown identifier, and credits a blank identifier’s row to the row before (the model)', () => {
    const head = 'First name,Last name,ID number,Institution,Department,Email address,Cancelling timers (Real),Recyclers (Real)\n';
    // What the lab's export wrote before: a lesson never opened was a blank cell.
    const blank = moodleImport(`${head}Bo,,S-2,,,,2,\n`, course());
    expect(blank.ok && blank.grades.get('bo/recyclers')).toBe(null);
    const unknown = moodleImport(`${head}Ada,,S-1,,,,1,1\nZed,,S-9,,,,1,1\n`, course());
    expect(unknown).toEqual({ ok: false, error: 'usermappingerror: ID number S-9' });
    const noId = moodleImport(`${head}Ada,,S-1,,,,1,1\nCy,,,,,,0,0\n`, course());
    expect(noId.ok && [noId.grades.get('ada/timers'), noId.grades.get('ada/recyclers')]).toEqual([0, 0]);
    const zero = moodleImport(`${head}Ada,,S-1,,,,2,2\nDee,,0,,,,0,0\n`, course());
    expect(zero.ok && zero.grades.get('ada/timers')).toBe(0);
    expect(moodleImport(`${head}Cy,,,,,,1,1\n`, course())).toEqual({ ok: false, error: 'usermappingerrorusernotfound' });
  });

  const students = [
    { roster: { name: 'Ada Lovelace', given: 'Ada', family: 'Lovelace', id: 'S-1', email: 'ada@school.example' }, lessons: LESSONS },
    { roster: { name: 'Bo Li', id: 'S-2', email: 'bo@school.example' }, lessons: [LESSONS[0]] },
    { roster: { name: 'Cy Noid', email: 'cy@school.example' }, lessons: LESSONS },
    { roster: { name: 'Dee Zero', id: '0' }, lessons: LESSONS },
    { roster: { name: 'Eve Minus', id: '-A17' }, lessons: LESSONS },
  ];

  it('never writes a blank grade: a lesson never opened is 0 when the teacher says so, and Moodle imports every row', () => {
    const file = moodleCsv(classOf(students), title, { match: 'id', unopened: 'zero' });
    const rows = (parseCsv(file.csv) as { rows: string[][] }).rows;
    expect(rows.slice(1).every((r) => r.slice(6).every((cell) => cell !== '' && cell !== '-'))).toBe(true);
    const out = moodleImport(fileText('moodle', file.csv), course());
    expect(out.ok && Object.fromEntries(out.grades)).toEqual({ 'ada/timers': 1, 'ada/recyclers': 1, 'bo/timers': 1, 'bo/recyclers': 0 });
    // Nobody Moodle cannot match is in the file, and the dialog is told why.
    expect(file.rows).toBe(2);
    expect(file.left).toEqual([
      { name: 'Cy Noid', why: 'no ID number' },
      { name: 'Dee Zero', why: 'ID number “0”, which Moodle takes for none' },
      { name: 'Eve Minus', why: 'ID number “-A17” begins like a spreadsheet formula, so the file would carry it as “\'-A17”, which Moodle would not know' },
    ]);
  });

  it('leaves a lesson never opened out of the file, so Moodle keeps the grade it has, one lesson per file', () => {
    const cls = classOf(students);
    const second = moodleCsv(cls, title, { match: 'id', unopened: 'omit', lesson: LESSONS[1] });
    expect((parseCsv(second.csv) as { rows: string[][] }).rows[0].slice(6)).toEqual(['Recyclers (Real)']);
    const out = moodleImport(second.csv, course());
    // Bo never opened Recyclers: his 6 stands; Ada's grade is the lesson's.
    expect(out.ok && Object.fromEntries(out.grades)).toEqual({ 'ada/timers': 3, 'ada/recyclers': 1, 'bo/timers': 5, 'bo/recyclers': 6 });
    expect(second.left.find((l) => l.name === 'Bo Li')).toEqual({ name: 'Bo Li', why: 'never opened the lesson' });
  });

  it('matches by email when the teacher chooses it, leaving out whoever has none', () => {
    const file = moodleCsv(classOf(students), title, { match: 'email', unopened: 'zero' });
    expect(file.left.map((l) => l.name)).toEqual(['Dee Zero', 'Eve Minus']);
    const out = moodleImport(file.csv, { ...course('Email address'), users: { ...course('Email address').users, 'cy@school.example': 'cy' } });
    expect(out.ok && out.grades.get('cy/recyclers')).toBe(1);
  });

  it('writes no row for a class without a roster: Moodle would credit it to the row before', () => {
    const cls = classOf([{ roster: { name: 'Ada' }, lessons: LESSONS }, { roster: { name: 'Bo' }, lessons: LESSONS }]);
    for (const s of cls.students) s.roster = null;
    const file = moodleCsv(cls, title, { match: 'id', unopened: 'zero' });
    expect(file.rows).toBe(0);
    expect((parseCsv(file.csv) as { rows: string[][] }).rows).toHaveLength(1);
    // Moodle reads a header alone as nothing to import, not as anyone's grades.
    expect(moodleImport(file.csv, course())).toEqual({ ok: true, grades: course().grades });
  });
});

describe('names as written, in every export (issue 59 item 3)', () => {
  const names = ['John Smith, Jr.', '=HYPERLINK("http://evil.example","Bobby")', '+SUM(1,2)', 'Chloé Côté', 'مريم حداد', 'Lovelace, Ada'];

  it('keeps a name whole in the lab’s, Moodle’s and Canvas’s files, split only from a roster’s own columns', () => {
    const cls = classOf([...names.map((name, i) => ({ roster: { name, id: `S-${i + 1}` }, lessons: LESSONS })),
      { roster: { name: 'Grace Hopper', given: 'Grace', family: 'Hopper', id: 'S-9' }, lessons: LESSONS }]);
    const read = (csv: string) => (parseCsv(csv.replace(/^\uFEFF/, '')) as { rows: string[][] }).rows.map((r) => r.map(unguard));
    const all = [...names, 'Grace Hopper'];
    expect(read(labCsv(cls, title, () => undefined as Instance | undefined)).slice(1, -1).map((r) => r[0])).toEqual(all);
    expect(read(moodleCsv(cls, title, { match: 'id', unopened: 'zero' }).csv).slice(1).map((r) => r.slice(0, 2))).toEqual([...names.map((n) => [n, '']), ['Grace', 'Hopper']]);
    expect(read(canvasCsv(cls, title)).slice(2).map((r) => r[0])).toEqual([...names, 'Hopper, Grace']);
    expect(nameParts({ name: 'John Smith, Jr.' })).toEqual(['John Smith, Jr.', '']);
    // The formulas stay text in a spreadsheet.
    for (const csv of [labCsv(cls, title, () => undefined), moodleCsv(cls, title, { match: 'id', unopened: 'zero' }).csv, canvasCsv(cls, title)]) {
      expect(csv).not.toMatch(/(^|\n|,)"?[=+]/);
    }
  });
});

describe('byte-order marks (issue 59 item 4)', () => {
  it('starts the gradebooks for a spreadsheet and for Moodle with one, and the Canvas file, whose importer keeps it, without', () => {
    const cls = classOf([{ roster: { name: 'Chloé Côté', id: 'S-1' }, lessons: LESSONS }]);
    expect(fileText('lab', labCsv(cls, title, () => undefined)).startsWith('\uFEFFstudent,')).toBe(true);
    expect(fileText('moodle', moodleCsv(cls, title, { match: 'id', unopened: 'zero' }).csv).startsWith('\uFEFFFirst name,')).toBe(true);
    expect(fileText('canvas', canvasCsv(cls, title)).startsWith('Student,')).toBe(true);
  });
});
