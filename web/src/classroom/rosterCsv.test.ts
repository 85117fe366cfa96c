import { describe, expect, it } from 'vitest';
import { codesCsv, parseRoster } from './rosterCsv';

describe('a roster read from CSV', () => {
  it('reads Moodle’s export, Canvas’s export and a plain list, keeping the identifiers each LMS matches by', () => {
    const moodle = parseRoster('First name,Last name,ID number,Institution,Department,Email address\nAda,Lovelace,S-001,,,ada@school.example\nStudent 01,4782,S-002,,,s01@school.example\n');
    expect(moodle).toMatchObject({ ok: true, entries: [
      { name: 'Ada Lovelace', given: 'Ada', family: 'Lovelace', id: 'S-001', email: 'ada@school.example' },
      { name: 'Student 01 4782', given: 'Student 01', family: '4782', id: 'S-002' },
    ] });
    const canvas = parseRoster('Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (123)\n    Points Possible,,,,,10\n"Lovelace, Ada",1001,S-001,alovelace,Section A,\n"Student, Test",1002,,,,\n');
    // Canvas's "Student" is kept as Canvas writes it (its sortable name): no given or family name is guessed from it.
    expect(canvas).toMatchObject({ ok: true, entries: [{ name: 'Lovelace, Ada', lmsId: '1001', id: 'S-001', login: 'alovelace', section: 'Section A' }] });
    expect(canvas.ok && canvas.entries[0].given).toBeUndefined();
    expect(canvas.ok && canvas.entries).toHaveLength(1);
    const plain = parseRoster('\uFEFFname,student id,email\nBo Li,77,bo@x.example\n');
    expect(plain).toMatchObject({ ok: true, entries: [{ name: 'Bo Li', id: '77', email: 'bo@x.example' }] });
  });

  it('keeps every name as written: a comma is not “Family, Given”, a formula stays whole (issue 59 item 3)', () => {
    const r = parseRoster([
      'name,id',
      '"John Smith, Jr.",1',
      '"=HYPERLINK(""http://evil.example"",""Bobby"")",2',
      '"+SUM(1,2)",3',
      'Chloé Côté,4',
      'مريم حداد,5',
    ].join('\n'));
    expect(r.ok && r.entries).toEqual([
      { name: 'John Smith, Jr.', id: '1' },
      { name: '=HYPERLINK("http://evil.example","Bobby")', id: '2' },
      { name: '+SUM(1,2)', id: '3' },
      { name: 'Chloé Côté', id: '4' },
      { name: 'مريم حداد', id: '5' },
    ]);
  });

  it('names what is wrong: no header, no names, a duplicate ID, a long field', () => {
    expect(parseRoster('Ada,1\nBo,2')).toMatchObject({ ok: false, problem: expect.stringMatching(/^the first line must name the columns/) });
    expect(parseRoster('name,id\n')).toMatchObject({ ok: false, problem: 'the roster has a header line but no students' });
    expect(parseRoster('name,id\nAda,1\nBo,1\n')).toMatchObject({ ok: false, problem: 'Bo and Ada have the same ID number (1)' });
    expect(parseRoster(`name,id\nAda,${'9'.repeat(101)}\n`)).toMatchObject({ ok: false, problem: 'line 2: the id is longer than 100 characters' });
    expect(parseRoster('name\n"Ada')).toMatchObject({ ok: false, problem: 'line 2: a quoted cell is never closed' });
  });
});

it('writes the codes file for a spreadsheet: UTF-8’s byte-order mark first, so Excel reads its accents (issue 59 item 4)', () => {
  const codes = codesCsv([{ entry: { name: 'Chloé Côté', id: 'S-1' }, code: 'ABCDE-23456', link: 'https://x.example/class?join=c#code=ABCDE-23456' }]);
  expect(codes).toBe('\uFEFFname,ID number,email,code,join link\nChloé Côté,S-1,,ABCDE-23456,https://x.example/class?join=c#code=ABCDE-23456\n');
  expect([...new TextEncoder().encode(codes).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
});
