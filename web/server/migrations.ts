// The class server's schema, as versioned migrations: Knex runs the ones not yet applied on
// every start (recorded in knex_migrations, under Knex's lock, so two instances starting on one
// PostgreSQL do not both run them). Add a migration; never edit one that has shipped.
import type { Knex } from 'knex';

export interface Migration {
  name: string;
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
}

export const MIGRATIONS: Migration[] = [
  {
    name: '001_classes_students_actions',
    async up(knex) {
      await knex.schema.createTable('classes', (t) => {
        t.string('id', 32).primary();
        t.string('name', 200).notNullable();
        /** JSON list of lesson slugs. */
        t.text('lessons').notNullable();
        t.string('seed', 64).notNullable();
        t.boolean('seed_per_student').notNullable().defaultTo(false);
        t.string('policy', 16).notNullable();
        t.timestamp('due_at', { useTz: true }).nullable();
        t.string('teacher_token_hash', 64).notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw("alter table classes add constraint classes_policy check (policy in ('practice', 'assessment'))");
      await knex.schema.createTable('students', (t) => {
        t.string('id', 32).primary();
        t.string('class_id', 32).notNullable().references('id').inTable('classes').onDelete('CASCADE');
        t.string('name', 200).notNullable();
        /** The name as compared: trimmed, spaces collapsed, lower case. */
        t.string('name_key', 200).notNullable();
        t.string('seed', 64).notNullable();
        t.string('token_hash', 64).notNullable();
        t.timestamp('joined_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['class_id', 'name_key']);
      });
      await knex.schema.createTable('actions', (t) => {
        t.bigIncrements('id').primary();
        t.string('student_id', 32).notNullable().references('id').inTable('students').onDelete('CASCADE');
        t.string('lesson', 100).notNullable();
        t.string('exercise', 100).notNullable();
        t.string('action', 16).notNullable();
        /** The answer as JSON (a number as typed, a choice, or cell positions). */
        t.text('answer').nullable();
        t.boolean('correct').nullable();
        /** The browser's id for this request: a retry, or the same check sent twice, is stored once. */
        t.string('request_id', 64).notNullable();
        t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['student_id', 'request_id']);
        t.index(['student_id', 'lesson']);
      });
      await knex.raw("alter table actions add constraint actions_action check (action in ('answer', 'hint', 'reveal', 'replay'))");
    },
    async down(knex) {
      await knex.schema.dropTable('actions');
      await knex.schema.dropTable('students');
      await knex.schema.dropTable('classes');
    },
  },
  {
    // Issue 42: scoring rules (an attempt limit, a penalty per wrong try), a roster of students
    // who join with a code each, and per-student due dates (extensions).
    name: '002_rules_roster_extensions',
    async up(knex) {
      await knex.schema.alterTable('classes', (t) => {
        /** Answers a question takes at most; null: no limit. */
        t.integer('max_attempts').nullable();
        /** Share of a question's point off per wrong try, 0 to 1. */
        t.double('penalty').notNullable().defaultTo(0);
        /** Only students on the roster join, each with their code. */
        t.boolean('roster').notNullable().defaultTo(false);
      });
      await knex.raw('alter table classes add constraint classes_max_attempts check (max_attempts is null or max_attempts between 1 and 100)');
      await knex.raw('alter table classes add constraint classes_penalty check (penalty >= 0 and penalty <= 1)');
      await knex.schema.alterTable('students', (t) => {
        /** When the row was made: on joining, or when the roster listed the student. */
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        /** The SHA-256 of the student's join code (a roster row); null once it is used. */
        t.string('code_hash', 64).nullable();
        /** This student's own due date (an extension); null: the class's. */
        t.timestamp('due_at', { useTz: true }).nullable();
        /** The roster's identifiers, as JSON: given and family name, ID number, email, login, LMS id, section. */
        t.text('roster').nullable();
        t.unique(['class_id', 'code_hash']);
      });
      await knex.raw('update students set created_at = joined_at');
      // A roster row has no key and has not joined until its student uses the code.
      await knex.raw('alter table students alter column token_hash drop not null');
      await knex.raw('alter table students alter column joined_at drop not null');
      await knex.raw('alter table students alter column joined_at drop default');
    },
    async down(knex) {
      // Rows whose student never joined cannot be kept without a key.
      await knex('students').whereNull('token_hash').delete();
      await knex.raw('update students set joined_at = coalesce(joined_at, created_at)');
      await knex.raw('alter table students alter column joined_at set default now()');
      await knex.raw('alter table students alter column joined_at set not null');
      await knex.raw('alter table students alter column token_hash set not null');
      await knex.schema.alterTable('students', (t) => {
        t.dropUnique(['class_id', 'code_hash']);
        t.dropColumns('created_at', 'code_hash', 'due_at', 'roster');
      });
      await knex.raw('alter table classes drop constraint classes_max_attempts');
      await knex.raw('alter table classes drop constraint classes_penalty');
      await knex.schema.alterTable('classes', (t) => t.dropColumns('max_attempts', 'penalty', 'roster'));
    },
  },
  {
    // Issue 59: the projector's own key, which opens the board and nothing else (the teacher's
    // key used to be in the projector's link, one edit of the address away from the whole class).
    name: '003_projector_key',
    async up(knex) {
      await knex.schema.alterTable('classes', (t) => {
        /** The SHA-256 of the projector key; null: none is out (never made, or revoked). */
        t.string('projector_token_hash', 64).nullable();
      });
    },
    async down(knex) {
      await knex.schema.alterTable('classes', (t) => t.dropColumn('projector_token_hash'));
    },
  },
  {
    // Issue 57: the lessons' concept checks, before and after, so the teacher sees what the class
    // learned. A row per question answered; a phase is kept once (its rows all at once).
    name: '004_quiz_answers',
    async up(knex) {
      await knex.schema.createTable('quiz_answers', (t) => {
        t.bigIncrements('id').primary();
        t.string('student_id', 32).notNullable().references('id').inTable('students').onDelete('CASCADE');
        t.string('lesson', 100).notNullable();
        t.string('phase', 8).notNullable();
        t.string('question', 100).notNullable();
        /** The choice as its text: graded when read, against the lesson's quiz.ts. */
        t.text('choice').notNullable();
        t.timestamp('at', { useTz: true }).notNullable();
        t.unique(['student_id', 'lesson', 'phase', 'question']);
      });
      await knex.raw("alter table quiz_answers add constraint quiz_answers_phase check (phase in ('pre', 'post'))");
    },
    async down(knex) {
      await knex.schema.dropTable('quiz_answers');
    },
  },
];
