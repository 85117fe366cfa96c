// @vitest-environment node
// The class server against clumsy and hostile input (issue 46): each test fails without its fix.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../src/wasm/loader';
import { generate, lessonsWithExercises } from '../src/exercises/exercises';
import { setCache } from '../src/classroom/regrade';
import type { ActionResult, Created, Joined, LessonWork } from '../src/classroom/api';
import { buildApp, type AppOptions } from './app';
import { openDb, type Db } from './db';
import { startServer, trustedProxies } from './main';
import { backends } from './testing';
import { createConnection } from 'node:net';

const LESSON = 'cancelling-timers';
let db: Db;
beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
  db = await openDb({}); // in memory
}, 300_000);
afterAll(() => db?.close());

async function server(o: Partial<AppOptions> = {}) {
  const app = await buildApp({ db, sets: setCache(generate), lessons: lessonsWithExercises(), logger: false, ...o });
  const call = async <T,>(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const r = await app.inject({ method, url: `/api/${url}`, headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, payload: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.statusCode, body: r.json() as T & { error?: string } };
  };
  return { app, call };
}
const classBody = { name: 'Class 9', lessons: [LESSON], seedPerStudent: false, policy: 'practice', seed: 'c9' };

describe('failures', () => {
  it('are logged, without the key that made the request', async () => {
    const lines: string[] = [];
    // The disk fills once the server is up (it reads which ids exist when it starts).
    let full = false;
    const broken = { ...db, knex: new Proxy(db.knex, { apply: (k, self, args) => {
      if (full) throw new Error('disk full');
      return Reflect.apply(k, self, args);
    } }) } as unknown as Db;
    const { call } = await server({ db: broken, logger: { stream: { write: (l: string) => lines.push(l) } as unknown as NodeJS.WritableStream } });
    full = true;
    const key = `student1.${'s'.repeat(43)}`;
    const r = await call('GET', `work/${LESSON}`, undefined, { authorization: `Bearer ${key}` });
    expect([r.status, r.body.error]).toEqual([500, 'The class server failed on this request; nothing was stored. Try again.']);
    expect(lines.join('')).toContain('disk full');
    expect(lines.join('')).not.toContain('s'.repeat(43));
  });
});

describe('what a student stores', () => {
  async function joined(policy: 'practice' | 'assessment') {
    const { call } = await server();
    const { id } = (await call<Created>('POST', 'classes', { ...classBody, policy })).body;
    const auth = { authorization: `Bearer ${(await call<Joined>('POST', `classes/${id}/students`, { name: 'Ann' })).body.token}` };
    const work = (await call<LessonWork>('GET', `work/${LESSON}`, undefined, auth)).body;
    let n = 0;
    const send = (exercise: string, action: string, answer?: unknown) => call<ActionResult>('POST', 'work',
      { requestId: `request-${++n}`, lesson: LESSON, exercise, action, ...(answer !== undefined ? { answer } : {}) }, auth);
    return { work, send };
  }

  it('keeps the first hint and the first replay of a question, and at most 30 answers (item 5)', async () => {
    const { work, send } = await joined('practice');
    const numeric = work.questions.find((q) => q.kind !== 'trace' && !q.choices)!;
    for (const action of ['hint', 'replay']) {
      expect((await send(numeric.id, action)).body.stored, action).toBe(true);
      expect((await send(numeric.id, action)).body, action).toEqual(expect.objectContaining({ stored: false }));
    }
    // Distinct wrong answers (no lesson's count runs to a million): each one new, so none is a repeat.
    for (let i = 0; i < 30; i++) expect((await send(numeric.id, 'answer', 1_000_000 + i)).body.stored).toBe(true);
    const over = await send(numeric.id, 'answer', 2_000_000);
    expect([over.status, over.body.error]).toEqual([403, expect.stringContaining('30 answers to this question are stored already')]);
  });

  it('refuses a trace of more than twice its cells, and any replay in an assessment (item 5)', async () => {
    const { work, send } = await joined('assessment');
    const trace = work.questions.find((q) => q.kind === 'trace')!;
    const n = trace.cells!.labels.length;
    const long = await send(trace.id, 'answer', Array.from({ length: 2 * n + 1 }, (_, i) => i % n));
    expect([long.status, long.body.error]).toEqual([400, `The answer is not valid: a trace answer here has at most ${2 * n} clicks (this one has ${2 * n + 1}).`]);
    const replay = await send(trace.id, 'replay');
    expect([replay.status, replay.body.error]).toEqual([403, expect.stringContaining('offers no replays')]);
  });
});

describe('due dates', () => {
  it('refuses a leap second, the year 0000 and a date in the past with a sentence, not a 500', async () => {
    const { call } = await server();
    for (const [dueAt, says] of [
      ['2030-06-30T23:59:60Z', 'is not a date and time this server can keep'],
      ['0000-01-01T00:00:00Z', 'is not a date and time this server can keep'],
      ['2021-01-01T00:00:00Z', 'is in the past: the class would be closed from the start'],
      ['2999-01-01T00:00:00Z', 'is more than ten years away'],
    ]) {
      const r = await call('POST', 'classes', { ...classBody, dueAt });
      expect([r.status, r.body.error], dueAt).toEqual([400, expect.stringContaining(says)]);
    }
    expect((await call('POST', 'classes', { ...classBody, dueAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(201);
  });

  it('are read by one function on every route that takes one: the class’s and a student’s edits too', async () => {
    const { call } = await server();
    const { id, teacherToken } = (await call<Created>('POST', 'classes', classBody)).body;
    const auth = { authorization: `Bearer ${teacherToken}` };
    const student = (await call<Joined>('POST', `classes/${id}/students`, { name: 'Lee' })).body.token.split('.')[0];
    for (const path of [`classes/${id}`, `classes/${id}/students/${student}`]) {
      for (const [dueAt, says] of [
        ['2030-06-30T23:59:60Z', 'is not a date and time this server can keep'],
        ['0000-01-01T00:00:00Z', 'is not a date and time this server can keep'],
        ['1969-12-31T23:59:59Z', 'is not a date and time this server can keep'],
        ['9999-01-01T00:00:00Z', 'is more than ten years away'],
      ]) {
        const r = await call('PATCH', path, { dueAt }, auth);
        expect([r.status, r.body.error], `${path} ${dueAt}`).toEqual([400, expect.stringContaining(says)]);
      }
      // An edit may close the class now (a date in the past), or move it on.
      expect((await call('PATCH', path, { dueAt: '2021-01-01T00:00:00Z' }, auth)).status).toBe(200);
      expect((await call('PATCH', path, { dueAt: new Date(Date.now() + 86_400_000).toISOString() }, auth)).status).toBe(200);
    }
  });
});

describe('names', () => {
  it('takes “José” typed two ways as one student, and refuses invisible and look-alike names, saying why', async () => {
    const { call } = await server();
    const { id } = (await call<Created>('POST', 'classes', classBody)).body;
    expect((await call<Joined>('POST', `classes/${id}/students`, { name: 'José' })).status).toBe(201);
    expect((await call('POST', `classes/${id}/students`, { name: 'Jose\u0301' })).status).toBe(409);
    const invisible = await call('POST', `classes/${id}/students`, { name: '\u200b\u200b' });
    expect([invisible.status, invisible.body.error]).toEqual([400, expect.stringContaining('invisible character (U+200B)')]);
    const cyrillic = await call('POST', `classes/${id}/students`, { name: '\u0410lice' });
    expect([cyrillic.status, cyrillic.body.error]).toEqual([400, expect.stringContaining('mixes Latin and Cyrillic letters')]);
  });

  it('says in words that a mangled link is damaged', async () => {
    const { call } = await server();
    const r = await call('POST', 'classes/abc%20def!/students', { name: 'Ann' });
    expect([r.status, r.body.error]).toEqual([400, 'This link is damaged (its class or lesson name is not one this server makes): open the link you were given again, whole.']);
  });
});

describe('behind proxies', () => {
  it('believes only the hops it was told of: forged X-Forwarded-For entries do not make new clients', async () => {
    const { call } = await server({ trustProxy: trustedProxies('1'), limits: { create: 2 } });
    // The proxy appends the address it saw (203.0.113.9); what the client wrote before it is its own claim.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('POST', 'classes', classBody, { 'x-forwarded-for': `10.0.0.${i}, 198.51.100.${i}, 203.0.113.9` })).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
    // Another client behind the same proxy is another address.
    expect((await call('POST', 'classes', classBody, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(201);
  });

  it('refuses to trust every proxy, and takes a count or addresses', () => {
    expect(trustedProxies('2')).toBe(2);
    expect(trustedProxies('10.0.0.5, 10.1.0.0/16')).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => trustedProxies('true')).toThrow(/trusting every X-Forwarded-For would let any client name any address/);
  });
});

describe('live views', () => {
  it('are capped per class and per server', async () => {
    const { app, call } = await server({ liveViews: { perClass: 2, total: 3 } });
    const a = (await call<Created>('POST', 'classes', classBody)).body;
    const b = (await call<Created>('POST', 'classes', classBody)).body;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const open = (c: Created) => fetch(`http://127.0.0.1:${port}/api/classes/${c.id}/events`, { headers: { authorization: `Bearer ${c.teacherToken}` } });
    const held = [await open(a), await open(a)];
    const third = await open(a);
    expect([third.status, (await third.json()).error]).toEqual([429, 'This class already has 2 live views open: close one (another tab or device) and try again.']);
    held.push(await open(b));
    const fourth = await open(b);
    expect(fourth.status).toBe(503);
    for (const r of held) await r.body!.cancel();
    await app.close();
  });

  it('are capped per address, so one client cannot take every slot; a HEAD holds none', async () => {
    const { app, call } = await server({ trustProxy: 1, liveViews: { perClass: 5, perAddress: 2, total: 10 } });
    const classes = [];
    for (let i = 0; i < 3; i++) classes.push((await call<Created>('POST', 'classes', classBody, { 'x-forwarded-for': `198.51.100.${i}` })).body);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const open = (c: Created, from: string, method = 'GET') => fetch(`http://127.0.0.1:${port}/api/classes/${c.id}/events`,
      { method, headers: { authorization: `Bearer ${c.teacherToken}`, 'x-forwarded-for': from } });
    // HEADs first: had they held slots, the GETs after them would be refused.
    for (let i = 0; i < 3; i++) expect((await open(classes[0], '203.0.113.1', 'HEAD')).status).toBe(200);
    const held = [await open(classes[0], '203.0.113.1'), await open(classes[1], '203.0.113.1')];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    const third = await open(classes[2], '203.0.113.1');
    expect([third.status, (await third.json()).error])
      .toEqual([429, 'This address already has 2 live views open on this server: close some (other tabs or devices) and try again.']);
    // Another teacher, from another address, still gets one.
    const other = await open(classes[2], '203.0.113.2');
    expect(other.status).toBe(200);
    for (const r of [...held, other]) await r.body!.cancel();
    await app.close();
  });
});

describe('the data folder', () => {
  it('is never a folder of someone else’s files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotpath-mine-'));
    writeFileSync(join(dir, 'thesis.tex'), '\\\\documentclass{article}');
    await expect(startServer({ wasm: join(dir, 'missing.wasm'), data: dir, port: 0 }))
      .rejects.toThrow(`The folder ${dir} has other files in it (“thesis.tex”) and is not a class database`);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('stopping', () => {
  it('cuts a request left half-sent after a grace period, keeping what was acknowledged', async () => {
    const [embedded] = backends();
    const where = await embedded.fresh();
    const wasm = join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm');
    const s = await startServer({ wasm, data: where.dir, port: 0 });
    try {
      const api = `${s.url}api/`;
      const post = (path: string, body: unknown, token?: string) => fetch(`${api}${path}`, {
        method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      const cls = await (await post('classes', classBody)).json() as Created;
      const { token } = await (await post(`classes/${cls.id}/students`, { name: 'Kim' })).json() as Joined;
      const [q] = generate(LESSON, 'c9')!;
      const answered = await post('work', { requestId: 'request-kept-1', lesson: LESSON, exercise: q.id, action: 'hint' }, token);
      expect(answered.status).toBe(200);
      // A client sends the head of an answer and half its body, then waits.
      const { port } = new URL(s.url);
      const half = createConnection(Number(port), '127.0.0.1');
      await new Promise((r) => half.once('connect', r));
      half.write(`POST /api/work HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nauthorization: Bearer ${token}\r\ncontent-length: 400\r\n\r\n{"requestId":"re`);
      const cut = new Promise((r) => half.once('close', r));
      // The server is reading it (the connection is active, not idle) when the stop comes.
      await new Promise((r) => setTimeout(r, 100));
      await s.close(200);
      await cut;
    } finally {
      await s.close(0).catch(() => {});
    }
    // The acknowledged hint is there after the stop.
    const db = await openDb({ dir: where.dir });
    expect(await db.knex('actions').where({ request_id: 'request-kept-1' }).count({ n: '*' })).toEqual([{ n: 1 }]);
    await db.close();
    await where.drop();
  });
});
