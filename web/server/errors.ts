// What a route answers when it refuses: an HTTP status and a sentence saying what is wrong (the
// error handler below sends it as { error }), and the one reading of a due date every route shares.
import type { FastifyInstance } from 'fastify';
import type { ClassRow } from './store';

/** The largest body a route takes unless it says otherwise (the roster's is larger: schemas.ts). */
export const BODY_LIMIT = 16 * 1024;

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * A due date as a class or a student may have one: a real instant from 1970 on, within ten years.
 * Every route that takes one reads it here. A new class's must be in the future (it would be
 * closed from the start); an edit may move it into the past, which closes the class now.
 */
export function dueDate(text: string, o: { future: boolean }): Date {
  const d = new Date(text);
  const quoted = `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
  // Ajv's date-time format takes a leap second (:60) and the year 0000, which no Date or PostgreSQL timestamp holds.
  if (!Number.isFinite(d.getTime()) || d.getUTCFullYear() < 1970) {
    throw new HttpError(400, `The due date ${quoted} is not a date and time this server can keep: write it like 2026-12-01T17:00:00Z.`);
  }
  const now = Date.now();
  if (o.future && d.getTime() <= now) throw new HttpError(400, `The due date ${quoted} is in the past: the class would be closed from the start.`);
  if (d.getTime() > now + 10 * 366 * 86_400_000) throw new HttpError(400, `The due date ${quoted} is more than ten years away.`);
  return d;
}

/** Refuses (404) a lesson the class does not have: the one check every route that names a lesson makes. */
export function checkLesson(cls: Pick<ClassRow, 'name' | 'lessons'>, lesson: string): void {
  if (!cls.lessons.includes(lesson)) throw new HttpError(404, `The class “${cls.name}” has no lesson “${lesson}”.`);
}

/** PostgreSQL's and the driver's ways of saying the database is not there (SQLSTATE classes 08 and 57P, refused or dropped sockets). */
const AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);
const AWAY_TEXT = /Connection terminated|connection ended|not currently accepting connections|timeout exceeded when trying to connect|Knex: Timeout acquiring a connection/i;

/** Whether `err` says the database is away for now (it answers 503 with Retry-After, not 500). */
export function databaseAway(err: Error & { code?: unknown }): boolean {
  return (typeof err.code === 'string' && AWAY_CODES.has(err.code)) || err.name === 'KnexTimeoutError' || AWAY_TEXT.test(err.message);
}

/**
 * Every error as a JSON `{ error }` in words: a refusal with its status, a body or link that fails
 * its schema (400), too large (413) or too many (429), the database away (503, safe to send again),
 * and anything else as a 500 that says nothing was stored.
 */
export function replyToErrors(app: FastifyInstance): void {
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
}
