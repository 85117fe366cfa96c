// One run of a simulation in a Worker of its own: the lifecycle PurgatorySim and OverloadSim share.
// A run ends on its worker's `done` or `error` reply, when stopped, when another run starts, or
// when the component goes away; a worker is never left running behind a page that forgot it.
import { useCallback, useEffect, useRef } from 'react';

/** The replies every simulation worker ends with. */
export type Ending = { type: 'done' } | { type: 'error'; message: string };

export interface RunHandlers<Reply> {
  /** Every reply but the last. */
  reply?: (m: Exclude<Reply, Ending>) => void;
  /** The worker finished; it is terminated after this returns (which may start another run). */
  done: (m: Extract<Reply, { type: 'done' }>) => void;
  /** The worker reported an error, or could not start. */
  fail: (message: string) => void;
}

export interface WorkerRun<Req, Reply> {
  start(request: Req, on: RunHandlers<Reply>): void;
  /** Sends to the running worker, if there is one (a rate changed mid-run). */
  post(request: Req): void;
  stop(): void;
}

/**
 * `spawn` must be stable (a module-level function) and must call `new Worker(new URL(…,
 * import.meta.url))` itself: that is the form Vite finds and bundles.
 */
export function useWorkerRun<Req, Reply extends { type: string }>(spawn: () => Worker): WorkerRun<Req, Reply> {
  const current = useRef<Worker | null>(null);
  const stop = useCallback(() => {
    current.current?.terminate();
    current.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback((request: Req, on: RunHandlers<Reply>) => {
    stop();
    const w = spawn();
    current.current = w;
    const end = () => {
      w.terminate();
      // A handler may have started the next run already: that one stays.
      if (current.current === w) current.current = null;
    };
    w.onmessage = (e: MessageEvent<Reply>) => {
      const m = e.data;
      if (m.type === 'error') {
        end();
        on.fail((m as unknown as { message: string }).message);
      } else if (m.type === 'done') {
        on.done(m as Extract<Reply, { type: 'done' }>);
        end();
      } else {
        on.reply?.(m as Exclude<Reply, Ending>);
      }
    };
    w.onerror = (e) => {
      end();
      on.fail(e.message || 'the simulation worker failed to start');
    };
    w.postMessage(request);
  }, [spawn, stop]);

  const post = useCallback((request: Req) => current.current?.postMessage(request), []);
  return { start, post, stop };
}
