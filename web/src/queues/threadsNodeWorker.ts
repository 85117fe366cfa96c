// One thread of the threaded benchmark under Node (a worker thread): the same part a Web Worker
// plays in the page, on the CLI's shared wasm memory.
import { parentPort } from 'node:worker_threads';
import { initSync, runConsume, runProduce } from '../wasm/threads-pkg/hotpath_threads.js';
import type { ThreadJob } from './threads';

const port = parentPort!;
port.once('message', (job: ThreadJob) => {
  try {
    initSync({ module: job.module, memory: job.memory });
    port.postMessage({ type: 'ready' });
    const result = job.role === 'producer' ? [runProduce(job.run, job.id)] : Array.from(runConsume(job.run));
    port.postMessage({ type: 'done', end: performance.timeOrigin + performance.now(), result });
  } catch (err) {
    port.postMessage({ type: 'error', message: (err as Error).message });
  }
});
