// What the heaps' "work" adds up (registry/work.ts): comparisons, equals() calls, moves and index writes.
import type { WorkKind } from '../registry/work';

export const HEAP_WORK: readonly WorkKind[] = [
  { kind: 'compare', one: 'comparison' },
  { kind: 'equals', one: 'equals() call' },
  { kind: 'move', one: 'move' },
  { kind: 'index', one: 'index write' },
];
