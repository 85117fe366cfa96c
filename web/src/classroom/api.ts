// What the class server's API takes and answers, shared by the server (web/server) and the
// pages that call it (web/src/classroom). Every body is also checked by a JSON schema on the
// server (web/server/schemas.ts); these types are what passes.
import type { Answer } from '../exercises/exercises';
import type { CardState, Question } from '../exercises/card';
import type { LogEntry, Policy } from '../exercises/progress';
import type { ClassGain, QuizPhase, QuizTaken } from '../teaching/quiz';
export type { QuizTaken } from '../teaching/quiz';

export const API_VERSION = 2;

export interface Status {
  server: 'hotpath-class';
  version: number;
  database: 'embedded' | 'postgres';
}

/**
 * A roster's identifiers for one student, as an LMS knows them: the name shown, given and family
 * names where the roster has them, the ID number (Moodle) or SIS User ID (Canvas), email, SIS
 * login, Canvas's own user ID, and section. All but the name are optional.
 */
export type { RosterEntry } from './classView';
import type { RosterEntry } from './classView';

export interface CreateClass {
  name: string;
  lessons: string[];
  /** One seed for the class (given, or made up), or a seed per student. */
  seed?: string;
  /** Absent: a set per student in an assessment (a throwaway name learns nothing of another's set), one set in practice. */
  seedPerStudent?: boolean;
  policy: Policy;
  /** ISO time after which answers are refused; absent: no due date. */
  dueAt?: string;
  /** Answers a question takes at most; absent: no limit. */
  maxAttempts?: number;
  /** Share of a question's point off per wrong try, 0 to 1; absent: 0. */
  penalty?: number;
  /** Only students on the roster may join, each with their own code. */
  roster?: boolean;
}

export interface Created {
  id: string;
  /** The teacher's secret: it goes in the teacher link's fragment, never to a student. */
  teacherToken: string;
}

/** What anyone with the join link may know of a class. */
export interface ClassInfo {
  id: string;
  name: string;
  lessons: string[];
  policy: Policy;
  dueAt: string | null;
  /** Answers are still taken (no due date, or not yet past it). */
  open: boolean;
  maxAttempts: number | null;
  penalty: number;
  /** Joining takes a code from the roster. */
  roster: boolean;
}

/** A student joins by name (a class without a roster) or with their roster code. */
export type JoinClass = { name: string } | { code: string };

export interface Joined {
  /** The student's secret, kept in their browser for this class. */
  token: string;
  name: string;
  cls: ClassInfo;
}

export interface LessonWork {
  cls: ClassInfo;
  student: string;
  lesson: string;
  questions: Question[];
  cards: Record<string, CardState>;
  /** This student's due date when it is their own (an extension). */
  dueAt?: string | null;
}

export interface NewAction {
  /** A fresh id per check, made by the browser: a retry of it is stored once. */
  requestId: string;
  lesson: string;
  exercise: string;
  action: 'answer' | 'hint' | 'reveal' | 'replay';
  answer?: Answer;
}

export interface ActionResult {
  card: CardState;
  /** False when nothing new was stored (a retry, the exercise already solved, the same answer again). */
  stored: boolean;
}

/** The class as its teacher sees it: everything a student may know, and the seeds. */
export interface ClassDetails extends ClassInfo {
  seed: string;
  seedPerStudent: boolean;
  createdAt: string;
  /** A projector key is out (it opens the board only; the teacher may revoke it). Absent from older servers. */
  projector?: boolean;
}

/** A student of the class: joined, or listed on the roster and not yet joined. */
export interface ReportStudent {
  id: string;
  name: string;
  seed: string;
  /** When they joined; null: on the roster, not joined yet. */
  joinedAt: string | null;
  /** Their own due date (an extension); null: the class's. */
  dueAt: string | null;
  /** Their roster identifiers, if the roster listed them. */
  roster: RosterEntry | null;
  /** A roster row: a join code is waiting to be used. */
  codeWaiting: boolean;
}

/** One action a student took, as stored (its id orders it). */
export interface ReportAction extends LogEntry {
  id: number;
  student: string;
  lesson: string;
}

export interface Report {
  cls: ClassDetails;
  students: ReportStudent[];
  actions: ReportAction[];
}

/** What changed since: a live teacher page's update (students joined or edited, answers stored). */
export interface Delta {
  students?: ReportStudent[];
  actions?: ReportAction[];
}

export interface RosterAdded {
  /** Each new row's one-time join code (only its hash is kept: hand them out now). */
  codes: { student: string; name: string; code: string }[];
}

export interface EditClass {
  name?: string;
  /** A new due date, or null for none. */
  dueAt?: string | null;
  roster?: boolean;
}

export interface EditStudent {
  /** This student's own due date, or null for the class's. */
  dueAt: string | null;
}

export interface Merge {
  /** The row whose answers move … */
  from: string;
  /** … to this one, which keeps its name, roster identifiers and key. */
  into: string;
}

/**
 * The projector's view: who has done what, with no seed, no answer given and no model answer
 * (a class sees it). Each cell is a verdict only: "" not tried, "✓" first try, "✓3" in three,
 * "✗2" two wrong tries.
 */
export interface Board {
  cls: Pick<ClassInfo, 'name' | 'policy' | 'dueAt' | 'open' | 'maxAttempts' | 'penalty'>;
  questions: { lesson: string; title: string }[];
  rows: { student: string; name: string; joined: boolean; cells: string[]; solved: number; score: number }[];
}

/** A new projector key: it opens this class's board and its live feed, nothing else. */
export interface ProjectorKey {
  projectorToken: string;
}

/** `GET quiz/:lesson` (the student's key): the phases this student has kept. */
export interface StudentQuiz {
  lesson: string;
  pre?: QuizTaken;
  post?: QuizTaken;
}

/** `POST quiz` (the student's key): one phase's answers, every question, kept once. */
export interface KeepQuiz {
  lesson: string;
  phase: QuizPhase;
  answers: Record<string, string>;
}

/** `GET classes/:id/quiz` (the teacher's key): what the class learned, per lesson with a check. */
export interface ClassQuiz {
  lessons: { lesson: string; gain: ClassGain }[];
}

export interface ApiError {
  error: string;
}
