// @vitest-environment node
// A roster class under load and misuse (issue 55): 2,000 rows in one request, a code tried after
// the due date (refused, and not spent), and a flood of wrong codes (its own budget, per address
// and class, so the address's other joins go on).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../src/wasm/loader';
import type { Board, Report, RosterAdded } from '../src/classroom/api';
import { changeTexts } from './db';
import { createClass } from './store';
import { backends, joinAs, makeClass, serverKit } from './testing';

beforeAll(() => loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm'))));

const LESSON = 'cancelling-timers';

describe('a change with many ids', () => {
  it('goes out in notes PostgreSQL takes (under 8,000 bytes), every id once, in order', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `id${String(i).padStart(20, '0')}`);
    const texts = changeTexts({ kind: 'joined', classId: 'c1', ids });
    expect(texts.length).toBeGreaterThan(1);
    for (const t of texts) expect(Buffer.byteLength(t)).toBeLessThan(8000);
    expect(texts.flatMap((t) => t.split(':')[2].split(','))).toEqual(ids);
    expect(changeTexts({ kind: 'class', classId: 'c1' })).toEqual(['c:c1']);
  });
});

describe.each(backends())('a roster on the $name database', (backend) => {
  const kit = serverKit(backend);
  beforeAll(kit.setup, 300_000);
  afterAll(kit.teardown);
  afterEach(kit.after);

  it('takes 2,000 rows in one request, and every instance hears of them', async () => {
    const s = await kit.server();
    // Another instance, started before the roster exists, that may look up no id it was not told of.
    const other = await kit.server({ limits: { unknownKeys: 0 } });
    const c = await makeClass(s, { policy: 'assessment', lessons: [LESSON], roster: true });
    const students = Array.from({ length: 2000 }, (_, i) => ({ name: `Student ${i}`, id: `S-${String(i).padStart(4, '0')}`, email: `s${i}@school.example` }));
    const added = await s.call<RosterAdded>('POST', `classes/${c.id}/roster`, { students }, c.teacherToken);
    expect(added.status, added.raw).toBe(201);
    expect(added.body.codes).toHaveLength(2000);
    const report = await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken);
    expect(report.body.students).toHaveLength(2000);
    // The last row joins with its code; the other instance heard of the row (in the last of the
    // roster's notes), so its key is let in there.
    const last = added.body.codes[1999];
    expect(last.name).toBe('Student 1999');
    const key = await joinAs(s, c.id, { code: last.code });
    await expect.poll(async () => (await other.call('GET', `work/${LESSON}`, undefined, key)).status).toBe(200);
  });

  it('refuses a code after the due date without spending it, so it works once the class reopens', async () => {
    const s = await kit.server();
    const { cls, teacherToken } = await createClass(s.db, {
      name: 'Closed', lessons: [LESSON], seedPerStudent: false, policy: 'practice', dueAt: new Date(Date.now() - 60_000), maxAttempts: null, penalty: 0, roster: true,
    });
    const added = await s.call<RosterAdded>('POST', `classes/${cls.id}/roster`, { students: [{ name: 'Ana' }, { name: 'Ben' }] }, teacherToken);
    const [ana, ben] = added.body.codes;
    const late = await s.call('POST', `classes/${cls.id}/students`, { code: ana.code });
    expect([late.status, late.body.error]).toEqual([403, 'This class is past its due date: your code is kept, and works if your teacher reopens the class or gives you more time.']);
    // The row still waits for its code, and has not joined.
    const row = (await s.call<Report>('GET', `classes/${cls.id}/report`, undefined, teacherToken)).body.students.find((x) => x.id === ana.student)!;
    expect([row.joinedAt, row.codeWaiting]).toEqual([null, true]);
    // Ben gets more time of his own: his code opens the class for him, not for Ana.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await s.call('PATCH', `classes/${cls.id}/students/${ben.student}`, { dueAt: later }, teacherToken)).status).toBe(200);
    await joinAs(s, cls.id, { code: ben.code });
    expect((await s.call('POST', `classes/${cls.id}/students`, { code: ana.code })).status).toBe(403);
    // The teacher reopens the class: Ana's code, tried before, still works.
    expect((await s.call('PATCH', `classes/${cls.id}`, { dueAt: later }, teacherToken)).status).toBe(200);
    await joinAs(s, cls.id, { code: ana.code });
  });

  it('puts on the projector only the students who joined, not the roster’s other names', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'practice', lessons: [LESSON], roster: true });
    const { codes } = (await s.call<RosterAdded>('POST', `classes/${c.id}/roster`, { students: [{ name: 'Here Now' }, { name: 'Not Yet' }] }, c.teacherToken)).body;
    await joinAs(s, c.id, { code: codes[0].code });
    const board = await s.call<Board>('GET', `classes/${c.id}/board`, undefined, c.teacherToken);
    expect(board.body.rows.map((r) => r.name)).toEqual(['Here Now']);
    expect(board.raw).not.toContain('Not Yet');
  });

  it('reads a code however it was typed, and says in words what is not a code', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'practice', lessons: [LESSON], roster: true });
    const names = ['En', 'Em', 'Nbsp', 'Wide', 'Under', 'Dot'];
    const { codes } = (await s.call<RosterAdded>('POST', `classes/${c.id}/roster`, { students: names.map((name) => ({ name })) }, c.teacherToken)).body;
    const a = (code: string) => code.slice(0, 5);
    const b = (code: string) => code.slice(6);
    const typed = [
      (x: string) => `${a(x)}\u2013${b(x)}`, // en dash
      (x: string) => `${a(x)}\u2014${b(x)}`, // em dash
      (x: string) => `${a(x)}\u00a0${b(x)}`, // non-breaking space
      (x: string) => [...`${a(x)}-${b(x)}`].map((ch) => String.fromCodePoint(ch.codePointAt(0)! + 0xfee0)).join(''), // full-width
      (x: string) => `${a(x)}_${b(x)}`.toLowerCase(),
      (x: string) => `${a(x)}.${b(x)}`,
    ];
    for (const [i, code] of codes.entries()) await joinAs(s, c.id, { code: typed[i](code.code) });
    for (const code of ['not a code!', 'ABCDE-2345', '\u200b']) {
      const r = await s.call('POST', `classes/${c.id}/students`, { code });
      expect([r.status, r.body.error], code).toEqual([400, expect.stringMatching(/^(That is not a join code: a code is ten letters and digits|The request is not valid)/)]);
    }
  });

  it('gives wrong codes a budget of their own: a flood shuts only that class’s code joins from that address', async () => {
    // 14 joins a minute per address and kind: the 15 joins below would run past it were they counted together.
    const s = await kit.server({ limits: { wrongCodes: 5, join: 14 } });
    const target = await makeClass(s, { policy: 'assessment', lessons: [LESSON], roster: true });
    const other = await makeClass(s, { policy: 'assessment', lessons: [LESSON], roster: true });
    const open = await makeClass(s, { policy: 'practice', lessons: [LESSON] });
    const [mine] = (await s.call<RosterAdded>('POST', `classes/${target.id}/roster`, { students: [{ name: 'Cy' }] }, target.teacherToken)).body.codes;
    const [theirs] = (await s.call<RosterAdded>('POST', `classes/${other.id}/roster`, { students: [{ name: 'Di' }] }, other.teacherToken)).body.codes;
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await s.call('POST', `classes/${target.id}/students`, { code: `AAAAA-AAAA${'ABCDEFGHJKLM'[i]}` })).status);
    // Five wrong codes are told so; then the class's code joins from this address wait a minute.
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429, 429, 429, 429, 429, 429]);
    const refused = await s.call('POST', `classes/${target.id}/students`, { code: mine.code });
    expect([refused.status, refused.body.error]).toEqual([429, expect.stringContaining('5 wrong codes for this class came from this address')]);
    // The same address still joins another roster class with its code, and a class by name.
    await joinAs(s, other.id, { code: theirs.code });
    await joinAs(s, open.id, { name: 'Eve' });
  });
});
