// @vitest-environment node
// A PostgreSQL restart under a running class server, as a page sees it (issue 59 item 5): a
// PostgreSQL of this file's own is stopped and started again (the shared test server is not:
// other files use it), once cleanly ('fast') and once as a crash ('immediate'). While it is away
// every answer and every reconnect of the live feed is told 503 with Retry-After, never 500;
// the same request sent again once it is back is stored, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm } from '../src/wasm/loader';
import { generate } from '../src/exercises/exercises';
import type { Report } from '../src/classroom/api';
import { startPostgres } from './postgres.mjs';
import { openDb } from './db';
import { buildApp } from './app';
import { act, joinAs, keyOf, makeClass, testSets, type TestServer } from './testing';
import { lessonsWithExercises } from '../src/exercises/exercises';

const LESSON = 'cancelling-timers';

describe('a PostgreSQL restart under the class server', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  beforeAll(async () => {
    await loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
    pg = await startPostgres();
  }, 300_000);
  afterAll(() => {
    if (pg.url) pg.stop();
  });

  it('answers 503 with Retry-After to answers and to the live feed while it is away, and stores a resent answer once', async (ctx) => {
    if (!pg.url) return ctx.skip(`no PostgreSQL to restart: ${pg.why}`);
    const lines: string[] = [];
    const db = await openDb({ url: pg.url, log: (l) => lines.push(l) });
    const app = await buildApp({ db, sets: testSets, lessons: lessonsWithExercises(), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/`;
    const call = async <T,>(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
      const r = await fetch(base + url, {
        method, body: body === undefined ? undefined : JSON.stringify(body),
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      });
      const raw = await r.text();
      return { status: r.status, body: JSON.parse(raw || 'null') as T & { error?: string }, headers: Object.fromEntries(r.headers), raw };
    };
    const s = { call } as unknown as TestServer;
    try {
      const c = await makeClass(s, { policy: 'practice', seedPerStudent: false, lessons: [LESSON] });
      const token = await joinAs(s, c.id, { name: 'Hal' });
      const set = generate(LESSON, 'class7')!;
      const follow = () => fetch(`${base}classes/${c.id}/events`, { headers: { authorization: `Bearer ${c.teacherToken}` } });

      for (const [round, mode] of (['fast', 'immediate'] as const).entries()) {
        const feed = await follow();
        expect(feed.status).toBe(200);
        const reader = feed.body!.getReader();
        await reader.read();
        expect(pg.halt(mode)).toBeNull();
        // The open stream ends; the page's first reconnect, and every one while the database is
        // away, is told to wait: 503 with Retry-After, as the docs say, never 500.
        while (!(await reader.read()).done);
        const reconnects = [];
        for (let i = 0; i < 3; i++) {
          const r = await follow();
          reconnects.push([r.status, r.headers.get('retry-after')]);
          await r.body?.cancel();
        }
        expect(reconnects, lines.join('\n')).toEqual([[503, '2'], [503, '2'], [503, '2']]);
        // An answer meanwhile: stored nowhere, and told to come again.
        const id = `restart-${round}-answer`;
        const away = await act(s, token, LESSON, set[round].id, 'answer', keyOf(set[round]), id);
        expect([away.status, away.headers['retry-after'], away.body.error]).toEqual([503, '2', expect.stringContaining('cannot reach its database just now')]);
        expect(pg.resume()).toBeNull();
        // The page sends the same request again until it is stored.
        await expect.poll(async () => (await act(s, token, LESSON, set[round].id, 'answer', keyOf(set[round]), id)).status, { timeout: 60_000, interval: 500 }).toBe(200);
        const again = await act(s, token, LESSON, set[round].id, 'answer', keyOf(set[round]), id);
        expect([again.status, again.body.stored]).toEqual([200, false]);
        await expect.poll(async () => {
          const r = await follow();
          await r.body?.cancel();
          return r.status;
        }, { timeout: 60_000, interval: 500 }).toBe(200);
      }
      const report = await call<Report>('GET', `classes/${c.id}/report`, undefined, c.teacherToken);
      expect(report.body.actions.filter((a) => a.action === 'answer').map((a) => a.exercise)).toEqual([set[0].id, set[1].id]);
    } finally {
      await app.close();
      await db.close();
    }
  }, 300_000);
});
