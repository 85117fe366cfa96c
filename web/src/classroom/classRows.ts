// Which of a class's rows the teacher sees, in what order: a search (name, ID number, email or
// section), a filter by where each student is, and a sort (the class's own order, by name, by
// score or by how recently they did something).
import { scoreOf, solvedCount, type ClassStudent, type ClassView } from './classView';

export type RowFilter = 'all' | 'not-joined' | 'not-started' | 'working' | 'finished' | 'struggling';
export type RowSort = 'class' | 'name' | 'score-high' | 'score-low' | 'recent';

export const FILTERS: Record<RowFilter, string> = {
  all: 'everyone',
  'not-joined': 'not joined yet',
  'not-started': 'joined, nothing answered',
  working: 'working (some answered, not all solved)',
  finished: 'every question solved',
  struggling: 'struggling (a question tried 3 times or more, unsolved)',
};

export const SORTS: Record<RowSort, string> = {
  class: 'class order',
  name: 'name',
  'score-high': 'score, highest first',
  'score-low': 'score, lowest first',
  recent: 'last active first',
};

const answered = (s: ClassStudent) => Object.values(s.lessons).some((f) => Object.values(f.exercises).some((r) => r.attempts > 0));

/** When the student last did something, in ms (0: never). */
export const lastActive = (s: ClassStudent) => Math.max(0, ...Object.values(s.lessons).map((f) => f.newest));

export function matches(c: ClassView, s: ClassStudent, filter: RowFilter): boolean {
  switch (filter) {
    case 'all': return true;
    case 'not-joined': return s.joined === false;
    case 'not-started': return s.joined !== false && !answered(s);
    case 'working': {
      const t = solvedCount(c, s);
      return answered(s) && t.solved < t.of;
    }
    case 'finished': {
      const t = solvedCount(c, s);
      return t.of > 0 && t.solved === t.of;
    }
    case 'struggling': return Object.values(s.lessons).some((f) => Object.values(f.exercises).some((r) => !r.solved && r.attempts >= 3));
  }
}

/** What a search looks in: the name and the roster's identifiers. */
const haystack = (s: ClassStudent) => [s.name, s.roster?.id, s.roster?.email, s.roster?.login, s.roster?.section].filter(Boolean).join('\n').toLowerCase();

export function visibleRows(c: ClassView, o: { query: string; filter: RowFilter; sort: RowSort }): ClassStudent[] {
  const q = o.query.trim().toLowerCase();
  const rows = c.students.filter((s) => (!q || haystack(s).includes(q)) && matches(c, s, o.filter));
  const by = (key: (s: ClassStudent) => number) => rows.map((s, i) => ({ s, i, k: key(s) }));
  switch (o.sort) {
    case 'class': return rows;
    case 'name': return [...rows].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }));
    case 'score-high': return by((s) => -scoreOf(c, s).score).sort((a, b) => a.k - b.k || a.i - b.i).map((x) => x.s);
    case 'score-low': return by((s) => scoreOf(c, s).score).sort((a, b) => a.k - b.k || a.i - b.i).map((x) => x.s);
    case 'recent': return by((s) => -lastActive(s)).sort((a, b) => a.k - b.k || a.i - b.i).map((x) => x.s);
  }
}
