// @vitest-environment node
// An assessment against the ways issue 42 found to game it: a script guessing every answer
// (items 3), a throwaway name that learns the answers for the real one (item 4), and "answer
// shown" recorded where nothing is shown (item 6).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../src/wasm/loader';
import { generate, type Instance } from '../src/exercises/exercises';
import { wrongAnswer } from '../src/exercises/testing';
import { questionScore } from '../src/exercises/scoring';
import { canvasCsv, labCsv, moodleCsv } from '../src/classroom/gradebook';
import { parseCsv } from '../src/util/csv';
import type { LessonWork, Report, RosterAdded } from '../src/classroom/api';
import type { Question } from '../src/exercises/card';
import { fromReport, liveView } from '../src/classroom/liveClass';
import { act, backends, joinAs, keyOf, makeClass, serverKit, testSets, type TestServer } from './testing';

beforeAll(() => loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm'))));

const LESSONS = ['cancelling-timers', 'recycler'];

/** Every answer a script would try for a question, in order: each choice, each cell order it can make, or 0, 1, 2, … */
function* guesses(q: Question): Generator<unknown> {
  if (q.choices) return yield* q.choices;
  if (q.kind === 'trace') {
    const n = q.cells!.labels.length;
    for (let len = 1; len <= n; len++) for (let start = 0; start < n; start++) yield Array.from({ length: len }, (_, k) => (start + k) % n);
    return;
  }
  for (let x = 0; x < 2000; x++) yield String(x);
}

/** The guessing script of issue 42: each question, guess after guess, until right or refused. */
async function guessAll(s: TestServer, token: string) {
  let requests = 0;
  let refusedAfterLimit = 0;
  const results: { lesson: string; id: string; solved: boolean; attempts: number; score?: number }[] = [];
  for (const lesson of LESSONS) {
    const work = (await s.call<LessonWork>('GET', `work/${lesson}`, undefined, token)).body;
    for (const q of work.questions) {
      let card = work.cards[q.id];
      for (const g of guesses(q)) {
        const r = await act(s, token, lesson, q.id, 'answer', g);
        requests++;
        if (r.status === 403) {
          // The class's limit, or without one the server's own bound on what one question stores.
          expect(r.body.error).toMatch(/^(No attempts left at this question: this class takes 3 answers per question\.|30 answers to this question are stored already, .*)$/);
          if (r.body.error!.startsWith('No attempts left')) refusedAfterLimit++;
          break;
        }
        expect(r.status, r.raw).toBe(200);
        card = r.body.card;
        if (card.solved) break;
      }
      results.push({ lesson, id: q.id, solved: card.solved, attempts: card.attempts, score: card.score });
    }
  }
  return { requests, refusedAfterLimit, results };
}

describe.each(backends())('an assessment on the $name database', (backend) => {
  const kit = serverKit(backend);
  beforeAll(kit.setup, 300_000);
  afterAll(kit.teardown);
  afterEach(kit.after);

  it('gives a guessing script no more than its attempt limit and penalty allow, on the server and in every export (item 3)', async () => {
    // A script sends far more than a student (the per-key limit would slow it, not stop it).
    const s = await kit.server({ limits: { answer: 100_000 } });
    // No attempt limit: guessing solves most of it (within the 30 answers a question the server keeps at most).
    const open = await makeClass(s, { policy: 'assessment', lessons: LESSONS });
    const free = await guessAll(s, await joinAs(s, open.id, { name: 'Bot' }));
    const freeSolved = free.results.filter((r) => r.solved).length;
    // Three answers a question, a third of a point off per wrong one.
    const quiz = await makeClass(s, { policy: 'assessment', lessons: LESSONS, maxAttempts: 3, penalty: 1 / 3 });
    const limited = await guessAll(s, await joinAs(s, quiz.id, { name: 'Bot' }));
    console.log(`guessing script, unlimited: ${freeSolved} of ${free.results.length} solved in ${free.requests} requests; `
      + `3 tries and 1/3 off per wrong try: ${limited.results.filter((r) => r.solved).length} solved, score ${limited.results.reduce((n, r) => n + r.score!, 0).toFixed(2)}, ${limited.requests} requests`);
    for (const r of limited.results) {
      expect(r.attempts).toBeLessThanOrEqual(3);
      // What the server says each question earns is what the rules give for the tries it took.
      expect(r.score).toBeCloseTo(r.solved ? 1 - (r.attempts - 1) / 3 : 0, 10);
    }
    // Every question the script did not get in three was refused from then on.
    expect(limited.refusedAfterLimit).toBe(limited.results.filter((r) => !r.solved).length);
    const score = limited.results.reduce((n, r) => n + r.score!, 0);
    expect(score).toBeLessThan(freeSolved);
    // The teacher's view and each of the three exports count the same, from the stored answers.
    const report = (await s.call<Report>('GET', `classes/${quiz.id}/report`, undefined, quiz.teacherToken)).body;
    expect(report.actions.filter((a) => a.action === 'answer')).toHaveLength(limited.results.reduce((n, r) => n + r.attempts, 0));
    const view = liveView(fromReport(report), testSets, new Map());
    const rows = (text: string) => {
      const p = parseCsv(text);
      if (!p.ok) throw new Error(p.message);
      return p.rows;
    };
    const title = (l: string) => l;
    const lab = rows(labCsv(view, title, () => undefined as Instance | undefined));
    expect(Number(lab[1][lab[0].indexOf('score')])).toBeCloseTo(score, 2);
    const perLesson = LESSONS.map((l) => limited.results.filter((r) => r.lesson === l).reduce((n, r) => n + r.score!, 0));
    // (Moodle's file has only students it can match: this one is given an ID number.)
    view.students[0].roster = { name: view.students[0].name, id: 'S-77' };
    const moodle = rows(moodleCsv(view, title, { match: 'id', unopened: 'zero' }).csv);
    expect(moodle[1].slice(6).map(Number).map((x, i) => x - perLesson[i]).every((d) => Math.abs(d) < 0.006)).toBe(true);
    const canvas = rows(canvasCsv(view, title));
    expect(canvas[2].slice(5).map(Number).map((x, i) => x - perLesson[i]).every((d) => Math.abs(d) < 0.006)).toBe(true);
    expect(questionScore({ attempts: 4, solved: true, shown: false }, report.cls)).toBe(0);
  }, 300_000);

  it('refuses a reveal in an assessment and never records an answer as shown (item 6)', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'assessment', seedPerStudent: false, lessons: ['cancelling-timers'] });
    const token = await joinAs(s, c.id, { name: 'Ann' });
    const [q] = generate('cancelling-timers', 'class7')!;
    for (const answer of [wrongAnswer(q), typeof q.expected === 'number' ? q.expected + 2 : wrongAnswer(q)]) {
      const r = await act(s, token, 'cancelling-timers', q.id, 'answer', typeof answer === 'number' ? String(answer) : answer);
      expect(r.body.card).toMatchObject({ shown: false, solved: false });
    }
    const report = (await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body;
    const view = liveView(fromReport(report), testSets, new Map());
    expect(view.students[0].lessons['cancelling-timers'].exercises[q.id]).toMatchObject({ attempts: 2, shown: false });
    const lab = parseCsv(labCsv(view, (l) => l, () => undefined));
    if (!lab.ok) throw new Error('unreadable');
    const col = lab.rows[0].findIndex((h) => h.endsWith(': answer shown'));
    expect([lab.rows[1][col], lab.rows[2][col]]).toEqual(['false', '0']);
  });

  it('gives each student of an assessment their own question set, so a throwaway name learns nothing of the real one’s (item 4)', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'assessment', lessons: ['cancelling-timers'] });
    await joinAs(s, c.id, { name: 'Zed Q' });
    await joinAs(s, c.id, { name: 'Real Student' });
    const report = (await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body;
    expect(report.cls.seedPerStudent).toBe(true);
    const [zed, real] = report.students.map((x) => generate('cancelling-timers', x.seed)!.map((i) => JSON.stringify(i.expected)));
    expect(zed).not.toEqual(real);
    // A practice class keeps one set unless told otherwise.
    const p = await makeClass(s, { policy: 'practice', lessons: ['cancelling-timers'] });
    expect((await s.call<Report>('GET', `classes/${p.id}/report`, undefined, p.teacherToken)).body.cls.seedPerStudent).toBe(false);
  });

  it('lets only the roster join, each with a one-time code that can be issued again, and merges or removes rows (item 4)', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'assessment', lessons: ['cancelling-timers'], roster: true });
    expect((await s.call('POST', `classes/${c.id}/students`, { name: 'Zed Q' })).body.error)
      .toBe('This class takes only the students on its roster: join with the code your teacher gave you.');
    const added = await s.call<RosterAdded>('POST', `classes/${c.id}/roster`, {
      students: [{ name: 'Ada Lovelace', given: 'Ada', family: 'Lovelace', id: 'S-001', email: 'ada@school.example' }, { name: 'Bo Li', id: 'S-002' }],
    }, c.teacherToken);
    expect(added.status).toBe(201);
    const [ada, bo] = added.body.codes;
    expect(ada.code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    // Only hashes are kept.
    expect(JSON.stringify(await s.db.knex('students').select())).not.toContain(ada.code.replace('-', ''));
    // No code, a made-up code, a code of another class: refused.
    const other = await makeClass(s, { policy: 'assessment', lessons: ['cancelling-timers'], roster: true });
    const otherCode = (await s.call<RosterAdded>('POST', `classes/${other.id}/roster`, { students: [{ name: 'Cy' }] }, other.teacherToken)).body.codes[0].code;
    for (const code of ['AAAAA-AAAAA', otherCode, 'not a code!']) expect((await s.call('POST', `classes/${c.id}/students`, { code })).status).toBe(code === 'not a code!' ? 400 : 403);
    // The code, typed in lower case without the dash, joins Ada once.
    const adaKey = await joinAs(s, c.id, { code: ada.code.toLowerCase().replace('-', '') });
    expect((await s.call('POST', `classes/${c.id}/students`, { code: ada.code })).status).toBe(403);
    expect((await s.call<LessonWork>('GET', 'work/cancelling-timers', undefined, adaKey)).body.student).toBe('Ada Lovelace');
    // Ada lost her browser: a new code; the old key stops working once she joins with it.
    const again = await s.call<{ code: string }>('POST', `classes/${c.id}/students/${ada.student}/code`, undefined, c.teacherToken);
    const adaKey2 = await joinAs(s, c.id, { code: again.body.code });
    expect((await s.call('GET', 'work/cancelling-timers', undefined, adaKey)).status).toBe(401);
    expect((await s.call('GET', 'work/cancelling-timers', undefined, adaKey2)).status).toBe(200);
    // A student who joined by name before the roster was required is merged into their roster row.
    const loose = await makeClass(s, { policy: 'practice', lessons: ['cancelling-timers'], seedPerStudent: false });
    const byName = await joinAs(s, loose.id, { name: 'bo' });
    const [q] = generate('cancelling-timers', 'class7')!;
    await act(s, byName, 'cancelling-timers', q.id, 'answer', keyOf(q));
    const rosterBo = (await s.call<RosterAdded>('POST', `classes/${loose.id}/roster`, { students: [{ name: 'Bo Li', id: 'S-002' }] }, loose.teacherToken)).body.codes[0];
    expect((await s.call('PATCH', `classes/${loose.id}`, { roster: true }, loose.teacherToken)).status).toBe(200);
    expect((await s.call('POST', `classes/${loose.id}/students`, { name: 'Bo' })).status).toBe(403);
    const before = (await s.call<Report>('GET', `classes/${loose.id}/report`, undefined, loose.teacherToken)).body;
    const from = before.students.find((x) => x.name === 'bo')!.id;
    expect((await s.call('POST', `classes/${loose.id}/merge`, { from, into: rosterBo.student }, loose.teacherToken)).status).toBe(200);
    const after = (await s.call<Report>('GET', `classes/${loose.id}/report`, undefined, loose.teacherToken)).body;
    expect(after.students.map((x) => [x.name, x.roster?.id])).toEqual([['Bo Li', 'S-002']]);
    expect(after.actions.map((a) => [a.student, a.exercise, a.correct])).toEqual([[rosterBo.student, q.id, true]]);
    expect((await s.call('GET', 'work/cancelling-timers', undefined, byName)).status).toBe(401);
    // Removed: the row, its answers and its key.
    const removed = await s.call('DELETE', `classes/${c.id}/students/${bo.student}`, undefined, c.teacherToken);
    expect(removed.status, removed.raw).toBe(200);
    expect((await s.call('POST', `classes/${c.id}/students`, { code: bo.code })).status).toBe(403);
    expect((await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken)).body.students.map((x) => x.name)).toEqual(['Ada Lovelace']);
  });
});
