// The class server: the built site, and a small API under <base>api/ that hands out a class's
// questions, grades each answer with the real structures (the lessons' own generators, running
// the wasm in Node), stores it before acknowledging, and streams what changed to the teacher's
// page. This file puts the parts together: studentApi.ts and teacherApi.ts have the routes,
// access.ts the rate limits and key checks (per address where no key is needed, per key where one
// is; keys.ts lets the keys it knows in past the budget for made-up ones), errors.ts the errors'
// answers, site.ts the files. Fastify checks every body against a schema (schemas.ts) within a
// size limit.
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Instance } from '../src/exercises/exercises';
import { API_VERSION, type Status } from '../src/classroom/api';
import { DEFAULT_LIMITS, type Limits } from './access';
import type { Db } from './db';
import { BODY_LIMIT, HttpError, replyToErrors } from './errors';
import { Keys } from './keys';
import { LiveFeed } from './liveFeed';
import { serveSite } from './site';
import { studentApi } from './studentApi';
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
  limits?: Partial<Limits>;
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
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  await app.register(rateLimit, { global: false });
  replyToErrors(app);
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith(api)) reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  });

  const keys = new Keys(o.db, limits.unknownKeys);
  await keys.load();
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

  app.get(`${api}status`, async (): Promise<Status> => ({ server: 'hotpath-class', version: API_VERSION, database: o.db.kind }));
  if (o.timings) {
    app.get(`${api}timings`, async () => timings.read());
    app.delete(`${api}timings`, async () => (timings.reset(), {}));
  }
  const context = { db: o.db, sets: o.sets, lessons: o.lessons, api, limits, keys, live };
  await studentApi(app, context);
  await teacherApi(app, context);
  app.all(`${api}*`, async () => {
    throw new HttpError(404, 'No such API route.');
  });
  if (o.siteDir) await serveSite(app, { siteDir: o.siteDir, base, api, limits });
  app.decorate('apiRoutes', routes);
  return app;
}
