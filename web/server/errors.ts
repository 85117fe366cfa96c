// What a route answers when it refuses: an HTTP status and a sentence saying what is wrong (the
// app's error handler sends it as { error }), and the one reading of a due date every route shares.
import type { ClassRow } from './store';

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
