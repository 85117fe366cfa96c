/// <reference lib="webworker" />
// Counts work for scripts too big to draw, off the main thread, with the counter probe on the
// real structures: the page stays responsive whatever the script asks for.
import init, { Script } from '../wasm/pkg/hotpath_wasm.js';
import type { CountRequest, CountResponse } from './counting';
import { faultOf } from './fault';

const ready = init();

function reply(msg: CountResponse) {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(msg);
}

self.onmessage = async (e: MessageEvent<CountRequest>) => {
  const { id, family, jobs } = e.data;
  await ready;
  for (let j = 0; j < jobs.length; j++) {
    try {
      const script = new Script(family, new Uint32Array(jobs[j].commands), jobs[j].settings ?? '', false);
      try {
        const counts: Record<string, number[]> = {};
        for (const v of jobs[j].variants) counts[v] = Array.from(script.count(v));
        reply({ type: 'counts', id, job: j, result: { counts, maxSize: script.maxSize, actions: script.actions } });
      } finally {
        script.free();
      }
    } catch (err) {
      const fault = faultOf(err);
      reply(fault ? { type: 'fault', id, job: j, fault } : { type: 'error', id, job: j, message: (err as Error).message });
      return;
    }
  }
  reply({ type: 'done', id });
};
