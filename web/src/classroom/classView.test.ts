import { beforeAll, describe, expect, it } from 'vitest';
import { answerLabel, buildClass, hardest, parseExport, summarise } from './classView';
import { canvasCsv, fileText, labCsv, moodleCsv } from './gradebook';
import { emptyProgress, progressJson, record, summaryCsv, type Progress } from '../exercises/progress';
import { generate, type Instance } from '../exercises/exercises';
import { setCache } from './regrade';
import { loadWasmFromDisk, wrongAnswer } from '../exercises/testing';
import { parseCsv } from '../util/csv';
import { exportName } from '../exercises/Exercises';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

beforeAll(loadWasmFromDisk);

const LESSON = 'cancelling-timers';
const set = (lesson = LESSON, seed = 's1') => generate(lesson, seed)!;

/** A student's work as the lesson page logs it: per exercise index, the answers in order ('r' right, 'w' wrong, 'h' a hint). */
function work(name: string, plan: Record<number, string>, { lesson = LESSON, seed = 's1', at = '2026-11-21T10:00:00Z' } = {}): Progress {
  const s = set(lesson, seed);
  let p: Progress = { ...emptyProgress(lesson, seed), student: name };
  for (const [i, steps] of Object.entries(plan)) {
    const inst = s[Number(i)];
    for (const step of steps) {
      if (step === 'h') p = record(p, { exercise: inst.id, action: 'hint' }, new Date(at));
      else p = record(p, { exercise: inst.id, action: 'answer', answer: step === 'r' ? inst.expected : wrongAnswer(inst), correct: step === 'r' }, new Date(at));
    }
  }
  return p;
}
const json = (p: Progress) => progressJson(p, set(p.lesson, p.seed));
const csv = (p: Progress) => summaryCsv(p, set(p.lesson, p.seed));
const rows = (text: string) => {
  const r = parseCsv(text);
  if (!r.ok) throw new Error(r.message);
  return r.rows;
};

describe('the class view', () => {
  it('reads JSON and CSV exports alike, graded again, and names what is wrong with a bad file', () => {
    const ada = work('Ada', { 0: 'wr', 1: 'r', 2: 'h' });
    const j = parseExport('ada.json', json(ada));
    const c = parseExport('ada.csv', csv(ada));
    const cls = buildClass([j, c])!;
    expect(cls.students).toHaveLength(1); // one student, two copies of one lesson: the JSON, which has times
    const [first] = set();
    const kept = cls.students[0].lessons[LESSON];
    expect(kept.file).toBe('ada.json');
    expect(kept.exercises[first.id]).toMatchObject({ attempts: 2, solved: true, firstTry: false, hints: 0, wrong: [String(wrongAnswer(first))] });
    expect(kept.edited).toEqual([]);
    const fromCsv = buildClass([c])!.students[0].lessons[LESSON];
    expect(fromCsv.exercises[first.id]).toMatchObject({ attempts: 2, solved: true, wrong: [] }); // a CSV keeps only the last answer, right here
    expect(fromCsv.edited).toEqual([]);
    expect(parseExport('x.json', '{"lesson": "l"')).toMatchObject({ ok: false, problem: expect.stringMatching(/^not valid JSON/) });
    expect(parseExport('x.csv', 'name,score\nAda,3')).toMatchObject({ ok: false, problem: expect.stringMatching(/no column “student”/) });
    expect(parseExport('x.csv', csv(ada).replace(/,2,true,false,0,/, ',two,true,false,0,'))).toMatchObject({ ok: false, problem: expect.stringMatching(/^line \d: attempts is “two”, not a whole number/) });
    expect(parseExport('e.csv', '')).toMatchObject({ ok: false, problem: 'the file is empty' });
  });

  it('keeps a student\'s JSON export over a CSV of the same answers, whichever is dated later or read last', () => {
    const ada = work('Ada', { 0: 'wr', 1: 'hr' });
    const later = Date.parse('2026-11-21T12:00:00Z'); // the CSV file's own date: after the last answer
    for (const files of [[parseExport('ada.json', json(ada)), parseExport('ada.csv', csv(ada), later)], [parseExport('ada.csv', csv(ada), later), parseExport('ada.json', json(ada))]]) {
      const cls = buildClass(files)!;
      const kept = cls.students[0].lessons[LESSON];
      expect(kept.source).toBe('json');
      expect(kept.exercises[set()[0].id].wrong).toHaveLength(1); // the wrong answer only the log holds
      expect(cls.replaced).toEqual([{ file: 'ada.csv', by: 'ada.json', student: 'Ada', lesson: LESSON }]);
    }
    // A CSV holding more than the JSON (answers made after it) is newer work: it is kept.
    const more = work('Ada', { 0: 'wr', 1: 'hr', 2: 'r' });
    const cls = buildClass([parseExport('ada.json', json(ada)), parseExport('ada2.csv', csv(more), later)])!;
    expect(cls.students[0].lessons[LESSON].file).toBe('ada2.csv');
  });

  it('still reads exports made before answers could be shown', () => {
    const [a] = set();
    const oldCsv = `student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer\nAda,${LESSON},s1,${a.id},${a.kind},1,true,true,1,${a.expected}\n`;
    const r = buildClass([parseExport('old.csv', oldCsv)])!;
    expect(r.rejected).toEqual([]);
    expect(r.students[0].lessons[LESSON].exercises[a.id]).toMatchObject({ solved: true, shown: false, asked: false, hints: 1 });
    expect(parseExport('bad.csv', `${oldCsv.split('\n')[0]},answer_shown\nAda,${LESSON},s1,${a.id},compute,2,true,false,1,4,perhaps`)).toMatchObject({ ok: false, problem: 'line 2: answer_shown and answer_asked must be true or false' });
  });

  it('grades every answer again from the seed and flags a file whose claims its answers do not earn', () => {
    const s = set();
    const honest = work('Bo', { 0: 'w', 1: 'w' });
    // Edited as in the report: every exercise claimed right at the first try, the wrong answers marked right.
    const forged = JSON.parse(json(honest));
    forged.log = forged.log.map((l: { correct?: boolean }) => ({ ...l, correct: true }));
    forged.exercises = forged.exercises.map((e: object) => ({ ...e, attempts: 1, solved: true, firstTry: true }));
    const cls = buildClass([parseExport('bo.json', JSON.stringify(forged))])!;
    const bo = cls.students[0].lessons[LESSON];
    expect(bo.exercises[s[0].id]).toMatchObject({ solved: false, firstTry: false, attempts: 1 });
    expect(bo.edited.join('; ')).toMatch(new RegExp(`“${s[0].title.replace(/[()]/g, '\\$&')}”: the answer “.*” is marked right, but it is wrong`));
    // The claims without a log to back them: not tried, whatever the file says.
    const noLog = { ...forged, log: [] };
    const c2 = buildClass([parseExport('bo2.json', JSON.stringify(noLog))])!;
    expect(c2.students[0].lessons[LESSON].exercises[s[2].id]).toMatchObject({ solved: false, attempts: 0 });
    expect(c2.students[0].lessons[LESSON].edited[0]).toMatch(/the file says solved at the first try, its answers say not tried/);
    // A CSV keeps the last answer only: a wrong one claimed solved is caught, and counted unsolved.
    const text = csv(honest).split('\n').map((line, i) => (i === 1 ? line.replace(',1,false,false,', ',1,true,true,') : line)).join('\n');
    const c3 = buildClass([parseExport('bo.csv', text)])!;
    expect(c3.students[0].lessons[LESSON].exercises[s[0].id]).toMatchObject({ solved: false, firstTry: false });
    expect(c3.students[0].lessons[LESSON].edited[0]).toMatch(/the file says solved, but its last answer “.*” is wrong/);
    expect(summarise(c3)[0]).toMatchObject({ solved: 0, attempted: 1 });
  });

  it('refuses a file naming exercises the lesson does not have, prototype names included, and keeps the rest (issue 28 item 3)', () => {
    const good = parseExport('ada.json', json(work('Ada', { 0: 'r' })));
    const proto = JSON.parse(json(work('Cy', { 0: 'r' })));
    proto.exercises.push({ id: 'constructor', kind: 'compute', attempts: 1, solved: false, firstTry: false, hints: 0 });
    proto.log.push({ at: '2026-11-21T10:00:00Z', exercise: 'toString', action: 'answer', answer: 3, correct: false });
    const [a] = set();
    const protoCsv = `student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer\nDee,${LESSON},s1,__proto__,compute,1,false,false,0,3\nDee,${LESSON},s1,${a.id},compute,0,false,false,0,\n`;
    const many = JSON.parse(json(work('Eve', {})));
    many.exercises = Array.from({ length: 58_673 }, (_, i) => ({ id: `made-up-${i}`, attempts: 0, solved: false, firstTry: false, hints: 0 }));
    const cls = buildClass([good, parseExport('cy.json', JSON.stringify(proto)), parseExport('dee.csv', protoCsv), parseExport('eve.json', JSON.stringify(many)),
      parseExport('fay.json', JSON.stringify({ ...JSON.parse(json(work('Fay', {}))), lesson: 'no-such-lesson' }))])!;
    expect(cls.students.map((s) => s.name)).toEqual(['Ada']);
    expect(cls.rejected).toEqual([
      { file: 'cy.json', problem: `exercise “constructor” (and 1 more) is not in lesson “${LESSON}”` },
      { file: 'dee.csv', problem: `exercise “__proto__” is not in lesson “${LESSON}”` },
      { file: 'eve.json', problem: 'lists 58,673 exercises: no lesson has more than 500' },
      { file: 'fay.json', problem: 'lesson “no-such-lesson” is not on this site' },
    ]);
    expect(summarise(cls).map((x) => x.id)).toEqual(set().map((i) => i.id));
    // Fewer made-up ids than that: refused by name.
    many.exercises = many.exercises.slice(0, 400);
    expect(buildClass([parseExport('eve.json', JSON.stringify(many))])!.rejected[0].problem).toBe(`exercise “made-up-0” (and 399 more) is not in lesson “${LESSON}”`);
  });

  it('refuses records no export makes, and names a file that is not an export for what it is (issue 28 item 13)', () => {
    const base = JSON.parse(json(work('Ada', { 0: 'r' })));
    const edit = (patch: object) => JSON.stringify({ ...base, exercises: [{ ...base.exercises[0], ...patch }] });
    const name = `exercises[0] (“${base.exercises[0].id}”)`;
    expect(parseExport('a.json', edit({ solved: true, attempts: 0, firstTry: false }))).toMatchObject({ ok: false, problem: `${name}: solved in 0 attempts, which no export records` });
    expect(parseExport('a.json', edit({ solved: false, firstTry: true }))).toMatchObject({ ok: false, problem: `${name}: right at the first try but not solved, which no export records` });
    expect(parseExport('a.json', edit({ attempts: 1e300 }))).toMatchObject({ ok: false, problem: `${name}: attempts and hints must be whole numbers from 0 to 10,000` });
    expect(parseExport('a.csv', csv(work('Ada', { 0: 'r' })).replace(',1,true,true,', ',100000000,true,false,'))).toMatchObject({ ok: false, problem: 'line 2: attempts is “100000000”, not a whole number from 0 to 10,000' });
    expect(parseExport('l.json', '[1,2,3]')).toMatchObject({ ok: false, problem: 'the JSON is a list, not a progress export (an object with lesson, seed, student and exercises)' });
    expect(parseExport('n.json', 'null')).toMatchObject({ ok: false, problem: expect.stringMatching(/^the JSON is null/) });
    expect(parseExport('pasted 1', '[1,2,3]')).toMatchObject({ ok: false, problem: expect.stringMatching(/^the JSON is a list/) });
    expect(parseExport('b.json', '\u0000\u0001PNG\u0000\u0000')).toMatchObject({ ok: false, problem: 'a binary file, not text: exports are CSV or JSON text' });
    expect(parseExport('b.json', '\uFFFD\uFFFDx')).toMatchObject({ ok: false, problem: 'a binary file, not text: exports are CSV or JSON text' });
    expect(parseExport('photo.png', 'whatever')).toMatchObject({ ok: false, problem: 'a .png file: the class view reads the .csv and .json files the lessons export' });
    expect(parseExport('x.csv', '{"lesson":1}')).toMatchObject({ ok: false, problem: expect.stringMatching(/no column “student”/) });
    // A seed no lesson makes (100,000 characters would make the page 1.5 million pixels wide) is refused, its length said.
    const seed = '7'.repeat(100_000);
    expect(parseExport('s.json', JSON.stringify({ ...base, seed }))).toMatchObject({ ok: false, problem: expect.stringMatching(/the seed is 100,000 characters long, more than the 64 any seed of the lab has$/) });
    expect(parseExport('s.csv', csv(work('Ada', { 0: 'r' })).replaceAll(',s1,', `,${seed},`))).toMatchObject({ ok: false, problem: 'line 2: the seed is 100,000 characters long, more than the 64 any seed of the lab has' });
  });

  it('counts a student once: the same file twice, or two of one lesson, the newer kept and said so', () => {
    const older = work('Ada', { 0: 'w' }, { at: '2026-11-21T10:00:00Z' });
    const newer = work('ada ', { 0: 'wr' }, { at: '2026-11-21T11:00:00Z' });
    const class20 = Array.from({ length: 20 }, (_, i) => parseExport(`s${i}.json`, json(work(`Student ${i}`, { 0: 'r' }))));
    const cls = buildClass([parseExport('ada-new.json', json(newer)), parseExport('ada.json', json(older)), ...class20, class20[3]])!;
    expect(cls.students).toHaveLength(21);
    const ada = cls.students.find((s) => s.name.trim() === 'ada')!;
    expect(ada.lessons[LESSON].file).toBe('ada-new.json');
    expect(cls.replaced).toEqual([
      { file: 'ada.json', by: 'ada-new.json', student: 'ada ', lesson: LESSON },
      { file: 's3.json', by: 's3.json', student: 'Student 3', lesson: LESSON },
    ]);
    expect(summarise(cls)[0]).toMatchObject({ attempted: 21, solved: 21 });
  });

  it('puts several lessons in one gradebook, one row per student, with statistics per question', () => {
    const files = [
      parseExport('ada-timers.json', json(work('Ada', { 0: 'wr', 1: 'r' }))),
      parseExport('ada-recycler.json', json(work('Ada', { 0: 'r' }, { lesson: 'recycler' }))),
      parseExport('bo-timers.csv', csv(work('Bo', { 0: 'r', 1: 'hw' }))),
    ];
    const sets = setCache();
    const cls = buildClass(files, sets, ['cancelling-timers', 'recycler'])!;
    expect(cls.lessons.map((l) => l.lesson)).toEqual(['cancelling-timers', 'recycler']);
    expect(cls.students.map((s) => [s.name, Object.keys(s.lessons)])).toEqual([['Ada', ['cancelling-timers', 'recycler']], ['Bo', ['cancelling-timers']]]);
    const q = summarise(cls);
    expect(q[0]).toMatchObject({ lesson: LESSON, attempted: 2, solved: 2, firstTry: 1, attempts: 3 });
    expect(q[1]).toMatchObject({ attempted: 2, solved: 1, hints: 1 });
    expect(hardest(q)[0].id).toBe(set()[1].id);
    const title = (l: string) => (l === LESSON ? 'Cancelling timers' : 'Recyclers');
    const inst = (l: string, seed: string, id: string) => sets(l, seed)?.find((i) => i.id === id);
    const lab = rows(labCsv(cls, title, inst));
    expect(lab[0].slice(0, 11)).toEqual(['student', 'solved', 'first try', 'questions', 'percent solved', 'files', 'edited?', 'score', 'ID number', 'email', `Cancelling timers · 1. ${set()[0].title}: solved`]);
    const nQuestions = cls.lessons.reduce((n, l) => n + l.exercises.length, 0);
    expect(lab[1].slice(0, 5)).toEqual(['Ada', '3', '2', String(nQuestions), String(Math.round(300 / nQuestions))]);
    expect(lab[3][0]).toBe('class (2 students)');
    expect(lab[0].filter((h) => h.endsWith(': last answer'))).toHaveLength(nQuestions);
    // Moodle matches rows by ID number or email: without a roster nobody has one, and a row
    // without one would be credited to the row above it, so none is written (gradebook.test.ts).
    const moodle = moodleCsv(cls, title, { match: 'id', unopened: 'zero' });
    expect(rows(moodle.csv)).toEqual([['First name', 'Last name', 'ID number', 'Institution', 'Department', 'Email address', 'Cancelling timers (Real)', 'Recyclers (Real)']]);
    expect(moodle.left).toEqual([{ name: 'Ada', why: 'no ID number' }, { name: 'Bo', why: 'no ID number' }]);
    const canvas = rows(canvasCsv(cls, title));
    expect(canvas[0]).toEqual(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', 'Cancelling timers', 'Recyclers']);
    expect(canvas[1]).toEqual(['Points Possible', '', '', '', '', String(cls.lessons[0].exercises.length), String(cls.lessons[1].exercises.length)]);
    expect(canvas[2]).toEqual(['Ada', '', '', '', '', '2', '1']);
  });

  it('carries a roster’s identifiers and the scores into the Moodle and Canvas layouts, names unsplit (issue 42 item 10)', () => {
    const cls = buildClass([parseExport('a.json', json(work('Ada Lovelace', { 0: 'wr', 1: 'r' }))), parseExport('b.json', json(work('Student 01 4782', { 0: 'r' })))],
      setCache(), [], { policy: 'assessment', maxAttempts: 3, penalty: 0.5 })!;
    cls.students[0].roster = { name: 'Ada Lovelace', given: 'Ada', family: 'Lovelace', id: 'S-001', email: 'ada@school.example', lmsId: '1001', login: 'alovelace', section: 'A' };
    cls.students[1].roster = { name: 'Student 01 4782', id: 'S-002', email: 's01@school.example' };
    const title = () => 'Cancelling timers';
    expect(rows(moodleCsv(cls, title, { match: 'id', unopened: 'zero' }).csv).slice(1)).toEqual([
      ['Ada', 'Lovelace', 'S-001', '', '', 'ada@school.example', '1.5'],
      ['Student 01 4782', '', 'S-002', '', '', 's01@school.example', '1'],
    ]);
    expect(rows(canvasCsv(cls, title)).slice(1)).toEqual([
      ['Points Possible', '', '', '', '', String(set().length)],
      ['Lovelace, Ada', '1001', 'S-001', 'alovelace', 'A', '1.5'],
      ['Student 01 4782', '', 'S-002', '', '', '1'],
    ]);
    const lab = rows(labCsv(cls, title, () => undefined));
    expect(lab[1].slice(7, 10)).toEqual(['1.5', 'S-001', 'ada@school.example']);
  });

  it('shows a trace answer by what the clicked cells hold, as the exercise does', () => {
    const cells = (labels: string[]) => ({ cells: { labels, noun: 'thing', groupLabel: 'things' } });
    expect(answerLabel(cells(['o1', 'o2', 'o3']), '2 → 0')).toBe('o3 → o1');
    expect(answerLabel(cells(['10', '20']), '1 → 0')).toBe('20 → 10');
    expect(answerLabel(undefined, '1 → 0')).toBe('1 → 0');
    expect(answerLabel(cells(['1']), 'o3')).toBe('o3');
  });

  it('makes a formula-like student name inert in every gradebook layout', () => {
    const cls = buildClass([parseExport('x.json', json(work('=HYPERLINK("http://evil")', { 0: 'r' })))])!;
    const t = () => 'T';
    cls.students[0].roster = { name: cls.students[0].name, id: 'S-1' };
    for (const text of [labCsv(cls, t, () => undefined as Instance | undefined), moodleCsv(cls, t, { match: 'id', unopened: 'zero' }).csv, canvasCsv(cls, t)]) {
      expect(text).not.toMatch(/(^|\n|,)=HYPERLINK/);
      expect(text).toMatch(/'=HYPERLINK/);
    }
  });

  it('names an export after the student and the lesson, so a class’s files dropped together stay apart', () => {
    expect(exportName({ student: ' Ada Lovelace ', lesson: LESSON, seed: 'class7' }, 'json')).toBe('Ada_Lovelace-cancelling-timers-class7.json');
    expect(exportName({ student: '', lesson: LESSON, seed: 'class7' }, 'csv')).toBe('cancelling-timers-class7.csv');
    expect(exportName({ student: '../../etc', lesson: LESSON, seed: 's' }, 'csv')).toBe('etc-cancelling-timers-s.csv');
  });

  it('leaves the answer key out of what students read: no lesson advertises it', () => {
    const dir = join(import.meta.dirname, '..', '..', '..', 'lessons');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.mdx'))) {
      expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/teacher=1|answer key/);
    }
  });
});

describe('files no student’s browser wrote (issue 46 item 14)', () => {
  const traceSet = (lesson: string) => generate(lesson, 's1')!.find((i) => i.kind === 'trace');
  it('refuses a trace answer naming cells the exercise does not have, and an answer of megabytes', () => {
    const lessonWithTrace = ['cancelling-timers', 'request-timeouts', 'bounded-queues', 'recycler'].find((l) => traceSet(l))!;
    const inst = traceSet(lessonWithTrace)!;
    const p = { ...emptyProgress(lessonWithTrace, 's1'), student: 'Ada', log: [{ at: '2026-11-21T10:00:00Z', exercise: inst.id, action: 'answer' as const, answer: [99999, 18, 54], correct: false }] };
    const cls = buildClass([parseExport('a.json', progressJson(p, set(lessonWithTrace)))])!;
    expect(cls.rejected).toEqual([{ file: 'a.json', problem: expect.stringMatching(/^“.*”: the answer .* is not one the exercise takes \(a trace answer is a list of cell positions from 0 to \d+\)$/) }]);
    const [first] = set();
    const big = { ...emptyProgress(LESSON, 's1'), student: 'Bo', log: [{ at: '2026-11-21T10:00:00Z', exercise: first.id, action: 'answer' as const, answer: '7'.repeat(2_000_000), correct: false }] };
    const refused = buildClass([parseExport('b.json', progressJson(big, set()))])!.rejected[0];
    expect(refused.problem).toMatch(/the answer “?7{30}.*is not one the exercise takes/);
    expect(refused.problem.length).toBeLessThan(300);
  });

  it('refuses a copy dated in the future, so it cannot pass for the newer file', () => {
    const p = work('Ada', { 0: 'r' }, { at: '9999-01-01T00:00:00Z' });
    expect(parseExport('a.json', json(p), 0, Date.parse('2026-11-25T12:00:00Z'))).toMatchObject({ ok: false, problem: 'its log has an answer dated “9999-01-01T00:00:00.000Z”, in the future: not a file a browser wrote' });
  });

  it('names the class view’s own gradebook for what it is when it is dropped back in', () => {
    const cls = buildClass([parseExport('a.json', json(work('Ada', { 0: 'r' })))])!;
    const gradebook = labCsv(cls, (l) => l, () => undefined);
    expect(parseExport('class.csv', gradebook)).toMatchObject({ ok: false, problem: expect.stringMatching(/^a class gradebook exported from the class view/) });
    expect(parseExport('moodle.csv', fileText('moodle', moodleCsv(cls, (l) => l, { match: 'id', unopened: 'zero' }).csv))).toMatchObject({ ok: false, problem: expect.stringMatching(/^a class gradebook exported from the class view/) });
  });
});
