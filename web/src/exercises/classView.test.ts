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
    expect(j.ok && j.value.exercises.a).toEqual({ kind: 'compute', attempts: 2, solved: true, firstTry: false, hints: 0, shown: false, asked: false, wrong: ['3'] });
    expect(c.ok && c.value.exercises.a.wrong).toEqual([]); // a CSV keeps only the last answer, right here
    expect(c.ok && c.value.exercises.c).toEqual({ kind: 'trace', attempts: 0, solved: false, firstTry: false, hints: 1, shown: false, asked: false, wrong: [] });
    expect(parseExport('x.json', '{"lesson": "l"')).toMatchObject({ ok: false, problem: expect.stringMatching(/^not valid JSON/) });
    expect(parseExport('x.csv', 'name,score\nAda,3')).toMatchObject({ ok: false, problem: expect.stringMatching(/no column “student”/) });
    expect(parseExport('x.csv', ada.csv.replace(',2,true,false,0,', ',two,true,false,0,'))).toMatchObject({ ok: false, problem: 'line 2: attempts is “two”, not a whole number' });
    expect(parseExport('e.csv', '')).toMatchObject({ ok: false, problem: 'the file is empty' });
  });

  it('still reads exports made before answers could be shown, and tells a shown answer from a solved one', () => {
    // As the lab wrote them before the answer_shown and answer_asked columns and fields.
    const oldCsv = 'student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer\nAda,recycler,s1,a,compute,2,true,false,1,4\n';
    const oldJson = JSON.stringify({ lesson: 'recycler', seed: 's1', student: 'Bo', log: [], exercises: [{ id: 'a', kind: 'compute', attempts: 1, solved: true, firstTry: true, hints: 0, lastAnswer: 4 }] });
    for (const [file, text] of [['old.csv', oldCsv], ['old.json', oldJson]]) {
      const r = parseExport(file, text);
      expect(r.ok && r.value.exercises.a, file).toMatchObject({ solved: true, shown: false, asked: false });
    }
    let p = { ...emptyProgress('recycler', 's1'), student: 'Cy' };
    p = record(p, { exercise: 'a', action: 'reveal' });
    p = record(p, { exercise: 'a', action: 'answer', answer: 4, correct: true });
    for (const [file, text] of [['cy.csv', summaryCsv(p, SET)], ['cy.json', progressJson(p, SET)]]) {
      const r = parseExport(file, text);
      expect(r.ok && r.value.exercises.a, file).toMatchObject({ solved: true, firstTry: true, shown: true, asked: true });
    }
    const cls = buildClass([parseExport('cy.json', progressJson(p, SET)), parseExport('old.json', oldJson)])!;
    expect(summarise(cls)[0]).toMatchObject({ solved: 2, shown: 1 });
    expect(parseCsv(classCsv(cls)).ok && (parseCsv(classCsv(cls)) as { rows: string[][] }).rows[0].slice(5, 10)).toEqual(['a:solved', 'a:first_try', 'a:attempts', 'a:hints', 'a:answer_shown']);
    expect(parseExport('bad.csv', `${oldCsv.split('\n')[0]},answer_shown\nAda,recycler,s1,a,compute,2,true,false,1,4,perhaps`)).toMatchObject({ ok: false, problem: 'line 2: answer_shown and answer_asked must be true or false' });
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

  it('shows a trace answer by what the clicked cells hold, as the exercise does', () => {
    const cells = (labels: string[]) => ({ cells: { labels, noun: 'thing', groupLabel: 'things' } });
    expect(answerLabel(cells(['o1', 'o2', 'o3']), '2 → 0')).toBe('o3 → o1');
    expect(answerLabel(cells(['10', '20']), '1 → 0')).toBe('20 → 10');
    expect(answerLabel(undefined, '1 → 0')).toBe('1 → 0');
    expect(answerLabel(cells(['1']), 'o3')).toBe('o3');
  });

  it('makes a formula-like student name inert in the merged gradebook', () => {
    const cls = buildClass([parseExport('x.json', student('=HYPERLINK("http://evil")', [['a', 1, true]]).json)])!;
    expect(classCsv(cls).split('\n')[1].startsWith('"\'=HYPERLINK')).toBe(true);
  });
});
