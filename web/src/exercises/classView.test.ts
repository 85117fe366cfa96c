import { describe, expect, it } from 'vitest';
import { answerLabel, buildClass, classCsv, hardest, parseExport, summarise } from './classView';
import { emptyProgress, progressJson, record, summaryCsv } from './progress';
import type { Instance } from './exercises';
import { parseCsv } from '../site/csv';

const SET = [
  { id: 'a', kind: 'compute' }, { id: 'b', kind: 'predict' }, { id: 'c', kind: 'trace' },
] as Instance[];

/** A student's export, as the lesson page writes it. */
function student(name: string, answers: [string, unknown, boolean][], hints: string[] = [], seed = 's1') {
  let p = { ...emptyProgress('recycler', seed), student: name };
  for (const h of hints) p = record(p, { exercise: h, action: 'hint' });
  for (const [exercise, answer, correct] of answers) p = record(p, { exercise, action: 'answer', answer: answer as number, correct });
  return { json: progressJson(p, SET), csv: summaryCsv(p, SET) };
}

describe('the class view', () => {
  it('reads JSON and CSV exports alike, and names what is wrong with a bad file', () => {
    const ada = student('Ada', [['a', 3, false], ['a', 4, true], ['b', 'o2', true]], ['c']);
    const j = parseExport('ada.json', ada.json);
    const c = parseExport('ada.csv', ada.csv);
    expect(j.ok && j.value.exercises.a).toEqual({ kind: 'compute', attempts: 2, solved: true, firstTry: false, hints: 0, wrong: ['3'] });
    expect(c.ok && c.value.exercises.a.wrong).toEqual([]); // a CSV keeps only the last answer, right here
    expect(c.ok && c.value.exercises.c).toEqual({ kind: 'trace', attempts: 0, solved: false, firstTry: false, hints: 1, wrong: [] });
    expect(parseExport('x.json', '{"lesson": "l"')).toMatchObject({ ok: false, problem: expect.stringMatching(/^not valid JSON/) });
    expect(parseExport('x.csv', 'name,score\nAda,3')).toMatchObject({ ok: false, problem: expect.stringMatching(/no column “student”/) });
    expect(parseExport('x.csv', ada.csv.replace(',2,true,false,0,', ',two,true,false,0,'))).toMatchObject({ ok: false, problem: 'line 2: attempts is “two”, not a whole number' });
    expect(parseExport('e.csv', '')).toMatchObject({ ok: false, problem: 'the file is empty' });
  });

  it('keeps the lesson and seed most files share, names the others, and summarises the class', () => {
    const files = [
      parseExport('ada.json', student('Ada', [['a', 3, false], ['a', 4, true], ['b', 'o2', true]]).json),
      parseExport('bo.json', student('Bo', [['a', 3, false], ['b', 'o1', false]]).json),
      parseExport('cy.csv', student('Cy', [['a', 4, true], ['b', 'o2', true], ['c', [1, 0], true]]).csv),
      parseExport('dee.json', student('Dee', [['a', 5, false]], [], 's2').json),
      parseExport('bad.json', 'nonsense'),
    ];
    const cls = buildClass(files, () => ['a', 'b', 'c'])!;
    expect([cls.lesson, cls.seed, cls.students.map((s) => s.student)]).toEqual(['recycler', 's1', ['Ada', 'Bo', 'Cy']]);
    expect(cls.rejected.map((r) => r.file)).toEqual(['bad.json', 'dee.json']);
    expect(cls.rejected[1].problem).toBe('is for lesson “recycler”, seed “s2”; the class is “recycler”, seed “s1”');
    const s = summarise(cls);
    expect(s.find((x) => x.id === 'a')).toMatchObject({ solved: 2, firstTry: 1, attempted: 3, wrong: [['3', 2]] });
    expect(hardest(s).map((x) => x.id)).toEqual(['a', 'b', 'c']); // a: 2 of 3 solved; b: 2 of 3, one more first try; c: 1 of 1
    const csv = parseCsv(classCsv(cls));
    expect(csv.ok && csv.rows[0].slice(0, 9)).toEqual(['student', 'file', 'lesson', 'seed', 'solved', 'a:solved', 'a:first_try', 'a:attempts', 'a:hints']);
    expect(csv.ok && csv.rows[3].slice(0, 5)).toEqual(['Cy', 'cy.csv', 'recycler', 's1', '3']);
  });

  it('shows a trace answer by what the clicked cells hold', () => {
    expect(answerLabel({ cells: [1, 2, 3], cellNames: ['o1', 'o2', 'o3'] }, '2 → 0')).toBe('o3 → o1');
    expect(answerLabel({ cells: [10, 20] }, '1 → 0')).toBe('20 → 10');
    expect(answerLabel(undefined, '1 → 0')).toBe('1 → 0');
    expect(answerLabel({ cells: [1] }, 'o3')).toBe('o3');
  });

  it('makes a formula-like student name inert in the merged gradebook', () => {
    const cls = buildClass([parseExport('x.json', student('=HYPERLINK("http://evil")', [['a', 1, true]]).json)])!;
    expect(classCsv(cls).split('\n')[1].startsWith('"\'=HYPERLINK')).toBe(true);
  });
});
