// The class server: the built site, and a small API under <base>api/ that hands out a class's
// questions, grades each answer with the real structures (the lessons' own generators, running
// the wasm in Node), stores it before acknowledging, and streams what changed to the teacher's
// page (teacherApi.ts has the teacher's routes). Fastify checks every body against a schema
// (schemas.ts) within a size limit; each route has a rate limit: per address where no key is
// needed (create, look up and join a class), per key where one is (a made-up key would make a
// fresh client each time, so an address may look up only so many keys the server does not know,
// while the keys it knows still get in: see keys.ts).
import Fastify, { type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Instance } from '../src/exercises/exercises';
import { cardState, question, takeAnswer } from '../src/exercises/card';
import {
  API_VERSION, type ActionResult, type ClassInfo, type CreateClass, type Created, type JoinClass, type Joined, type LessonWork, type KeepQuiz, type NewAction, type QuizTaken, type Status, type StudentQuiz,
} from '../src/classroom/api';
import { headersFor } from '../scripts/headers.mjs';
import type { Db } from './db';
import { Keys, PerMinute, type Checked } from './keys';
import { checkClassName, checkName } from './names';
import { normalCode, tokenHash } from './tokens';
import { registerOembed } from './oembed';
import { actionBody, classParams, createClassBody, joinBody, lessonParams, quizBody } from './schemas';
import { keepQuiz, quizOf, quizProblem } from './quiz';
import { lessonQuiz } from '../src/teaching/quiz';
import { createClass, dueFor, findClass, info, joinClass, logOf, type ClassRow } from './store';
import { HttpError, checkLesson, dueDate } from './errors';
import { joinWithCode } from './roster';
import { AnswerQueue } from './answers';
import { MAX_STORED_ANSWERS } from '../src/exercises/scoring';
import { LiveFeed } from './liveFeed';
import { teacherApi } from './teacherApi';
import { timings } from './timings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route, as registered: a test takes a projector key to each teacher route. */
    apiRoutes: { method: string; url: string }[];
  }
}

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
  /** Serve `api/timings` (where the time went, for the load test). */
  timings?: boolean;
}

/** Live teacher views (open event streams) at once, per class, per address and per server. */
export const DEFAULT_LIVE_VIEWS = { perClass: 20, perAddress: 40, total: 500 };

/**
 * Per minute. A school's whole class may share one address, so the per-address limits are wide.
 * `unknownKeys`: ids that name nothing here that one address may have looked up (see keys.ts);
 * keys whose rows exist are let in past it. `wrongCodes`: roster codes that opened nothing, per
 * address and class. `heights`: embed heights a reader's Share / embed dialog reports (oembed.ts).
 */
export const DEFAULT_LIMITS = { create: 30, join: 1000, read: 600, answer: 240, teacher: 600, unknownKeys: 300, wrongCodes: 100, heights: 30 };

export const BODY_LIMIT = 16 * 1024;

const bearer = (req: FastifyRequest) => /^Bearer ([A-Za-z0-9._-]{10,200})$/.exec(req.headers.authorization ?? '')?.[1];

/** PostgreSQL's and the driver's ways of saying the database is not there (SQLSTATE classes 08 and 57P, refused or dropped sockets). */
const AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);
const AWAY_TEXT = /Connection terminated|connection ended|not currently accepting connections|timeout exceeded when trying to connect|Knex: Timeout acquiring a connection/i;

/** Whether `err` says the database is away for now (it answers 503 with Retry-After, not 500). */
export function databaseAway(err: Error & { code?: unknown }): boolean {
  return (typeof err.code === 'string' && AWAY_CODES.has(err.code)) || err.name === 'KnexTimeoutError' || AWAY_TEXT.test(err.message);
}

const REFUSED: Record<string, (cls: ClassRow) => string> = {
  'no-attempts-left': (cls) => `No attempts left at this question: this class takes ${cls.maxAttempts} ${cls.maxAttempts === 1 ? 'answer' : 'answers'} per question.`,
  'too-many-answers': () => `${MAX_STORED_ANSWERS} answers to this question are stored already, the most this server keeps for one question: it takes no more.`,
  removed: () => 'Your teacher removed you from this class: nothing more is stored.',
};

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
  // Every route, as registered (a test takes a projector key to each teacher route).
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  await app.register(rateLimit, { global: false });
  const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.ip } });
  const perKey = (max: number) => ({
    rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => bearer(req)?.split('.')[0] ?? req.ip },
  });
  // Joins are counted per address, by kind: names apart from codes, and codes per class, so a
  // flood of wrong codes for one class leaves the address's other joins alone. Counted after the
  // body is read (it says which kind).
  const joinLimit = {
    rateLimit: {
      max: limits.join, timeWindow: '1 minute', hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => {
        const body = req.body as JoinClass;
        return 'code' in body ? `${req.ip} code ${(req.params as { id: string }).id}` : `${req.ip} name`;
      },
    },
  };
  const wrongCodes = new PerMinute();
  const keys = new Keys(o.db, limits.unknownKeys);
  await keys.load();
  /**
   * What a key opens, or an error. `refused` makes the error only when one is thrown: an Error
   * captures its stack, which every request would otherwise pay for (7 to 11 µs, more under load).
   */
  const checked = async <T>(req: FastifyRequest, open: (token: string) => Promise<Checked<T>>, refused: () => HttpError): Promise<T> => {
    const token = bearer(req);
    if (!token) throw refused();
    const found = await open(token);
    if ('ok' in found) return found.ok;
    if (found.refused === 'unknown-ids-exhausted') {
      throw new HttpError(429, 'Too many keys this server does not know came from this address: wait a minute and try again.');
    }
    throw refused();
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
    if (err.statusCode === 413) return reply.code(413).send({ error: `The request is larger than ${Math.round((reply.request.routeOptions.bodyLimit ?? BODY_LIMIT) / 1024)} KB.` });
    if (err.statusCode === 429) return reply.code(429).send({ error: 'Too many requests from this client: wait a minute and try again.' });
    if (err.statusCode && err.statusCode < 500) return reply.code(err.statusCode).send({ error: err.message });
    if (databaseAway(err)) {
      // A restart or a failover: the request is safe to send again (a request id is counted once).
      app.log.warn(`database unreachable: ${err.message}`);
      return reply.code(503).header('retry-after', '2').send({ error: 'The class server cannot reach its database just now (a restart?); nothing was stored. Try again in a few seconds.' });
    }
    app.log.error(err);
    return reply.code(500).send({ error: 'The class server failed on this request; nothing was stored. Try again.' });
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith(api)) reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  });

  // Every instance hears every change: what it kept of a changed row is read again, and the
  // live pages following the class are told.
  const live = new LiveFeed(o.db, o.sets, o.heartbeatMs ?? 15_000, { ...DEFAULT_LIVE_VIEWS, ...o.liveViews });
  const stopHearing = o.db.onChange((c) => {
    if (c.kind === 'class') keys.classChanged(c.classId);
    if (c.kind === 'student' || c.kind === 'removed') for (const id of c.ids) keys.studentChanged(id);
    if (c.kind === 'joined') keys.studentsJoined(c.ids);
    live.heard(c);
  });
  // While the change feed is down, changes go unheard: nothing kept is trusted (every key check
  // reads its row), and the live pages are ended (they say they are reconnecting, and catch up
  // when it is back).
  const stopWatching = o.db.feed.onState((up) => {
    if (!up) timings.add('change feed lost', 0);
    keys.feed(up);
    if (!up) live.endAll('feed-lost');
  });
  app.addHook('preClose', async () => {
    stopHearing();
    stopWatching();
    live.endAll();
  });

  const student = (req: FastifyRequest) =>
    checked(req, (token) => keys.student(token, req.ip),
      () => new HttpError(401, 'This browser has not joined a class on this server (or its key is not valid): open the class’s join link.'));
  const lessonSet = (cls: ClassRow, lesson: string, seed: string) => {
    checkLesson(cls, lesson);
    const set = o.sets(lesson, seed);
    if (!set) throw new HttpError(404, `This server has no exercises for the lesson “${lesson}”.`);
    return set;
  };
  const answers = new AnswerQueue(o.db);
  answers.onWritten = (rows) => live.known(rows);

  app.get(`${api}status`, async (): Promise<Status> => ({ server: 'hotpath-class', version: API_VERSION, database: o.db.kind }));
  if (o.timings) {
    app.get(`${api}timings`, async () => timings.read());
    app.delete(`${api}timings`, async () => (timings.reset(), {}));
  }

  app.post<{ Body: CreateClass }>(`${api}classes`, { schema: { body: createClassBody }, config: perAddress(limits.create) }, async (req, reply): Promise<Created> => {
    const b = req.body;
    const unknown = b.lessons.filter((l) => !o.lessons.includes(l));
    if (unknown.length) throw new HttpError(400, `No lesson “${unknown[0]}” with exercises on this server.`);
    const dueAt = b.dueAt ? dueDate(b.dueAt, { future: true }) : null;
    const name = checkClassName(b.name);
    if (!name.ok) throw new HttpError(400, name.problem);
    const { cls, teacherToken } = await createClass(o.db, {
      name: name.name, lessons: b.lessons, seed: b.seed, policy: b.policy, dueAt,
      // An assessment gives each student a set of their own unless told otherwise: a throwaway
      // name then learns nothing of anyone's questions.
      seedPerStudent: b.seedPerStudent ?? b.policy === 'assessment',
      maxAttempts: b.maxAttempts ?? null, penalty: b.penalty ?? 0, roster: b.roster ?? false,
    });
    keys.created(cls, tokenHash(teacherToken));
    reply.code(201);
    return { id: cls.id, teacherToken };
  });

  app.get<{ Params: { id: string } }>(`${api}classes/:id`, { schema: { params: classParams }, config: perAddress(limits.read) }, async (req): Promise<ClassInfo> => {
    const cls = await findClass(o.db, req.params.id);
    if (!cls) throw new HttpError(404, 'There is no such class on this server.');
    return info(cls);
  });

  app.post<{ Params: { id: string }; Body: JoinClass }>(`${api}classes/:id/students`,
    { schema: { params: classParams, body: joinBody }, config: joinLimit }, async (req, reply): Promise<Joined> => {
      const cls = await findClass(o.db, req.params.id);
      if (!cls) throw new HttpError(404, 'There is no such class on this server.');
      const b = req.body;
      if ('code' in b) {
        // Wrong codes have a budget of their own, per address and class: a flood of them shuts
        // only that class's code joins from that address for the minute, not name joins or
        // other classes (their requests are counted apart too: `joinLimit`).
        const wrongFrom = `${req.ip} ${cls.id}`;
        if (wrongCodes.spent(wrongFrom, limits.wrongCodes)) {
          throw new HttpError(429, `${limits.wrongCodes} wrong codes for this class came from this address in the last minute: wait a minute, then type your code again carefully.`);
        }
        const code = normalCode(b.code);
        if (!code) throw new HttpError(400, 'That is not a join code: a code is ten letters and digits, like ABCDE-23456 (case, spaces and dashes do not matter).');
        const joined = await joinWithCode(o.db, cls, code);
        if (joined === 'closed') throw new HttpError(403, 'This class is past its due date: your code is kept, and works if your teacher reopens the class or gives you more time.');
        if (!joined) {
          wrongCodes.take(wrongFrom, limits.wrongCodes);
          throw new HttpError(403, 'This code does not open this class: check it against the one your teacher gave you (each code works once; ask for a new one if yours was used).');
        }
        keys.joined(joined.student);
        reply.code(201);
        return { token: joined.token, name: joined.student.name, cls: info(cls, joined.student) };
      }
      if (cls.roster) throw new HttpError(403, 'This class takes only the students on its roster: join with the code your teacher gave you.');
      if (!info(cls).open) throw new HttpError(403, 'This class is past its due date.');
      const name = checkName(b.name);
      if (!name.ok) throw new HttpError(400, name.problem);
      const joined = await joinClass(o.db, cls, name.name);
      if (joined === 'taken') throw new HttpError(409, 'Someone in this class already joined with that name: add an initial; or, if it is you, open the come-back link you were shown, use the browser you joined with, or ask your teacher for a code to come back with.');
      keys.joined(joined.student);
      reply.code(201);
      return { token: joined.token, name: joined.student.name, cls: info(cls) };
    });

  app.get<{ Params: { lesson: string } }>(`${api}work/:lesson`, { schema: { params: lessonParams }, config: perKey(limits.read) }, async (req): Promise<LessonWork> => {
    const { student: s, cls } = await student(req);
    const set = lessonSet(cls, req.params.lesson, s.seed);
    const p = { lesson: req.params.lesson, seed: s.seed, student: s.name, log: await logOf(o.db.knex, s.id, req.params.lesson) };
    return {
      cls: info(cls, s), student: s.name, lesson: req.params.lesson,
      questions: set.map((i) => question(i, cls.policy)),
      cards: Object.fromEntries(set.map((i) => [i.id, cardState(p, i, cls)])),
      ...(s.dueAt ? { dueAt: s.dueAt.toISOString() } : {}),
    };
  });

  app.post<{ Body: NewAction }>(`${api}work`, { schema: { body: actionBody }, config: perKey(limits.answer) }, async (req): Promise<ActionResult> => {
    const t0 = performance.now();
    const { student: s, cls } = await student(req);
    timings.add('request: key', performance.now() - t0);
    const a = req.body;
    const set = lessonSet(cls, a.lesson, s.seed);
    const inst = set.find((i) => i.id === a.exercise);
    if (!inst) throw new HttpError(404, `The lesson “${a.lesson}” has no exercise “${a.exercise}”.`);
    if (!info(cls, s).open) throw new HttpError(403, `This class closed at ${dueFor(cls, s)!.toISOString()}: answers are no longer taken.`);
    if (cls.policy === 'assessment' && (a.action === 'hint' || a.action === 'reveal')) throw new HttpError(403, 'This class is an assessment: no hints or answers are given.');
    // An assessment offers no replay (it would show the steps), so there is none to record.
    if (cls.policy === 'assessment' && a.action === 'replay') throw new HttpError(403, 'This class is an assessment: it offers no replays, so none is recorded.');
    let answer;
    if (a.action === 'answer') {
      const taken = takeAnswer(inst, a.answer);
      if (!taken.ok) throw new HttpError(400, `The answer is not valid: ${taken.problem}.`);
      answer = taken.answer;
    } else if (a.answer !== undefined) throw new HttpError(400, `A “${a.action}” carries no answer.`);
    const t1 = performance.now();
    const r = await answers.record({ student: s, cls, inst, action: { ...a, answer } });
    const t2 = performance.now();
    if (r.why && r.why in REFUSED) throw new HttpError(403, REFUSED[r.why](cls));
    const card = cardState(r.progress, inst, cls);
    const t3 = performance.now();
    timings.add('request: key and checks', t1 - t0);
    timings.add('request: queue and transaction', t2 - t1);
    timings.add('request: card', t3 - t2);
    return { card, stored: r.stored };
  });

  // The lessons' concept checks (quiz.ts): a phase's answers kept once; not graded for a score.
  const quizFor = (cls: ClassRow, lesson: string) => {
    checkLesson(cls, lesson);
    const items = lessonQuiz(lesson);
    if (!items) throw new HttpError(404, `The lesson “${lesson}” has no concept check.`);
    return items;
  };

  app.get<{ Params: { lesson: string } }>(`${api}quiz/:lesson`, { schema: { params: lessonParams }, config: perKey(limits.read) }, async (req): Promise<StudentQuiz> => {
    const { student: s, cls } = await student(req);
    quizFor(cls, req.params.lesson);
    return quizOf(o.db, s.id, req.params.lesson);
  });

  app.post<{ Body: KeepQuiz }>(`${api}quiz`, { schema: { body: quizBody }, config: perKey(limits.answer) }, async (req, reply): Promise<QuizTaken> => {
    const { student: s, cls } = await student(req);
    const { lesson, phase, answers: given } = req.body;
    const problem = quizProblem(quizFor(cls, lesson), given);
    if (problem) throw new HttpError(400, problem);
    if (!info(cls, s).open) throw new HttpError(403, `This class closed at ${dueFor(cls, s)!.toISOString()}: answers are no longer taken.`);
    const kept = await keepQuiz(o.db, s.id, lesson, phase, given);
    if (kept.outcome === 'different') {
      throw new HttpError(409, `You kept other answers to this check ${phase === 'pre' ? 'before the lesson' : 'after the lesson'} already, at ${kept.taken.at}: each is taken once, so what the class learned stays what it was.`);
    }
    reply.code(kept.outcome === 'kept' ? 201 : 200);
    return kept.taken;
  });

  await teacherApi(app, { ...o, api, limits, keys, checked, live, perKey });

  app.all(`${api}*`, async () => {
    throw new HttpError(404, 'No such API route.');
  });

  if (o.siteDir) {
    const site = o.siteDir;
    // oEmbed for any embed link of the site (oembed.ts), before the files: the embed pages carry its discovery tag.
    registerOembed(app, { base, api, siteDir: site, limit: perAddress(limits.read), reportLimit: perAddress(limits.heights) });
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
  app.decorate('apiRoutes', routes);
  return app;
}
