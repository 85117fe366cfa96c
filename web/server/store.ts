// What the class server stores, and the rules that keep it true: a class and its two kinds of
// token; students joined by name (one row per name, whatever the case or spacing); each action a
// student takes, graded here before it is written, written (and committed) before the browser is
// told, stored once however often the browser sends it, and not counted after the exercise is
// solved, so two tabs of one student never count twice.
import type { Knex } from 'knex';
import { grade, type Answer, type Instance } from '../src/exercises/exercises';
import { standing, type LogEntry, type Progress } from '../src/exercises/progress';
import type { Policy } from '../src/exercises/card';
import { CHANGES, type Db } from './db';
import { newId, newToken, tokenHash } from './tokens';
import { nameKey } from './names';

export interface ClassRow {
  id: string;
  name: string;
  lessons: string[];
  seed: string;
  seedPerStudent: boolean;
  policy: Policy;
  dueAt: Date | null;
  createdAt: Date;
}

export interface StudentRow {
  id: string;
  classId: string;
  name: string;
  seed: string;
  joinedAt: Date;
}

export interface NewClass {
  name: string;
  lessons: string[];
  /** The class's seed, or a random one. */
  seed?: string;
  seedPerStudent: boolean;
  policy: Policy;
  dueAt: Date | null;
}


const toClass = (r: Record<string, unknown>): ClassRow => ({
  id: r.id as string, name: r.name as string, lessons: JSON.parse(r.lessons as string) as string[], seed: r.seed as string,
  seedPerStudent: r.seed_per_student as boolean, policy: r.policy as Policy,
  dueAt: r.due_at ? new Date(r.due_at as string) : null, createdAt: new Date(r.created_at as string),
});
const toStudent = (r: Record<string, unknown>): StudentRow => ({
  id: r.id as string, classId: r.class_id as string, name: r.name as string, seed: r.seed as string, joinedAt: new Date(r.joined_at as string),
});

export async function createClass(db: Db, c: NewClass): Promise<{ cls: ClassRow; teacherToken: string }> {
  const teacherToken = newToken();
  const [row] = await db.knex('classes').insert({
    id: newId(), name: c.name, lessons: JSON.stringify(c.lessons), seed: c.seed ?? newId(6), seed_per_student: c.seedPerStudent,
    policy: c.policy, due_at: c.dueAt, teacher_token_hash: tokenHash(teacherToken),
  }).returning('*');
  return { cls: toClass(row), teacherToken };
}

export async function findClass(db: Db, id: string): Promise<(ClassRow & { tokenHash: string }) | null> {
  const row = await db.knex('classes').where({ id }).first();
  return row ? { ...toClass(row), tokenHash: row.teacher_token_hash } : null;
}

/** Joins `name` (as checkName returned it) to the class, unless someone has that name already. */
export async function joinClass(db: Db, cls: ClassRow, name: string): Promise<{ student: StudentRow & { tokenHash: string }; token: string } | 'taken'> {
  const id = newId();
  const secret = newToken();
  const inserted = await db.knex('students').insert({
    id, class_id: cls.id, name, name_key: nameKey(name),
    seed: cls.seedPerStudent ? `${cls.seed}-${newId(4)}` : cls.seed, token_hash: tokenHash(secret),
  }).onConflict(['class_id', 'name_key']).ignore().returning('*');
  if (inserted.length === 0) return 'taken';
  await db.knex.raw('select pg_notify(?, ?)', [CHANGES, cls.id]);
  // The student's token names the student, so it is checked against one row only.
  return { student: { ...toStudent(inserted[0]), tokenHash: inserted[0].token_hash }, token: `${id}.${secret}` };
}

/** A student by id, with the hash their key is checked against. */
export async function studentById(db: Db, id: string): Promise<(StudentRow & { tokenHash: string }) | null> {
  const row = await db.knex('students').where({ id }).first();
  return row ? { ...toStudent(row), tokenHash: row.token_hash } : null;
}

function toEntry(r: Record<string, unknown>): LogEntry {
  return {
    at: new Date(r.at as string).toISOString(), exercise: r.exercise as string, action: r.action as LogEntry['action'],
    ...(r.answer !== null && r.answer !== undefined ? { answer: JSON.parse(r.answer as string) as Answer } : {}),
    ...(r.correct !== null && r.correct !== undefined ? { correct: r.correct as boolean } : {}),
  };
}

async function logOf(k: Knex, studentId: string, lesson: string): Promise<LogEntry[]> {
  return (await k('actions').where({ student_id: studentId, lesson }).orderBy('id')).map(toEntry);
}

/** A student's work on a lesson, as a progress log (the form the lesson page keeps and exports). */
export async function progressOf(db: Db, s: StudentRow, lesson: string): Promise<Progress> {
  return { lesson, seed: s.seed, student: s.name, log: await logOf(db.knex, s.id, lesson) };
}

export interface NewAction {
  requestId: string;
  lesson: string;
  exercise: string;
  action: LogEntry['action'];
  answer?: Answer;
}

export type Recorded = { progress: Progress; stored: boolean; why?: 'repeat' | 'solved' | 'same-answer' | 'shown' };

/**
 * Grades and stores one action, in one transaction holding the student's row, so two requests of
 * one student (two tabs) are taken one after the other. Not stored: a request already stored (a
 * retry), an answer to a solved exercise, the same answer as the one just before it, a second
 * Show answer. Committed before it returns; the change is announced to every instance.
 */
export async function recordAction(db: Db, s: StudentRow, inst: Instance, a: NewAction): Promise<Recorded> {
  return db.knex.transaction(async (tx) => {
    // PostgreSQL runs transactions side by side: hold the student's row. The embedded database has
    // one connection, so its transactions already run one at a time.
    if (db.kind === 'postgres') await tx('students').where({ id: s.id }).forUpdate().select('id');
    const rows = await tx('actions').where({ student_id: s.id, lesson: a.lesson }).orderBy('id');
    const log = rows.map(toEntry);
    const progress = (l: LogEntry[]): Progress => ({ lesson: a.lesson, seed: s.seed, student: s.name, log: l });
    if (rows.some((r) => r.request_id === a.requestId)) return { progress: progress(log), stored: false, why: 'repeat' };
    const now = standing(progress(log), a.exercise);
    const mine = log.filter((e) => e.exercise === a.exercise && e.action === 'answer');
    if (a.action === 'answer' && now.solved) return { progress: progress(log), stored: false, why: 'solved' };
    if (a.action === 'answer' && mine.length && JSON.stringify(mine.at(-1)!.answer) === JSON.stringify(a.answer)) {
      return { progress: progress(log), stored: false, why: 'same-answer' };
    }
    if (a.action === 'reveal' && (now.shown || now.solved)) return { progress: progress(log), stored: false, why: 'shown' };
    const correct = a.action === 'answer' ? grade(inst, a.answer!).correct : null;
    // Stored and announced in one statement (the announcement goes out when the transaction
    // commits); a request id this student used for another lesson is a repeat too.
    const inserted = await tx.raw(`with row as (
        insert into actions (student_id, lesson, exercise, action, answer, correct, request_id) values (?, ?, ?, ?, ?, ?, ?)
        on conflict (student_id, request_id) do nothing returning *)
      select row.*, pg_notify(?, ?) from row`,
    [s.id, a.lesson, a.exercise, a.action, a.answer === undefined ? null : JSON.stringify(a.answer), correct, a.requestId, CHANGES, s.classId]);
    const [row] = inserted.rows as Record<string, unknown>[];
    if (!row) return { progress: progress(log), stored: false, why: 'repeat' };
    return { progress: progress([...log, toEntry(row)]), stored: true };
  });
}

export interface ClassData {
  students: StudentRow[];
  /** Every student's log, per lesson. */
  logs: Map<string, Map<string, LogEntry[]>>;
}

/** Everything the teacher's page shows: the students and their logs. */
export async function classData(db: Db, cls: ClassRow): Promise<ClassData> {
  const students = (await db.knex('students').where({ class_id: cls.id }).orderBy('joined_at').orderBy('id')).map(toStudent);
  const rows = await db.knex('actions').join('students', 'students.id', 'actions.student_id')
    .where('students.class_id', cls.id).orderBy('actions.id')
    .select('actions.student_id', 'actions.lesson', 'actions.exercise', 'actions.action', 'actions.answer', 'actions.correct', 'actions.at');
  const logs = new Map<string, Map<string, LogEntry[]>>();
  for (const r of rows) {
    const byLesson = logs.get(r.student_id) ?? new Map<string, LogEntry[]>();
    const list = byLesson.get(r.lesson) ?? [];
    list.push(toEntry(r));
    byLesson.set(r.lesson, list);
    logs.set(r.student_id, byLesson);
  }
  return { students, logs };
}

/** How many answers are stored (the load test counts them against those acknowledged). */
export async function answerCount(db: Db, classId: string): Promise<number> {
  const [{ n }] = await db.knex('actions').join('students', 'students.id', 'actions.student_id')
    .where('students.class_id', classId).andWhere('actions.action', 'answer').count({ n: '*' });
  return Number(n);
}
