// A roster as a teacher has one: a CSV with a header line, pasted or uploaded. Read here, in
// the teacher's browser, into the rows the class server takes. It reads the LMSs' own exports
// (Moodle: First name, Last name, ID number, Email address; Canvas: Student, ID, SIS User ID,
// SIS Login ID, Section) and a school's plain list (name, student id, email), so the codes the
// lab issues go to the students the LMS knows, and the lab's exports carry back the identifiers
// it matches them by. The codes it issues go back to the teacher as a CSV for a spreadsheet.
import type { RosterEntry } from './api';
import { csvTable, parseCsv, unguard } from '../util/csv';
import { num } from '../util/format';

/** Header names (lower case, spaces collapsed) per field. Canvas's "ID" is its own user id; elsewhere "id" is the student's ID number. */
const COLUMNS: Record<Exclude<keyof RosterEntry, 'lmsId'>, string[]> = {
  name: ['student', 'name', 'full name', 'student name'],
  given: ['first name', 'given name', 'firstname', 'given'],
  family: ['last name', 'surname', 'family name', 'lastname'],
  id: ['id number', 'idnumber', 'student id', 'sis user id', 'student number', 'matriculation number', 'id'],
  email: ['email address', 'email', 'e-mail', 'e-mail address'],
  login: ['sis login id', 'login id', 'login', 'username'],
  section: ['section', 'sections', 'group'],
};

export const MAX_ROSTER = 2000;
const LIMIT: Partial<Record<keyof RosterEntry, number>> = { email: 200 };

export type RosterRead = { ok: true; entries: RosterEntry[]; columns: string[] } | { ok: false; problem: string };

export function parseRoster(text: string): RosterRead {
  const parsed = parseCsv(text.replace(/^\uFEFF/, '').trim());
  if (!parsed.ok) return { ok: false, problem: `line ${parsed.line}: ${parsed.message}` };
  const [head, ...rows] = parsed.rows;
  if (!head) return { ok: false, problem: 'the roster is empty' };
  const names = head.map((h) => h.trim().replace(/\s+/g, ' ').toLowerCase());
  const canvas = names.includes('sis user id') && names.includes('id');
  const col: Partial<Record<keyof RosterEntry, number>> = {};
  for (const [field, options] of Object.entries(COLUMNS) as [keyof RosterEntry, string[]][]) {
    for (const o of options) {
      if (canvas && field === 'id' && o === 'id') continue;
      const i = names.indexOf(o);
      if (i >= 0 && col[field] === undefined) {
        col[field] = i;
        break;
      }
    }
  }
  if (canvas) col.lmsId = names.indexOf('id');
  if (col.name === undefined && col.given === undefined && col.family === undefined) {
    return { ok: false, problem: 'the first line must name the columns, with a name column (“Name” or “Student”, or “First name” and “Last name”), and ideally “ID number” or “Email”' };
  }
  const entries: RosterEntry[] = [];
  for (const [k, raw] of rows.entries()) {
    const line = k + 2;
    const cell = (f: keyof RosterEntry) => (col[f] === undefined ? '' : unguard(raw[col[f]!] ?? '').trim().replace(/\s+/g, ' '));
    const given = cell('given');
    const family = cell('family');
    // The name as the roster writes it, never split or turned round: a comma may be a suffix's
    // ("John Smith, Jr.") or a formula's, not "Family, Given". Given and family names come only
    // from columns of their own.
    const name = cell('name') || [given, family].filter(Boolean).join(' ');
    // Canvas's export carries a "Points Possible" row, and its test student; empty lines say nothing.
    if (!name || /^points possible$/i.test(name) || /^student, test$/i.test(name)) continue;
    if (/[\u0000-\u001f\u007f]/.test(name)) return { ok: false, problem: `line ${line}: the name holds a control character` };
    const e: RosterEntry = { name };
    if (given) e.given = given;
    if (family) e.family = family;
    for (const f of ['id', 'email', 'login', 'lmsId', 'section'] as const) {
      const v = cell(f);
      if (v) e[f] = v;
    }
    for (const [f, v] of Object.entries(e)) {
      const max = LIMIT[f as keyof RosterEntry] ?? 100;
      if (v.length > max) return { ok: false, problem: `line ${line}: the ${f === 'lmsId' ? 'ID' : f} is longer than ${max} characters` };
    }
    entries.push(e);
  }
  if (entries.length === 0) return { ok: false, problem: 'the roster has a header line but no students' };
  if (entries.length > MAX_ROSTER) return { ok: false, problem: `${num(entries.length)} students: a class takes at most ${num(MAX_ROSTER)}` };
  for (const f of ['id', 'email', 'login', 'lmsId'] as const) {
    const seen = new Map<string, number>();
    for (const [i, e] of entries.entries()) {
      const v = e[f]?.toLowerCase();
      if (!v) continue;
      if (seen.has(v)) return { ok: false, problem: `${e.name} and ${entries[seen.get(v)!].name} have the same ${f === 'lmsId' ? 'ID' : f === 'id' ? 'ID number' : f} (${e[f]})` };
      seen.set(v, i);
    }
  }
  const columns = (Object.keys(col) as (keyof RosterEntry)[]).map((f) => `${head[col[f]!].trim()} → ${FIELD_NAMES[f]}`);
  return { ok: true, entries, columns };
}

export const FIELD_NAMES: Record<keyof RosterEntry, string> = {
  name: 'name', given: 'given name', family: 'family name', id: 'ID number (Moodle) / SIS User ID (Canvas)', email: 'email',
  login: 'SIS Login ID', lmsId: 'Canvas ID', section: 'section',
};

/**
 * The codes file a teacher opens in a spreadsheet to hand codes out: each student's name, ID
 * number, email, code and join link. It starts with UTF-8's byte-order mark, without which Excel
 * reads it in the system's code page and "Chloé Côté" comes out as "ChloÃ© CÃ´tÃ©".
 */
export function codesCsv(codes: { entry: RosterEntry; code: string; link: string }[]): string {
  return `\uFEFF${csvTable(['name', 'ID number', 'email', 'code', 'join link'], codes.map((c) => [c.entry.name, c.entry.id ?? '', c.entry.email ?? '', c.code, c.link]))}`;
}
