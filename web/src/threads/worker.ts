/// <reference lib="webworker" />
// One thread of a threaded benchmark, as a Web Worker on the page's shared wasm memory.
import * as glue from '../wasm/threads-pkg/hotpath_threads.js';
import { runThreadJob, type ThreadJob } from './harness';

self.onmessage = (e: MessageEvent<ThreadJob>) =>
  runThreadJob(glue, e.data, (m) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m));
