// What the Recyclers' "work" adds up (registry/work.ts): memory written or searched — objects made,
// stack slots popped and pushed, arrays copied, identity-map slots probed, handles queued and
// transferred, queues visited, links and queues made.
import type { WorkKind } from '../registry/work';

export const RECYCLER_WORK: readonly WorkKind[] = [
  { kind: 'allocate', one: 'allocation' },
  { kind: 'pop', one: 'pop' },
  { kind: 'push', one: 'push', many: 'pushes' },
  { kind: 'grow', one: 'array copy', many: 'array copies' },
  { kind: 'map_probe', one: 'identity-map slot probed', many: 'identity-map slots probed' },
  { kind: 'enqueue', one: 'handle queued', many: 'handles queued' },
  { kind: 'transfer', one: 'handle transferred', many: 'handles transferred' },
  { kind: 'visit', one: 'queue visited', many: 'queues visited' },
  { kind: 'new_link', one: 'link made', many: 'links made' },
  { kind: 'new_queue', one: 'WeakOrderQueue made', many: 'WeakOrderQueues made' },
];
