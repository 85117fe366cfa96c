// What the class server's tests share: the backends to run against (the embedded database
// always; a PostgreSQL server too when `npm test` started one and set HOTPATH_TEST_DATABASE_URL),
// each test getting a database of its own.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { generate, lessonsWithExercises, type Instance } from '../src/exercises/exercises';
import { setCache } from '../src/classroom/regrade';
import type { ActionResult, CreateClass, Created, Joined } from '../src/classroom/api';
import { buildApp, type AppOptions } from './app';
import { openDb, type Db } from './db';

export interface Backend {
  name: 'embedded' | 'postgres';
  /** A fresh, empty database: its URL (PostgreSQL) or folder (embedded), and how to remove it. */
  fresh(): Promise<{ url?: string; dir?: string; drop(): Promise<void> }>;
}

/** An empty embedded database made once (PGlite's initdb takes seconds), copied for each test that wants its own. */
let template: Promise<string> | null = null;

const embedded: Backend = {
  name: 'embedded',
  async fresh() {
    template ??= (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hotpath-class-template-'));
      const lite = new PGlite(dir);
      await lite.waitReady;
      await lite.close();
      process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
      return dir;
    })();
    const from = await template;
    const dir = mkdtempSync(join(tmpdir(), 'hotpath-class-test-'));
    cpSync(from, dir, { recursive: true });
    return { dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

function postgres(server: string): Backend {
  return {
    name: 'postgres',
    async fresh() {
      const name = `hotpath_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(server);
      url.pathname = `/${name}`;
      return {
        url: url.href,
        async drop() {
          const c = new pg.Client({ connectionString: server });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    },
  };
}

/** The embedded database, and PostgreSQL when one is there to test against. */
export function backends(): Backend[] {
  const url = process.env.HOTPATH_TEST_DATABASE_URL;
  return url ? [embedded, postgres(url)] : [embedded];
}

/**
 * A test's class server on `backend`: `server()` builds one (on a database shared by the file's
 * tests, or its own with 'own'), with `call` for its API; everything is closed after each test.
 */
export function serverKit(backend: Backend) {
  const cleanup: (() => Promise<void>)[] = [];
  let shared: { db: Db; drop(): Promise<void> } | undefined;
  const setup = async () => {
    const where = await backend.fresh();
    shared = { db: await openDb(where), drop: where.drop };
  };
  const teardown = async () => {
    await shared?.db.close();
    await shared?.drop();
  };
  const after = async () => {
    for (const f of cleanup.splice(0).reverse()) await f();
  };
  /** `given`: a database opened elsewhere, closed with this server unless `keep` (another server of the test uses it too). */
  async function server(o: Partial<AppOptions> = {}, own?: 'own' | { url?: string; dir?: string }, given?: Db, keep = false) {
    let where: { url?: string; dir?: string } | undefined;
    if (own === 'own') {
      const fresh = await backend.fresh();
      cleanup.push(fresh.drop);
      where = fresh;
    } else where = own;
    const db = given ?? (where ? await openDb(where) : shared!.db);
    const app = await buildApp({ db, sets: testSets, lessons: lessonsWithExercises(), logger: false, ...o });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await app.close();
      if (where || (given && !keep)) await db.close();
    };
    cleanup.push(close);
    const call = async <T,>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token?: string) => {
      const r = await app.inject({
        method, url: `/api/${url}`, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: r.statusCode, body: r.json() as T & { error?: string }, headers: r.headers, raw: r.body };
    };
    return { db, app, call, where, close };
  }
  /** Runs `f` after the test, before what was made before it (databases outlive their servers). */
  const later = (f: () => Promise<void>) => void cleanup.push(f);
  return { server, setup, teardown, after, later };
}

export type TestServer = Awaited<ReturnType<ReturnType<typeof serverKit>['server']>>;

/** The lessons' exercise sets, cached for every test of a file. */
export const testSets = setCache(generate);

let requests = 0;
/** A fresh request id. */
export const requestId = () => `req-${++requests}-${randomBytes(4).toString('hex')}`;

/** A class made through the API, and a student joined to it. */
export async function makeClass(s: TestServer, body: Partial<CreateClass> & Pick<CreateClass, 'policy'>): Promise<Created> {
  const c = await s.call<Created>('POST', 'classes', { name: 'Class 7', lessons: ['cancelling-timers', 'recycler'], seed: 'class7', ...body });
  if (c.status !== 201) throw new Error(c.raw);
  return c.body;
}

export async function joinAs(s: TestServer, classId: string, who: { name: string } | { code: string }): Promise<string> {
  const j = await s.call<Joined>('POST', `classes/${classId}/students`, who);
  if (j.status !== 201) throw new Error(j.raw);
  return j.body.token;
}

export const act = (s: TestServer, token: string, lesson: string, exercise: string, action: string, answer?: unknown, id = requestId()) =>
  s.call<ActionResult>('POST', 'work', { requestId: id, lesson, exercise, action, ...(answer !== undefined ? { answer } : {}) }, token);

/** The model answer as a browser sends it. */
export const keyOf = (i: Instance) => (Array.isArray(i.expected) || typeof i.expected === 'string' ? i.expected : String(i.expected));
