// The inside of a fork, shared by the browser Worker and the Node worker thread: build the
// row's kernel from this fork's own wasm instance and run it.
import { runFork, type Clock } from './fork';
import type { ForkReply, ForkRequest } from './protocol';
import { buildKernel, type KernelFactory } from './suites';

export function handleForkRequest(req: ForkRequest, wasm: KernelFactory, clock: Clock, post: (m: ForkReply) => void) {
  try {
    const kernel = buildKernel(wasm, req.kernel);
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
