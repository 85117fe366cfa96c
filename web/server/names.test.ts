// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../src/wasm/loader';
import { generate } from '../src/exercises/exercises';
import { canvasCsv, labCsv, moodleCsv } from '../src/classroom/gradebook';
import { parseCsv, unguard } from '../src/util/csv';
import type { Board, Joined, Report, RosterAdded } from '../src/classroom/api';
import { fromReport, liveView } from '../src/classroom/liveClass';
import { checkClassName, checkName } from './names';
import { act, backends, joinAs, keyOf, makeClass, serverKit, testSets } from './testing';

describe('a joining student’s name', () => {
  it('is one name however its accents were typed, and keeps the case and spacing it was typed with', () => {
    const composed = checkName('José  Ruiz');
    const decomposed = checkName('Jose\u0301 Ruiz');
    expect(composed).toEqual({ ok: true, name: 'José Ruiz', key: 'josé ruiz' });
    expect(decomposed).toEqual(composed);
  });

  it('refuses invisible characters, saying which and where, and names with nothing visible', () => {
    expect(checkName('Alice\u200b')).toEqual({ ok: false, problem: 'The name “Alice” has an invisible character (U+200B) at character 6: type it again without it.' });
    expect(checkName('\u200b\u200d')).toMatchObject({ ok: false, problem: expect.stringContaining('(U+200B) at character 1') });
    expect(checkName('--')).toEqual({ ok: false, problem: 'The name needs at least one letter or digit.' });
    expect(checkName('Bo\ud800')).toMatchObject({ ok: false, problem: expect.stringContaining('could not be read') });
    expect(checkName('Bo\ufffd')).toMatchObject({ ok: false, problem: expect.stringContaining('could not be read') });
  });

  it('refuses a word that mixes look-alike alphabets, and takes each alphabet alone', () => {
    expect(checkName('\u0410lice')).toEqual({ ok: false, problem: 'The word “Аlice” mixes Latin and Cyrillic letters, which look alike: type it again in one alphabet.' });
    expect(checkName('Алиса Smith')).toMatchObject({ ok: true, name: 'Алиса Smith' });
    expect(checkName('Σοφία')).toMatchObject({ ok: true });
    expect(checkName('李雷')).toMatchObject({ ok: true });
  });
});

describe('a class’s name', () => {
  it('is refused when invisible, turned round by a right-to-left override, or broken; kept as typed otherwise', () => {
    expect(checkClassName('\u200b\u2060')).toMatchObject({ ok: false, problem: expect.stringContaining('The class name “” has an invisible character (U+200B) at character 1') });
    expect(checkClassName('Class \u202eA7')).toMatchObject({ ok: false, problem: expect.stringContaining('(U+202E) at character 7') });
    expect(checkClassName('Class \ud800')).toMatchObject({ ok: false, problem: expect.stringContaining('could not be read') });
    expect(checkClassName('Алгоритмы, Mo 9:00')).toEqual({ ok: true, name: 'Алгоритмы, Mo 9:00' });
  });
});

describe('a name through the class server, every view and every export (issue 59 item 3)', () => {
  const kit = serverKit(backends()[0]);
  beforeAll(async () => {
    await loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
    await kit.setup();
  }, 300_000);
  afterAll(kit.teardown);
  afterEach(kit.after);
  const NAMES = ['John Smith, Jr.', '=HYPERLINK("http://evil.example","Bobby")', '+SUM(1,2)', 'Chloé Côté', 'مريم حداد'];

  it('keeps each as typed or listed: joined by name, on a roster, on the board, in the report and in the three files', async () => {
    const s = await kit.server();
    const open = await makeClass(s, { policy: 'practice', seedPerStudent: false, lessons: ['cancelling-timers'] });
    const tokens = [];
    for (const name of NAMES) {
      const j = await s.call<Joined>('POST', `classes/${open.id}/students`, { name });
      expect(j.status, j.raw).toBe(201);
      expect(j.body.name).toBe(name);
      tokens.push(j.body.token);
    }
    const listed = await makeClass(s, { policy: 'practice', seedPerStudent: false, lessons: ['cancelling-timers'], roster: true });
    const added = await s.call<RosterAdded>('POST', `classes/${listed.id}/roster`, { students: NAMES.map((name, i) => ({ name, id: `S-${i}` })) }, listed.teacherToken);
    expect(added.body.codes.map((c) => c.name)).toEqual(NAMES);
    const [q] = generate('cancelling-timers', 'class7')!;
    for (const [i, code] of added.body.codes.entries()) {
      const token = await joinAs(s, listed.id, { code: code.code });
      if (i === 0) await act(s, token, 'cancelling-timers', q.id, 'answer', keyOf(q));
    }
    for (const [c, token] of [[open, tokens[0]], [listed, undefined]] as const) {
      if (token) await act(s, token, 'cancelling-timers', q.id, 'answer', keyOf(q));
      const report = (await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body;
      expect(report.students.map((x) => x.name)).toEqual(NAMES);
      expect((await s.call<Board>('GET', `classes/${c.id}/board`, undefined, c.teacherToken)).body.rows.map((r) => r.name)).toEqual(NAMES);
      const view = liveView(fromReport(report), testSets, new Map());
      expect(view.students.map((x) => x.name)).toEqual(NAMES);
      const read = (csv: string) => (parseCsv(csv) as { rows: string[][] }).rows.map((r) => r.map(unguard));
      expect(read(labCsv(view, (l) => l, () => undefined)).slice(1, -1).map((r) => r[0])).toEqual(NAMES);
      expect(read(canvasCsv(view, (l) => l)).slice(2).map((r) => r[0])).toEqual(NAMES);
      if (c === listed) expect(read(moodleCsv(view, (l) => l, { match: 'id', unopened: 'zero' }).csv).slice(1).map((r) => r.slice(0, 2))).toEqual(NAMES.map((n) => [n, '']));
    }
  });
});
