// A graded quiz of 150 on the class server, as issue 42 asked: a roster uploaded as Moodle's
// export, every student joining with their code (a throwaway name is refused), the projector
// view, on a key of its own, showing no seed, answer or key in its whole text and network, its
// address edited to no avail and its link revoked (issue 59), the teacher's page printed on A4
// landscape at 25 students a page or more (pages counted in page.pdf), and the Moodle (no blank
// grade) and Canvas exports carrying the roster's identifiers, the files for a spreadsheet with a
// byte-order mark. Screenshots of the teacher's page, the projector and the printout land in
// .cache/shots/ to be looked at.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser';
import { loadWasm } from '../src/wasm/loader';
import { generate, type Instance } from '../src/exercises/exercises';
import { wrongAnswer } from '../src/exercises/testing';
import { parseCsv } from '../src/util/csv';
import type { Report } from '../src/classroom/api';
import { WASM, freePort, startServer } from './classServer';

const browser = useBrowser();
const SHOTS = join(import.meta.dirname, '..', '..', '.cache', 'shots');
const STUDENTS = 150;
const LESSONS = ['cancelling-timers', 'recycler'];

const rows = (text: string) => {
  const p = parseCsv(text);
  if (!p.ok) throw new Error(p.message);
  return p.rows;
};

/** What a browser sends as an answer. */
const sent = (a: Instance['expected']) => (typeof a === 'number' ? String(a) : a);

/** A CSV for a spreadsheet: it starts with UTF-8's byte-order mark (issue 59 item 4); its rows. */
const bomRows = (text: string) => {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return rows(text.slice(1));
};

/** A page's download, as text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFileSync((await d.path())!, 'utf8');
}

describe('a quiz of 150 with a roster on the class server', () => {
  let data: string;
  let server: { url: string; child: ChildProcess };
  beforeAll(async () => {
    await loadWasm(readFileSync(WASM));
    mkdirSync(SHOTS, { recursive: true });
    data = mkdtempSync(join(tmpdir(), 'hotpath-quiz-e2e-'));
    server = await startServer(await freePort(), data);
  }, 180_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  });

  it('joins only by roster code, shows a projector nothing secret, prints 25 a page and exports the roster’s ids', async () => {
    const api = async <T,>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
      const r = await fetch(`${server.url}api/${path}`, {
        method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.stringify(init.body),
        headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      });
      return { status: r.status, body: await r.json() as T };
    };
    // The teacher creates the quiz: an assessment, three tries, a third off per wrong one, roster only.
    const { page: teacher, errors } = await browser.openUrl(`${server.url}class`);
    await teacher.getByLabel('Class name').fill('Quiz 7');
    await teacher.getByRole('checkbox', { name: "Pooling objects with Netty's Recycler" }).check();
    await teacher.getByRole('radio', { name: /^assessment/ }).check();
    await teacher.getByLabel('Answers a question takes at most').fill('3');
    await teacher.getByLabel('Penalty for each wrong try').selectOption({ label: '33.3 %' });
    await teacher.getByRole('radio', { name: /^only students on a roster/ }).check();
    await teacher.getByRole('button', { name: 'Create the class' }).click();
    const created = teacher.getByRole('region', { name: 'class created' });
    await created.waitFor();
    const joinUrl = (await created.getByRole('link').first().getAttribute('href'))!;
    const teach = (await created.getByRole('link', { name: 'the class, live' }).getAttribute('href'))!;
    const classId = new URL(joinUrl).searchParams.get('join')!;
    const teacherToken = /#key=(.+)$/.exec(teach)![1];
    await teacher.goto(teach);
    await expect.poll(() => teacher.getByRole('status', { name: 'live status' }).innerText()).toMatch(/^Live .*assessment · a question set per student · 3 tries per question, 33\.33 %/);

    // A throwaway name is refused; the roster comes as Moodle's export, uploaded.
    const { page: zed } = await browser.openUrl(joinUrl);
    await expect.poll(() => zed.getByLabel('Your join code, from your teacher').count()).toBe(1);
    const refused = await api<{ error: string }>(`classes/${classId}/students`, { method: 'POST', body: { name: 'Zed Q' } });
    expect([refused.status, refused.body.error]).toEqual([403, 'This class takes only the students on its roster: join with the code your teacher gave you.']);
    const roster = ['First name,Last name,ID number,Institution,Department,Email address',
      ...Array.from({ length: STUDENTS }, (_, i) => `Student ${String(i + 1).padStart(2, '0')},${4700 + i},S-${1000 + i},,,s${i + 1}@school.example`)].join('\n');
    await teacher.getByText('Roster: add students, each with a join code').click();
    await teacher.locator('.roster-panel input[type=file]').setInputFiles({ name: 'moodle-export.csv', mimeType: 'text/csv', buffer: Buffer.from(roster) });
    await expect.poll(() => teacher.getByLabel('roster preview').innerText()).toContain(`${STUDENTS} students read`);
    await teacher.getByRole('button', { name: `Add ${STUDENTS} students and issue their codes` }).click();
    const codesCsv = bomRows(await downloaded(teacher, () => teacher.getByRole('button', { name: 'Download the codes and join links (CSV)' }).click()));
    expect(codesCsv[0]).toEqual(['name', 'ID number', 'email', 'code', 'join link']);
    expect(codesCsv).toHaveLength(STUDENTS + 1);

    // The first student joins in a browser, from the link with their code; the rest through the API.
    const [, first] = codesCsv;
    const { page: s1 } = await browser.openUrl(first[4]);
    await expect.poll(() => s1.getByLabel('Your join code, from your teacher').inputValue()).toBe(first[3]);
    await s1.getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => s1.getByText('You joined as').innerText()).toBe(`You joined as ${first[0]}. Your answers go to this class; your lessons:`);
    const tokens = [await s1.evaluate((id) => JSON.parse(localStorage.getItem(`hotpath-class:${id}`)!).token as string, classId)];
    for (let i = 2; i <= STUDENTS; i += 50) {
      tokens.push(...await Promise.all(codesCsv.slice(i, i + 50).map(async (r) => (await api<{ token: string }>(`classes/${classId}/students`, { method: 'POST', body: { code: r[3] } })).body.token)));
    }
    expect(tokens).toHaveLength(STUDENTS);
    // Everyone answers: most right at once, some after wrong tries, a few not at all.
    const report = (await api<Report>(`classes/${classId}/report`, { token: teacherToken })).body;
    const seedOf = new Map(report.students.map((s) => [s.id, s.seed]));
    // How many questions the two lessons ask (each student's set has as many).
    const questions = LESSONS.reduce((n, l) => n + generate(l, 'count')!.length, 0);
    for (const lesson of LESSONS) {
      await Promise.all(tokens.map(async (token, k) => {
        const set = generate(lesson, seedOf.get(token.split('.')[0])!)!;
        for (const [q, inst] of set.entries()) {
          if ((k + q) % 11 === 0) continue;
          if ((k + q) % 4 === 0) await api('work', { method: 'POST', token, body: { requestId: `w-${k}-${lesson}-${q}`, lesson, exercise: inst.id, action: 'answer', answer: sent(wrongAnswer(inst)) } });
          await api('work', { method: 'POST', token, body: { requestId: `r-${k}-${lesson}-${q}`, lesson, exercise: inst.id, action: 'answer', answer: sent(inst.expected) } });
        }
      }));
    }
    await expect.poll(() => teacher.getByRole('heading', { level: 2 }).first().innerText()).toMatch(/^150 students/);
    await expect.poll(() => teacher.getByRole('table', { name: 'class results' }).locator('tbody tr').first().innerText()).toMatch(new RegExp(`^Student 01 4700\\t\\d+ of ${questions}\\t`));
    await teacher.reload();
    await teacher.getByRole('table', { name: 'class results' }).waitFor();
    await teacher.screenshot({ path: join(SHOTS, 'teacher.png'), fullPage: false });
    await teacher.getByRole('table', { name: 'class results' }).screenshot({ path: join(SHOTS, 'teacher-grid.png') });

    // The projector link is made on the teacher's page: a key of its own (issue 59 item 1).
    const panel = teacher.getByRole('group', { name: 'projector link' });
    await panel.getByRole('button', { name: 'Make a projector link' }).click();
    const projectorUrl = await panel.getByLabel('the projector link').inputValue();
    expect(projectorUrl).toMatch(new RegExp(`class\\?teach=${classId}&view=projector#key=`));
    expect(projectorUrl).not.toContain(teacherToken);
    // The projector, on the classroom's PC: its whole text, and every response it got, hold no seed, no answer and no key.
    const { page: projector } = await browser.openUrl(`${server.url}class`);
    // Every byte the page's API calls receive, live stream included (a response listener would
    // see a stream's body only once it ended): fetch is watched from inside the page.
    await projector.addInitScript(() => {
      const w = window as unknown as { received: string[] };
      w.received = [];
      const original = window.fetch.bind(window);
      window.fetch = async (...args) => {
        const r = await original(...args);
        if (!r.body) return r;
        const [mine, theirs] = r.body.tee();
        void (async () => {
          const reader = theirs.pipeThrough(new TextDecoderStream()).getReader();
          for (let x = await reader.read(); !x.done; x = await reader.read()) w.received.push(x.value);
        })();
        return new Response(mine, { status: r.status, statusText: r.statusText, headers: r.headers });
      };
    });
    const requested: string[] = [];
    projector.on('request', (r) => requested.push(r.url()));
    await projector.goto(projectorUrl);
    await expect.poll(() => projector.getByRole('status', { name: 'live status' }).innerText()).toMatch(/^Live · 150 students joined/);
    // A live update arrives while it is open.
    const eleventh = projector.getByRole('table', { name: 'class progress' }).locator('tbody tr').nth(10);
    const before = await eleventh.innerText();
    const late = generate('recycler', seedOf.get(tokens[10].split('.')[0])!)!.find((_, q) => (10 + q) % 11 === 0)!;
    await api('work', { method: 'POST', token: tokens[10], body: { requestId: 'late-answer-1', lesson: 'recycler', exercise: late.id, action: 'answer', answer: sent(late.expected) } });
    await expect.poll(() => eleventh.innerText()).not.toBe(before);
    const received = (await projector.evaluate(() => (window as unknown as { received: string[] }).received)).join('');
    expect(received).toContain('event: rows');
    const bodies = [received];
    expect(projector.url()).not.toContain(teacherToken);
    const text = `${await projector.locator('body').innerText()}\n${await projector.content()}`;
    const secrets = [report.cls.seed, ...seedOf.values(), teacherToken, ...[...seedOf.values()].flatMap((seed) => LESSONS.flatMap((l) => generate(l, seed)!
      .flatMap((i) => [i.explanation, Array.isArray(i.expected) || typeof i.expected === 'string' ? JSON.stringify(i.expected) : ''])))].filter((x) => x.length >= 4);
    for (const where of [text, ...bodies, ...requested]) for (const secret of secrets) expect(where).not.toContain(secret);
    expect(received).not.toMatch(/"(answer|expected|explanation|seed|actions)":/);
    await projector.screenshot({ path: join(SHOTS, 'projector.png'), fullPage: false });
    // Someone at the classroom's PC deletes "&view=projector" from the address, in the same tab:
    // no teacher page opens (the tab holds the projector key only), and no name is on it.
    await projector.goto(`${server.url}class?teach=${classId}`);
    await expect.poll(() => projector.getByRole('alert').innerText()).toMatch(/^This teacher link has no key/);
    expect(await projector.locator('body').innerText()).not.toContain('Student 01');
    // Put back with the projector's key (as the link had it), the teacher's page is refused by the server.
    await projector.goto(`${server.url}class?teach=${classId}#key=${new URL(projectorUrl).hash.slice(5)}`);
    await expect.poll(() => projector.getByRole('alert').innerText()).toMatch(/teacher key does not open this class/);
    expect(await projector.locator('body').innerText()).not.toContain('Student 01');
    // The teacher revokes it: the projector, open again, stops showing the class.
    await projector.goto(projectorUrl);
    await expect.poll(() => projector.getByRole('status', { name: 'live status' }).innerText()).toMatch(/^Live · 150 students joined/);
    await panel.getByRole('button', { name: 'Revoke the projector link' }).click();
    await expect.poll(() => projector.getByRole('alert').innerText()).toMatch(/^This link’s key does not open this class’s board/);
    expect(await projector.locator('body').innerText()).not.toContain('Student 01');

    // Printed on A4 landscape: 150 students in at most 6 pages of grid, and one of statistics.
    const pdf = await teacher.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(join(SHOTS, 'print.pdf'), pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    console.log(`printed: ${STUDENTS} students on ${pages} A4 landscape pages (the last one the question statistics)`);
    expect(pages).toBeLessThanOrEqual(Math.ceil(STUDENTS / 25) + 1);

    // Moodle's and Canvas's files carry each row's roster identifiers.
    await teacher.getByRole('button', { name: 'For Moodle (CSV)' }).click();
    const moodleDialog = teacher.getByRole('dialog', { name: 'export for Moodle' });
    expect(await moodleDialog.getByRole('status').innerText()).toBe(`${STUDENTS} students in the file.`);
    const moodle = bomRows(await downloaded(teacher, () => moodleDialog.getByRole('button', { name: 'Download for Moodle (CSV)' }).click()));
    expect(moodle[0].slice(0, 6)).toEqual(['First name', 'Last name', 'ID number', 'Institution', 'Department', 'Email address']);
    expect(moodle.slice(1).map((r) => [r[0], r[1], r[2], r[5]])).toEqual(Array.from({ length: STUDENTS }, (_, i) => [`Student ${String(i + 1).padStart(2, '0')}`, String(4700 + i), `S-${1000 + i}`, `s${i + 1}@school.example`]));
    // No grade is blank: Moodle would clear a grade already there.
    expect(moodle.slice(1).every((r) => r.slice(6).every((cell) => /^\d+(\.\d+)?$/.test(cell)))).toBe(true);
    await moodleDialog.getByRole('button', { name: 'Close' }).click();
    const canvasText = await downloaded(teacher, () => teacher.getByRole('button', { name: 'For Canvas (CSV)' }).click());
    // Canvas's importer reads the file as plain UTF-8: no byte-order mark.
    expect(canvasText.startsWith('Student,')).toBe(true);
    const canvas = rows(canvasText);
    expect(canvas[0].slice(0, 5)).toEqual(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section']);
    expect(canvas[1].slice(0, 7)).toEqual(['Points Possible', '', '', '', '', ...LESSONS.map((l) => String(generate(l, 'count')!.length))]);
    expect(canvas.slice(2).map((r) => r[2])).toEqual(Array.from({ length: STUDENTS }, (_, i) => `S-${1000 + i}`));

    // Finding a student: by ID; their own view, and an extension given from it (item 9).
    const grid = teacher.getByRole('table', { name: 'class results' }).locator('tbody tr');
    const find = teacher.getByRole('search', { name: 'find students' });
    await find.getByLabel('Search').fill('s-1004');
    await expect.poll(() => grid.count()).toBe(1);
    await grid.first().getByRole('button', { name: 'Student 05 4704' }).click();
    const detail = teacher.getByRole('region', { name: 'student: Student 05 4704' });
    expect(await detail.innerText()).toContain('ID S-1004 · s5@school.example. Joined.');
    await detail.getByLabel('Their own due date').fill('2030-01-02T10:00');
    await detail.getByRole('button', { name: 'Save the due date' }).click();
    await expect.poll(() => detail.getByRole('status').innerText()).toBe('Due date saved.');
    const after = (await api<Report>(`classes/${classId}/report`, { token: teacherToken })).body;
    expect(after.students.find((x) => x.roster?.id === 'S-1004')!.dueAt).toBe(await teacher.evaluate(() => new Date('2030-01-02T10:00').toISOString()));
    await detail.screenshot({ path: join(SHOTS, 'student.png') });
    // Their answer key opens for the teacher key (item 5); the same link in a student's browser does not.
    const keyLink = (await detail.getByRole('link', { name: 'Cancelling timers' }).getAttribute('href'))!;
    const { page: keyPage } = await browser.openUrl(new URL(keyLink, server.url).href);
    await keyPage.evaluate(([id, key]) => sessionStorage.setItem(`hotpath-teach:${id}`, key), [classId, teacherToken]);
    await keyPage.reload();
    await expect.poll(() => keyPage.locator('table.answer-key caption').innerText()).toMatch(/^Answer key for set /);
    await s1.goto(new URL(keyLink, server.url).href);
    await expect.poll(() => s1.getByRole('note').filter({ hasText: 'the answer key opens only with the class’s teacher key' }).count()).toBe(1);
    expect(await s1.locator('table.answer-key').count()).toBe(0);
    await find.getByLabel('Search').fill('');
    await find.getByLabel('Show').selectOption('finished');
    await expect.poll(async () => (await grid.allInnerTexts()).every((r) => new RegExp(`^\\S+ \\S+ \\S+\\t${questions} of ${questions}\\t`).test(r))).toBe(true);
    await find.getByLabel('Sort by').selectOption('score-low');
    await find.getByLabel('Show').selectOption('all');
    const scores = (await grid.allInnerTexts()).map((r) => Number(r.split('\t')[2]));
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(errors).toEqual([]);
  }, 600_000);
});
