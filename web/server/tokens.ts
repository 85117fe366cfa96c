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

/** A join code's letters: digits and capitals, less 0, 1, I and O, which read alike. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A roster student's join code: 10 of 32 letters (50 bits), shown as two groups of five. Typed
 * back in any case, with or without the dash or spaces. Only its hash is stored.
 */
export function newCode(): string {
  const bytes = randomBytes(10);
  const letters = Array.from(bytes, (b) => CODE_ALPHABET[b & 31]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** A code as typed, in the form its hash is taken of: capitals, no dash or spaces; null if it cannot be one. */
export function normalCode(typed: string): string | null {
  // As people type a code they were handed: full-width letters (an East Asian keyboard), any
  // dash a word processor makes of '-', spaces of any kind, '_' or '.' between the halves.
  const c = typed.normalize('NFKC').toUpperCase().replace(/[\s\p{Pd}_.·]/gu, '');
  return c.length === 10 && [...c].every((ch) => CODE_ALPHABET.includes(ch)) ? c : null;
}
