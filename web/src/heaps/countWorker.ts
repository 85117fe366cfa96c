/// <reference lib="webworker" />
// Counts work for scripts too big to draw, off the main thread: the JDK heap cancelling 100,000
// timers in reverse makes five billion equals() calls, and the page must stay responsive.
import init, { TimerPlan, cancel_cost } from '../wasm/pkg/hotpath_wasm.js';
import type { CountRequest, CountResponse } from './counting';

const ready = init();

function reply(msg: CountResponse) {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(msg);
}

self.onmessage = async (e: MessageEvent<CountRequest>) => {
  const req = e.data;
  try {
    await ready;
    if (req.type === 'count') {
      const plan = new TimerPlan(new Uint32Array(req.pairs), false);
      try {
        const counts: Record<string, number[]> = {};
        for (const heap of req.heaps) counts[heap] = Array.from(plan.count(heap));
        reply({ type: 'counts', id: req.id, counts, maxSize: plan.maxSize, actions: plan.actions });
      } finally {
        plan.free();
      }
    } else {
      for (const n of req.sizes) {
        for (const reverse of [false, true]) {
          for (const heap of ['jdk', 'indexed'] as const) {
            const [comparisons, equals, moves] = cancel_cost(heap, reverse, n);
            reply({ type: 'cost', id: req.id, point: { heap, reverse, n, comparisons, equals, moves } });
          }
        }
      }
      reply({ type: 'done', id: req.id });
    }
  } catch (err) {
    reply({ type: 'error', id: req.id, message: (err as Error).message });
  }
};
