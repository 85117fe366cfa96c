// The main thread's side of countWorker.ts: one worker per request, so cancelling is
// terminating it — at once, whatever it was doing (5 billion equals() calls, say).
import { FaultError } from './fault';
import type { Fault } from './parse';

/** One script to count: its encoded commands, on each of these variants. */
export interface CountJob {
  commands: number[];
  variants: string[];
  /** The family's settings, as `encodeSettings` writes them. */
  settings?: string;
}

/** Per variant, the counts per command (one per event kind each), then the totals, flattened. */
export interface ScriptCounts {
  counts: Record<string, number[]>;
  maxSize: number;
  actions: number;
}

export type CountRequest = { id: number; family: string; jobs: CountJob[] };

export type CountResponse =
  | { type: 'counts'; id: number; job: number; result: ScriptCounts }
  | { type: 'done'; id: number }
  /** The planner refused the script (a `FaultError` on the main thread). */
  | { type: 'fault'; id: number; job: number; fault: Fault }
  | { type: 'error'; id: number; job: number; message: string };

export interface Job<T> {
  result: Promise<T>;
  cancel: () => void;
}

let nextId = 1;

/** Counts each job in turn off the main thread, reporting each as it finishes. */
export function countJobs(family: string, jobs: CountJob[], onResult: (job: number, r: ScriptCounts) => void): Job<void> {
  const worker = new Worker(new URL('./countWorker.ts', import.meta.url), { type: 'module' });
  const id = nextId++;
  let settle!: { ok: () => void; fail: (e: Error) => void };
  const result = new Promise<void>((ok, fail) => {
    settle = { ok, fail };
  });
  worker.onmessage = (e: MessageEvent<CountResponse>) => {
    const m = e.data;
    if (m.id !== id) return;
    if (m.type === 'counts') onResult(m.job, m.result);
    else {
      worker.terminate();
      if (m.type === 'done') settle.ok();
      else settle.fail(m.type === 'fault' ? new FaultError(m.fault) : new Error(m.message));
    }
  };
  worker.onerror = (e) => {
    worker.terminate();
    settle.fail(new Error(e.message || 'the counting worker failed to start'));
  };
  worker.postMessage({ id, family, jobs } satisfies CountRequest);
  return {
    result,
    cancel: () => {
      worker.terminate();
      settle.fail(new DOMException('cancelled', 'AbortError'));
    },
  };
}

/** Counts one script on several variants. */
export function countScript(family: string, job: CountJob): Job<ScriptCounts> {
  let got: ScriptCounts | undefined;
  const j = countJobs(family, [job], (_, r) => {
    got = r;
  });
  return { result: j.result.then(() => got!), cancel: j.cancel };
}

/** The counts of command `command` (or the totals, for command = number of commands), by kind. */
export function countsAt(flat: readonly number[], kinds: readonly { name: string }[], command: number): Record<string, number> {
  const o = command * kinds.length;
  return Object.fromEntries(kinds.map((k, i) => [k.name, flat[o + i]]));
}
