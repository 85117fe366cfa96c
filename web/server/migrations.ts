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
];
