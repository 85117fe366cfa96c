// What the class server's API takes and answers, shared by the server (web/server) and the
// pages that call it (web/src/classroom). Every body is also checked by a JSON schema on the
// server (web/server/schemas.ts); these types are what passes.
import type { Answer } from '../exercises/exercises';
import type { CardState, Policy, Question } from '../exercises/card';
import type { LogEntry } from '../exercises/progress';

export const API_VERSION = 1;

export interface Status {
  server: 'hotpath-class';
  version: number;
  database: 'embedded' | 'postgres';
}

export interface CreateClass {
  name: string;
  lessons: string[];
  /** One seed for the class (given, or made up), or a seed per student. */
  seed?: string;
  seedPerStudent: boolean;
  policy: Policy;
  /** ISO time after which answers are refused; absent: no due date. */
  dueAt?: string;
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
}

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

/** One student's work on one lesson, as the lesson page's JSON export has it. */
export interface StudentExport {
  lesson: string;
  seed: string;
  student: string;
  log: LogEntry[];
  exercises: unknown[];
}

export interface Report {
  cls: ClassInfo & { seed: string; seedPerStudent: boolean; createdAt: string };
  exports: StudentExport[];
  /** Each student's latest action. */
  activity: { student: string; lesson: string; exercise: string; action: string; at: string }[];
}

export interface ApiError {
  error: string;
}
