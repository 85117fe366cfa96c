// The teacher pages' live feed (server-sent events): what changed, not the whole class again.
// Every instance hears every change (db.ts); for a class someone here follows, the changes of
// a tenth of a second are gathered, the new rows read once (one query for the answers, one for
// the students), and the same few hundred bytes written to every page following it: a teacher's
// page gets the rows themselves (`delta`), a projector its students' rows of verdicts (`rows`,
// no seed, no answer). What cannot be sent as rows (a student removed or merged, the class
// edited or deleted) is a `reload`: the page fetches the class again. A page that falls behind
// (its connection takes less than is sent) is ended, and catches up when it reconnects.
import type { ServerResponse } from 'node:http';
import type { Instance } from '../src/exercises/exercises';
import type { Delta, ReportAction } from '../src/classroom/api';
import type { Change, Db } from './db';
import { actionsById, reportStudent, studentsById, type ClassRow } from './store';
import { boardRows } from './board';
import { timings } from './timings';

export type View = 'teacher' | 'board';

/** Changes within this long go out as one event. */
const GATHER_MS = 100;

/** Bytes a page may leave unread before it is ended. */
const MAX_BEHIND = 4 * 1024 * 1024;

interface Follower {
  res: ServerResponse;
  view: View;
  /** The address it was opened from (slots are counted per address). */
  address: string;
  /** Opened with the projector key, which the teacher may revoke or replace: ended when the class changes, and checked again as it reconnects. */
  projector: boolean;
  /** Stops following (the stream closed, or was ended here). */
  stop: () => void;
}

interface Followed {
  cls: ClassRow;
  followers: Set<Follower>;
  actions: Set<number>;
  students: Set<string>;
  reload: boolean;
  timer?: NodeJS.Timeout;
}

/** How long rows this instance wrote are kept for its live update (which then need not read them back). */
const KEEP_WRITTEN_MS = 5000;

export class LiveFeed {
  private readonly classes = new Map<string, Followed>();
  /** Rows this instance just wrote, by id: the update sends them without a query. */
  private readonly written = new Map<number, ReportAction>();

  constructor(private readonly db: Db, private readonly sets: (lesson: string, seed: string) => Instance[] | undefined,
    private readonly heartbeatMs: number, private readonly caps = { perClass: 20, perAddress: 40, total: 500 }) {}

  /**
   * Why one more page may not follow `classId` from `address`, or null. Creating a class takes no
   * key, so one client could make classes until it held every slot of the server: an address has
   * a share of its own (a school's teachers behind one address each hold a page or two).
   */
  refusal(classId: string, address: string): { status: number; message: string } | null {
    const open = (id: string) => this.classes.get(id)?.followers.size ?? 0;
    if (open(classId) >= this.caps.perClass) {
      return { status: 429, message: `This class already has ${this.caps.perClass} live views open: close one (another tab or device) and try again.` };
    }
    let total = 0;
    let mine = 0;
    for (const f of this.classes.values()) {
      total += f.followers.size;
      for (const x of f.followers) if (x.address === address) mine++;
    }
    if (mine >= this.caps.perAddress) {
      return { status: 429, message: `This address already has ${this.caps.perAddress} live views open on this server: close some (other tabs or devices) and try again.` };
    }
    if (total >= this.caps.total) return { status: 503, message: `This server already serves ${this.caps.total} live views: try again in a minute.` };
    return null;
  }

  /** Streams `cls`'s changes to `res` until it closes; returns how to stop. */
  follow(cls: ClassRow, res: ServerResponse, view: View, address: string, projector = false): () => void {
    const followed = this.classes.get(cls.id) ?? { cls, followers: new Set(), actions: new Set(), students: new Set(), reload: false };
    this.classes.set(cls.id, followed);
    followed.cls = cls;
    const me: Follower = { res, view, address, projector, stop: () => {} };
    followed.followers.add(me);
    const beat = setInterval(() => res.write(': keep-alive\n\n'), this.heartbeatMs);
    let stopped = false;
    me.stop = () => {
      if (stopped) return;
      stopped = true;
      clearInterval(beat);
      followed.followers.delete(me);
      if (followed.followers.size === 0) {
        clearTimeout(followed.timer);
        this.classes.delete(cls.id);
      }
    };
    return me.stop;
  }

  /**
   * Ends every open page (they reconnect and catch up). `paused`: the change feed was lost, so the
   * page is told first that what it shows has stopped following the class (it says so).
   */
  endAll(why?: 'feed-lost') {
    for (const f of this.classes.values()) {
      clearTimeout(f.timer);
      for (const x of f.followers) x.res.end(why ? `event: paused\ndata: ${JSON.stringify({ why })}\n\n` : undefined);
    }
    this.classes.clear();
  }

  /** Rows this instance wrote (committed): kept a few seconds, for the update that announces them. */
  known(rows: ReportAction[]) {
    if (this.classes.size === 0) return;
    for (const r of rows) this.written.set(r.id, r);
    setTimeout(() => {
      for (const r of rows) this.written.delete(r.id);
    }, KEEP_WRITTEN_MS).unref();
  }

  /** A change any instance announced. */
  heard(c: Change) {
    const f = this.classes.get(c.classId);
    if (!f) return;
    if (c.kind === 'action') for (const id of c.ids) f.actions.add(Number(id));
    else if (c.kind === 'joined' || c.kind === 'student') for (const id of c.ids) f.students.add(id);
    else f.reload = true;
    // The class changed: its projector key may be revoked or replaced. Streams opened with one
    // end now; a projector whose key still opens the board reconnects and reads it again.
    if (c.kind === 'class') {
      for (const x of [...f.followers]) {
        if (!x.projector) continue;
        x.stop();
        x.res.end();
      }
    }
    f.timer ??= setTimeout(() => void this.flush(c.classId), GATHER_MS);
  }

  private async flush(classId: string) {
    const f = this.classes.get(classId);
    if (!f) return;
    const t0 = performance.now();
    const actionIds = [...f.actions];
    const studentIds = [...f.students];
    const reload = f.reload;
    f.actions.clear();
    f.students.clear();
    f.reload = false;
    try {
      if (reload) {
        this.send(f, 'teacher', 'reload', '{}');
        this.send(f, 'board', 'reload', '{}');
        return;
      }
      // Rows this instance wrote are at hand; another instance's are read (one query).
      const mine = actionIds.flatMap((id) => this.written.get(id) ?? []);
      const missing = actionIds.filter((id) => !this.written.has(id));
      const actions = [...mine, ...(missing.length ? await actionsById(this.db, classId, missing) : [])].sort((a, b) => a.id - b.id);
      const board = [...f.followers].some((x) => x.view === 'board');
      const touched = board ? [...new Set([...studentIds, ...actions.map((a) => a.student)])] : studentIds;
      const students = touched.length ? await studentsById(this.db, classId, touched) : [];
      const delta: Delta = {
        ...(studentIds.length ? { students: students.filter((s) => studentIds.includes(s.id)).map(reportStudent) } : {}),
        ...(actions.length ? { actions } : {}),
      };
      this.send(f, 'teacher', 'delta', JSON.stringify(delta));
      if (board && students.length) {
        // A projector's rows are whole rows: the students' every action, read again.
        const all = await this.db.knex('actions').whereIn('student_id', students.map((s) => s.id)).orderBy('id')
          .select('id', 'student_id', 'lesson', 'exercise', 'action', 'correct', 'at');
        const theirs = all.map((r) => ({ id: Number(r.id), student: r.student_id as string, lesson: r.lesson as string, exercise: r.exercise as string,
          action: r.action, at: '', ...(r.correct !== null ? { correct: r.correct as boolean } : {}) }));
        this.send(f, 'board', 'rows', JSON.stringify(boardRows(f.cls, this.sets, students, theirs)));
      }
    } catch {
      // The database did not answer: the pages cannot be told what changed, so they fetch it all again.
      this.send(f, 'teacher', 'reload', '{}');
      this.send(f, 'board', 'reload', '{}');
    } finally {
      f.timer = undefined;
      timings.add('live update', performance.now() - t0);
      if (f.actions.size || f.students.size || f.reload) f.timer = setTimeout(() => void this.flush(classId), GATHER_MS);
    }
  }

  private send(f: Followed, view: View, event: string, data: string) {
    const text = `event: ${event}\ndata: ${data}\n\n`;
    for (const x of f.followers) {
      if (x.view !== view) continue;
      if (x.res.writableLength > MAX_BEHIND) {
        x.res.end();
        continue;
      }
      x.res.write(text);
      timings.add(`live bytes (${view})`, Buffer.byteLength(text));
    }
  }
}
