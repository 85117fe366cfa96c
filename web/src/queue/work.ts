// What the queues' "work" adds up (registry/work.ts): every shared-memory access — loads, stores,
// slot reads and writes, CASes (failed or not), nodes counted by size(), lock looks and spins.
import type { WorkKind } from '../registry/work';

export const QUEUE_WORK: readonly WorkKind[] = [
  { kind: 'load', one: 'read' },
  { kind: 'store', one: 'write' },
  { kind: 'slot-read', one: 'slot read' },
  { kind: 'slot-write', one: 'slot write' },
  { kind: 'cas', one: 'CAS', many: 'CASes' },
  { kind: 'cas-fail', one: 'failed CAS', many: 'failed CASes' },
  { kind: 'visit', one: 'node counted by size()', many: 'nodes counted by size()' },
  { kind: 'lock', one: 'lock acquisition' },
  { kind: 'lock-wait', one: 'wait for the lock', many: 'waits for the lock' },
  { kind: 'spin', one: 'spin' },
];
