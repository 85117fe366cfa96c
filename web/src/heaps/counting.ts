// The main thread's side of countWorker.ts: one worker per request, so cancelling is
// terminating it — at once, whatever it was doing.
import type { HeapKind } from './trace';

export interface CostPoint {
  heap: HeapKind;
  reverse: boolean;
  n: number;
  comparisons: number;
  equals: number;
  moves: number;
}

export type CountRequest =
  | { type: 'count'; id: number; pairs: number[]; heaps: HeapKind[] }
  | { type: 'cost'; id: number; sizes: number[] };

export type CountResponse =
  | { type: 'counts'; id: number; counts: Record<string, number[]>; maxSize: number; actions: number }
  | { type: 'cost'; id: number; point: CostPoint }
  | { type: 'done'; id: number }
  | { type: 'error'; id: number; message: string };

export interface Job<T> {
  result: Promise<T>;
  cancel: () => void;
}

let nextId = 1;

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

function start<T>(req: WithoutId<CountRequest>, onMessage: (m: CountResponse, finish: (v: T) => void) => void): Job<T> {
  const worker = new Worker(new URL('./countWorker.ts', import.meta.url), { type: 'module' });
  const id = nextId++;
  let settle: { ok: (v: T) => void; fail: (e: Error) => void };
  const result = new Promise<T>((ok, fail) => {
    settle = { ok, fail };
  });
  const finish = (v: T) => {
    worker.terminate();
    settle.ok(v);
  };
  worker.onmessage = (e: MessageEvent<CountResponse>) => {
    const m = e.data;
    if (m.id !== id) return;
    if (m.type === 'error') {
      worker.terminate();
      settle.fail(new Error(m.message));
    } else {
      onMessage(m, finish);
    }
  };
  worker.onerror = (e) => {
    worker.terminate();
    settle.fail(new Error(e.message || 'the counting worker failed to start'));
  };
  worker.postMessage({ ...req, id });
  return {
    result,
    cancel: () => {
      worker.terminate();
      settle.fail(new DOMException('cancelled', 'AbortError'));
    },
  };
}

export interface ScriptCounts {
  counts: Partial<Record<HeapKind, number[]>>;
  maxSize: number;
  actions: number;
}

export function countScript(pairs: Uint32Array, heaps: HeapKind[]): Job<ScriptCounts> {
  return start<ScriptCounts>({ type: 'count', pairs: Array.from(pairs), heaps }, (m, finish) => {
    if (m.type === 'counts') finish({ counts: m.counts, maxSize: m.maxSize, actions: m.actions });
  });
}

export function costCurve(sizes: number[], onPoint: (p: CostPoint) => void): Job<void> {
  return start<void>({ type: 'cost', sizes }, (m, finish) => {
    if (m.type === 'cost') onPoint(m.point);
    if (m.type === 'done') finish();
  });
}
