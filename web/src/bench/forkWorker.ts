/// <reference lib="webworker" />
// A browser fork: a dedicated Worker with its own wasm instance, one request per worker.
import init, * as wasm from '../wasm/pkg/hotpath_wasm.js';
import { handleForkRequest } from './forkMain';
import type { ForkHost, ForkReply, ForkRequest } from './protocol';

const ready = init();

self.onmessage = async (e: MessageEvent<ForkRequest>) => {
  const post = (m: ForkReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);
  try {
    await ready;
  } catch (err) {
    post({ type: 'error', message: `the fork could not load WebAssembly: ${(err as Error).message}` });
    return;
  }
  handleForkRequest(e.data, wasm, performance, post);
};

export type { ForkHost };
