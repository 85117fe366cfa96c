// `recycler`, the part that is timed: Netty's RecyclableArrayListBenchmark.recycleSameThread, the
// benchmark the 2014 "Improve performance of Recycler" commit quoted. One op gets a pooled list,
// ensureCapacity(size), clear(), recycle (crates/core/src/recycler/bench.rs), on the old Recycler
// with and without the assertion map, on the rewrite, and with no pool at all; the four are
// measured side by side at each size. How a run is reported is recyclerReport.ts: a committed
// run's digest covers this file, not that one.
import type { Row, SuiteTimed } from '../bench/suites';

export const SIZES = [0, 256, 1024, 4096, 16384, 65536];

export const DESIGNS = ['before-ea', 'before', 'after', 'allocate'];

export const id = (design: string, size: number) => `recycleSameThread/${design}/${size}`;

export const ROWS: Row[] = DESIGNS.flatMap((design) => SIZES.map((size) => ({
  id: id(design, size), benchmark: 'recycleSameThread', params: { design, size },
  kernel: { suite: 'recycler', params: { design, size } },
  // Allocating a 65,536-element list zeroes 256 kB per op: keep batches near a second at most.
  maxBatch: design === 'allocate' ? Math.max(1, Math.floor(200_000_000 / Math.max(size, 256))) : 1_000_000,
})));

export const recyclerTimed: SuiteTimed = {
  name: 'recycler',
  paramNames: ['design', 'size'],
  rows: ROWS,
  // Every verdict compares designs at the same size: measure the four side by side.
  interleave: (row) => `size ${row.params.size}`,
};
