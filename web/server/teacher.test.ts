// @vitest-environment node
// The teacher's side of a class (issue 42): live updates that send what changed, not the whole
// class (item 7); a projector view and an answer key that give nothing away without the teacher
// key (item 5); editing a class and its students as an LMS allows, on every instance (item 9).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../src/wasm/loader';
import { generate } from '../src/exercises/exercises';
import { wrongAnswer } from '../src/exercises/testing';
import type { Board, Delta, Report } from '../src/classroom/api';
import { applyDelta, fromReport } from '../src/classroom/liveClass';
import { act, backends, joinAs, keyOf, makeClass, serverKit, type TestServer } from './testing';

beforeAll(() => loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm'))));

const LESSON = 'cancelling-timers';

/** A live feed followed over HTTP: its events as they come, with their size in bytes. */
async function follow(s: TestServer, classId: string, token: string, view = 'teacher') {
  if (!s.app.server.listening) await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as { port: number };
  const ctl = new AbortController();
  const r = await fetch(`http://127.0.0.1:${port}/api/classes/${classId}/events?view=${view}`, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
  const reader = r.body!.getReader();
  const events: { name: string; data: string; bytes: number }[] = [];
  let buffer = '';
  let opened = false;
  let ended = false;
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return void (ended = true);
        buffer += new TextDecoder().decode(value);
        opened = true;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push({ name, data: /^data: (.*)$/m.exec(block)![1], bytes: Buffer.byteLength(block) });
        }
      }
    } catch {
      // aborted
    }
  })();
  await expect.poll(() => opened).toBe(true);
  return { status: r.status, events, ended: () => ended, stop: async () => { ctl.abort(); await reading; } };
}

describe.each(backends())('the teacher’s side on the $name database', (backend) => {
  const kit = serverKit(backend);
  beforeAll(kit.setup, 300_000);
  afterAll(kit.teardown);
  afterEach(kit.after);

  it('sends each open teacher page what changed, a few hundred bytes, not the class of 150 again (item 7)', async () => {
    const s = await kit.server({ limits: { join: 10_000 } });
    const c = await makeClass(s, { policy: 'practice', seedPerStudent: false, lessons: [LESSON, 'recycler'] });
    const set = generate(LESSON, 'class7')!;
    const tokens: string[] = [];
    for (let i = 0; i < 150; i += 25) tokens.push(...await Promise.all(Array.from({ length: 25 }, (_, k) => joinAs(s, c.id, { name: `Student ${String(i + k + 1).padStart(3, '0')} 4782` }))));
    // Every student has answered every question of the lesson, some twice.
    for (const [q, inst] of set.entries()) {
      await Promise.all(tokens.map(async (t, k) => {
        if ((k + q) % 3 === 0) await act(s, t, LESSON, inst.id, 'answer', typeof inst.expected === 'number' ? String(inst.expected + 1) : wrongAnswer(inst));
        await act(s, t, LESSON, inst.id, 'answer', keyOf(inst));
      }));
    }
    const report = await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken);
    const feeds = [await follow(s, c.id, c.teacherToken), await follow(s, c.id, c.teacherToken)];
    const r = await act(s, tokens[7], 'recycler', generate('recycler', 'class7')![0].id, 'answer', keyOf(generate('recycler', 'class7')![0]));
    expect(r.body.stored).toBe(true);
    for (const f of feeds) await expect.poll(() => f.events.filter((e) => e.name === 'delta').length).toBe(1);
    const [delta] = feeds[0].events;
    console.log(`150 students: the whole report is ${report.raw.length.toLocaleString('en')} bytes; one answer's update ${delta.bytes} bytes per open page`);
    expect(delta.bytes).toBeLessThan(5 * 1024);
    expect((JSON.parse(delta.data) as Delta).actions).toMatchObject([{ student: tokens[7].split('.')[0], lesson: 'recycler', action: 'answer', correct: true }]);
    // A page that adds every update to what it read holds what a fresh read gives.
    let live = fromReport(report.body);
    await Promise.all(tokens.slice(0, 30).map((t) => act(s, t, 'recycler', generate('recycler', 'class7')![1].id, 'answer', keyOf(generate('recycler', 'class7')![1]))));
    await joinAs(s, c.id, { name: 'Late Student' });
    await expect.poll(() => feeds[1].events.flatMap((e) => (JSON.parse(e.data) as Delta).actions ?? []).length).toBe(31);
    await expect.poll(() => feeds[1].events.some((e) => (JSON.parse(e.data) as Delta).students?.some((x) => x.name === 'Late Student'))).toBe(true);
    for (const e of feeds[1].events) live = applyDelta(live, JSON.parse(e.data) as Delta);
    const fresh = fromReport((await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body);
    expect(live.students.map((x) => x.id)).toEqual(fresh.students.map((x) => x.id));
    expect([...live.seen].sort((a, b) => a - b)).toEqual([...fresh.seen].sort((a, b) => a - b));
    for (const f of feeds) await f.stop();
  }, 300_000);

  it('gives the projector names and verdicts only, and the answer key only to the teacher key (item 5)', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'assessment', lessons: [LESSON], seed: 'projector7', maxAttempts: 3, penalty: 0.5 });
    const ada = await joinAs(s, c.id, { name: 'Ada' });
    const report = (await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body;
    const seed = report.students[0].seed;
    const set = generate(LESSON, seed)!;
    await act(s, ada, LESSON, set[0].id, 'answer', typeof set[0].expected === 'number' ? String(set[0].expected + 1) : wrongAnswer(set[0]));
    await act(s, ada, LESSON, set[0].id, 'answer', keyOf(set[0]));
    const feed = await follow(s, c.id, c.teacherToken, 'board');
    await act(s, ada, LESSON, set[1].id, 'answer', keyOf(set[1]));
    await expect.poll(() => feed.events.length).toBe(1);
    const board = await s.call<Board>('GET', `classes/${c.id}/board`, undefined, c.teacherToken);
    expect(board.body.rows).toEqual([{ student: report.students[0].id, name: 'Ada', joined: true, cells: ['✓2', '✓', ...set.slice(2).map(() => '')], solved: 2, score: 1.5 }]);
    expect(JSON.parse(feed.events[0].data)).toEqual(board.body.rows);
    // Nothing a class could read a key from: no seed, no answer given, no model answer, no explanation.
    for (const text of [board.raw, feed.events[0].data]) {
      // (A model answer that is a small number, "2", is in any text: the longer ones, choices and traces, are looked for.)
      for (const secret of ['projector7', seed, ...set.flatMap((i) => [i.explanation, JSON.stringify(i.expected)]).filter((x) => x.length >= 4)]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/"(answer|expected|seed|explanation)"/);
    }
    // The board, the key and the seeds open only with the teacher key.
    for (const path of [`classes/${c.id}/board`, `classes/${c.id}/key?lesson=${LESSON}&seed=${seed}`]) {
      expect((await s.call('GET', path)).status).toBe(403);
      expect((await s.call('GET', path, undefined, ada)).status).toBe(403);
    }
    const key = await s.call<{ key: { answer: string }[] }>('GET', `classes/${c.id}/key?lesson=${LESSON}&seed=${seed}`, undefined, c.teacherToken);
    expect(key.body.key).toHaveLength(set.length);
    expect((await s.call('GET', `classes/${c.id}/key?lesson=${LESSON}&seed=someone-elses`, undefined, c.teacherToken)).status).toBe(404);
    await feed.stop();
  });

  it('opens the board and its feed with the projector key, and every other teacher route refuses it; revoked, it opens nothing (issue 59)', async () => {
    const a = await kit.server({}, 'own');
    // A second instance: the projector may be behind either, and a revocation holds on both.
    const b = backend.name === 'postgres' ? await kit.server({}, a.where) : await kit.server({}, undefined, a.db, true);
    const c = await makeClass(a, { policy: 'practice', seedPerStudent: false, lessons: [LESSON] });
    const ada = await joinAs(a, c.id, { name: 'Ada' });
    await joinAs(a, c.id, { name: 'Bo' });
    const report = (await a.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body;
    expect(report.cls.projector).toBe(false);
    const [adaId, boId] = report.students.map((x) => x.id);
    // Only the teacher makes one.
    expect((await a.call('POST', `classes/${c.id}/projector`, undefined, ada)).status).toBe(403);
    const made = await a.call<{ projectorToken: string }>('POST', `classes/${c.id}/projector`, undefined, c.teacherToken);
    expect(made.status).toBe(201);
    const projector = made.body.projectorToken;
    expect((await a.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body.cls.projector).toBe(true);
    expect((await b.call<Board>('GET', `classes/${c.id}/board`, undefined, projector)).status).toBe(200);

    // Every route of a class that takes a key, as the server registered them, with a body and
    // query it would take from the teacher: the projector key gets 403 from each but the board's two.
    const valid: Record<string, { body?: unknown; query?: string }> = {
      'GET /api/classes/:id/report': {},
      'HEAD /api/classes/:id/report': {},
      'GET /api/classes/:id/events': { query: '?view=teacher' },
      'HEAD /api/classes/:id/events': { query: '?view=teacher' },
      'GET /api/classes/:id/quiz': {},
      'HEAD /api/classes/:id/quiz': {},
      'GET /api/classes/:id/key': { query: `?lesson=${LESSON}&seed=class7` },
      'HEAD /api/classes/:id/key': { query: `?lesson=${LESSON}&seed=class7` },
      'PATCH /api/classes/:id': { body: { name: 'Renamed by the projector' } },
      'DELETE /api/classes/:id': {},
      'POST /api/classes/:id/roster': { body: { students: [{ name: 'Added by the projector' }] } },
      'POST /api/classes/:id/students/:student/code': {},
      'PATCH /api/classes/:id/students/:student': { body: { dueAt: null } },
      'DELETE /api/classes/:id/students/:student': {},
      'POST /api/classes/:id/merge': { body: { from: boId, into: adaId } },
      'POST /api/classes/:id/projector': {},
      'DELETE /api/classes/:id/projector': {},
    };
    const boardRoutes = ['GET /api/classes/:id/board', 'HEAD /api/classes/:id/board'];
    // The routes anyone may call with the join link: the class's public facts, and joining.
    const open = ['GET /api/classes/:id', 'HEAD /api/classes/:id', 'POST /api/classes/:id/students'];
    const classRoutes = a.app.apiRoutes.map((r) => `${r.method} ${r.url}`).filter((r) => / \/api\/classes\/:id/.test(r) && !open.includes(r));
    expect(classRoutes.filter((r) => !(r in valid) && !boardRoutes.includes(r)), 'a route of a class this test does not know: give it a body above').toEqual([]);
    for (const route of classRoutes) {
      const [method, url] = route.split(' ');
      const { body, query = '' } = valid[route] ?? {};
      const r = await a.app.inject({
        method: method as 'GET', url: url.replace(':id', c.id).replace(':student', boId) + query,
        headers: { authorization: `Bearer ${projector}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(r.statusCode, `${route}: ${r.body}`).toBe(boardRoutes.includes(route) ? 200 : 403);
    }
    // Nothing the refused calls asked for happened.
    const after = (await a.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body;
    expect({ name: after.cls.name, students: after.students.map((x) => x.name), projector: after.cls.projector }).toEqual({ name: 'Class 7', students: ['Ada', 'Bo'], projector: true });
    // The board's live feed opens with it, on either instance; the teacher's feed does not.
    const feedA = await follow(a, c.id, projector, 'board');
    const feedB = await follow(b, c.id, projector, 'board');
    expect([feedA.status, feedB.status]).toEqual([200, 200]);
    const [q] = generate(LESSON, 'class7')!;
    await act(a, ada, LESSON, q.id, 'answer', keyOf(q));
    await expect.poll(() => [feedA.events.length, feedB.events.length]).toEqual([1, 1]);

    // Revoked on one instance: both refuse the key, and both end the streams it opened.
    expect((await a.call('DELETE', `classes/${c.id}/projector`, undefined, c.teacherToken)).status).toBe(200);
    await expect.poll(async () => (await b.call('GET', `classes/${c.id}/board`, undefined, projector)).status).toBe(403);
    expect((await a.call('GET', `classes/${c.id}/board`, undefined, projector)).status).toBe(403);
    await expect.poll(() => [feedA.ended(), feedB.ended()]).toEqual([true, true]);
    expect((await a.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body.cls.projector).toBe(false);
    // A new key works; the one before it does not.
    const second = (await a.call<{ projectorToken: string }>('POST', `classes/${c.id}/projector`, undefined, c.teacherToken)).body.projectorToken;
    expect((await a.call('GET', `classes/${c.id}/board`, undefined, second)).status).toBe(200);
    expect((await a.call('GET', `classes/${c.id}/board`, undefined, projector)).status).toBe(403);
    // The teacher's key still opens everything, the board included.
    expect((await b.call('GET', `classes/${c.id}/board`, undefined, c.teacherToken)).status).toBe(200);
    await feedA.stop();
    await feedB.stop();
  });

  it('lets a class that joined through one instance answer through another, however few unknown keys an address may look up', async () => {
    const a = await kit.server({}, 'own');
    const b = backend.name === 'postgres' ? await kit.server({ limits: { unknownKeys: 2 } }, a.where) : await kit.server({ limits: { unknownKeys: 2 } }, undefined, a.db, true);
    const c = await makeClass(a, { policy: 'practice', seedPerStudent: false, lessons: [LESSON] });
    // A teacher page on b shows when b has heard of the joins (its keys hear the same announcements first).
    const feed = await follow(b, c.id, c.teacherToken);
    const keys = await Promise.all(['Ada', 'Bo', 'Cy', 'Dee', 'Eve'].map((name) => joinAs(a, c.id, { name })));
    await expect.poll(() => feed.events.flatMap((e) => (JSON.parse(e.data) as Delta).students ?? []).length).toBe(5);
    await feed.stop();
    const [q] = generate(LESSON, 'class7')!;
    // Their keys are looked up on b without counting against the shared address.
    expect((await Promise.all(keys.map((k) => act(b, k, LESSON, q.id, 'hint')))).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // Made-up keys still do: the teacher's key, new to b, took one of the two; one more, then none.
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await b.call('GET', `work/${LESSON}`, undefined, `nobody${i}.${'x'.repeat(30)}`)).status);
    expect(made).toEqual([401, 429, 429]);
  });

  /** Every read of a student's row by id (a key check's, or one made ahead) while `f` runs. */
  async function rowReads(s: TestServer, f: () => Promise<void>) {
    const reads: string[] = [];
    const watch = (q: { sql: string }) => /^select \* from "students" where "id" (=|in)/.test(q.sql) && reads.push(q.sql);
    s.db.knex.on('query', watch);
    try {
      await f();
    } finally {
      s.db.knex.off('query', watch);
    }
    return reads;
  }

  it('keeps the keys of students who joined through another instance before they answer there (issue 59 item 6)', async () => {
    const a = await kit.server({}, 'own');
    const b = backend.name === 'postgres' ? await kit.server({}, a.where) : await kit.server({}, undefined, a.db, true);
    const c = await makeClass(a, { policy: 'practice', seedPerStudent: false, lessons: [LESSON] });
    // The rows b has read (answered: they are kept by then), by id.
    const read = new Set<string>();
    const heard = (_r: unknown, q: { sql: string; bindings: unknown[] }) => {
      if (/^select \* from "students" where "id" in/.test(q.sql)) for (const id of q.bindings) read.add(String(id));
    };
    b.db.knex.on('query-response', heard);
    const keys = await Promise.all(Array.from({ length: 60 }, (_, i) => joinAs(a, c.id, { name: `Student ${i}` })));
    // b hears of each join and reads the new rows ahead, together.
    await expect.poll(() => keys.every((k) => read.has(k.split('.')[0]))).toBe(true);
    b.db.knex.off('query-response', heard);
    const [q] = generate(LESSON, 'class7')!;
    // The whole class's first answers through b: b read the rows ahead when it heard of the
    // joins (or is reading them: a key check waits for that read), so the round reads none.
    const reads = await rowReads(b, async () => {
      expect(new Set((await Promise.all(keys.map((k) => act(b, k, LESSON, q.id, 'hint')))).map((r) => r.status))).toEqual(new Set([200]));
    });
    expect(reads).toEqual([]);
  });

  it('reads the rows of keys it has not kept together, one query for a round, not one per key (issue 59 item 6)', async () => {
    const a = await kit.server({}, 'own');
    const c = await makeClass(a, { policy: 'practice', seedPerStudent: false, lessons: [LESSON] });
    const keys = await Promise.all(Array.from({ length: 60 }, (_, i) => joinAs(a, c.id, { name: `Student ${i}` })));
    await a.close();
    // Started again: it keeps no key yet.
    const b = await kit.server({}, a.where);
    const [q] = generate(LESSON, 'class7')!;
    const reads = await rowReads(b, async () => {
      expect(new Set((await Promise.all(keys.map((k) => act(b, k, LESSON, q.id, 'hint')))).map((r) => r.status))).toEqual(new Set([200]));
    });
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length, reads.join('\n')).toBeLessThanOrEqual(3);
  });

  it('moves a due date, gives one student an extension, and deletes a class, on every instance at once (item 9)', async () => {
    // Two instances on one database, as behind a load balancer: a change on one holds on the other.
    const a = await kit.server({}, 'own');
    // (PostgreSQL: an instance with its own connections; the embedded database has one process, so the two share it.)
    const b = backend.name === 'postgres' ? await kit.server({}, a.where) : await kit.server({}, undefined, a.db, true);
    const c = await makeClass(a, { policy: 'practice', seedPerStudent: false, lessons: [LESSON] });
    const ada = await joinAs(a, c.id, { name: 'Ada' });
    const bo = await joinAs(a, c.id, { name: 'Bo' });
    const [q1, q2] = generate(LESSON, 'class7')!;
    expect((await act(b, ada, LESSON, q1.id, 'answer', keyOf(q1))).status).toBe(200);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect((await a.call('PATCH', `classes/${c.id}`, { dueAt: past }, c.teacherToken)).status).toBe(200);
    const report = (await a.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body;
    const boId = report.students.find((x) => x.name === 'Bo')!.id;
    expect((await a.call('PATCH', `classes/${c.id}/students/${boId}`, { dueAt: new Date(Date.now() + 3_600_000).toISOString() }, c.teacherToken)).status).toBe(200);
    // Instance b hears both: Ada's answers are refused, Bo's taken.
    await expect.poll(async () => (await act(b, ada, LESSON, q2.id, 'answer', keyOf(q2))).status).toBe(403);
    await expect.poll(async () => (await act(b, bo, LESSON, q2.id, 'answer', keyOf(q2))).status).toBe(200);
    expect((await a.call('PATCH', `classes/${c.id}`, { dueAt: 'tomorrow' }, c.teacherToken)).status).toBe(400);
    expect((await a.call('PATCH', `classes/${c.id}`, {}, c.teacherToken)).status).toBe(400);
    expect((await a.call('PATCH', `classes/${c.id}`, { dueAt: null }, bo)).status).toBe(403);
    // Deleted: gone for the teacher and the students, on both.
    expect((await a.call('DELETE', `classes/${c.id}`, undefined, c.teacherToken)).status).toBe(200);
    await expect.poll(async () => (await b.call('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).status).toBe(403);
    await expect.poll(async () => (await act(b, bo, LESSON, q1.id, 'answer', keyOf(q1))).status).toBe(401);
    expect((await a.call('GET', `classes/${c.id}`)).status).toBe(404);
  });
});
