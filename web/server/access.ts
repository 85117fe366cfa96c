// Who may call a route, and how often: the rate limits (per address where no key is needed, per
// key where one is), the bearer key a request carries, and what a key opens (keys.ts). The
// student's and the teacher's routes (studentApi.ts, teacherApi.ts) take these from `ApiContext`.
import type { FastifyRequest } from 'fastify';
import type { Instance } from '../src/exercises/exercises';
import type { JoinClass } from '../src/classroom/api';
import type { Db } from './db';
import type { Checked, Keys } from './keys';
import type { LiveFeed } from './liveFeed';
import { HttpError } from './errors';

/**
 * Per minute. A school's whole class may share one address, so the per-address limits are wide.
 * `unknownKeys`: ids that name nothing here that one address may have looked up (see keys.ts);
 * keys whose rows exist are let in past it. `wrongCodes`: roster codes that opened nothing, per
 * address and class. `heights`: embed heights a reader's Share / embed dialog reports (oembed.ts).
 */
export const DEFAULT_LIMITS = { create: 30, join: 1000, read: 600, answer: 240, teacher: 600, unknownKeys: 300, wrongCodes: 100, heights: 30 };
export type Limits = typeof DEFAULT_LIMITS;

/** The key a request carries (`Authorization: Bearer …`), if it is shaped like one. */
export const bearer = (req: FastifyRequest) => /^Bearer ([A-Za-z0-9._-]{10,200})$/.exec(req.headers.authorization ?? '')?.[1];

/** A route's limit per client address. */
export const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.ip } });

/** A route's limit per key (its id part), or per address for a request without one. */
export const perKey = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => bearer(req)?.split('.')[0] ?? req.ip },
});

/**
 * Joins are counted per address, by kind: names apart from codes, and codes per class, so a flood
 * of wrong codes for one class leaves the address's other joins alone. Counted after the body is
 * read (it says which kind).
 */
export const joinLimit = (max: number) => ({
  rateLimit: {
    max, timeWindow: '1 minute', hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => {
      const body = req.body as JoinClass;
      return 'code' in body ? `${req.ip} code ${(req.params as { id: string }).id}` : `${req.ip} name`;
    },
  },
});

/**
 * What the request's key opens (`open` asks keys.ts), or an error. `refused` makes the error only
 * when one is thrown: an Error captures its stack, which every request would otherwise pay for
 * (7 to 11 µs, more under load).
 */
export async function checked<T>(req: FastifyRequest, open: (token: string) => Promise<Checked<T>>, refused: () => HttpError): Promise<T> {
  const token = bearer(req);
  if (!token) throw refused();
  const found = await open(token);
  if ('ok' in found) return found.ok;
  if (found.refused === 'unknown-ids-exhausted') {
    throw new HttpError(429, 'Too many keys this server does not know came from this address: wait a minute and try again.');
  }
  throw refused();
}

/** What the student's and the teacher's routes share. */
export interface ApiContext {
  db: Db;
  /** A lesson's exercise set for a seed, or undefined if it has none. */
  sets: (lesson: string, seed: string) => Instance[] | undefined;
  /** Lessons that have exercises. */
  lessons: readonly string[];
  /** `<base>api/`. */
  api: string;
  limits: Limits;
  keys: Keys;
  live: LiveFeed;
}
