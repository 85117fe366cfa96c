// One thread of a threaded benchmark under Node: a worker thread on the CLI's shared wasm memory.
import { parentPort } from 'node:worker_threads';
import * as glue from '../wasm/threads-pkg/hotpath_threads.js';
import { runThreadJob, type ThreadJob } from './harness';

const port = parentPort!;
port.once('message', (job: ThreadJob) => runThreadJob(glue, job, (m) => port.postMessage(m)));
