// The inside of a fork, shared by the browser Worker and the Node worker thread: build the
// row's kernel from this fork's own wasm instance and run it.
import { runFork, type Clock } from './fork';
import type { ForkReply, ForkRequest } from './protocol';
import { SUITES, type KernelFactory } from './suites';
import { lookup } from '../site/lookup';

export function handleForkRequest(req: ForkRequest, wasm: KernelFactory, clock: Clock, post: (m: ForkReply) => void) {
  try {
    const suite = lookup(SUITES, req.suite);
    if (!suite) throw new Error(`unknown suite "${req.suite}"`);
    const row = suite.rows.find((r) => r.id === req.rowId);
    if (!row) throw new Error(`suite ${req.suite} has no row "${req.rowId}"`);
    const kernel = suite.kernel(wasm, row);
    try {
      const result = runFork(kernel, clock, req.settings, (r) => post({ type: 'iteration', result: r }));
      post({ type: 'done', result });
    } finally {
      kernel.free();
    }
  } catch (e) {
    post({ type: 'error', message: (e as Error).message ?? String(e) });
  }
}
