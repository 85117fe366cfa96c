/// <reference lib="webworker" />
// A browser fork: a dedicated Worker with its own wasm instance, one fork per worker: the
// benchmark module (the site's module with the kernels), fetched only when a benchmark runs.
import init, * as wasm from '../wasm/bench-pkg/hotpath_wasm.js';
import { forkServer } from './forkMain';
import type { ForkHost, ForkReply, ForkRequest } from './protocol';

const ready = init();
const post = (m: ForkReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);
const handle = forkServer(wasm, performance, post);

self.onmessage = async (e: MessageEvent<ForkRequest>) => {
  try {
    await ready;
  } catch (err) {
    post({ type: 'error', message: `the fork could not load WebAssembly: ${(err as Error).message}` });
    return;
  }
  handle(e.data);
};

export type { ForkHost };
