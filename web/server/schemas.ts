// JSON schemas for every request body and parameter the class server takes: Fastify checks each
// request against its route's schema (with Ajv) before the handler runs, and answers 400 naming
// the field. Lengths are bounded everywhere; the body as a whole by the server's bodyLimit.

/** No control characters, not blank. */
const TEXT = '^(?=.*\\S)[^\\u0000-\\u001f\\u007f]*$';
export const SEED = '^[A-Za-z0-9_-]{1,40}$';
export const ID = '^[A-Za-z0-9_-]{1,32}$';

export const createClassBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'lessons', 'policy'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: TEXT },
    lessons: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' } },
    seed: { type: 'string', pattern: SEED },
    seedPerStudent: { type: 'boolean' },
    policy: { type: 'string', enum: ['practice', 'assessment'] },
    dueAt: { type: 'string', format: 'date-time' },
    maxAttempts: { type: 'integer', minimum: 1, maximum: 100 },
    penalty: { type: 'number', minimum: 0, maximum: 1 },
    roster: { type: 'boolean' },
  },
} as const;

export const classParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID } },
} as const;

/** A name typed to join a class without a roster, or a roster code (any case, dashes and spaces allowed). */
export const joinBody = {
  oneOf: [
    { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 60, pattern: TEXT } } },
    // Any printable text up to 40 characters: the route reads the code out of it (tokens.ts normalCode) and says what is wrong in words.
    { type: 'object', additionalProperties: false, required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 40, pattern: TEXT } } },
  ],
} as const;

const ROSTER_TEXT = { type: 'string', maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]*$' } as const;

/** Rows of a roster, as the teacher's page read them from a CSV. */
export const rosterBody = {
  type: 'object',
  additionalProperties: false,
  required: ['students'],
  properties: {
    students: {
      type: 'array', minItems: 1, maxItems: 2000,
      items: {
        type: 'object', additionalProperties: false, required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 100, pattern: TEXT },
          given: ROSTER_TEXT, family: ROSTER_TEXT, id: ROSTER_TEXT, email: { ...ROSTER_TEXT, maxLength: 200 }, login: ROSTER_TEXT, lmsId: ROSTER_TEXT, section: ROSTER_TEXT,
        },
      },
    },
  },
} as const;

/** A roster of 2,000 rows of seven fields takes more than the server's 16 KB. */
export const ROSTER_BODY_LIMIT = 1024 * 1024;

const DUE = { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] } as const;

export const editClassBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: TEXT },
    dueAt: DUE,
    roster: { type: 'boolean' },
  },
} as const;

export const editStudentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['dueAt'],
  properties: { dueAt: DUE },
} as const;

export const mergeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'into'],
  properties: { from: { type: 'string', pattern: ID }, into: { type: 'string', pattern: ID } },
} as const;

export const studentParams = {
  type: 'object',
  required: ['id', 'student'],
  properties: { id: { type: 'string', pattern: ID }, student: { type: 'string', pattern: ID } },
} as const;

export const eventsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { view: { type: 'string', enum: ['teacher', 'board'] } },
} as const;

/** Whose answer key: a lesson of the class, under one of its seeds. */
export const keyQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['lesson', 'seed'],
  properties: { lesson: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' }, seed: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } },
} as const;

export const lessonParams = {
  type: 'object',
  required: ['lesson'],
  properties: { lesson: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' } },
} as const;

export const actionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['requestId', 'lesson', 'exercise', 'action'],
  properties: {
    requestId: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
    lesson: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' },
    exercise: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,60}$' },
    action: { type: 'string', enum: ['answer', 'hint', 'reveal', 'replay'] },
    answer: {
      anyOf: [
        { type: 'string', maxLength: 200 },
        { type: 'integer' },
        { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 0, maximum: 100000 } },
      ],
    },
  },
} as const;

/** One phase of a lesson's concept check: question id → the choice's text. */
export const quizBody = {
  type: 'object',
  additionalProperties: false,
  required: ['lesson', 'phase', 'answers'],
  properties: {
    lesson: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' },
    phase: { type: 'string', enum: ['pre', 'post'] },
    answers: {
      type: 'object', maxProperties: 50,
      propertyNames: { pattern: '^[A-Za-z0-9_-]{1,60}$' },
      additionalProperties: { type: 'string', minLength: 1, maxLength: 500 },
    },
  },
} as const;
