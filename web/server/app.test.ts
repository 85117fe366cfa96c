// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWasm } from '../src/wasm/loader';
import { generate, type Instance } from '../src/exercises/exercises';
import { setCache } from '../src/classroom/regrade';
import { wrongAnswer } from '../src/exercises/testing';
import type { ActionResult, Created, Joined, LessonWork, Report } from '../src/classroom/api';
import { buildApp } from './app';
import { appliedMigrations, openDb, rollbackAll, type Db } from './db';
import { tokenHash, tokenMatches } from './tokens';
import { answerCount, createClass } from './store';
import { standing } from '../src/exercises/progress';
import { backends, serverKit } from './testing';
import { startPostgres } from './postgres.mjs';
import pg from 'pg';

beforeAll(() => loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm'))));

const LESSON = 'cancelling-timers';
const sets = setCache(generate);

describe('tokens', () => {
  it('match only their own hash, compared whole', () => {
    const h = tokenHash('secret-token-1');
    expect(tokenMatches('secret-token-1', h)).toBe(true);
    expect(tokenMatches('secret-token-2', h)).toBe(false);
    expect(tokenMatches('secret-token-1', h.slice(0, 10))).toBe(false);
    expect(tokenMatches('', h)).toBe(false);
  });
});

describe.each(backends())('the class server on the $name database', (backend) => {
  const kit = serverKit(backend);
  // One database for the tests that each make their own class; its own for those that close it.
  beforeAll(kit.setup, 300_000); // a first embedded database runs PostgreSQL's initdb in wasm: a minute on a loaded machine
  afterAll(kit.teardown);
  afterEach(kit.after);
  const server = kit.server;

  async function classWith(s: Awaited<ReturnType<typeof server>>, policy: 'practice' | 'assessment', extra: object = {}) {
    const c = await s.call<Created>('POST', 'classes', { name: 'Class 7', lessons: [LESSON, 'recycler'], seedPerStudent: false, policy, seed: 'class7', ...extra });
    expect(c.status, c.raw).toBe(201);
    return c.body;
  }
  const join = async (s: Awaited<ReturnType<typeof server>>, id: string, name: string) => {
    const j = await s.call<Joined>('POST', `classes/${id}/students`, { name });
    expect(j.status, j.raw).toBe(201);
    return j.body.token;
  };
  let n = 0;
  const act = (s: Awaited<ReturnType<typeof server>>, token: string, exercise: string, action: string, answer?: unknown, requestId = `req-${++n}-xxxxxxxx`) =>
    s.call<ActionResult>('POST', 'work', { requestId, lesson: LESSON, exercise, action, ...(answer !== undefined ? { answer } : {}) }, token);
  const key = (i: Instance) => (Array.isArray(i.expected) || typeof i.expected === 'string' ? i.expected : String(i.expected));
  /** A student's work on a lesson as the teacher's report holds it: their actions, and each exercise's standing. */
  const workOf = (r: Report, name: string, lesson = LESSON) => {
    const s = r.students.find((x) => x.name === name)!;
    const log = r.actions.filter((a) => a.student === s.id && a.lesson === lesson);
    const p = { lesson, seed: s.seed, student: s.name, log };
    return { log, exercises: generate(lesson, s.seed)!.map((i) => ({ id: i.id, ...standing(p, i.id, r.cls.policy) })) };
  };
  const wrong = (i: Instance) => { const w = wrongAnswer(i); return typeof w === 'number' ? String(w) : w; };

  it('runs its versioned migrations on open, once, and each has a way back', async () => {
    const s = await server({}, 'own');
    const all = ['001_classes_students_actions', '002_rules_roster_extensions', '003_projector_key', '004_quiz_answers'];
    expect(await appliedMigrations(s.db)).toEqual(all);
    await s.close();
    const again = await openDb(s.where!);
    expect(await appliedMigrations(again)).toEqual(all);
    await rollbackAll(again);
    expect(await again.knex.schema.hasTable('actions')).toBe(false);
    await again.close();
    const third = await openDb(s.where!);
    expect(await third.knex.schema.hasTable('actions')).toBe(true);
    await third.close();
  });

  it('grades practice answers with the real structures: a hint after a wrong answer, the answer after a second', async () => {
    const s = await server();
    const { id, teacherToken } = await classWith(s, 'practice');
    const token = await join(s, id, 'Ada');
    const work = await s.call<LessonWork>('GET', `work/${LESSON}`, undefined, token);
    expect(work.status).toBe(200);
    const real = generate(LESSON, 'class7')!;
    expect(work.body.questions.map((q) => q.id)).toEqual(real.map((i) => i.id));
    expect(work.body.questions[0].hint).toBe(real[0].hint);
    expect(work.raw).not.toContain('class7'); // the seed stays on the server
    const [first] = real;
    const r1 = await act(s, token, first.id, 'answer', wrong(first));
    expect(r1.body.card).toMatchObject({ attempts: 1, solved: false, last: { correct: false } });
    expect(r1.body.card.open).toBeUndefined();
    const r2 = await act(s, token, first.id, 'answer', typeof first.expected === 'number' ? String(first.expected + 2) : wrong(first) + '0');
    expect(r2.body.card.open).toEqual({ expected: first.expected, explanation: first.explanation });
    const r3 = await act(s, token, first.id, 'answer', key(first));
    expect(r3.body.card).toMatchObject({ attempts: 3, solved: true, firstTry: false, shown: true });
    // The teacher's report holds it as the lesson page's export would.
    const report = await s.call<Report>('GET', `classes/${id}/report`, undefined, teacherToken);
    expect(report.status).toBe(200);
    const ada = workOf(report.body, 'Ada');
    expect(ada.exercises[0]).toMatchObject({ id: first.id, attempts: 3, solved: true });
    expect(report.body.actions.at(-1)).toMatchObject({ student: report.body.students[0].id, lesson: LESSON, exercise: first.id, action: 'answer' });
  });

  it('in an assessment says only right or wrong: no hint, no answer, no explanation, no replay ever leaves it', async () => {
    const s = await server();
    const { id } = await classWith(s, 'assessment');
    const token = await join(s, id, 'Bo');
    const work = await s.call<LessonWork>('GET', `work/${LESSON}`, undefined, token);
    const real = generate(LESSON, 'class7')!;
    for (const q of work.body.questions) expect(Object.keys(q)).not.toContain('hint');
    const texts = [work.raw];
    for (const inst of real) {
      texts.push((await act(s, token, inst.id, 'answer', wrong(inst))).raw);
      const w2 = await act(s, token, inst.id, 'answer', inst.kind === 'trace' ? [...(inst.expected as number[])].concat([0]).slice(1) : inst.choices ? inst.choices.find((c) => c !== inst.expected && c !== wrong(inst)) ?? wrong(inst) : '999999');
      texts.push(w2.raw);
      expect(w2.body.card.open).toBeUndefined();
      expect(w2.body.card.replay).toBeUndefined();
    }
    for (const inst of real) for (const t of texts) expect(t).not.toContain(inst.explanation);
    expect((await act(s, token, real[0].id, 'hint')).status).toBe(403);
    expect((await act(s, token, real[0].id, 'reveal')).status).toBe(403);
    const right = await act(s, token, real[1].id, 'answer', key(real[1]));
    expect(right.body.card).toMatchObject({ solved: true, last: { correct: true } });
    expect(right.body.card.open).toBeUndefined();
  });

  it('refuses a forged answer and anything not in its schema, each with a reason', async () => {
    const s = await server();
    const { id } = await classWith(s, 'practice');
    const token = await join(s, id, 'Cy');
    const [first] = generate(LESSON, 'class7')!;
    // Claiming to be right is not a field of the API: the server grades.
    const forged = await s.call('POST', 'work', { requestId: 'forged-000001', lesson: LESSON, exercise: first.id, action: 'answer', answer: wrong(first), correct: true }, token);
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/must NOT have additional properties/);
    const w = await act(s, token, first.id, 'answer', wrong(first));
    expect(w.body.card).toMatchObject({ solved: false, last: { correct: false } });
    expect((await act(s, token, first.id, 'answer', 'forty two')).body.error).toBe('The answer is not valid: the answer must be a whole number, like 42.');
    expect((await act(s, token, 'constructor', 'answer', '1')).status).toBe(404);
    expect((await s.call('POST', 'work', { requestId: 'x-000000001', lesson: 'no-such', exercise: first.id, action: 'answer', answer: '1' }, token)).status).toBe(404);
    expect((await s.call('POST', `classes/${id}/students`, { name: 'Eve\u0000<script>' })).status).toBe(400);
    expect((await s.call('POST', `classes/${id}/students`, { name: '   ' })).status).toBe(400);
    expect((await s.call('POST', 'classes', { name: 'x', lessons: ['no-such-lesson'], seedPerStudent: false, policy: 'practice' })).body.error).toBe('No lesson “no-such-lesson” with exercises on this server.');
    expect((await s.call('POST', 'classes', { name: 'x', lessons: [LESSON], seedPerStudent: false, policy: 'exam' })).status).toBe(400);
    const big = await s.call('POST', `classes/${id}/students`, JSON.stringify({ name: 'x'.repeat(20_000) }));
    expect([big.status, big.body.error]).toEqual([413, 'The request is larger than 16 KB.']);
    expect((await s.call('POST', `classes/${id}/students`, '{"name":')).status).toBe(400);
    // A name is data: stored and returned as typed, never as markup.
    const j = await s.call<Joined>('POST', `classes/${id}/students`, { name: '<img src=x onerror=alert(1)>' });
    expect([j.status, j.body.name, j.headers['content-type']]).toEqual([201, '<img src=x onerror=alert(1)>', 'application/json; charset=utf-8']);
  });

  it('keeps tokens secret: only hashes stored, the wrong key refused, a student key no teacher key', async () => {
    const s = await server();
    const { id, teacherToken } = await classWith(s, 'practice');
    const token = await join(s, id, 'Dee');
    const dump = JSON.stringify([await s.db.knex('classes').select(), await s.db.knex('students').select()]);
    expect(dump).not.toContain(teacherToken);
    expect(dump).not.toContain(token.split('.')[1]);
    expect((await s.call('GET', `classes/${id}/report`)).status).toBe(403);
    expect((await s.call('GET', `classes/${id}/report`, undefined, `${teacherToken.slice(0, -2)}xx`)).status).toBe(403);
    expect((await s.call('GET', `classes/${id}/report`, undefined, token)).status).toBe(403);
    expect((await s.call('GET', `work/${LESSON}`)).status).toBe(401);
    expect((await s.call('GET', `work/${LESSON}`, undefined, `${token.split('.')[0]}.${teacherToken}`)).status).toBe(401);
    // Another class's teacher key does not open this one.
    const other = await classWith(s, 'practice');
    expect((await s.call('GET', `classes/${id}/report`, undefined, other.teacherToken)).status).toBe(403);
    expect((await s.call('POST', `classes/${id}/students`, { name: '  dee ' })).status).toBe(409);
  });

  it('never counts twice: a retried request, a second tab, the same answer again, an answer after solving', async () => {
    const s = await server();
    const { id, teacherToken } = await classWith(s, 'practice');
    const token = await join(s, id, 'Eve');
    const [a, b] = generate(LESSON, 'class7')!;
    const once = await act(s, token, a.id, 'answer', wrong(a), 'same-request-1');
    const retry = await act(s, token, a.id, 'answer', wrong(a), 'same-request-1');
    expect([once.body.stored, retry.body.stored, retry.body.card.attempts]).toEqual([true, false, 1]);
    expect((await act(s, token, a.id, 'answer', wrong(a))).body).toMatchObject({ stored: false, card: { attempts: 1 } });
    // Two tabs send the right answer at once: one attempt, solved once.
    const tabs = await Promise.all([act(s, token, b.id, 'answer', key(b)), act(s, token, b.id, 'answer', key(b)), act(s, token, b.id, 'answer', key(b))]);
    expect(tabs.filter((t) => t.body.stored)).toHaveLength(1);
    expect(tabs.map((t) => t.body.card.attempts)).toEqual([1, 1, 1]);
    expect((await act(s, token, b.id, 'answer', wrong(b))).body).toMatchObject({ stored: false, card: { solved: true, firstTry: true, attempts: 1 } });
    expect(await answerCount(s.db, id)).toBe(2);
    const report = await s.call<Report>('GET', `classes/${id}/report`, undefined, teacherToken);
    expect(workOf(report.body, 'Eve').log.filter((e) => e.action === 'answer')).toHaveLength(2);
  });

  it('limits each client’s requests per minute', async () => {
    const s = await server({ limits: { answer: 3 } });
    const { id } = await classWith(s, 'practice');
    const ada = await join(s, id, 'Ada');
    const bo = await join(s, id, 'Bo');
    const [a] = generate(LESSON, 'class7')!;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await act(s, ada, a.id, 'hint')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await act(s, ada, a.id, 'hint')).body.error).toBe('Too many requests from this client: wait a minute and try again.');
    expect((await act(s, bo, a.id, 'hint')).status).toBe(200); // another student is another client
  });

  it('gives made-up keys no limits of their own, and never lets them lock out a key it knows', async () => {
    const s = await server({ limits: { create: 2, unknownKeys: 3 } });
    // Creating a class takes no key, so a key sent with it does not make a new client.
    const body = { name: 'Class 7', lessons: [LESSON], seed: 'class7', seedPerStudent: false, policy: 'practice' };
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await s.call<Created>('POST', 'classes', body, `forged${i}.${'x'.repeat(20)}`));
    expect(created.map((c) => c.status)).toEqual([201, 201, 429]);
    const { id, teacherToken } = created[0].body;
    const ada = await join(s, id, 'Ada');
    // Keys that open nothing are refused; past three unknown ids a minute, the address's unknown
    // ids are refused before any lookup …
    const refused = [];
    for (let i = 0; i < 5; i++) refused.push((await s.call('GET', `work/${LESSON}`, undefined, `made${i}.${'y'.repeat(40)}`)).status);
    expect(refused).toEqual([401, 401, 401, 429, 429]);
    expect((await s.call('GET', 'classes/noSuchClass/report', undefined, 'z'.repeat(40))).body.error)
      .toBe('Too many keys this server does not know came from this address: wait a minute and try again.');
    // … while the keys it knows, from the same address, still get in (and a known class's wrong key is refused as such).
    expect((await s.call('GET', `classes/${id}/report`, undefined, 'z'.repeat(40))).status).toBe(403);
    expect((await s.call('GET', `work/${LESSON}`, undefined, ada)).status).toBe(200);
    expect((await s.call('GET', `classes/${id}/report`, undefined, teacherToken)).status).toBe(200);
  });

  it('after rows are lost, keeps refusing their keys without locking out the class that shares their address', async () => {
    const first = await server({}, 'own');
    const { id, teacherToken } = await classWith(first, 'practice');
    const ada = await join(first, id, 'Ada');
    const lost = await Promise.all(['Lu', 'Mo', 'Ny'].map((name) => join(first, id, name)));
    await first.db.knex('students').whereIn('name', ['Lu', 'Mo', 'Ny']).delete();
    await first.close();
    // A new server knows no key yet. The three lost students' browsers retry again and again:
    // each dead key is looked up once and refused every time after, and the teacher and Ada,
    // behind the same address, still get in.
    const s = await server({ limits: { unknownKeys: 5 } }, first.where);
    for (let round = 0; round < 10; round++) {
      for (const token of lost) expect((await s.call('GET', `work/${LESSON}`, undefined, token)).status).toBe(401);
    }
    expect((await s.call('GET', `classes/${id}/report`, undefined, teacherToken)).status).toBe(200);
    expect((await s.call('GET', `work/${LESSON}`, undefined, ada)).status).toBe(200);
  });

  it('after a restart, lets in every key whose row exists, however many made-up keys its address sent first', async () => {
    const first = await server({}, 'own');
    const { id, teacherToken } = await classWith(first, 'practice');
    const returning = [];
    for (const name of ['Ann', 'Ben', 'Cy', 'Di', 'Ed']) returning.push(await join(first, id, name));
    await first.close();
    // A new server has kept no key yet. 305 made-up keys come from the school's address: past the
    // budget (300 a minute) they are refused without a lookup …
    const s = await server({}, first.where);
    const made = [];
    // The budget is per minute of the clock: held still, so that a minute turning over during the
    // 305 requests (they take seconds on a busy machine) does not give the address a fresh one.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (let i = 0; i < 305; i++) made.push((await s.call('GET', `work/${LESSON}`, undefined, `made${i}.${'y'.repeat(40)}`)).status);
    } finally {
      vi.useRealTimers();
    }
    expect(made.slice(0, 300).every((st) => st === 401)).toBe(true);
    expect(made.slice(300)).toEqual([429, 429, 429, 429, 429]);
    // … and the returning students and their teacher, from the same address, are let in: their rows exist.
    for (const token of returning) expect((await s.call('GET', `work/${LESSON}`, undefined, token)).status).toBe(200);
    expect((await s.call('GET', `classes/${id}/report`, undefined, teacherToken)).status).toBe(200);
    expect((await s.call('GET', `classes/${id}/board`, undefined, teacherToken)).status).toBe(200);
  });

  it('refuses answers after the due date, and answers to a lesson the class does not have', async () => {
    const s = await server();
    // A class is made with a due date in the future; this one's has passed.
    const { cls: past } = await createClass(s.db, { name: 'Class 6', lessons: [LESSON], seedPerStudent: false, policy: 'practice', dueAt: new Date('2020-01-01T00:00:00Z'), maxAttempts: null, penalty: 0, roster: false });
    expect((await s.call('POST', `classes/${past.id}/students`, { name: 'Late' })).status).toBe(403);
    const cls = await classWith(s, 'practice', { lessons: ['recycler'] });
    const token = await join(s, cls.id, 'Fay');
    expect((await s.call('GET', `work/${LESSON}`, undefined, token)).body.error).toBe('The class “Class 7” has no lesson “cancelling-timers”.');
  });

  it('keeps every answer across a restart, and tells the teacher page of each as it is stored', async () => {
    const s = await server({}, 'own');
    const { id, teacherToken } = await classWith(s, 'practice');
    const token = await join(s, id, 'Gus');
    const real = generate(LESSON, 'class7')!;
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.app.server.address() as { port: number };
    const ctl = new AbortController();
    const events = await fetch(`http://127.0.0.1:${address.port}/api/classes/${id}/events`, { headers: { authorization: `Bearer ${teacherToken}` }, signal: ctl.signal });
    expect(events.headers.get('content-type')).toBe('text/event-stream');
    const reader = events.body!.getReader();
    let seen = '';
    const heard = (async () => {
      while (!seen.includes('event: delta')) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += new TextDecoder().decode(value);
      }
    })();
    await act(s, token, real[0].id, 'answer', key(real[0]));
    await heard;
    expect(seen).toContain('event: delta');
    ctl.abort();
    await act(s, token, real[1].id, 'answer', wrong(real[1]));
    await s.close();
    {
      const again = await server({}, s.where!);
      const report = await again.call<Report>('GET', `classes/${id}/report`, undefined, teacherToken);
      expect(workOf(report.body, 'Gus').exercises.slice(0, 2)).toMatchObject([{ solved: true }, { attempts: 1, solved: false }]);
    }
  });
  it('ends the live feeds when it stops, so a stop never waits on an open teacher page', async () => {
    const s = await server({}, 'own');
    const { id, teacherToken } = await classWith(s, 'practice');
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const events = await fetch(`http://127.0.0.1:${port}/api/classes/${id}/events`, { headers: { authorization: `Bearer ${teacherToken}` } });
    const reader = events.body!.getReader();
    await reader.read(); // the stream is open
    await s.close(); // would wait for ever on the open stream
    const rest = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(r.value);
    expect(rest).toEqual([]);
  });

  it.runIf(backend.name === 'postgres')('notices a change feed gone silent: drops what it kept, pauses the live pages, and reconnects', async (ctx) => {
    // On a PostgreSQL of this test's own: the backend it stops would hold up every DROP DATABASE
    // on its server (PostgreSQL waits for each backend to absorb a barrier), and the other test
    // files, running beside this one, drop theirs on the shared server.
    const own = await startPostgres();
    if (!own.url) return ctx.skip(`no PostgreSQL of its own: ${own.why}`);
    kit.later(async () => own.stop());
    const lines: string[] = [];
    const fresh = { url: own.url };
    // Two instances on one database; the first's change feed is the one that goes silent.
    const db = await openDb({ ...fresh, log: (l) => lines.push(l), heartbeatMs: 200 });
    const s = await server({}, undefined, db);
    const other = await server({}, { url: fresh.url });
    const { id, teacherToken } = await classWith(s, 'practice');
    const token = await join(s, id, 'Ida');
    const real = generate(LESSON, 'class7')!;
    expect((await act(s, token, real[0].id, 'answer', wrong(real[0]))).status).toBe(200); // the key and the class are kept now
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const live = await fetch(`http://127.0.0.1:${port}/api/classes/${id}/events`, { headers: { authorization: `Bearer ${teacherToken}` } });
    const reader = live.body!.getReader();
    let seen = '';
    const ended = (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) seen += new TextDecoder().decode(r.value);
    })();
    // The LISTEN connection's backend stops: its socket stays open, and nothing is delivered.
    const admin = new pg.Client({ connectionString: own.url });
    await admin.connect();
    const name = new URL(fresh.url!).pathname.slice(1);
    const backends = async () => (await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'`, [name])).rows.map((r) => r.pid as number);
    await expect.poll(async () => (await backends()).length).toBe(2);
    const before = new Set(await backends());
    const silent = (await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%' ORDER BY backend_start LIMIT 1`, [name])).rows[0].pid as number;
    process.kill(silent, 'SIGSTOP');
    try {
      // The teacher, on the other instance, removes the student meanwhile: unheard here.
      expect((await other.call('DELETE', `classes/${id}/students/${token.split('.')[0]}`, undefined, teacherToken)).status).toBe(200);
      // Within a few heartbeats the instance notices; the live page is told it is paused, then ended.
      await ended;
      expect(seen).toContain('event: paused');
      expect(lines.join('\n')).toMatch(/lost its PostgreSQL change feed \(it delivered none of this instance's heartbeats for [\d.]+ s\); reconnecting/);
      // What it kept is not trusted: the removed student's key is refused at once.
      expect((await act(s, token, real[1].id, 'answer', key(real[1]))).status).toBe(401);
      // It reconnects on a new backend, and the live view is open again.
      await expect.poll(() => lines.at(-1), { timeout: 20_000 }).toMatch(/change feed is back/);
      expect((await backends()).some((pid) => !before.has(pid))).toBe(true);
      const again = await fetch(`http://127.0.0.1:${port}/api/classes/${id}/events`, { headers: { authorization: `Bearer ${teacherToken}` } });
      expect(again.status).toBe(200);
      await again.body!.cancel();
    } finally {
      process.kill(silent, 'SIGCONT');
      await admin.end();
    }
  }, 180_000);

  it.runIf(backend.name === 'postgres')('survives losing its database connections, keeps taking answers, and has the live page catch up', async () => {
    const lines: string[] = [];
    const fresh = await backend.fresh();
    kit.later(fresh.drop);
    const db = await openDb({ ...fresh, log: (l) => lines.push(l) });
    const s = await server({}, undefined, db);
    const { id, teacherToken } = await classWith(s, 'practice');
    const token = await join(s, id, 'Hal');
    const real = generate(LESSON, 'class7')!;
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const follow = () => fetch(`http://127.0.0.1:${port}/api/classes/${id}/events`, { headers: { authorization: `Bearer ${teacherToken}` } });
    const first = await follow();
    const reader = first.body!.getReader();
    await reader.read();
    // What a restart or a failover does to the server's connections: every one of this
    // database's backends is terminated, and for a while no new connection is let in. (The whole
    // server is not restarted: the other test files share it.)
    const name = new URL(fresh.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.HOTPATH_TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    // The open live stream is ended (the page shows it is reconnecting), and a new one is told to wait.
    while (!(await reader.read()).done);
    await expect.poll(async () => (await follow()).status).toBe(503);
    expect(lines.join('\n')).toMatch(/lost its PostgreSQL change feed \(terminating connection due to administrator command\); reconnecting/);
    // An answer while the database is away is told to come again (the same request id is safe to resend), not failed.
    const away = await act(s, token, real[0].id, 'answer', key(real[0]), 'req-while-away-1');
    expect([away.status, away.headers['retry-after'], away.body.error]).toEqual([503, '2', expect.stringContaining('cannot reach its database just now')]);
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    await admin.end();
    // Back: answers are taken, and the live feed reopens and hears them.
    expect((await act(s, token, real[0].id, 'answer', key(real[0]))).status).toBe(200);
    await expect.poll(() => lines.at(-1), { timeout: 20_000 }).toMatch(/change feed is back/);
    const again = await follow();
    expect(again.status).toBe(200);
    const heard = again.body!.getReader();
    let seen = '';
    const done = (async () => {
      while (!seen.includes('event: delta')) seen += new TextDecoder().decode((await heard.read()).value);
    })();
    expect((await act(s, token, real[1].id, 'answer', wrong(real[1]))).status).toBe(200);
    await done;
    const report = await s.call<Report>('GET', `classes/${id}/report`, undefined, teacherToken);
    expect(workOf(report.body, 'Hal').log.filter((e) => e.action === 'answer')).toHaveLength(2);
    await heard.cancel();
  });
});

describe('the class server’s pages', () => {
  it('carry the site’s headers: isolation everywhere, framing by other sites only for the embed routes; API answers are not cached', async () => {
    const site = mkdtempSync(join(tmpdir(), 'hotpath-site-'));
    for (const dir of ['', 'teacher', 'embed/heap']) {
      mkdirSync(join(site, dir), { recursive: true });
      writeFileSync(join(site, dir, 'index.html'), '<!doctype html><title>x</title>');
    }
    writeFileSync(join(site, '404.html'), '<!doctype html><title>not found</title>');
    // A static build answers `api/status` with a file of its own; the server's route comes first.
    mkdirSync(join(site, 'api'));
    writeFileSync(join(site, 'api', 'status'), '{"server":"static"}');
    // The pages and the status route touch no database.
    const db = { kind: 'embedded', knex: () => ({ pluck: async () => [] }), onChange: () => () => undefined, feed: { up: () => true, onState: () => () => undefined }, close: async () => undefined } as unknown as Db;
    const app = await buildApp({ db, sets, lessons: [], siteDir: site, logger: false });
    try {
      const teacher = await app.inject({ url: '/teacher/' });
      expect([teacher.statusCode, teacher.headers['content-security-policy'], teacher.headers['x-frame-options'], teacher.headers['cross-origin-embedder-policy']])
        .toEqual([200, "frame-ancestors 'self'", 'SAMEORIGIN', 'require-corp']);
      const embed = await app.inject({ url: '/embed/heap/' });
      expect([embed.statusCode, embed.headers['content-security-policy'], embed.headers['x-frame-options'], embed.headers['cross-origin-opener-policy']]).toEqual([200, undefined, undefined, 'same-origin']);
      const missing = await app.inject({ url: '/no/such/page' });
      expect([missing.statusCode, missing.headers['x-frame-options']]).toEqual([404, 'SAMEORIGIN']);
      expect((await app.inject({ url: '/teacher' })).statusCode).toBe(301);
      const status = await app.inject({ url: '/api/status' });
      expect([status.json(), status.headers['cache-control']]).toEqual([{ server: 'hotpath-class', version: 2, database: 'embedded' }, 'no-store']);
      expect((await app.inject({ url: '/api/nothing' })).json()).toEqual({ error: 'No such API route.' });
    } finally {
      await app.close();
      rmSync(site, { recursive: true, force: true });
    }
  });
});

describe('the class server on no database it can use', () => {
  it('says what is wrong with a DATABASE_URL that is not PostgreSQL', async () => {
    await expect(openDb({ url: 'mysql://x' })).rejects.toThrow('DATABASE_URL must start with postgres:// (it starts “mysql://x”)');
  });
});

export type { Db };
