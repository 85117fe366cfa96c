// The class server: the built site, and a small API under <base>api/ that hands out a class's
// questions, grades each answer with the real structures (the lessons' own generators, running
// the wasm in Node), stores it before acknowledging, and streams changes to the teacher's page.
// Fastify checks every body against a schema (schemas.ts) within a size limit; each route has a
// rate limit: per address where no key is needed (create, look up and join a class), per key where
// one is (a made-up key would make a fresh client each time, so an address may look up only so many
// keys the server does not know, while the keys it knows still get in: see keys.ts).
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Instance } from '../src/exercises/exercises';
import { cardState, question, takeAnswer } from '../src/exercises/card';
import { progressJson, type Progress } from '../src/exercises/progress';
import {
  API_VERSION, type ActionResult, type ClassInfo, type CreateClass, type Created, type Joined, type LessonWork, type NewAction, type Report, type Status,
} from '../src/classroom/api';
import { headersFor } from '../scripts/headers.mjs';
import type { Db } from './db';
import { Keys, type Checked } from './keys';
import { checkName } from './names';
import { tokenHash } from './tokens';
import { registerOembed } from './oembed';
import { actionBody, classParams, createClassBody, joinBody, lessonParams } from './schemas';
import {
  classData, createClass, findClass, joinClass, progressOf, recordAction, type ClassRow,
} from './store';

export interface AppOptions {
  db: Db;
  /** A lesson's exercise set for a seed (the lessons' generators, cached), or undefined if it has none. */
  sets: (lesson: string, seed: string) => Instance[] | undefined;
  /** Lessons that have exercises. */
  lessons: readonly string[];
  /** The built site to serve (dist/), if any. */
  siteDir?: string;
  /** The path the site was built for, "/" or "/some/path/". */
  base?: string;
  /** Requests per minute per client, by route kind. */
  limits?: Partial<typeof DEFAULT_LIMITS>;
  /**
   * Behind proxies: how many hops of X-Forwarded-For to believe (each proxy appends the address it
   * saw; only the entries the server's own proxies added are true), or the proxies' addresses and
   * CIDR ranges. Never "all": anyone could then name any address and void the per-address limits.
   */
  trustProxy?: number | string[];
  /** Warnings and errors (never tokens) as JSON lines to stdout, or to `stream`; tests pass false. */
  logger?: false | { stream: NodeJS.WritableStream };
  /** At most this many live views open at once. */
  liveViews?: Partial<typeof DEFAULT_LIVE_VIEWS>;
  /** Milliseconds between SSE keep-alive comments. */
  heartbeatMs?: number;
}

/** Live teacher views (open event streams) at once, per class and per server. */
export const DEFAULT_LIVE_VIEWS = { perClass: 20, total: 500 };

/**
 * Per minute. A school's whole class may share one address, so the per-address limits are wide.
 * `unknownKeys`: ids of keys this server has not seen that one address may have looked up (see
 * keys.ts); keys already known are let in past it.
 */
export const DEFAULT_LIMITS = { create: 30, join: 1000, read: 600, answer: 240, unknownKeys: 300 };

const BODY_LIMIT = 16 * 1024;

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

const bearer = (req: FastifyRequest) => /^Bearer ([A-Za-z0-9._-]{10,200})$/.exec(req.headers.authorization ?? '')?.[1];

/** A due date as a class may have one: a real instant, in the future, within ten years. */
function dueDate(text: string): Date {
  const d = new Date(text);
  const quoted = `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
  // Ajv's date-time format takes a leap second (:60) and the year 0000, which no Date or PostgreSQL timestamp holds.
  if (!Number.isFinite(d.getTime()) || d.getUTCFullYear() < 1970) {
    throw new HttpError(400, `The due date ${quoted} is not a date and time this server can keep: write it like 2026-12-01T17:00:00Z.`);
  }
  const now = Date.now();
  if (d.getTime() <= now) throw new HttpError(400, `The due date ${quoted} is in the past: the class would be closed from the start.`);
  if (d.getTime() > now + 10 * 366 * 86_400_000) throw new HttpError(400, `The due date ${quoted} is more than ten years away.`);
  return d;
}

const info = (c: ClassRow, now = new Date()): ClassInfo => ({
  id: c.id, name: c.name, lessons: c.lessons, policy: c.policy, dueAt: c.dueAt?.toISOString() ?? null, open: !c.dueAt || c.dueAt > now,
});

export async function buildApp(o: AppOptions) {
  const base = o.base ?? '/';
  const api = `${base}api/`;
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: typeof o.trustProxy === 'number' ? ((_: string, hop: number) => hop < (o.trustProxy as number)) : o.trustProxy ?? false,
    // Warnings and errors only; Fastify's request serializer logs method, URL and address, no headers.
    logger: o.logger === false ? false : { level: 'warn', ...o.logger },
    // Types are checked, not converted: "5" is not 5, and nothing unknown is silently dropped.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  await app.register(rateLimit, { global: false });
  const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.ip } });
  const perKey = (max: number) => ({
    rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => bearer(req)?.split('.')[0] ?? req.ip },
  });
  const keys = new Keys(o.db, limits.unknownKeys);
  /** What a key opens, or an error. */
  const checked = async <T>(req: FastifyRequest, open: (token: string) => Promise<Checked<T>>, refused: HttpError): Promise<T> => {
    const token = bearer(req);
    if (!token) throw refused;
    const found = await open(token);
    if ('ok' in found) return found.ok;
    if (found.refused === 'unknown-ids-exhausted') {
      throw new HttpError(429, 'Too many keys this server does not know came from this address: wait a minute and try again.');
    }
    throw refused;
  };

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, _req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).send({ error: err.message });
    if (err.validation) {
      // A mangled link reaches the server as a bad path parameter: say so in words.
      if ((err as { validationContext?: string }).validationContext === 'params') {
        return reply.code(400).send({ error: 'This link is damaged (its class or lesson name is not one this server makes): open the link you were given again, whole.' });
      }
      return reply.code(400).send({ error: `The request is not valid: ${err.message}` });
    }
    if (err.statusCode === 413) return reply.code(413).send({ error: `The request is larger than ${BODY_LIMIT / 1024} KB.` });
    if (err.statusCode === 429) return reply.code(429).send({ error: 'Too many requests from this client: wait a minute and try again.' });
    if (err.statusCode && err.statusCode < 500) return reply.code(err.statusCode).send({ error: err.message });
    app.log.error(err);
    return reply.code(500).send({ error: 'The class server failed on this request; nothing was stored. Try again.' });
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith(api)) reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  });

  const teacherClass = (req: FastifyRequest<{ Params: { id: string } }>) =>
    checked(req, (token) => keys.teacher(req.params.id, token, req.ip), new HttpError(403, 'This link’s teacher key does not open this class.'));
  const student = (req: FastifyRequest) =>
    checked(req, (token) => keys.student(token, req.ip),
      new HttpError(401, 'This browser has not joined a class on this server (or its key is not valid): open the class’s join link.'));
  const lessonSet = (cls: ClassRow, lesson: string, seed: string) => {
    if (!cls.lessons.includes(lesson)) throw new HttpError(404, `The class “${cls.name}” has no lesson “${lesson}”.`);
    const set = o.sets(lesson, seed);
    if (!set) throw new HttpError(404, `This server has no exercises for the lesson “${lesson}”.`);
    return set;
  };

  app.get(`${api}status`, async (): Promise<Status> => ({ server: 'hotpath-class', version: API_VERSION, database: o.db.kind }));

  app.post<{ Body: CreateClass }>(`${api}classes`, { schema: { body: createClassBody }, config: perAddress(limits.create) }, async (req, reply): Promise<Created> => {
    const b = req.body;
    const unknown = b.lessons.filter((l) => !o.lessons.includes(l));
    if (unknown.length) throw new HttpError(400, `No lesson “${unknown[0]}” with exercises on this server.`);
    const dueAt = b.dueAt ? dueDate(b.dueAt) : null;
    const { cls, teacherToken } = await createClass(o.db, { name: b.name.trim(), lessons: b.lessons, seed: b.seed, seedPerStudent: b.seedPerStudent, policy: b.policy, dueAt });
    keys.created(cls, tokenHash(teacherToken));
    reply.code(201);
    return { id: cls.id, teacherToken };
  });

  app.get<{ Params: { id: string } }>(`${api}classes/:id`, { schema: { params: classParams }, config: perAddress(limits.read) }, async (req): Promise<ClassInfo> => {
    const cls = await findClass(o.db, req.params.id);
    if (!cls) throw new HttpError(404, 'There is no such class on this server.');
    return info(cls);
  });

  app.post<{ Params: { id: string }; Body: { name: string } }>(`${api}classes/:id/students`,
    { schema: { params: classParams, body: joinBody }, config: perAddress(limits.join) }, async (req, reply): Promise<Joined> => {
      const cls = await findClass(o.db, req.params.id);
      if (!cls) throw new HttpError(404, 'There is no such class on this server.');
      if (!info(cls).open) throw new HttpError(403, 'This class is past its due date.');
      const name = checkName(req.body.name);
      if (!name.ok) throw new HttpError(400, name.problem);
      const joined = await joinClass(o.db, cls, name.name);
      if (joined === 'taken') throw new HttpError(409, 'Someone in this class already joined with that name: add an initial, or if it is you, use the browser you joined with.');
      keys.joined(joined.student, cls);
      reply.code(201);
      return { token: joined.token, name: joined.student.name, cls: info(cls) };
    });

  app.get<{ Params: { lesson: string } }>(`${api}work/:lesson`, { schema: { params: lessonParams }, config: perKey(limits.read) }, async (req): Promise<LessonWork> => {
    const { student: s, cls } = await student(req);
    const set = lessonSet(cls, req.params.lesson, s.seed);
    const p = await progressOf(o.db, s, req.params.lesson);
    return {
      cls: info(cls), student: s.name, lesson: req.params.lesson,
      questions: set.map((i) => question(i, cls.policy)),
      cards: Object.fromEntries(set.map((i) => [i.id, cardState(p, i, cls.policy)])),
    };
  });

  app.post<{ Body: NewAction }>(`${api}work`, { schema: { body: actionBody }, config: perKey(limits.answer) }, async (req): Promise<ActionResult> => {
    const { student: s, cls } = await student(req);
    const a = req.body;
    const set = lessonSet(cls, a.lesson, s.seed);
    const inst = set.find((i) => i.id === a.exercise);
    if (!inst) throw new HttpError(404, `The lesson “${a.lesson}” has no exercise “${a.exercise}”.`);
    if (!info(cls).open) throw new HttpError(403, `This class closed at ${cls.dueAt!.toISOString()}: answers are no longer taken.`);
    if (cls.policy === 'assessment' && (a.action === 'hint' || a.action === 'reveal')) throw new HttpError(403, 'This class is an assessment: no hints or answers are given.');
    let answer;
    if (a.action === 'answer') {
      const taken = takeAnswer(inst, a.answer);
      if (!taken.ok) throw new HttpError(400, `The answer is not valid: ${taken.problem}.`);
      answer = taken.answer;
    } else if (a.answer !== undefined) throw new HttpError(400, `A “${a.action}” carries no answer.`);
    const r = await recordAction(o.db, s, inst, { ...a, answer });
    return { card: cardState(r.progress, inst, cls.policy), stored: r.stored };
  });

  app.get<{ Params: { id: string } }>(`${api}classes/:id/report`, { schema: { params: classParams }, config: perKey(limits.read) }, async (req): Promise<Report> => {
    const cls = await teacherClass(req);
    const data = await classData(o.db, cls);
    const exports = data.students.flatMap((s) => cls.lessons.flatMap((lesson) => {
      const set = o.sets(lesson, s.seed);
      if (!set) return [];
      const p: Progress = { lesson, seed: s.seed, student: s.name, log: data.logs.get(s.id)?.get(lesson) ?? [] };
      return [JSON.parse(progressJson(p, set))];
    }));
    const activity = data.students.flatMap((s) => {
      const last = [...(data.logs.get(s.id)?.entries() ?? [])].flatMap(([lesson, log]) => log.map((e) => ({ lesson, e }))).sort((a, b) => a.e.at.localeCompare(b.e.at)).at(-1);
      return last ? [{ student: s.name, lesson: last.lesson, exercise: last.e.exercise, action: last.e.action, at: last.e.at }] : [];
    });
    return { cls: { ...info(cls), seed: cls.seed, seedPerStudent: cls.seedPerStudent, createdAt: cls.createdAt.toISOString() }, exports, activity };
  });

  // The teacher page's live feed: an event each time an answer of the class is stored, on any
  // instance. Open streams are ended when the server stops (or it would wait on them for ever) and
  // when the database's change feed is lost: the page then reconnects, and catches up, when the
  // feed is back; until then it is told to wait.
  const streams = new Map<NodeJS.WritableStream & { end(): void }, string>();
  const endStreams = () => {
    for (const res of streams.keys()) res.end();
    streams.clear();
  };
  const live = { ...DEFAULT_LIVE_VIEWS, ...o.liveViews };
  const openFor = (classId: string) => [...streams.values()].filter((id) => id === classId).length;
  const stopWatching = o.db.feed.onState((up) => up || endStreams());
  app.addHook('preClose', async () => {
    stopWatching();
    endStreams();
  });
  app.get<{ Params: { id: string } }>(`${api}classes/:id/events`, { schema: { params: classParams }, config: perKey(limits.read) }, async (req, reply: FastifyReply) => {
    const cls = await teacherClass(req);
    if (!o.db.feed.up()) throw new HttpError(503, 'The class server is reconnecting to its database’s change feed: the live view resumes when it is back.');
    if (openFor(cls.id) >= live.perClass) throw new HttpError(429, `This class already has ${live.perClass} live views open: close one (another tab or device) and try again.`);
    if (streams.size >= live.total) throw new HttpError(503, `This server already serves ${live.total} live views: try again in a minute.`);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
    res.write('retry: 2000\n\n');
    let pending: NodeJS.Timeout | undefined;
    const stop = o.db.onChange((id) => {
      if (id !== cls.id || pending) return;
      // Many answers at once make one event every quarter second, not one each.
      pending = setTimeout(() => {
        pending = undefined;
        res.write(`event: change\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n\n`);
      }, 250);
    });
    const beat = setInterval(() => res.write(': keep-alive\n\n'), o.heartbeatMs ?? 15_000);
    streams.set(res, cls.id);
    req.raw.on('close', () => {
      streams.delete(res);
      stop();
      clearInterval(beat);
      clearTimeout(pending);
    });
  });

  app.all(`${api}*`, async () => {
    throw new HttpError(404, 'No such API route.');
  });

  if (o.siteDir) {
    const site = o.siteDir;
    // oEmbed for any embed link of the site (oembed.ts), before the files: the embed pages carry its discovery tag.
    registerOembed(app, { base, api, siteDir: site, limit: perAddress(limits.read) });
    const rel = (path: string) => path.slice(site.length).replace(/^\//, '');
    await app.register(fastifyStatic, {
      root: site, prefix: base, redirect: true, index: ['index.html'], wildcard: true,
      setHeaders: (res, path) => {
        for (const [k, v] of Object.entries(headersFor(rel(path)))) res.header(k, v);
      },
    });
    const notFound = existsSync(join(site, '404.html')) ? readFileSync(join(site, '404.html'), 'utf8') : 'not found';
    app.setNotFoundHandler((req, reply) => {
      reply.code(404).headers(headersFor('404.html')).type(notFound === 'not found' ? 'text/plain' : 'text/html; charset=utf-8').send(notFound);
    });
  }
  return app;
}
