// What the timers' "work" adds up (registry/work.ts): the wheel's slots computed, levels passed,
// list links and cascades, and the delay queue's comparisons, equals() calls and moves.
import type { WorkKind } from '../registry/work';

export const WHEEL_WORK: readonly WorkKind[] = [
  { kind: 'place', one: 'slot computed', many: 'slots computed' },
  { kind: 'beyond', one: 'level passed', many: 'levels passed' },
  { kind: 'insert', one: 'bucket insert' },
  { kind: 'unlink', one: 'bucket unlink' },
  { kind: 'cascade', one: 'cascade' },
  { kind: 'q-compare', one: 'delay-queue comparison' },
  { kind: 'q-equals', one: 'delay-queue equals() call' },
  { kind: 'q-move', one: 'delay-queue move' },
];
