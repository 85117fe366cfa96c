import { describe, expect, it } from 'vitest';
import { parseRoster } from './rosterCsv';

describe('a roster read from CSV', () => {
  it('reads Moodle’s export, Canvas’s export and a plain list, keeping the identifiers each LMS matches by', () => {
    const moodle = parseRoster('First name,Last name,ID number,Institution,Department,Email address\nAda,Lovelace,S-001,,,ada@school.example\nStudent 01,4782,S-002,,,s01@school.example\n');
    expect(moodle).toMatchObject({ ok: true, entries: [
      { name: 'Ada Lovelace', given: 'Ada', family: 'Lovelace', id: 'S-001', email: 'ada@school.example' },
      { name: 'Student 01 4782', given: 'Student 01', family: '4782', id: 'S-002' },
    ] });
    const canvas = parseRoster('Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (123)\n    Points Possible,,,,,10\n"Lovelace, Ada",1001,S-001,alovelace,Section A,\n"Student, Test",1002,,,,\n');
    expect(canvas).toMatchObject({ ok: true, entries: [{ name: 'Ada Lovelace', given: 'Ada', family: 'Lovelace', lmsId: '1001', id: 'S-001', login: 'alovelace', section: 'Section A' }] });
    expect(canvas.ok && canvas.entries).toHaveLength(1);
    const plain = parseRoster('\uFEFFname,student id,email\nBo Li,77,bo@x.example\n');
    expect(plain).toMatchObject({ ok: true, entries: [{ name: 'Bo Li', id: '77', email: 'bo@x.example' }] });
  });

  it('names what is wrong: no header, no names, a duplicate ID, a long field', () => {
    expect(parseRoster('Ada,1\nBo,2')).toMatchObject({ ok: false, problem: expect.stringMatching(/^the first line must name the columns/) });
    expect(parseRoster('name,id\n')).toMatchObject({ ok: false, problem: 'the roster has a header line but no students' });
    expect(parseRoster('name,id\nAda,1\nBo,1\n')).toMatchObject({ ok: false, problem: 'Bo and Ada have the same ID number (1)' });
    expect(parseRoster(`name,id\nAda,${'9'.repeat(101)}\n`)).toMatchObject({ ok: false, problem: 'line 2: the id is longer than 100 characters' });
    expect(parseRoster('name\n"Ada')).toMatchObject({ ok: false, problem: 'line 2: a quoted cell is never closed' });
  });
});
