/// <reference lib="webworker" />
// One thread of the threaded benchmark: joins the page's shared wasm memory, says it is ready,
// then runs its part (the start line is an atomic flag in that memory).
import { initSync, runConsume, runProduce } from '../wasm/threads-pkg/hotpath_threads.js';
import type { ThreadJob } from './threads';

const post = (m: unknown) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

self.onmessage = (e: MessageEvent<ThreadJob>) => {
  const job = e.data;
  try {
    initSync({ module: job.module, memory: job.memory });
    post({ type: 'ready' });
    const result = job.role === 'producer' ? [runProduce(job.run, job.id)] : Array.from(runConsume(job.run));
    post({ type: 'done', end: performance.timeOrigin + performance.now(), result });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
