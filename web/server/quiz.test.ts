// @vitest-environment node
// The concept check on the class server (issue 57): a scripted class takes it before and after a
// lesson, and the teacher's report of what the class learned is the figures worked out by hand
// below; a phase is kept once, bad answers are refused with what is wrong, and a merge carries a
// student's answers along.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../src/wasm/loader';
import type { ClassQuiz, QuizTaken, Report, StudentQuiz } from '../src/classroom/api';
import { lessonQuiz, type QuizItem } from '../src/teaching/quiz';
import { backends, joinAs, makeClass, serverKit, type TestServer } from './testing';

beforeAll(() => loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm'))));

const LESSON = 'cancelling-timers';
const items = lessonQuiz(LESSON)!;

/** Answers right on the questions (by position) in `right`, a wrong choice on the others. */
const answering = (qs: readonly QuizItem[], right: number[]) =>
  Object.fromEntries(qs.map((q, i) => [q.id, right.includes(i) ? q.answer : q.choices.find((c) => c !== q.answer)!]));

const keep = (s: TestServer, token: string, phase: 'pre' | 'post', answers: Record<string, string>, lesson = LESSON) =>
  s.call<QuizTaken>('POST', 'quiz', { lesson, phase, answers }, token);

describe.each(backends())('the concept check on the $name database', (backend) => {
  const kit = serverKit(backend);
  beforeAll(kit.setup, 300_000);
  afterAll(kit.teardown);
  afterEach(kit.after);

  it('reports a scripted class’s gain per question and over the students who took both', async () => {
    expect(items).toHaveLength(4);
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'practice', lessons: [LESSON, 'recycler'] });
    // Which questions (by position) each student gets right before and after. Dee takes only the
    // check before; Eve only the one after.
    const script: Record<string, { pre?: number[]; post?: number[] }> = {
      Ann: { pre: [0], post: [0, 1, 2] },
      Bea: { pre: [0, 1], post: [0, 1, 2, 3] },
      Cal: { pre: [], post: [1] },
      Dee: { pre: [2] },
      Eve: { post: [3] },
    };
    for (const [name, phases] of Object.entries(script)) {
      const token = await joinAs(s, c.id, { name });
      for (const phase of ['pre', 'post'] as const) {
        const right = phases[phase];
        if (!right) continue;
        const r = await keep(s, token, phase, answering(items, right));
        expect(r.status, r.raw).toBe(201);
      }
    }
    const r = await s.call<ClassQuiz>('GET', `classes/${c.id}/quiz`, undefined, c.teacherToken);
    expect(r.status, r.raw).toBe(200);
    // The recycler has a check too, which nobody took.
    expect(r.body.lessons.map((l) => l.lesson)).toEqual([LESSON, 'recycler']);
    const [timers, recycler] = r.body.lessons;
    expect(recycler.gain.matched).toEqual({ students: 0, pre: 0, post: 0, gain: null });
    // Before: Ann, Bea, Cal, Dee answered; after: Ann, Bea, Cal, Eve.
    // q0: right before 2 of 4 (Ann, Bea), after 2 of 4 (Ann, Bea): gain 0.
    // q1: 1 of 4 (Bea) → 3 of 4 (Ann, Bea, Cal): (0.75 − 0.25) ÷ 0.75 = 2/3.
    // q2: 1 of 4 (Dee) → 2 of 4 (Ann, Bea): (0.5 − 0.25) ÷ 0.75 = 1/3.
    // q3: 0 of 4 → 2 of 4 (Bea, Eve): 0.5.
    const tallies = timers.gain.questions.map((q) => [q.id, q.pre.right, q.pre.answered, q.post.right, q.post.answered]);
    expect(tallies).toEqual(items.map((q, i) => [q.id, ...[[2, 4, 2, 4], [1, 4, 3, 4], [1, 4, 2, 4], [0, 4, 2, 4]][i]]));
    const gains = timers.gain.questions.map((q) => q.gain);
    [0, 2 / 3, 1 / 3, 0.5].forEach((g, i) => expect(gains[i]).toBeCloseTo(g, 12));
    // Matched (Ann, Bea, Cal): before 1/4, 2/4, 0 (mean 1/4); after 3/4, 4/4, 1/4 (mean 2/3);
    // gain (2/3 − 1/4) ÷ (3/4) = 5/9.
    expect(timers.gain.matched.students).toBe(3);
    expect(timers.gain.matched.pre).toBeCloseTo(1 / 4, 12);
    expect(timers.gain.matched.post).toBeCloseTo(2 / 3, 12);
    expect(timers.gain.matched.gain).toBeCloseTo(5 / 9, 12);
    // Only the class's teacher reads it.
    const other = await makeClass(s, { policy: 'practice' });
    expect((await s.call('GET', `classes/${c.id}/quiz`, undefined, other.teacherToken)).status).toBe(403);
  });

  it('keeps a phase once: the same answers again are answered as kept, other answers refused, and a student reads their own', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'assessment' });
    const token = await joinAs(s, c.id, { name: 'Ann' });
    const first = answering(items, [0, 1]);
    // Two sends of one check at once (a double click, a resend) keep it once.
    const [a, b] = await Promise.all([keep(s, token, 'pre', first), keep(s, token, 'pre', first)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.at).toBe(b.body.at);
    const again = await keep(s, token, 'pre', first);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(a.body);
    const changed = await keep(s, token, 'pre', answering(items, [0, 1, 2]));
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatch(/^You kept other answers to this check before the lesson already, at .*: each is taken once/);
    const mine = await s.call<StudentQuiz>('GET', `quiz/${LESSON}`, undefined, token);
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body).toEqual({ lesson: LESSON, pre: { answers: first, at: a.body.at } });
    // Another student's page reads nothing of Ann's.
    const bea = await joinAs(s, c.id, { name: 'Bea' });
    expect((await s.call<StudentQuiz>('GET', `quiz/${LESSON}`, undefined, bea)).body).toEqual({ lesson: LESSON });
  });

  it('refuses bad answers with what is wrong, and keeps nothing of them', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'practice', lessons: [LESSON] });
    const token = await joinAs(s, c.id, { name: 'Ann' });
    const all = answering(items, []);
    const cases: [unknown, number, RegExp][] = [
      [{ lesson: LESSON, phase: 'pre', answers: { ...all, [items[0].id]: undefined } }, 400, /^Every question takes an answer: 1 of 4 have none \(the first: “cancel-cost”\)\.$/],
      [{ lesson: LESSON, phase: 'pre', answers: { ...all, extra: 'x' } }, 400, /^The concept check has no question “extra”\.$/],
      [{ lesson: LESSON, phase: 'pre', answers: { ...all, [items[1].id]: 'Whenever' } }, 400, /^“Whenever” is not one of the choices of question “reverse-order”\.$/],
      [{ lesson: LESSON, phase: 'during', answers: all }, 400, /phase/],
      [{ lesson: LESSON, phase: 'pre', answers: { ...all, [items[0].id]: 5 } }, 400, /answers/],
      [{ lesson: 'recycler', phase: 'pre', answers: all }, 404, /^The class “Class 7” has no lesson “recycler”\.$/],
    ];
    for (const [body, status, error] of cases) {
      const r = await s.call('POST', 'quiz', body, token);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error).toMatch(error);
    }
    expect((await s.call('POST', 'quiz', { lesson: LESSON, phase: 'pre', answers: all })).status).toBe(401);
    expect((await s.call<StudentQuiz>('GET', `quiz/${LESSON}`, undefined, token)).body).toEqual({ lesson: LESSON });
    // A class past its due date takes none.
    expect((await s.call('PATCH', `classes/${c.id}`, { dueAt: new Date(Date.now() - 60_000).toISOString() }, c.teacherToken)).status).toBe(200);
    const late = await keep(s, token, 'pre', all);
    expect(late.status).toBe(403);
    expect(late.body.error).toMatch(/^This class closed at /);
  });

  it('carries a merged student’s answers into the row kept, where that row had not taken the phase', async () => {
    const s = await kit.server();
    const c = await makeClass(s, { policy: 'practice', lessons: [LESSON] });
    const [ann, ann2] = [await joinAs(s, c.id, { name: 'Ann' }), await joinAs(s, c.id, { name: 'Ann 2' })];
    expect((await keep(s, ann, 'pre', answering(items, [0]))).status).toBe(201);
    expect((await keep(s, ann2, 'pre', answering(items, [0, 1, 2, 3]))).status).toBe(201);
    expect((await keep(s, ann2, 'post', answering(items, [0, 1]))).status).toBe(201);
    const report = await s.call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken);
    const id = (name: string) => report.body.students.find((x) => x.name === name)!.id;
    expect((await s.call('POST', `classes/${c.id}/merge`, { from: id('Ann 2'), into: id('Ann') }, c.teacherToken)).status).toBe(200);
    const mine = await s.call<StudentQuiz>('GET', `quiz/${LESSON}`, undefined, ann);
    // Ann's own check before stays; the one after came from the merged row.
    expect(mine.body.pre?.answers).toEqual(answering(items, [0]));
    expect(mine.body.post?.answers).toEqual(answering(items, [0, 1]));
    const r = await s.call<ClassQuiz>('GET', `classes/${c.id}/quiz`, undefined, c.teacherToken);
    expect(r.body.lessons[0].gain.matched).toMatchObject({ students: 1, pre: 0.25, post: 0.5 });
  });
});
