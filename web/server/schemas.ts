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
  required: ['name', 'lessons', 'seedPerStudent', 'policy'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: TEXT },
    lessons: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' } },
    seed: { type: 'string', pattern: SEED },
    seedPerStudent: { type: 'boolean' },
    policy: { type: 'string', enum: ['practice', 'assessment'] },
    dueAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const classParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID } },
} as const;

export const joinBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 60, pattern: TEXT } },
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
