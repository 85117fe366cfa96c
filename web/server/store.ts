// What the class server stores, and the rules that keep it true: a class, its scoring rules and
// its two kinds of token; students joined by name (one row per name, whatever the case or
// spacing) or listed on a roster and joined with their code (roster.ts); each action a student
// takes (answers.ts). Every change is announced to every instance (db.ts), which drop what they
// kept of it (keys.ts) and tell the live teacher pages (liveFeed.ts).
import type { Knex } from 'knex';
import type { Answer } from '../src/exercises/exercises';
import type { LogEntry, Policy } from '../src/exercises/progress';
import type { Rules } from '../src/exercises/scoring';
import type { ClassInfo, ReportAction, ReportStudent, RosterEntry } from '../src/classroom/api';
import { announce, type Db } from './db';
import { newId, newToken, tokenHash } from './tokens';
import { nameKey } from './names';

export interface ClassRow extends Rules {
  id: string;
  name: string;
  lessons: string[];
  seed: string;
  seedPerStudent: boolean;
  dueAt: Date | null;
  createdAt: Date;
  /** Joining takes a roster code. */
  roster: boolean;
  /** A projector key is out (made and not revoked). */
  projector: boolean;
}

export interface StudentRow {
  id: string;
  classId: string;
  name: string;
  seed: string;
  /** Null: a roster row whose student has not joined. */
  joinedAt: Date | null;
  /** This student's own due date (an extension), else null. */
  dueAt: Date | null;
  roster: RosterEntry | null;
  codeWaiting: boolean;
}

export interface NewClass {
  name: string;
  lessons: string[];
  /** The class's seed, or a random one. */
  seed?: string;
  seedPerStudent: boolean;
  policy: Policy;
  dueAt: Date | null;
  maxAttempts: number | null;
  penalty: number;
  roster: boolean;
}


/** A name as stored and shown: spaces trimmed and collapsed. */
export const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * A roster row's name key: names on a roster need not be unique (two students may share one),
 * so its key is its own id behind a control character, which no typed name holds (the schema
 * refuses them), so a name typed to join never meets it.
 */
export const rosterKey = (id: string) => `\u0001${id}`;

const date = (v: unknown) => (v ? new Date(v as string) : null);

export const toClass = (r: Record<string, unknown>): ClassRow => ({
  id: r.id as string, name: r.name as string, lessons: JSON.parse(r.lessons as string) as string[], seed: r.seed as string,
  seedPerStudent: r.seed_per_student as boolean, policy: r.policy as Policy,
  dueAt: date(r.due_at), createdAt: new Date(r.created_at as string),
  maxAttempts: r.max_attempts === null || r.max_attempts === undefined ? null : Number(r.max_attempts), penalty: Number(r.penalty ?? 0), roster: !!r.roster,
  projector: !!r.projector_token_hash,
});

export const toStudent = (r: Record<string, unknown>): StudentRow => ({
  id: r.id as string, classId: r.class_id as string, name: r.name as string, seed: r.seed as string,
  joinedAt: date(r.joined_at), dueAt: date(r.due_at), roster: r.roster ? JSON.parse(r.roster as string) as RosterEntry : null, codeWaiting: !!r.code_hash,
});

/** A student as the teacher's page gets it. */
export const reportStudent = (s: StudentRow): ReportStudent => ({
  id: s.id, name: s.name, seed: s.seed, joinedAt: s.joinedAt?.toISOString() ?? null, dueAt: s.dueAt?.toISOString() ?? null, roster: s.roster, codeWaiting: s.codeWaiting,
});

/** Until when a student's answers are taken: their own due date, else the class's; null: no end. */
export const dueFor = (cls: ClassRow, s?: Pick<StudentRow, 'dueAt'>) => s?.dueAt ?? cls.dueAt;

/** A fresh student seed: the class's, or one of the student's own (a set per student). */
export const studentSeed = (cls: ClassRow) => (cls.seedPerStudent ? `${cls.seed}-${newId(4)}` : cls.seed);

export async function createClass(db: Db, c: NewClass): Promise<{ cls: ClassRow; teacherToken: string }> {
  const teacherToken = newToken();
  const [row] = await db.knex('classes').insert({
    id: newId(), name: c.name, lessons: JSON.stringify(c.lessons), seed: c.seed ?? newId(6), seed_per_student: c.seedPerStudent,
    policy: c.policy, due_at: c.dueAt, teacher_token_hash: tokenHash(teacherToken), max_attempts: c.maxAttempts, penalty: c.penalty, roster: c.roster,
  }).returning('*');
  return { cls: toClass(row), teacherToken };
}

/** Every student's and class's id (ids only: keys.ts tells real ids from made-up ones by them). */
export async function rowIds(db: Db): Promise<{ students: string[]; classes: string[] }> {
  const [students, classes] = await Promise.all([db.knex('students').pluck('id'), db.knex('classes').pluck('id')]);
  return { students: students as string[], classes: classes as string[] };
}

/** A class, with the hashes its teacher's key and its projector key (if one is out) are checked against. */
export async function findClass(db: Db, id: string): Promise<(ClassRow & { tokenHash: string; projectorHash: string | null }) | null> {
  const row = await db.knex('classes').where({ id }).first();
  return row ? { ...toClass(row), tokenHash: row.teacher_token_hash, projectorHash: row.projector_token_hash ?? null } : null;
}

/**
 * A new projector key for the class (returned once: only its hash is kept), ending the one out
 * before, or none (`revoke`). Announced, so every instance reads the class again and ends the
 * projectors following it with the old key.
 */
export async function setProjectorKey(db: Db, cls: ClassRow, revoke = false): Promise<string | null> {
  const token = revoke ? null : newToken();
  await db.knex.transaction(async (tx) => {
    await tx('classes').where({ id: cls.id }).update({ projector_token_hash: token ? tokenHash(token) : null });
    await announce(tx, { kind: 'class', classId: cls.id });
  });
  return token;
}

/** A class's name, due date or roster rule changed; announced, so every instance reads it again. */
export async function updateClass(db: Db, cls: ClassRow, edit: { name?: string; dueAt?: Date | null; roster?: boolean }): Promise<void> {
  await db.knex.transaction(async (tx) => {
    await tx('classes').where({ id: cls.id }).update({
      ...(edit.name !== undefined ? { name: edit.name } : {}), ...(edit.dueAt !== undefined ? { due_at: edit.dueAt } : {}), ...(edit.roster !== undefined ? { roster: edit.roster } : {}),
    });
    await announce(tx, { kind: 'class', classId: cls.id });
  });
}

/** A class and everything of it (its students and their answers go with it). */
export async function deleteClass(db: Db, cls: ClassRow): Promise<void> {
  await db.knex.transaction(async (tx) => {
    await tx('classes').where({ id: cls.id }).delete();
    await announce(tx, { kind: 'class', classId: cls.id });
  });
}

/** Joins `name` (as checkName returned it) to the class, unless someone has that name already. */
export async function joinClass(db: Db, cls: ClassRow, name: string): Promise<{ student: StudentRow & { tokenHash: string }; token: string } | 'taken'> {
  const id = newId();
  const secret = newToken();
  return db.knex.transaction(async (tx) => {
    const inserted = await tx('students').insert({
      id, class_id: cls.id, name: cleanName(name), name_key: nameKey(name), seed: studentSeed(cls), token_hash: tokenHash(secret), joined_at: new Date(),
    }).onConflict(['class_id', 'name_key']).ignore().returning('*');
    if (inserted.length === 0) return 'taken' as const;
    await announce(tx, { kind: 'joined', classId: cls.id, ids: [id] });
    // The student's token names the student, so it is checked against one row only.
    return { student: { ...toStudent(inserted[0]), tokenHash: inserted[0].token_hash as string }, token: `${id}.${secret}` };
  });
}

/** Students by id, each with the hash their key is checked against: one query for many key checks. */
export async function studentsByIdForKeys(db: Db, ids: string[]): Promise<Map<string, StudentRow & { tokenHash: string | null }>> {
  const rows = await db.knex('students').whereIn('id', ids);
  return new Map(rows.map((row) => [row.id as string, { ...toStudent(row), tokenHash: row.token_hash as string | null }]));
}

export function toEntry(r: Record<string, unknown>): LogEntry {
  return {
    at: new Date(r.at as string).toISOString(), exercise: r.exercise as string, action: r.action as LogEntry['action'],
    ...(r.answer !== null && r.answer !== undefined ? { answer: JSON.parse(r.answer as string) as Answer } : {}),
    ...(r.correct !== null && r.correct !== undefined ? { correct: r.correct as boolean } : {}),
  };
}

export const toAction = (r: Record<string, unknown>): ReportAction => ({ id: Number(r.id), student: r.student_id as string, lesson: r.lesson as string, ...toEntry(r) });

const ACTION_COLUMNS = ['actions.id', 'actions.student_id', 'actions.lesson', 'actions.exercise', 'actions.action', 'actions.answer', 'actions.correct', 'actions.at'];

/** A student's actions on a lesson, in order. */
export async function logOf(k: Knex, studentId: string, lesson: string): Promise<LogEntry[]> {
  return (await k('actions').where({ student_id: studentId, lesson }).orderBy('id')).map(toEntry);
}

export interface ClassData {
  students: StudentRow[];
  /** Every action of the class, in the order stored. */
  actions: ReportAction[];
}

/** Everything the teacher's page shows: the students (joined, or listed on the roster) and what they did. */
export async function classData(db: Db, cls: ClassRow): Promise<ClassData> {
  const students = (await db.knex('students').where({ class_id: cls.id }).orderBy('created_at').orderBy('id')).map(toStudent);
  const rows = await db.knex('actions').join('students', 'students.id', 'actions.student_id')
    .where('students.class_id', cls.id).orderBy('actions.id').select(ACTION_COLUMNS);
  return { students, actions: rows.map(toAction) };
}

/** Actions by id (a live page's update), of the class only. */
export async function actionsById(db: Db, classId: string, ids: number[]): Promise<ReportAction[]> {
  const rows = await db.knex('actions').join('students', 'students.id', 'actions.student_id')
    .where('students.class_id', classId).whereIn('actions.id', ids).orderBy('actions.id').select(ACTION_COLUMNS);
  return rows.map(toAction);
}

/** Students by id, of the class only. */
export async function studentsById(db: Db, classId: string, ids: string[]): Promise<StudentRow[]> {
  return (await db.knex('students').where({ class_id: classId }).whereIn('id', ids).orderBy('created_at').orderBy('id')).map(toStudent);
}

/** The class's seeds: its own and each student's (the answer key opens for these only). */
export async function seedsOf(db: Db, cls: ClassRow): Promise<string[]> {
  const rows = await db.knex('students').where({ class_id: cls.id }).distinct('seed');
  return [...new Set([cls.seed, ...rows.map((r) => r.seed as string)])];
}

/** How many answers are stored (the load test counts them against those acknowledged). */
export async function answerCount(db: Db, classId: string): Promise<number> {
  const [{ n }] = await db.knex('actions').join('students', 'students.id', 'actions.student_id')
    .where('students.class_id', classId).andWhere('actions.action', 'answer').count({ n: '*' });
  return Number(n);
}

/** What a student (or anyone with the join link) may know of a class: `s`'s own due date counts for them. */
export const info = (c: ClassRow, s?: Pick<StudentRow, 'dueAt'>, now = new Date()): ClassInfo => {
  const due = dueFor(c, s);
  return {
    id: c.id, name: c.name, lessons: c.lessons, policy: c.policy, dueAt: due?.toISOString() ?? null, open: !due || due > now,
    maxAttempts: c.maxAttempts, penalty: c.penalty, roster: c.roster,
  };
};
