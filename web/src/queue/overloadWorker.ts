/// <reference lib="webworker" />
// Runs the UDP overload simulation off the main thread, 50 simulated ms at a time, so rate
// changes arrive between chunks and the page never waits; stopping is terminating this worker.
import init, { Simulation } from '../wasm/pkg/hotpath_wasm.js';
import { OVERLOAD, decodeSamples, overloadParams, ratesParams } from './overload';
import type { OverloadReply, OverloadRequest } from './overloadProtocol';

const ready = init();
const post = (m: OverloadReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);
let sim: Simulation | null = null;
const CHUNK_MS = 50;

self.onmessage = async (e: MessageEvent<OverloadRequest>) => {
  const req = e.data;
  try {
    await ready;
    if (req.type === 'rates') {
      sim?.set(ratesParams(req.arrivalRate, req.serviceRate));
      return;
    }
    const c = req.config;
    sim = new Simulation(OVERLOAD, overloadParams(c));
    post({ type: 'started', capacity: sim.figure('capacity') });
    const width = sim.width;
    const started = performance.now();
    let simulated = 0;
    while (simulated < req.durationMs && sim.figure('oomAtMs') < 0) {
      const step = Math.min(CHUNK_MS, req.durationMs - simulated);
      const flat = sim.run(step);
      simulated += step;
      post({ type: 'samples', samples: decodeSamples(flat, width), simulatedMs: simulated, wallMs: performance.now() - started });
      // Let a rate change in before the next chunk.
      await new Promise((r) => setTimeout(r, 0));
    }
    const oomAtMs = sim.figure('oomAtMs');
    post({ type: 'done', oomAtMs: oomAtMs >= 0 ? oomAtMs : null });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
