// One benchmark at a time: two would share the same cores and time each other's noise. Within a
// page, and across the frames of one origin (two embeds of the lab on one docs page are two
// pages of the lab's origin, each with its own scripts): the browser's Web Locks are shared by
// every page and frame of an origin (of one top-level site, where storage is partitioned), so
// a run asked for while another is going waits for it (the panel says so), then starts. Where
// there are no Web Locks (an insecure context), the page's own queue keeps runs in one page apart.

/** The lock every benchmark run of the lab holds while it measures. */
export const BENCH_LOCK = 'hotpath-lab:benchmark';

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

let tail: Promise<unknown> = Promise.resolve();
let running = 0;

/** Within this page only: after every task queued before it. */
function inPage<T>(task: () => Promise<T>, onWait: () => void): Promise<T> {
  if (running > 0) onWait();
  running++;
  const next = tail.then(task).finally(() => {
    running--;
  });
  tail = next.catch(() => undefined);
  return next;
}

/**
 * Runs `task` when no other benchmark of this origin is running, in this page or another frame;
 * `onWait` is called at once if it has to wait. `signal` gives up the wait (the task then never
 * runs, and the promise rejects with an AbortError); a task that has started runs to its end.
 */
export function exclusive<T>(task: () => Promise<T>, onWait: () => void = () => {}, options: { signal?: AbortSignal; locks?: LockManagerLike | null } = {}): Promise<T> {
  const locks = options.locks !== undefined ? options.locks
    : typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }).locks ?? null : null;
  if (!locks) return inPage(task, onWait);
  const { signal } = options;
  // First without waiting: if the lock is free, the run starts with no "waiting" in between.
  return locks.request(BENCH_LOCK, { ifAvailable: true }, async (lock) => (lock ? { ran: true as const, value: await task() } : { ran: false as const }))
    .then((first) => {
      if (first.ran) return first.value;
      onWait();
      return locks.request(BENCH_LOCK, signal ? { signal } : {}, () => task());
    });
}
