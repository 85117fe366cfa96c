// Secrets of the class server: a teacher's token (one per class) and a student's (one per
// joined student). Only their SHA-256 is stored, and a presented token is compared with it in
// constant time, so neither a database dump nor response timing gives one away.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: what a link or an Authorization header carries. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A short random id for a class or a student (not a secret: a join link carries the class's). */
export function newId(bytes = 9): string {
  return randomBytes(bytes).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` is the one whose hash is `hash`, in time independent of where they differ. */
export function tokenMatches(token: string, hash: string): boolean {
  const given = createHash('sha256').update(token, 'utf8').digest();
  const stored = Buffer.from(hash, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}
