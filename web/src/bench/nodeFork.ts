// A Node fork: a worker thread with its own wasm instance, one fork per thread.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as wasm from '../wasm/bench-pkg/hotpath_wasm.js';
import { forkServer } from './forkMain';
import type { ForkReply, ForkRequest } from './protocol';

const port = parentPort!;
const post = (m: ForkReply) => port.postMessage(m);
let ready = false;
try {
  wasm.initSync({ module: readFileSync((workerData as { wasmPath: string }).wasmPath) });
  ready = true;
} catch (e) {
  post({ type: 'error', message: `the fork could not load WebAssembly: ${(e as Error).message}` });
}
const handle = forkServer(wasm, performance, post);
port.on('message', (req: ForkRequest) => {
  if (ready) handle(req);
});
