// Whose key is this? A key names one row (a student's id before the dot; a teacher's key comes
// with its class's id in the URL) and is checked against that row's hash. Each row is read from
// the database once per server and then kept, until a change announced by any instance says it
// changed (a student's key or due date, a class's due date or roster rule, a removal): it is
// then read again at its next use. While the change feed is down (or silent: db.ts) nothing kept
// can be trusted, so nothing is kept: every check reads its row until the feed is back.
//
// Two things a key check must not become. A way to load the database: every made-up id would be
// a fresh lookup, so an address may look up at most `maxLookups` ids that name nothing here in a
// minute, after which such an id is answered 429 without a lookup. And a way to lock honest users
// out: a school's whole class may share one address, so an id whose row exists is always looked
// up and let in, however many made-up (or lost) keys that address sent — also just after a
// restart, when nothing is kept yet. For that the server knows which ids exist (ids only, read
// once at start and added to as rows are made here or announced by another instance), so telling
// a real id from a made-up one costs no query. An id it does not know (a row another instance
// made a moment ago, not yet announced) is looked up against the address's budget. Ids found to
// name nothing are remembered too, so a browser that keeps sending a key whose row is gone costs
// one lookup, not one a request.
import type { Db } from './db';
import { findClass, rowIds, studentsByIdForKeys, type ClassRow, type StudentRow } from './store';
import { tokenMatches } from './tokens';
import { timings } from './timings';

export type Checked<T> = { ok: T } | { refused: 'no-such-key' | 'unknown-ids-exhausted' };

interface Known<T> {
  value: T;
  tokenHash: string;
  /** A class's projector key's hash (it opens the board only), if one is out. */
  projectorHash?: string | null;
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

/** Counts per address (or any key), reset each minute. */
export class PerMinute {
  private minute = 0;
  private counts = new Map<string, number>();

  /** Adds one for `address` unless it already has `max` this minute; says whether it did. */
  take(address: string, max: number): boolean {
    if (this.spent(address, max)) return false;
    this.counts.set(address, (this.counts.get(address) ?? 0) + 1);
    return true;
  }

  /** Whether `address` has had `max` this minute already. */
  spent(address: string, max: number): boolean {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts.clear();
    }
    return (this.counts.get(address) ?? 0) >= max;
  }
}

const KEPT = 100_000;

/** The most rows one batched read asks for. */
const MAX_BATCH = 1000;

/**
 * Reads rows by id, those asked for in the same turn of the event loop in one query. A class's
 * first round through an instance it did not join through asks for hundreds of students' rows at
 * once: read one by one, each waited for a pool connection behind the answers' transactions (the
 * load test's 1,000 students on two instances spent 77 ms per answer there, 0.6 s per read, at
 * load 13); read together, they are one query.
 */
class Batched<T> {
  private pending = new Map<string, ((row: T | null | Error) => void)[]>();
  /** Reads under way, by id: a second ask for one waits for it (a key check for a row being read ahead). */
  private readonly inFlight = new Map<string, Promise<T | null>>();
  private scheduled = false;

  constructor(private readonly read: (ids: string[]) => Promise<Map<string, T>>) {}

  get(id: string): Promise<T | null> {
    const under = this.inFlight.get(id);
    if (under) return under;
    const p = new Promise<T | null>((resolve, reject) => {
      const waiting = this.pending.get(id) ?? [];
      waiting.push((row) => (row instanceof Error ? reject(row) : resolve(row)));
      this.pending.set(id, waiting);
      if (!this.scheduled) {
        this.scheduled = true;
        // After the event loop's I/O phase: every request read in it has asked by then.
        setImmediate(() => void this.flush());
      }
    });
    this.inFlight.set(id, p);
    const gone = () => void (this.inFlight.get(id) === p && this.inFlight.delete(id));
    p.then(gone, gone);
    return p;
  }

  private async flush() {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += MAX_BATCH) {
      const part = ids.slice(i, i + MAX_BATCH);
      let rows: Map<string, T> | Error;
      try {
        rows = await this.read(part);
      } catch (e) {
        rows = e as Error;
      }
      for (const id of part) for (const tell of batch.get(id)!) tell(rows instanceof Error ? rows : rows.get(id) ?? null);
    }
  }
}

export class Keys {
  private readonly students = new Bounded<string, Known<StudentRow> | null>(KEPT);
  private readonly classes = new Bounded<string, Known<ClassRow> | null>(KEPT);
  /** Rows known here that changed since they were read: read again at their next use. */
  private readonly stale = new Set<string>();
  /** Ids that name a row (students', classes'): looking one up is never counted against an address. */
  private readonly existing = { students: new Set<string>(), classes: new Set<string>() };
  private readonly lookups = new PerMinute();
  /** False while the change feed is down: nothing is kept, every check reads its row. */
  private keeping = true;
  /** Bumped each time the feed goes down or comes back: a read begun before may have missed a change. */
  private epoch = 0;
  /** Rows being read now (how many reads of each), and those a change was heard for meanwhile. */
  private readonly reading = new Map<string, number>();
  private readonly spoiled = new Set<string>();

  private readonly studentRows: Batched<StudentRow & { tokenHash: string | null }>;

  constructor(private readonly db: Db, private readonly maxLookups: number) {
    this.studentRows = new Batched((ids) => studentsByIdForKeys(db, ids));
  }

  /** Reads which ids exist (once, at start). */
  async load() {
    const ids = await rowIds(this.db);
    for (const id of ids.students) this.existing.students.add(id);
    for (const id of ids.classes) this.existing.classes.add(id);
  }

  /** The student a `<id>.<secret>` key belongs to, and their class. */
  async student(token: string, address: string): Promise<Checked<{ student: StudentRow; cls: ClassRow }>> {
    const [id, secret] = token.split('.');
    if (!id || !secret) return { refused: 'no-such-key' };
    const s = await this.check(this.students, this.existing.students, `s:${id}`, id, secret, address, async () => {
      const student = await this.studentRows.get(id);
      // A roster row whose student has not joined has no key yet.
      return student?.tokenHash ? { value: student, tokenHash: student.tokenHash } : null;
    });
    if (!('ok' in s)) return s;
    // The class of a key that matched is looked up whatever the address's count.
    const cls = await this.classOf(s.ok.classId);
    return cls ? { ok: { student: s.ok, cls: cls.value } } : { refused: 'no-such-key' };
  }

  /** The class `classId`, if `token` is its teacher's key. */
  teacher(classId: string, token: string, address: string): Promise<Checked<ClassRow>> {
    return this.check(this.classes, this.existing.classes, `c:${classId}`, classId, token, address, () => this.loadClass(classId));
  }

  /** The class `classId`, if `token` is its projector key (which opens its board and nothing else). */
  projector(classId: string, token: string, address: string): Promise<Checked<ClassRow>> {
    return this.check(this.classes, this.existing.classes, `c:${classId}`, classId, token, address, () => this.loadClass(classId), (k) => k.projectorHash);
  }

  /** A class just created here: its teacher's key is known from the start. */
  created(cls: ClassRow, tokenHash: string) {
    this.existing.classes.add(cls.id);
    if (this.keeping) this.classes.set(cls.id, { value: cls, tokenHash, projectorHash: null });
  }

  /** A student who just joined here: their key is known from the start. */
  joined(student: StudentRow & { tokenHash: string }) {
    this.existing.students.add(student.id);
    if (this.keeping) this.students.set(student.id, { value: student, tokenHash: student.tokenHash });
    this.stale.delete(`s:${student.id}`);
  }

  /**
   * Students new to a class on any instance (joined by name, or listed on a roster). Their rows
   * are read now, together, and kept: a class that joined through another instance would
   * otherwise have every key read at its first answer here, hundreds at once in a class's first
   * round (the load test's two instances: 42 to 116 ms per answer at load 12 to 19).
   */
  studentsJoined(ids: string[]) {
    for (const id of ids) this.existing.students.add(id);
    // A turn later: a join made here is kept by then (the route keeps it when its transaction
    // returns, which may be after its own announcement was heard), and is not read again.
    setImmediate(() => {
      if (!this.keeping) return;
      const t0 = performance.now();
      for (const id of ids) {
        if (this.students.has(id)) continue;
        const done = this.begin(`s:${id}`);
        this.studentRows.get(id).then((row) => {
          // A roster row nobody joined with has no key to keep yet.
          if (done() && row?.tokenHash && !this.students.has(id)) this.students.set(id, { value: row, tokenHash: row.tokenHash });
          timings.add('key check: row read ahead (a join heard)', performance.now() - t0);
        }, () => void done());
      }
    });
  }

  /** A student's row changed or is gone (any instance): read it again at its next use. */
  studentChanged(id: string) {
    if (this.students.has(id)) this.stale.add(`s:${id}`);
    if (this.reading.has(`s:${id}`)) this.spoiled.add(`s:${id}`);
  }

  /** A class changed or is gone (any instance): read it again at its next use. */
  classChanged(id: string) {
    if (this.classes.has(id)) this.stale.add(`c:${id}`);
    if (this.reading.has(`c:${id}`)) this.spoiled.add(`c:${id}`);
  }

  /**
   * A read of `key`'s row begins. Returns its end, which says whether what was read may be kept:
   * not if a change to the row was heard while it was read (it may be older than the change), nor
   * if the feed went down or came back meanwhile (changes may have gone unheard).
   */
  private begin(key: string): () => boolean {
    const epoch = this.epoch;
    this.reading.set(key, (this.reading.get(key) ?? 0) + 1);
    return () => {
      const left = this.reading.get(key)! - 1;
      const spoiled = this.spoiled.has(key);
      if (left > 0) this.reading.set(key, left);
      else {
        this.reading.delete(key);
        this.spoiled.delete(key);
      }
      return this.keeping && epoch === this.epoch && !spoiled;
    };
  }

  /**
   * The change feed went down (false) or came back (true). While it is down changes go unheard,
   * so nothing kept is trusted: it is dropped, and every check reads its row until it is back.
   */
  feed(up: boolean) {
    this.keeping = up;
    this.epoch++;
    this.students.clear();
    this.classes.clear();
    this.stale.clear();
  }

  private loadClass = async (classId: string): Promise<Known<ClassRow> | null> => {
    const cls = await findClass(this.db, classId);
    return cls ? { value: cls, tokenHash: cls.tokenHash, projectorHash: cls.projectorHash } : null;
  };

  private async classOf(classId: string): Promise<Known<ClassRow> | null> {
    let found = this.classes.get(classId);
    if (found === undefined || this.stale.delete(`c:${classId}`)) {
      const done = this.begin(`c:${classId}`);
      let keep = false;
      try {
        found = await this.loadClass(classId);
      } finally {
        keep = done();
      }
      if (keep) this.classes.set(classId, found);
    }
    return found;
  }

  /**
   * `existing`: the ids known to name a row, whose lookups no address is charged for. `hashOf`:
   * which of the row's hashes the key is checked against (the row's own key's, unless told).
   */
  private async check<T>(kept: Bounded<string, Known<T> | null>, existing: Set<string>, staleKey: string, id: string, secret: string, address: string,
    load: () => Promise<Known<T> | null>, hashOf: (k: Known<T>) => string | null | undefined = (k) => k.tokenHash): Promise<Checked<T>> {
    let found = kept.get(id);
    if (found === undefined || this.stale.delete(staleKey)) {
      if (found === undefined && !existing.has(id) && !this.lookups.take(address, this.maxLookups)) return { refused: 'unknown-ids-exhausted' };
      const t0 = performance.now();
      const done = this.begin(staleKey);
      let keep = false;
      try {
        found = await load();
      } finally {
        keep = done();
      }
      // Why a key check read its row (the load test's timings): not kept yet, changed, or kept nothing (the feed down).
      timings.add(`key check: row read (${!this.keeping ? 'feed down' : kept.has(id) ? 'changed' : 'not kept yet'})`, performance.now() - t0);
      if (found) existing.add(id);
      if (keep) kept.set(id, found);
    }
    const hash = found && hashOf(found);
    return found && hash && tokenMatches(secret, hash) ? { ok: found.value } : { refused: 'no-such-key' };
  }
}
