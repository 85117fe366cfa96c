// A class's roster: students listed by their teacher (from an LMS's or the school's CSV), each
// with a one-time join code, so in a roster class nobody joins under a throwaway name. A code is
// stored as its hash only and is spent when used; a lost one is issued again (the old one stops
// working, and joining with the new one gives the student a new key, ending the old). The
// teacher may also give a student their own due date, remove a row, or merge two rows (a student
// who joined by name before the roster was required, into their roster row).
import type { RosterEntry } from '../src/classroom/api';
import { announce, type Db } from './db';
import { newCode, newId, newToken, normalCode, tokenHash } from './tokens';
import { cleanName, rosterKey, studentSeed, toStudent, type ClassRow, type StudentRow } from './store';

/** The fields kept of a roster entry: given ones only, spaces tidied. */
function tidy(e: RosterEntry): RosterEntry {
  const out: RosterEntry = { name: cleanName(e.name) };
  for (const k of ['given', 'family', 'id', 'email', 'login', 'lmsId', 'section'] as const) {
    const v = e[k]?.trim();
    if (v) out[k] = v;
  }
  return out;
}

/** Adds students to the roster, each with a fresh code (returned once: only hashes are kept). */
export async function addRoster(db: Db, cls: ClassRow, entries: RosterEntry[]): Promise<{ student: StudentRow; code: string }[]> {
  return db.knex.transaction(async (tx) => {
    const made = entries.map((e, i) => {
      const id = newId();
      const code = newCode();
      const r = tidy(e);
      return {
        code,
        row: {
          id, class_id: cls.id, name: r.name, name_key: rosterKey(id), seed: studentSeed(cls), token_hash: null, joined_at: null,
          code_hash: tokenHash(normalCode(code)!), roster: JSON.stringify(r),
          // The roster's order is the rows' order (they are listed by when each was made).
          created_at: new Date(Date.now() + i),
        },
      };
    });
    const rows = made.length ? await tx('students').insert(made.map((m) => m.row)).returning('*') : [];
    const byId = new Map(rows.map((r) => [r.id as string, toStudent(r)]));
    if (rows.length) await announce(tx, { kind: 'joined', classId: cls.id, ids: rows.map((r) => r.id as string) });
    return made.map((m) => ({ student: byId.get(m.row.id)!, code: m.code }));
  });
}

/**
 * Joins a roster student with their code: the row gets a key and the code is spent. Null: no
 * row of this class has that code. 'closed': the code is right but the student's due date (their
 * own, else the class's) has passed; the code is not spent, so it still works if the teacher
 * reopens the class or gives the student more time.
 */
export async function joinWithCode(db: Db, cls: ClassRow, typed: string, now = new Date()): Promise<{ student: StudentRow & { tokenHash: string }; token: string } | 'closed' | null> {
  const code = normalCode(typed);
  if (!code) return null;
  const secret = newToken();
  const hash = tokenHash(code);
  return db.knex.transaction(async (tx) => {
    // Open for this student: their own due date is later than now, or they have none and the class is open.
    const classOpen = !cls.dueAt || cls.dueAt > now;
    const [row] = await tx('students').where({ class_id: cls.id, code_hash: hash })
      .where((q) => (classOpen ? q.whereNull('due_at').orWhere('due_at', '>', now) : q.where('due_at', '>', now)))
      .update({ token_hash: tokenHash(secret), code_hash: null, joined_at: db.knex.raw('coalesce(joined_at, now())') }).returning('*');
    if (!row) return (await tx('students').where({ class_id: cls.id, code_hash: hash }).first('id')) ? 'closed' : null;
    // A key given before (the code was issued again) stops working on every instance.
    await announce(tx, { kind: 'student', classId: cls.id, ids: [row.id] });
    return { student: { ...toStudent(row), tokenHash: row.token_hash as string }, token: `${row.id}.${secret}` };
  });
}

/** A new code for a roster row (the old one, used or not, no longer opens it). Null: no such row. */
export async function reissueCode(db: Db, cls: ClassRow, studentId: string): Promise<{ student: StudentRow; code: string } | null> {
  const code = newCode();
  return db.knex.transaction(async (tx) => {
    const [row] = await tx('students').where({ class_id: cls.id, id: studentId }).update({ code_hash: tokenHash(normalCode(code)!) }).returning('*');
    if (!row) return null;
    await announce(tx, { kind: 'student', classId: cls.id, ids: [studentId] });
    return { student: toStudent(row), code };
  });
}

/** A student's own due date (an extension), or null for the class's. False: no such student. */
export async function setStudentDue(db: Db, cls: ClassRow, studentId: string, dueAt: Date | null): Promise<boolean> {
  return db.knex.transaction(async (tx) => {
    const changed = await tx('students').where({ class_id: cls.id, id: studentId }).update({ due_at: dueAt }).returning('id');
    if (changed.length) await announce(tx, { kind: 'student', classId: cls.id, ids: [studentId] });
    return changed.length > 0;
  });
}

/** Removes a student and everything they did. False: no such student. */
export async function removeStudent(db: Db, cls: ClassRow, studentId: string): Promise<boolean> {
  return db.knex.transaction(async (tx) => {
    // Counted by the rows returned: the embedded database's Knex client answers a bare delete with its raw result.
    const gone = await tx('students').where({ class_id: cls.id, id: studentId }).delete().returning('id');
    if (gone.length) await announce(tx, { kind: 'removed', classId: cls.id, ids: [studentId] });
    return gone.length > 0;
  });
}

/**
 * Moves every action of `from` to `into` and removes `from`: `into` keeps its name, roster
 * identifiers, code and key. Their logs interleave in the order they were stored. An action
 * whose request id `into` already has is a copy (the same check sent through both rows' keys)
 * and is dropped. False: either row is not in the class, or they are the same.
 */
export async function mergeStudents(db: Db, cls: ClassRow, fromId: string, intoId: string): Promise<boolean> {
  if (fromId === intoId) return false;
  return db.knex.transaction(async (tx) => {
    const rows = await tx('students').where({ class_id: cls.id }).whereIn('id', [fromId, intoId]).forUpdate().select('id');
    if (rows.length !== 2) return false;
    await tx.raw(`update actions set student_id = ? where student_id = ?
      and request_id not in (select request_id from actions where student_id = ?)`, [intoId, fromId, intoId]);
    // A concept check's phase the row merged into has not kept moves with it; one it kept stays.
    await tx.raw(`update quiz_answers set student_id = ? where student_id = ?
      and (lesson, phase) not in (select lesson, phase from quiz_answers where student_id = ?)`, [intoId, fromId, intoId]);
    await tx('students').where({ id: fromId }).delete();
    await announce(tx, { kind: 'removed', classId: cls.id, ids: [fromId] });
    return true;
  });
}
