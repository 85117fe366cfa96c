// Netty's two 2014 Recyclers across real threads: an owner thread gets objects and hands each
// through a ring to a second thread, which recycles it (crates/threads/src/recycle.rs). The old
// Recycler drops every object recycled on another thread, so the owner allocates them all; the
// rewrite sends them home through a WeakOrderQueue.
import { COLUMNS, deliveredColumn, type ThreadSet } from '../threads/harness';
import { num } from '../util/format';

/** The hand-off ring between the two threads. */
export const RECYCLE_RING = 1024;

export const threadSet: ThreadSet = {
  name: 'recyclers',
  cli: 'recycler-threads',
  heading: 'Real threads: an owner hands objects to a thread that recycles them',
  intro: (perProducer, repeats) => `Two Web Workers on one shared wasm memory: the owner gets an object, writes it and passes it through a ring of ${num(RECYCLE_RING)} slots; the other thread recycles it. ${num(perProducer)} objects a row, ${repeats} runs a row. Before the rewrite, a recycle from another thread drops the object (here the recycling thread frees it), so the owner makes every one; after it, the objects come back through a WeakOrderQueue.`,
  unit: 'Objects passed and recycled per second',
  rows: [
    { kind: 'recycler-before', title: 'Recycler before (4.0.20)', producers: 1, capacity: RECYCLE_RING },
    { kind: 'recycler-after', title: 'Recycler after (4.0.21)', producers: 1, capacity: RECYCLE_RING },
  ],
  // What a pool is for: the objects each design had to make, and the time each object cost.
  columns: [{ ...COLUMNS.rate, head: 'objects/s' }, COLUMNS.spread, COLUMNS.perOp, COLUMNS.allocated, COLUMNS.allocatedEach, deliveredColumn('each object handed over once')],
};
