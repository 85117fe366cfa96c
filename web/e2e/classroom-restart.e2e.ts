// The class server on PostgreSQL while PostgreSQL restarts, as the pages see it (issue 59 item
// 5): a student checks an answer while the database is down; the page says it is not stored yet
// and sends the same request again, with backoff, until it is stored (once), without the student
// doing anything; the teacher's page follows again when the database is back, and every answer
// its live feed got while the database was away was 503, never 500. Needs Debian's postgresql
// (installed as `npm test` installs it); without it the test says so and is skipped.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { loadWasm } from '../src/wasm/loader';
import { generate } from '../src/exercises/exercises';
import type { Created, Report } from '../src/classroom/api';
import { startPostgres } from '../server/postgres.mjs';
import { WASM, freePort, startServer } from './classServer';

const browser = useBrowser();
const LESSON = 'cancelling-timers';

describe('a PostgreSQL restart while a class answers', () => {
  let data: string;
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  let server: { url: string; child: ChildProcess } | undefined;
  beforeAll(async () => {
    await loadWasm(readFileSync(WASM));
    data = mkdtempSync(join(tmpdir(), 'hotpath-restart-e2e-'));
    pg = await startPostgres();
    if (pg.url) server = await startServer(await freePort(), data, { DATABASE_URL: pg.url });
  }, 300_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    if (pg?.url) pg.stop();
    rmSync(data, { recursive: true, force: true });
  });

  it('resends the student’s answer, the same request, until it is stored, and the live feed says 503 meanwhile', async (ctx) => {
    if (!pg.url || !server) return ctx.skip(`no PostgreSQL to restart: ${pg.why}`);
    const url = server.url;
    const api = async <T,>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
      const r = await fetch(`${url}api/${path}`, {
        method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.stringify(init.body),
        headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      });
      return (await r.json()) as T;
    };
    const c = await api<Created>('classes', { method: 'POST', body: { name: 'Restart 7', lessons: [LESSON], seed: 'restart7', policy: 'practice', seedPerStudent: false } });
    // The teacher follows live; every answer its live feed gets is noted.
    const { page: teacher, errors } = await browser.openUrl(`${url}class?teach=${c.id}#key=${c.teacherToken}`);
    const feedStatuses: number[] = [];
    teacher.on('response', (r) => r.url().includes('/events') && feedStatuses.push(r.status()));
    const live = teacher.getByRole('status', { name: 'live status' });
    await expect.poll(() => live.innerText()).toMatch(/^Live/);
    // A student joins and opens the lesson.
    const { page: student } = await browser.openUrl(`${url}class?join=${c.id}`);
    await student.getByLabel('Your name, as your teacher knows you').fill('Hal');
    await student.getByRole('button', { name: 'Join' }).click();
    await student.getByRole('list', { name: 'class lessons' }).getByRole('link', { name: 'Cancelling timers' }).click();
    const card = student.locator('.exercises article.exercise').first();
    await card.waitFor();
    const sent: string[] = [];
    student.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/work') && sent.push(r.postData() ?? ''));
    const answered: number[] = [];
    student.on('response', (r) => r.request().method() === 'POST' && r.url().endsWith('/api/work') && answered.push(r.status()));

    // PostgreSQL restarts (a clean shutdown) just as the student checks an answer.
    expect(pg.halt('fast')).toBeNull();
    const [first] = generate(LESSON, 'restart7')!;
    await card.getByLabel('Your answer').fill(String(first.expected));
    await card.getByRole('button', { name: 'Check' }).click();
    // The page says it is not stored yet and that it sends it again; nothing is shown as checked.
    await expect.poll(() => card.getByRole('alert').innerText()).toMatch(/^Not stored yet: The class server cannot reach its database just now .* Sending it again in \d+ s/);
    await expect.poll(() => answered.filter((s) => s === 503).length).toBeGreaterThanOrEqual(2);
    expect(await card.getByRole('button', { name: 'Check' }).isDisabled()).toBe(true);
    // The teacher's page says it is reconnecting or paused.
    await expect.poll(() => live.innerText()).toMatch(/^(Reconnecting|Paused)/);
    expect(pg.resume()).toBeNull();
    // Back: the page's next resend is stored, and the card shows the verdict with no alert left.
    await expect.poll(() => card.innerText(), { timeout: 90_000 }).toMatch(/Correct\./);
    expect(await card.getByRole('alert').count()).toBe(0);
    expect(answered.at(-1)).toBe(200);
    expect(answered.every((s) => s === 503 || s === 200)).toBe(true);
    // Every send was the same request.
    expect(new Set(sent.map((b) => JSON.parse(b).requestId)).size).toBe(1);
    expect(sent.length).toBe(answered.length);
    // Stored once, and the teacher's page follows again and shows it.
    const report = await api<Report>(`classes/${c.id}/report`, { token: c.teacherToken });
    expect(report.actions.filter((a) => a.action === 'answer')).toHaveLength(1);
    await expect.poll(() => live.innerText(), { timeout: 90_000 }).toMatch(/^Live/);
    await expect.poll(() => teacher.getByRole('table', { name: 'class results' }).locator('tbody tr').first().innerText()).toMatch(/^Hal\t1 of/);
    // While the database was away the live feed was told to wait (503), never that the server failed (500).
    expect(feedStatuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(feedStatuses).toContain(503);
    console.log(`restart: the answer was sent ${sent.length} times (${answered.filter((s) => s === 503).length} answered 503), the live feed reconnected ${feedStatuses.length - 1} times (${feedStatuses.filter((s) => s === 503).length} × 503)`);
    expect(errors).toEqual([]);
  }, 600_000);
});
