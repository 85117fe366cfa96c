// Whose key is this? A key names one row (a student's id before the dot; a teacher's key comes
// with its class's id in the URL) and is checked against that row's hash. Rows never change once
// made, so each is read from the database once per server and then kept.
//
// Two things a key check must not become. A way to load the database: every made-up id would be
// a fresh lookup, so an address may look up at most `maxLookups` ids this server does not know in
// a minute, after which an unknown id is answered 429 without a lookup. And a way to lock honest
// users out: a school's whole class may share one address, so a known id is always checked and
// let in, however many made-up (or lost) keys that address sent. Ids found to name nothing are
// remembered too, so a browser that keeps sending a key whose row is gone costs one lookup, not
// one a request.
import type { Db } from './db';
import { findClass, studentById, type ClassRow, type StudentRow } from './store';
import { tokenMatches } from './tokens';

export type Checked<T> = { ok: T } | { refused: 'no-such-key' | 'unknown-ids-exhausted' };

interface Known<T> {
  value: T;
  tokenHash: string;
}

/** A map that forgets its oldest entries past `max`, so neither cache grows without bound. */
class Bounded<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(k: K, v: V): this {
    if (!this.has(k) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(k, v);
  }
}

/** Counts per address, reset each minute. */
class PerMinute {
  private minute = 0;
  private counts = new Map<string, number>();

  /** Adds one for `address` unless it already has `max` this minute; says whether it did. */
  take(address: string, max: number): boolean {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts.clear();
    }
    const n = this.counts.get(address) ?? 0;
    if (n >= max) return false;
    this.counts.set(address, n + 1);
    return true;
  }
}

const KEPT = 100_000;

export class Keys {
  private readonly students = new Bounded<string, Known<{ student: StudentRow; cls: ClassRow }> | null>(KEPT);
  private readonly classes = new Bounded<string, Known<ClassRow> | null>(KEPT);
  private readonly lookups = new PerMinute();

  constructor(private readonly db: Db, private readonly maxLookups: number) {}

  /** The student a `<id>.<secret>` key belongs to, and their class. */
  student(token: string, address: string): Promise<Checked<{ student: StudentRow; cls: ClassRow }>> {
    const [id, secret] = token.split('.');
    if (!id || !secret) return Promise.resolve({ refused: 'no-such-key' });
    return this.check(this.students, id, secret, address, async () => {
      const student = await studentById(this.db, id);
      const cls = student && (await findClass(this.db, student.classId));
      return student && cls ? { value: { student, cls }, tokenHash: student.tokenHash } : null;
    });
  }

  /** The class `classId`, if `token` is its teacher's key. */
  teacher(classId: string, token: string, address: string): Promise<Checked<ClassRow>> {
    return this.check(this.classes, classId, token, address, async () => {
      const cls = await findClass(this.db, classId);
      return cls ? { value: cls, tokenHash: cls.tokenHash } : null;
    });
  }

  /** A class just created here: its teacher's key is known from the start. */
  created(cls: ClassRow, tokenHash: string) {
    this.classes.set(cls.id, { value: cls, tokenHash });
  }

  /** A student who just joined here: their key is known from the start. */
  joined(student: StudentRow & { tokenHash: string }, cls: ClassRow) {
    this.students.set(student.id, { value: { student, cls }, tokenHash: student.tokenHash });
  }

  private async check<T>(kept: Bounded<string, Known<T> | null>, id: string, secret: string, address: string,
    load: () => Promise<Known<T> | null>): Promise<Checked<T>> {
    let found = kept.get(id);
    if (found === undefined) {
      if (!this.lookups.take(address, this.maxLookups)) return { refused: 'unknown-ids-exhausted' };
      found = await load();
      kept.set(id, found);
    }
    return found && tokenMatches(secret, found.tokenHash) ? { ok: found.value } : { refused: 'no-such-key' };
  }
}
