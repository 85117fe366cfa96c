// Recording what students do, graded here before it is written, written (and committed) before
// the browser is told, stored once however often the browser sends it, not counted after the
// exercise is solved or past the class's attempt limit, so two tabs of one student never count
// twice and a guessing script gets no more tries than the class allows.
//
// Answers that arrive together are written together ("group commit"): while one transaction is
// being written, the answers that arrive queue up, and the next transaction takes them all: one
// read of the students' logs, one insert, one commit, whatever their number. With 300 students
// answering in the same instant that is a handful of transactions, not 300 one after the other.
// Each student's answers still run in the order they came, and on PostgreSQL the transaction
// holds their rows, so instances sharing the database take one student's answers in turn too.
import { grade, type Answer, type Instance } from '../src/exercises/exercises';
import { standing, type LogEntry, type Progress } from '../src/exercises/progress';
import type { NewAction, ReportAction } from '../src/classroom/api';
import { MAX_STORED_ANSWERS } from '../src/exercises/scoring';
import { toEntry, type ClassRow, type StudentRow } from './store';
import { CHANGES, type Db } from './db';
import { timings } from './timings';

/** The longest a batch waits for more answers to join it. */
const MAX_GATHER_MS = 20;

export type Refusal = 'repeat' | 'solved' | 'same-answer' | 'shown' | 'no-attempts-left' | 'too-many-answers' | 'once' | 'removed';

export interface Recorded {
  /** The student's actions on this exercise, in order, this one included if stored. */
  progress: Progress;
  stored: boolean;
  why?: Refusal;
}

export interface Job {
  student: StudentRow;
  cls: ClassRow;
  inst: Instance;
  action: NewAction & { answer?: Answer };
}

/** Whether `job` is stored, given the exercise's log so far, or why not. */
function decide(job: Job, log: LogEntry[]): Refusal | null {
  const a = job.action;
  const now = standing({ lesson: a.lesson, seed: job.student.seed, student: job.student.name, log }, a.exercise, job.cls.policy);
  if (a.action === 'answer') {
    if (now.solved) return 'solved';
    const last = log.filter((e) => e.action === 'answer').at(-1);
    if (last && JSON.stringify(last.answer) === JSON.stringify(a.answer)) return 'same-answer';
    if (job.cls.maxAttempts !== null && now.attempts >= job.cls.maxAttempts) return 'no-attempts-left';
    if (log.filter((e) => e.action === 'answer').length >= MAX_STORED_ANSWERS) return 'too-many-answers';
  }
  if (a.action === 'reveal' && (now.shown || now.solved)) return 'shown';
  // The grade counts whether a hint was read, and the report whether a replay was opened: the
  // first of each says it, and a second click adds nothing to either.
  if ((a.action === 'hint' || a.action === 'replay') && log.some((e) => e.action === a.action)) return 'once';
  return null;
}

interface ExerciseLog {
  entries: LogEntry[];
  requests: Set<string>;
}

/**
 * Grades and stores a batch of actions in one transaction. Each student's actions are taken in
 * the order given; what is not stored says why. Committed before it returns; the stored actions
 * are announced to every instance by the same statement that stores them (sent on commit).
 */
export async function recordBatch(db: Db, jobs: Job[]): Promise<{ results: Recorded[]; rowsWritten: ReportAction[] }> {
  return db.knex.transaction(async (tx) => {
    const t0 = performance.now();
    const studentIds = [...new Set(jobs.map((j) => j.student.id))].sort();
    // PostgreSQL runs transactions side by side (and instances share it): hold the students' rows,
    // always taken in the same order, so two batches never wait on each other in a circle. The
    // embedded database has one connection, so its transactions already run one at a time.
    // Either way a student removed meanwhile is not written to.
    const present = new Set((await (db.kind === 'postgres'
      ? tx('students').whereIn('id', studentIds).orderBy('id').forUpdate().select('id')
      : tx('students').whereIn('id', studentIds).select('id'))).map((r) => r.id as string));
    const rows = await tx('actions').whereIn('student_id', studentIds)
      .whereIn('lesson', [...new Set(jobs.map((j) => j.action.lesson))])
      .whereIn('exercise', [...new Set(jobs.map((j) => j.action.exercise))])
      .orderBy('id').select('student_id', 'lesson', 'exercise', 'action', 'answer', 'correct', 'at', 'request_id');
    const t1 = performance.now();
    timings.add('read', t1 - t0);

    const logs = new Map<string, ExerciseLog>();
    const logOf = (studentId: string, lesson: string, exercise: string) => {
      const k = `${studentId}\n${lesson}\n${exercise}`;
      let l = logs.get(k);
      if (!l) logs.set(k, (l = { entries: [], requests: new Set() }));
      return l;
    };
    for (const r of rows) {
      const l = logOf(r.student_id, r.lesson, r.exercise);
      l.entries.push(toEntry(r));
      l.requests.add(r.request_id);
    }
    const outcomes: (Refusal | LogEntry)[] = [];
    const inserts: (string | boolean | null)[][] = [];
    for (const job of jobs) {
      const a = job.action;
      const l = logOf(job.student.id, a.lesson, a.exercise);
      const why = !present.has(job.student.id) ? 'removed' : l.requests.has(a.requestId) ? 'repeat' : decide(job, l.entries);
      if (why) {
        outcomes.push(why);
        continue;
      }
      const correct = a.action === 'answer' ? grade(job.inst, a.answer!).correct : undefined;
      // Its time is the database's, filled in once written.
      const entry: LogEntry = { at: '', exercise: a.exercise, action: a.action, ...(a.answer !== undefined ? { answer: a.answer } : {}), ...(correct !== undefined ? { correct } : {}) };
      l.entries.push(entry);
      l.requests.add(a.requestId);
      outcomes.push(entry);
      inserts.push([job.student.id, a.lesson, a.exercise, a.action, a.answer === undefined ? null : JSON.stringify(a.answer), correct ?? null, a.requestId]);
    }
    const t2 = performance.now();
    timings.add('grade', t2 - t1);

    const written = new Map<string, string>();
    const ids = new Map<string, number>();
    if (inserts.length) {
      // Stored and announced in one statement: one notification per class naming its new rows.
      // A request id this student used on another exercise conflicts: a repeat, not written.
      const result = await tx.raw(`with row as (
          insert into actions (student_id, lesson, exercise, action, answer, correct, request_id)
          values ${inserts.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
          on conflict (student_id, request_id) do nothing returning id, student_id, request_id, at),
        told as (
          select pg_notify(?, 'a:' || s.class_id || ':' || string_agg(row.id::text, ',')) from row join students s on s.id = row.student_id group by s.class_id)
        select row.id, row.student_id, row.request_id, row.at, (select count(*) from told) as told from row`, [...inserts.flat(), CHANGES]);
      for (const r of result.rows as Record<string, unknown>[]) {
        written.set(`${r.student_id}\n${r.request_id}`, new Date(r.at as string).toISOString());
        ids.set(`${r.student_id}\n${r.request_id}`, Number(r.id));
      }
      timings.add('write', performance.now() - t2);
    }
    const rowsWritten: ReportAction[] = [];
    const results = jobs.map((job, i): Recorded => {
      const a = job.action;
      const l = logOf(job.student.id, a.lesson, a.exercise);
      const o = outcomes[i];
      if (typeof o !== 'string') {
        const at = written.get(`${job.student.id}\n${a.requestId}`);
        if (at) {
          o.at = at;
          rowsWritten.push({ ...o, id: ids.get(`${job.student.id}\n${a.requestId}`)!, student: job.student.id, lesson: a.lesson });
        } else l.entries.splice(l.entries.indexOf(o), 1);
      }
      const progress = (): Progress => ({ lesson: a.lesson, seed: job.student.seed, student: job.student.name, log: l.entries.filter((e) => e.at) });
      if (typeof o === 'string') return { progress: progress(), stored: false, why: o };
      return o.at ? { progress: progress(), stored: true } : { progress: progress(), stored: false, why: 'repeat' };
    });
    return { results, rowsWritten };
  });
}

/**
 * The group commit: `record` queues a job and resolves once it is committed. One batch is
 * written at a time per instance (the embedded database has one connection; on PostgreSQL the
 * rows held make more gain little), taking every job queued while the one before was written.
 */
export class AnswerQueue {
  private queue: { job: Job; done: (r: Recorded) => void; failed: (e: unknown) => void }[] = [];
  private running = false;
  /** How long the last transaction took, in ms. */
  private lastMs = 0;

  /** 300 a batch: each notification names its rows, within PostgreSQL's 8,000 bytes (ids of up to 19 digits). */
  constructor(private readonly db: Db, private readonly maxBatch = 300) {}

  /** Told the rows each batch wrote, once committed (this instance's live feed sends them without reading them back). */
  onWritten: (rows: ReportAction[]) => void = () => {};

  record(job: Job): Promise<Recorded> {
    return new Promise((done, failed) => {
      this.queue.push({ job, done, failed });
      if (this.running) return;
      this.running = true;
      // Started once the requests that arrived with this one have been read (setImmediate runs
      // after the event loop's I/O phase), so they make one batch, not a batch of one and a queue.
      // The embedded database runs its statements on this thread, so without it nothing arrives
      // while a transaction is written and every batch would be of one.
      setImmediate(() => void this.run());
    });
  }

  private async run() {
    try {
      while (this.queue.length) {
        // Between batches too: what arrived meanwhile is read before the next batch is taken; and
        // while answers keep coming (a class answering at once), a little longer, up to half the
        // last transaction's time, as PostgreSQL's commit_delay does: fewer, larger transactions.
        await new Promise((r) => setImmediate(r));
        const until = performance.now() + Math.min(MAX_GATHER_MS, this.lastMs / 2);
        let seen = this.queue.length;
        while (this.queue.length < this.maxBatch && performance.now() < until) {
          await new Promise((r) => setTimeout(r, 1));
          if (this.queue.length === seen) break;
          seen = this.queue.length;
        }
        const batch = this.queue.splice(0, this.maxBatch);
        const t0 = performance.now();
        timings.add('batch', batch.length);
        try {
          const { results, rowsWritten } = await recordBatch(this.db, batch.map((b) => b.job));
          this.lastMs = performance.now() - t0;
          this.onWritten(rowsWritten);
          batch.forEach((b, i) => b.done(results[i]));
        } catch (e) {
          if (batch.length === 1) {
            batch[0].failed(e);
            continue;
          }
          // One bad job must not fail the others: each is tried alone.
          for (const b of batch) {
            await recordBatch(this.db, [b.job]).then((r) => {
              this.onWritten(r.rowsWritten);
              b.done(r.results[0]);
            }, b.failed);
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}
