// Forks in the browser: each one a fresh dedicated Worker, so a fresh wasm instance and JIT.
import type { ForkChannel, ForkHost, ForkReply } from './protocol';

export const browserForkHost: ForkHost = {
  spawn(): ForkChannel {
    const worker = new Worker(new URL('./forkWorker.ts', import.meta.url), { type: 'module' });
    let listener: (m: ForkReply) => void = () => {};
    worker.onmessage = (e: MessageEvent<ForkReply>) => listener(e.data);
    worker.onerror = (e) => listener({ type: 'error', message: e.message || 'the fork worker failed' });
    return {
      send: (msg) => worker.postMessage(msg),
      onMessage: (cb) => {
        listener = cb;
      },
      terminate: () => worker.terminate(),
    };
  },
};
