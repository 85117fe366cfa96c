// The inside of a fork, shared by the browser Worker and the Node worker thread: build the row's
// kernel from this fork's own wasm instance, warm it up, then measure on request.
import { openFork, type Clock, type OpenFork } from './fork';
import type { ForkReply, ForkRequest } from './protocol';
import { buildKernel, type KernelFactory } from './suites';

/** One fork's state across the runner's requests; `handle` takes them in the order they come. */
export function forkServer(wasm: KernelFactory, clock: Clock, post: (m: ForkReply) => void) {
  let kernel: ReturnType<typeof buildKernel> | undefined;
  let fork: OpenFork | undefined;
  const fail = (e: unknown) => {
    kernel?.free();
    kernel = undefined;
    fork = undefined;
    post({ type: 'error', message: (e as Error).message ?? String(e) });
  };
  return (req: ForkRequest) => {
    try {
      if (req.type === 'open') {
        kernel = buildKernel(wasm, req.kernel);
        fork = openFork(kernel, clock, req.settings, (r) => post({ type: 'iteration', result: r }));
        post({ type: 'ready', batch: fork.batch, resolutionMs: fork.resolutionMs });
      } else if (!fork) {
        throw new Error(`the fork was asked to ${req.type} before it was opened`);
      } else if (req.type === 'measure') {
        fork.measure(req.index);
      } else {
        const result = fork.result();
        kernel?.free();
        kernel = undefined;
        fork = undefined;
        post({ type: 'done', result });
      }
    } catch (e) {
      fail(e);
    }
  };
}
