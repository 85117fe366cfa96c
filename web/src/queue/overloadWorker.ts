/// <reference lib="webworker" />
// Runs the UDP overload simulation off the main thread, 50 simulated ms at a time, so rate
// changes arrive between chunks and the page never waits; stopping is terminating this worker.
import init, { UdpOverloadSim, udpSampleWidth } from '../wasm/pkg/hotpath_wasm.js';
import { decodeSamples } from './overload';
import type { OverloadReply, OverloadRequest } from './overloadProtocol';

const ready = init();
const post = (m: OverloadReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);
let sim: UdpOverloadSim | null = null;
const CHUNK_MS = 50;

self.onmessage = async (e: MessageEvent<OverloadRequest>) => {
  const req = e.data;
  try {
    await ready;
    if (req.type === 'rates') {
      sim?.setRates(req.arrivalRate, req.serviceRate);
      return;
    }
    const c = req.config;
    sim = new UdpOverloadSim(c.queue, c.arrivalRate, c.serviceRate, c.bound, c.budgetMiB, c.seed);
    post({ type: 'started', capacity: sim.capacity });
    const width = udpSampleWidth();
    const started = performance.now();
    let simulated = 0;
    while (simulated < req.durationMs && sim.oomAtMs < 0) {
      const step = Math.min(CHUNK_MS, req.durationMs - simulated);
      const flat = sim.run(step);
      simulated += step;
      post({ type: 'samples', samples: decodeSamples(flat, width), simulatedMs: simulated, wallMs: performance.now() - started });
      // Let a rate change in before the next chunk.
      await new Promise((r) => setTimeout(r, 0));
    }
    post({ type: 'done', oomAtMs: sim.oomAtMs >= 0 ? sim.oomAtMs : null });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
