/// <reference lib="webworker" />
// Runs the purgatory sweep off the main thread; cancelling is terminating this worker.
import init, { Simulation } from '../wasm/pkg/hotpath_wasm.js';
import { entriesOverTime, runSweep, SWEEPS, type SimFactory } from './purgatorySweep';
import type { Case, Design } from './saturation';
import type { SweepReply, SweepRequest } from './purgatoryProtocol';

const ready = init();
const post = (m: SweepReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

const factory: SimFactory = (params) => new Simulation('purgatory', params);

self.onmessage = async (e: MessageEvent<SweepRequest>) => {
  const req = e.data;
  try {
    await ready;
    if (req.type === 'entries') {
      for (const design of ['old', 'wheel'] as Design[]) {
        post({ type: 'entries', design, samples: entriesOverTime(factory, design, req.case, req.rate) });
      }
    } else {
      runSweep(factory, performance, SWEEPS[req.preset], req.cases as Case[],
        (point) => post({ type: 'point', point }), (progress) => post({ type: 'progress', progress }));
    }
    post({ type: 'done' });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
